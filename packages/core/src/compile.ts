/** compile: text -> tokens -> AST -> checked -> lowered -> optimised -> JSON, with every diagnostic. */
import type { Expr } from './ast.js';
import { builtinCatalog, DEFAULT_DATASET, type Catalog, type Dataset } from './catalog.js';
import { checkInto } from './check.js';
import type { FilterNode } from './checked.js';
import { DiagnosticBag, sortDiagnostics, SourceMap, type Diagnostic } from './diagnostics.js';
import { lower } from './lower.js';
import { optimize as optimizeTree } from './optimize.js';
import { parseInto } from './parse.js';
import {
  checkLimits, countCriteria, DEFAULT_MAX_BYTES, DEFAULT_MAX_OPERATORS, serialize, toObject, utf8Length,
  type FilterJson, type ValueStyle,
} from './serialize.js';

export interface CompileOptions {
  /** A dataset name (looked up in `catalog`) or a Dataset; default `http_requests`. */
  dataset?: string | Dataset;
  /** Default: the built-in catalog of 38 datasets. */
  catalog?: Catalog;
  /** Value typing of the output: `documented` (default) or `typed`. */
  values?: ValueStyle;
  /** Meaning-preserving optimisations (default on). */
  optimize?: boolean;
  maxBytes?: number;
  maxOperators?: number;
  /** Deepest nesting of parentheses and NOTs (default 100). */
  maxDepth?: number;
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

/** Looks a dataset up, reporting an unknown name into `bag`. */
export function resolveDataset(option: CompileOptions['dataset'], catalog: Catalog, bag: DiagnosticBag): Dataset | undefined {
  if (option !== undefined && typeof option !== 'string') return option;
  const name = option ?? DEFAULT_DATASET;
  const dataset = catalog.get(name);
  if (!dataset) {
    const guess = catalog.suggest(name);
    bag.error('unknown-dataset', { start: 0, end: 0 }, `unknown dataset '${name}'`, guess ? `did you mean '${guess}'?` : '`logfilter datasets` lists the datasets');
  }
  return dataset;
}

export function compile(text: string, options: CompileOptions = {}): CompileResult {
  const bag = new DiagnosticBag(new SourceMap(text));
  let tree: FilterNode | undefined;
  try {
    const dataset = resolveDataset(options.dataset, options.catalog ?? builtinCatalog(), bag);
    const { ast } = parseInto(text, bag, options);
    if (ast && dataset) tree = lowerChecked(ast, dataset, bag, options.optimize ?? true);
  } catch (error) {
    bag.error('internal-error', { start: 0, end: 0 }, `logfilter failed on this input: ${(error as Error).message}`, 'please report this filter as a bug');
  }
  return finish(tree, bag, options);
}

function lowerChecked(ast: Expr, dataset: Dataset, bag: DiagnosticBag, optimize: boolean): FilterNode | undefined {
  const checked = checkInto(ast, dataset, bag);
  if (!checked || bag.hasErrors) return undefined;
  const lowered = lower(checked);
  return optimize ? optimizeTree(lowered) : lowered;
}

/** Serializes a lowered tree and checks the limits; shared by compile and decompile. */
export function finish(tree: FilterNode | undefined, bag: DiagnosticBag, options: CompileOptions): CompileResult {
  if (!tree) return { ok: false, filter: undefined, json: undefined, diagnostics: sortDiagnostics(bag.items), stats: { bytes: 0, operators: 0 } };
  const style = options.values ?? 'documented';
  const json = serialize(tree, style);
  const stats = { bytes: utf8Length(json), operators: countCriteria(tree) };
  const limits = { maxBytes: options.maxBytes ?? DEFAULT_MAX_BYTES, maxOperators: options.maxOperators ?? DEFAULT_MAX_OPERATORS };
  if (stats.bytes > limits.maxBytes || stats.operators > limits.maxOperators) checkLimits(tree, json, stats, limits, style, bag);
  return { ok: !bag.hasErrors, filter: toObject(tree, style), json, diagnostics: sortDiagnostics(bag.items), stats };
}
