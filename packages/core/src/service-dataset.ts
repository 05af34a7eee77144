/** The dataset the language service works against, from the same options as `compile`. */
import { builtinCatalog, DEFAULT_DATASET, type Dataset } from './catalog.js';
import type { CompileOptions } from './compile.js';

/** Which dataset to work against: the same options as `compile`. */
export type LanguageServiceOptions = CompileOptions;

/** The dataset the options name; undefined for an unknown name (its diagnostic comes from compile). */
export function datasetOf(options: LanguageServiceOptions): Dataset | undefined {
  if (options.dataset !== undefined && typeof options.dataset !== 'string') return options.dataset;
  const catalog = options.catalog ?? builtinCatalog();
  return catalog.get(options.dataset ?? DEFAULT_DATASET);
}
