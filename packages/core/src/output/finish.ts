/** The end of every pipeline that makes filter JSON (compile, decompile): serialize, check the limits, the result. */
import type { DiagnosticBag, Diagnostic } from '../base/diagnostics.js';
import { sortDiagnostics } from '../base/sort-diagnostics.js';
import type { FilterNode } from '../check/checked.js';
import { checkLimits, DEFAULT_MAX_BYTES, DEFAULT_MAX_OPERATORS, output, toObject, type FilterJson, type ValueStyle } from './serialize.js';

export interface FilterOutputOptions {
  /** Value typing of the output: `documented` (default) or `typed`. */
  values?: ValueStyle;
  maxBytes?: number;
  maxOperators?: number;
}

export interface CompileResult {
  /** True when there is no error (warnings allowed). */
  ok: boolean;
  /**
   * The filter object, when the filter got as far as the output (also when over a limit): equal to
   * `parseJsonExact(json)`, so an integer past 2^53 is a bigint holding every digit.
   */
  filter: FilterJson | undefined;
  /** The compact JSON text of `filter`. */
  json: string | undefined;
  diagnostics: Diagnostic[];
  stats: { bytes: number; operators: number };
}

/**
 * Serializes a lowered tree (none when an earlier stage failed) and checks the limits. `plain`: no
 * string of the tree holds a character JSON escapes or one beyond ASCII (`output`).
 */
export function finish(tree: FilterNode | undefined, bag: DiagnosticBag, options: FilterOutputOptions, plain?: boolean): CompileResult {
  if (!tree) return { ok: false, filter: undefined, json: undefined, diagnostics: sortDiagnostics(bag.items), stats: { bytes: 0, operators: 0 } };
  const style = options.values ?? 'documented';
  const { json, bytes, operators } = output(tree, style, plain);
  const stats = { bytes, operators };
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const maxOperators = options.maxOperators ?? DEFAULT_MAX_OPERATORS;
  if (bytes > maxBytes || operators > maxOperators) checkLimits(tree, stats, { maxBytes, maxOperators }, style, bag);
  return { ok: !bag.hasErrors, filter: toObject(tree, style), json, diagnostics: sortDiagnostics(bag.items), stats };
}
