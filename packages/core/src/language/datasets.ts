/** The built-in catalog and the one place a dataset option (a name or a Dataset) becomes a Dataset. */
import { BUILTIN_DATASETS } from './builtin-datasets.js';
import type { DiagnosticBag, Where } from '../base/diagnostics.js';
import { filterMessage } from '../base/filter-messages.js';
import type { Worded } from '../base/messages.js';
import { Catalog, Dataset, readDataset, type CatalogFile } from './catalog.js';

export const DEFAULT_DATASET = 'http_requests';

let builtin: Catalog | undefined;

/** The catalog shipped with the package: the 38 datasets of the service's documentation (catalog/*.json). */
export function builtinCatalog(): Catalog {
  builtin ??= new Catalog(BUILTIN_DATASETS.map(([id, read]) => [id, () => builtinDataset(read(), id)] as [string, () => Dataset]));
  return builtin;
}

/** A built-in dataset as its module gives it: a catalog file, or (in the CLI's bundles) a Dataset already read from one. */
function builtinDataset(read: CatalogFile | Dataset, id: string): Dataset {
  return read instanceof Dataset ? read : datasetFromFile(read, id);
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

/** Why the options name no dataset (or one of the other scope): a diagnostic's code and words, and its advice (a list to look at, a scope to give). */
export interface DatasetProblem extends Worded {
  code: 'unknown-dataset' | 'wrong-scope';
  hint: string;
}

function problem(words: Worded): DatasetProblem {
  return { ...words, hint: words.hint ?? '' } as DatasetProblem;
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
  if (typeof given !== 'string' && typeof given?.field !== 'function') return { error: problem(filterMessage('unknown-dataset', 'notADataset', {})) };
  if (typeof given !== 'string') return inScope(given.name, scope && given.scope !== scope ? (catalog.get(`${given.name}@${scope}`) ?? given) : given, scope);
  // A plain name under a known scope is that scope's dataset of the name, when the catalog has one.
  const dataset = (scope && !given.includes('@') ? catalog.get(`${given}@${scope}`) : undefined) ?? catalog.get(given);
  if (dataset) return inScope(given, dataset, scope);
  const guess = catalog.suggest(given);
  const shown = guess && scope && guess.endsWith(`@${scope}`) ? guess.slice(0, -scope.length - 1) : guess;
  return { error: problem(filterMessage('unknown-dataset', 'unknown', { name: given, guess: shown })) };
}

function inScope(name: string, dataset: Dataset, scope: JobScope | undefined): DatasetResolution {
  if (scope === undefined || dataset.scope === scope) return { dataset };
  const other: JobScope = dataset.scope === 'account' ? 'account' : 'zone';
  return { dataset, error: problem(filterMessage('wrong-scope', 'otherScope', { name, scope: other, given: scope })) };
}

/** `resolveDataset`, reporting a problem into `bag` at `where` (default: the start of the input). */
export function resolveDatasetInto(options: DatasetOptions, bag: DiagnosticBag, where: Where = { start: 0, end: 0 }): Dataset | undefined {
  const resolved = resolveDataset(options);
  if (resolved.error) bag.report('error', resolved.error, where);
  return resolved.dataset;
}

/** Where a field unknown in `dataset` is known among `catalog`'s datasets: the ids of those that have it (`['dns_logs']`), or undefined. */
export function fieldElsewhere(catalog?: Catalog): (name: string, dataset: Dataset) => readonly string[] | undefined {
  // The built-in catalog's is made once: a compile asks for it every time, and almost never calls it.
  if (catalog === undefined) return (builtinElsewhere ??= elsewhereIn(() => builtinCatalog()));
  return elsewhereIn(() => catalog);
}

let builtinElsewhere: ((name: string, dataset: Dataset) => readonly string[] | undefined) | undefined;

function elsewhereIn(catalogOf: () => Catalog): (name: string, dataset: Dataset) => readonly string[] | undefined {
  return (name, dataset) => {
    const others = catalogOf()
      .all()
      .filter((other) => other.name !== dataset.name && other.field(name))
      .map((other) => other.id);
    return others.length === 0 ? undefined : others;
  };
}
