/** The built-in catalog and the one place a dataset option (a name or a Dataset) becomes a Dataset. */
import { BUILTIN_DATASETS } from './builtin-datasets.js';
import type { DiagnosticBag } from '../base/diagnostics.js';
import { Catalog, readDataset, type CatalogFile, type Dataset } from './catalog.js';

export const DEFAULT_DATASET = 'http_requests';

let builtin: Catalog | undefined;

/** The catalog shipped with the package: the 38 datasets of the service's documentation (catalog/*.json). */
export function builtinCatalog(): Catalog {
  builtin ??= new Catalog(BUILTIN_DATASETS.map(([id, read]) => [id, () => datasetFromFile(read(), id)] as [string, () => Dataset]));
  return builtin;
}

/**
 * One catalog file (as `@logfilter/core/catalog/NAME.json` holds it) as a Dataset, for a bundle
 * that carries one dataset: `compileDataset(text, datasetFromFile(httpRequests))`. Throws on a
 * malformed file: use `parseCatalog` for a user's catalog.
 */
export function datasetFromFile(file: CatalogFile, id?: string): Dataset {
  const { dataset, errors } = readDataset(file, file.dataset, id);
  if (!dataset) throw new Error(errors.join('; '));
  return dataset;
}

/** What names a dataset: `dataset` (a name or a Dataset; default `http_requests`) looked up in `catalog` (default: built-in). */
export interface DatasetOptions {
  dataset?: string | Dataset;
  catalog?: Catalog;
}

export type DatasetResolution = { dataset: Dataset; error?: undefined } | { dataset?: undefined; error: { message: string; hint: string } };

/** The dataset the options name, or why there is none: the one resolver every entry point uses. */
export function resolveDataset(options: DatasetOptions): DatasetResolution {
  if (options.dataset !== undefined && typeof options.dataset !== 'string') return { dataset: options.dataset };
  const catalog = options.catalog ?? builtinCatalog();
  const name = options.dataset ?? DEFAULT_DATASET;
  const dataset = catalog.get(name);
  if (dataset) return { dataset };
  const guess = catalog.suggest(name);
  return { error: { message: `unknown dataset '${name}'`, hint: guess ? `did you mean '${guess}'?` : '`logfilter datasets` lists the datasets' } };
}

/** `resolveDataset`, reporting an unknown name into `bag` (at the start of the input). */
export function resolveDatasetInto(options: DatasetOptions, bag: DiagnosticBag): Dataset | undefined {
  const resolved = resolveDataset(options);
  if (resolved.error) bag.error('unknown-dataset', { start: 0, end: 0 }, resolved.error.message, resolved.error.hint);
  return resolved.dataset;
}
