/**
 * compile's lint on a filter read from JSON: the same warnings (never-matches, always-matches,
 * value-case, not-a-timestamp, not-an-address, not-a-wildcard), each with the JSON Pointer of what it is about: the criterion, or
 * for the criteria of a group that never or always match, the group's list that holds them.
 */
import type { DiagnosticBag } from '../base/diagnostics.js';
import type { FilterNode } from '../check/checked.js';
import { lint } from '../check/lint.js';
import type { Dataset } from '../language/catalog.js';
import type { JsonDocument } from './decompile-source.js';
import type { CriterionInfo } from './decompile-tree.js';

export function lintJson(
  tree: FilterNode,
  dataset: Dataset,
  report: DiagnosticBag,
  doc: JsonDocument,
  docPointer: (pointer: string) => string,
  criteria: ReadonlyMap<string, CriterionInfo>,
): void {
  const before = report.items.length;
  lint(tree, dataset, report);
  // A criterion's span is named with its pointer; a span over several criteria is not.
  const unnamed = report.items.slice(before).filter((diagnostic) => !diagnostic.pointer);
  if (unnamed.length === 0) return;
  const starts = new Map<number, string>();
  const ends = new Map<number, string>();
  for (const pointer of criteria.keys()) {
    const span = doc.span(docPointer(pointer));
    if (!starts.has(span.start)) starts.set(span.start, pointer);
    ends.set(span.end, pointer);
  }
  for (const diagnostic of unnamed) {
    const first = starts.get(diagnostic.range.start.offset);
    const last = ends.get(diagnostic.range.end.offset);
    if (first !== undefined && last !== undefined) diagnostic.pointer = commonAncestor(first, last);
  }
}

/** The deepest pointer both are under (or are): `/where/and` for `/where/and/0` and `/where/and/2`. */
function commonAncestor(a: string, b: string): string {
  const left = a.split('/');
  const right = b.split('/');
  let shared = 0;
  while (shared < left.length && shared < right.length && left[shared] === right[shared]) shared++;
  return left.slice(0, shared).join('/');
}
