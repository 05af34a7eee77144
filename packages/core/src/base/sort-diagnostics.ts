/**
 * The order and number of the diagnostics a result carries. Apart from diagnostics.ts, which the
 * message table's types import, because the summary note past the limit is worded by the table.
 */
import type { Diagnostic } from './diagnostics.js';
import { filterMessage } from './filter-messages.js';

/** Most diagnostics a result carries; past this one summary note says how many were left out. */
const MAX_DIAGNOSTICS = 100;

/** The diagnostics in the order of the text, the first MAX_DIAGNOSTICS of them and a note of how many more. */
export function sortDiagnostics(diagnostics: Diagnostic[]): Diagnostic[] {
  if (diagnostics.length < 2) return diagnostics;
  const sorted = [...diagnostics].sort((a, b) => a.range.start.offset - b.range.start.offset || a.range.end.offset - b.range.end.offset);
  if (sorted.length <= MAX_DIAGNOSTICS) return sorted;
  const kept = sorted.slice(0, MAX_DIAGNOSTICS);
  const last = kept[kept.length - 1];
  const { code, message, hint } = filterMessage('too-many-diagnostics', 'leftOut', { count: sorted.length - MAX_DIAGNOSTICS });
  kept.push({ code, severity: last.severity, message, range: last.range, hint });
  return kept;
}
