/** compile, the driver: text -> tokens -> AST -> checked -> lowered -> optimised -> JSON, with every diagnostic. */
import { notTextBag, optionsOf } from './base/arguments.js';
import { DiagnosticBag, SourceMap } from './base/diagnostics.js';
import { filterMessage } from './base/filter-messages.js';
import { checkInto, type FieldElsewhere } from './check/check.js';
import { lint } from './check/lint.js';
import type { FilterNode } from './check/checked.js';
import type { Dataset } from './language/catalog.js';
import { fieldElsewhere, resolveDatasetInto, type DatasetOptions } from './language/datasets.js';
import { finish, type CompileResult, type FilterOutputOptions } from './output/finish.js';
import { lower } from './output/lower.js';
import { optimize as optimizeTree } from './output/optimize.js';
import { parseInto } from './syntax/parse.js';

export type { CompileResult } from './output/finish.js';

export interface CompileOptions extends DatasetOptions, FilterOutputOptions {
  /** Meaning-preserving optimisations (default on). */
  optimize?: boolean;
  /** Lint warnings, the codes of `LINT_CODES` (default on). */
  lint?: boolean;
  /** Deepest nesting of parentheses and NOTs: default 100, at most 1000 (`DEPTH_LIMITS`). */
  maxDepth?: number;
}

/** Compiles against the dataset the options name (default `http_requests`, from the built-in catalog). */
export function compile(text: string, givenOptions: CompileOptions = {}): CompileResult {
  const options = optionsOf(givenOptions);
  const notText = notTextBag(text);
  if (notText) return finish(undefined, notText, options);
  const bag = new DiagnosticBag(new SourceMap(text));
  const dataset = resolveDatasetInto(options, bag);
  if (dataset) return compileInto(text, dataset, options, bag, fieldElsewhere(options.catalog));
  parseInto(text, bag, options);
  return finish(undefined, bag, options);
}

/**
 * Compiles against one Dataset, with no catalog: a bundle that uses this with one dataset file
 * (`datasetFromFile`) carries that dataset alone.
 */
export function compileDataset(text: string, dataset: Dataset, givenOptions: Omit<CompileOptions, 'dataset' | 'catalog'> = {}): CompileResult {
  const options = optionsOf(givenOptions);
  const notText = notTextBag(text);
  if (notText) return finish(undefined, notText, options);
  return compileInto(text, dataset, options, new DiagnosticBag(new SourceMap(text)));
}

/** The stages after the dataset is known, into `bag`: one bag for the whole compile. */
function compileInto(text: string, dataset: Dataset, options: CompileOptions, bag: DiagnosticBag, elsewhere?: FieldElsewhere): CompileResult {
  let tree: FilterNode | undefined;
  let plain: boolean | undefined;
  try {
    const parsed = parseInto(text, bag, options);
    const ast = parsed.ast;
    plain = parsed.plain;
    const checked = ast ? checkInto(ast, dataset, bag, elsewhere) : undefined;
    if (checked && !bag.hasErrors) {
      const lowered = lower(checked);
      if (options.lint ?? true) lint(lowered, dataset, bag);
      tree = (options.optimize ?? true) ? optimizeTree(lowered) : lowered;
    }
  } catch (error) {
    bag.report('error', filterMessage('internal-error', 'crashed', { detail: (error as Error).message, input: 'filter' }), { start: 0, end: 0 });
  }
  return finish(tree, bag, options, plain);
}
