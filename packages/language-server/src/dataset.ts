/**
 * Which dataset a `.lf` file is checked against: a `# dataset: NAME` comment on its first line,
 * else the editor's setting (`logfilter.dataset`), else the catalog's default; the name looked up by
 * core's one resolver, its problem placed on the comment (with the catalog's guess as its fix).
 */
import { type Catalog, type Dataset, type Diagnostic, diagnosticAt, resolveDataset, SourceMap } from '@logfilter/core';
import { datasetComment } from '@logfilter/core';

export interface DatasetChoice {
  dataset: Dataset | undefined;
  /** Set when the first-line comment (or the setting) names a dataset the catalog does not have. */
  problem?: Diagnostic;
}

export function chooseDataset(text: string, catalog: Catalog, setting: string | undefined, fallback: Dataset): DatasetChoice {
  const comment = datasetComment(text);
  const name = comment?.name ?? setting;
  if (name === undefined) return { dataset: fallback };
  const resolved = resolveDataset({ dataset: name, catalog });
  if (!resolved.error) return { dataset: resolved.dataset };
  const start = comment?.start ?? 0;
  const end = comment?.end ?? 0;
  const where = comment ? 'the first-line comment' : 'the logfilter.dataset setting';
  const { code, message, hint } = resolved.error;
  const range = new SourceMap(text).range({ start, end });
  const problem = diagnosticAt(range, code, `${message} (named by ${where})`, { hint });
  // The comment's name can be edited: to the catalog's guess, the one the hint names.
  const guess = comment && code === 'unknown-dataset' ? catalog.suggest(name) : undefined;
  if (guess !== undefined) problem.fixes = [{ title: `Change to '${guess}'`, edits: [{ range, newText: guess }] }];
  return { dataset: undefined, problem };
}
