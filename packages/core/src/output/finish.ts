/** The end of every pipeline that makes filter JSON (compile, decompile): serialize, check the limits, the result. */
import { type DiagnosticBag, sortDiagnostics, type Diagnostic } from '../base/diagnostics.js';
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
  /** The filter object, when the filter got as far as the output (also when over a limit). */
  filter: FilterJson | undefined;
  /** The compact JSON text of `filter`. */
  json: string | undefined;
  diagnostics: Diagnostic[];
  stats: { bytes: number; operators: number };
}

/** Serializes a lowered tree (none when an earlier stage failed) and checks the limits. */
export function finish(tree: FilterNode | undefined, bag: DiagnosticBag, options: FilterOutputOptions): CompileResult {
  if (!tree) return { ok: false, filter: undefined, json: undefined, diagnostics: sortDiagnostics(bag.items), stats: { bytes: 0, operators: 0 } };
  const style = options.values ?? 'documented';
  const { json, bytes, operators } = output(tree, style);
  const stats = { bytes, operators };
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const maxOperators = options.maxOperators ?? DEFAULT_MAX_OPERATORS;
  if (bytes > maxBytes || operators > maxOperators) checkLimits(tree, stats, { maxBytes, maxOperators }, style, bag);
  // Most callers want the JSON text alone, so the object is built on first read.
  const result = { ok: !bag.hasErrors } as CompileResult;
  Object.defineProperty(result, 'filter', LAZY_FILTER);
  result.json = json;
  result.diagnostics = sortDiagnostics(bag.items);
  result.stats = stats;
  return Filter.attach(result, tree, style);
}

/**
 * `filter` is an own, enumerable getter (as an object literal's `get filter()` would make), but
 * one shared function: a literal's getter is a new closure on every result, and V8 makes such a
 * literal several times slower than the rest of finishing.
 */
const LAZY_FILTER: PropertyDescriptor = {
  get(this: CompileResult) {
    return Filter.of(this);
  },
  enumerable: true,
  configurable: true,
};

/** Returns the object its constructor is given: a subclass adds its private fields to a plain object. */
class Stamp {
  constructor(target: object) {
    // biome-ignore lint/correctness/noConstructorReturn: returning the target is what stamps it
    return target;
  }
}

/** The tree and style a result's filter object is built from, as private fields of the result itself. */
class Filter extends Stamp {
  #tree: FilterNode;
  #style: ValueStyle;
  #filter: FilterJson | undefined;

  private constructor(result: CompileResult, tree: FilterNode, style: ValueStyle) {
    super(result);
    this.#tree = tree;
    this.#style = style;
  }

  static attach(result: CompileResult, tree: FilterNode, style: ValueStyle): CompileResult {
    new Filter(result, tree, style);
    return result;
  }

  static of(result: CompileResult): FilterJson {
    const self = result as unknown as Filter;
    self.#filter ??= toObject(self.#tree, self.#style);
    return self.#filter;
  }
}
