/** The built-in catalog and the one place a dataset option (a name or a Dataset) becomes a Dataset. */
import { BUILTIN_DATASETS } from './builtin-datasets.js';
import type { DiagnosticBag, Where } from '../base/diagnostics.js';
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

/** Where a job lives: a zone or an account. A dataset is of one; a name may exist in both (`firewall_events`). */
export type JobScope = 'zone' | 'account';

/**
 * What names a dataset: `dataset` (a name, a catalog id such as `firewall_events@account`, or a
 * Dataset; default `http_requests`) looked up in `catalog` (default: built-in), as seen from `scope`
 * when the job's scope is known.
 */
export interface DatasetOptions {
  dataset?: string | Dataset;
  catalog?: Catalog;
  /** The scope the job lives in: `firewall_events` under an account is `firewall_events@account`; a dataset of the other scope is `wrong-scope`. */
  scope?: JobScope;
}

export interface DatasetProblem {
  code: 'unknown-dataset' | 'wrong-scope';
  message: string;
  hint: string;
}

/** The dataset, or why there is none; a `wrong-scope` error comes with the dataset, so that its filter can be checked too. */
export type DatasetResolution =
  | { dataset: Dataset; error?: undefined }
  | { dataset: Dataset; error: DatasetProblem }
  | { dataset?: undefined; error: DatasetProblem };

/** The dataset the options name, or why there is none: the one resolver every entry point uses (CLI, jobs, Terraform, editors, emulator). */
export function resolveDataset(options: DatasetOptions): DatasetResolution {
  const catalog = options.catalog ?? builtinCatalog();
  const given = options.dataset ?? DEFAULT_DATASET;
  // A caller in plain JavaScript may pass anything: a scope other than the two is no scope.
  const scope = options.scope === 'zone' || options.scope === 'account' ? options.scope : undefined;
  if (typeof given !== 'string' && typeof given?.field !== 'function')
    return { error: { code: 'unknown-dataset', message: 'the dataset option is neither a name nor a Dataset', hint: "pass a name such as 'http_requests'" } };
  if (typeof given !== 'string') return inScope(given.name, scope && given.scope !== scope ? (catalog.get(`${given.name}@${scope}`) ?? given) : given, scope);
  // A plain name under a known scope is that scope's dataset of the name, when the catalog has one.
  const dataset = (scope && !given.includes('@') ? catalog.get(`${given}@${scope}`) : undefined) ?? catalog.get(given);
  if (dataset) return inScope(given, dataset, scope);
  const guess = catalog.suggest(given);
  const shown = guess && scope && guess.endsWith(`@${scope}`) ? guess.slice(0, -scope.length - 1) : guess;
  return {
    error: {
      code: 'unknown-dataset',
      message: `unknown dataset '${given}'`,
      hint: shown ? `did you mean '${shown}'? (\`logfilter datasets\` lists them)` : '`logfilter datasets` lists the datasets',
    },
  };
}

function inScope(name: string, dataset: Dataset, scope: JobScope | undefined): DatasetResolution {
  if (scope === undefined || dataset.scope === scope) return { dataset };
  const other: JobScope = dataset.scope === 'account' ? 'account' : 'zone';
  const id = (s: JobScope) => (s === 'account' ? 'account_id' : 'zone_id');
  const article = (s: JobScope) => (s === 'account' ? 'an account' : 'a zone');
  return {
    dataset,
    error: {
      code: 'wrong-scope',
      message: `dataset '${name}' is ${other}-scoped: its jobs live under ${article(other)}, not ${article(scope)}`,
      hint: `use --${other} ID instead of --${scope} ID (check and decompile: --scope ${other}; Terraform: ${id(other)} instead of ${id(scope)})`,
    },
  };
}

/** `resolveDataset`, reporting a problem into `bag` at `where` (default: the start of the input). */
export function resolveDatasetInto(options: DatasetOptions, bag: DiagnosticBag, where: Where = { start: 0, end: 0 }): Dataset | undefined {
  const resolved = resolveDataset(options);
  if (resolved.error) bag.error(resolved.error.code, where, resolved.error.message, resolved.error.hint);
  return resolved.dataset;
}

/** Where a field unknown in `dataset` is known among `catalog`'s datasets: "'QueryName' is a field of dns_logs; compile with -d dns_logs". */
export function fieldElsewhere(catalog?: Catalog): (name: string, dataset: Dataset) => string | undefined {
  // The built-in catalog's is made once: a compile asks for it every time, and almost never calls it.
  if (catalog === undefined) return (builtinElsewhere ??= elsewhereIn(() => builtinCatalog()));
  return elsewhereIn(() => catalog);
}

let builtinElsewhere: ((name: string, dataset: Dataset) => string | undefined) | undefined;

function elsewhereIn(catalogOf: () => Catalog): (name: string, dataset: Dataset) => string | undefined {
  return (name, dataset) => {
    const others = catalogOf()
      .all()
      .filter((other) => other.name !== dataset.name && other.field(name))
      .map((other) => other.id);
    if (others.length === 0) return undefined;
    const listed = others.length > 4 ? [...others.slice(0, 3), `${others.length - 3} more`] : others;
    const shown = listed.length === 1 ? listed[0] : `${listed.slice(0, -1).join(', ')} and ${listed.at(-1)}`;
    return `'${name}' is a field of ${shown}; compile with ${others.length === 1 ? `-d ${others[0]}` : '-d and the dataset you mean'}`;
  };
}
