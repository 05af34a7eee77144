/**
 * Which dataset a `.lf` file is checked against: a `# dataset: NAME` comment on its first line,
 * else the editor's setting (`logfilter.dataset`), else the catalog's default.
 */
import type { Catalog, Dataset, Diagnostic } from '@logfilter/core';
import { datasetComment } from '../dataset-comment.js';

export interface DatasetChoice {
  dataset: Dataset | undefined;
  /** Set when the first-line comment names a dataset the catalog does not have. */
  problem?: Diagnostic;
}

export function chooseDataset(text: string, catalog: Catalog, setting: string | undefined, fallback: Dataset): DatasetChoice {
  const comment = datasetComment(text);
  const name = comment?.name ?? setting;
  if (name === undefined) return { dataset: fallback };
  const dataset = catalog.get(name);
  if (dataset) return { dataset };
  const guess = catalog.suggest(name);
  const start = comment?.start ?? 0;
  const end = comment?.end ?? 0;
  const where = comment ? 'the first-line comment' : 'the logfilter.dataset setting';
  return {
    dataset: undefined,
    problem: {
      code: 'unknown-dataset',
      severity: 'error',
      message: `unknown dataset '${name}' (named by ${where})`,
      hint: guess ? `did you mean '${guess}'?` : '`logfilter datasets` lists the datasets',
      range: { start: { offset: start, line: 1, column: start + 1 }, end: { offset: end, line: 1, column: end + 1 } },
    },
  };
}
