/**
 * `logfilter diff OLD NEW` of two Terraform versions (`.tf` files or folders, or plans in JSON): the
 * `cloudflare_logpush_job` resources read by the Terraform readers (terraform/check.ts, plan.ts) and
 * matched by resource address; added and removed resources listed, and each filter kept compared by
 * meaning against its dataset under its scope (a resource without a filter lets every record through).
 */
import { type Catalog, type Dataset, decompile, type Diagnostic, type FilterJson, resolveDataset, diagnosticAt, NOWHERE } from '@logfilter/core';
import type { TerraformJob } from '../terraform/check.js';
import { type CompareOptions, compareFilters, type Relation, type Witness } from './solve.js';

/**
 * One resource: `added`, `removed`; `same` (every record passes both or neither); `changed`, with the
 * relation and witnesses, or a reason (a dataset changed); `undecided`, with why it was not decided.
 */
export interface JobChange {
  address: string;
  change: 'added' | 'removed' | 'same' | 'changed' | 'undecided';
  relation?: Relation;
  witnesses?: Witness[];
  reason?: string;
}

/** A filter or dataset that cannot be read: its diagnostics on the text they point into. */
export interface TerraformProblem {
  name: string;
  text: string;
  diagnostics: Diagnostic[];
}

export interface TerraformDiff {
  changes: JobChange[];
  problems: TerraformProblem[];
}

export async function compareTerraform(
  older: readonly TerraformJob[],
  newer: readonly TerraformJob[],
  catalog: Catalog,
  options: CompareOptions = {},
): Promise<TerraformDiff> {
  const result: TerraformDiff = { changes: [], problems: [] };
  const after = new Map(newer.map((job) => [job.address, job]));
  const before = new Set(older.map((job) => job.address));
  for (const old of older) {
    const now = after.get(old.address);
    if (!now) {
      result.changes.push({ address: old.address, change: 'removed' });
      continue;
    }
    const change = await compareJob(old, now, catalog, options, result.problems);
    if (change) result.changes.push(change);
  }
  for (const job of newer) if (!before.has(job.address)) result.changes.push({ address: job.address, change: 'added' });
  return result;
}

async function compareJob(
  old: TerraformJob,
  now: TerraformJob,
  catalog: Catalog,
  options: CompareOptions,
  problems: TerraformProblem[],
): Promise<JobChange | undefined> {
  const address = old.address;
  const unknown = old.unknown ?? now.unknown;
  if (unknown) return { address, change: 'undecided', reason: `${old.unknown ? 'OLD' : 'NEW'}: ${unknown}` };
  const oldDataset = datasetOf(old, catalog, problems);
  const newDataset = datasetOf(now, catalog, problems);
  if (!oldDataset || !newDataset) return undefined;
  if (oldDataset.name !== newDataset.name || oldDataset.scope !== newDataset.scope)
    return {
      address,
      change: 'changed',
      reason: `the dataset changed from ${describe(oldDataset)} to ${describe(newDataset)}: no record of one is a record of the other`,
    };
  const a = filterOf(old, oldDataset, catalog, problems);
  const b = filterOf(now, newDataset, catalog, problems);
  if (a === null || b === null) return undefined;
  const comparison = await compareFilters(a, b, oldDataset, options);
  if (comparison.relation === 'same') return { address, change: 'same' };
  if (comparison.relation === 'undecided') return { address, change: 'undecided', reason: comparison.reason };
  return { address, change: 'changed', relation: comparison.relation, witnesses: comparison.witnesses, reason: comparison.reason };
}

function describe(dataset: Dataset): string {
  return `${dataset.name} (${dataset.scope})`;
}

/** The resource's dataset under its scope (a dataset of the other scope is still compared, as `check --terraform` checks it). */
function datasetOf(job: TerraformJob, catalog: Catalog, problems: TerraformProblem[]): Dataset | undefined {
  const resolved = resolveDataset({ dataset: job.dataset, catalog, scope: job.scope });
  if (resolved.dataset) return resolved.dataset;
  const { code, message, hint } = resolved.error;
  problems.push({ name: job.file, text: '', diagnostics: [diagnosticAt(NOWHERE, code, `${job.address}: ${message}`, { hint })] });
  return undefined;
}

/** The filter read with core's decompile (undefined: none; null: it has errors, reported). */
function filterOf(job: TerraformJob, dataset: Dataset, catalog: Catalog, problems: TerraformProblem[]): FilterJson | undefined | null {
  if (job.filter === undefined) return undefined;
  const read = decompile(job.filter, { dataset, catalog });
  if (read.ok) return read.filter;
  problems.push({ name: `${job.file} ${job.address} filter`, text: job.filter, diagnostics: read.diagnostics });
  return null;
}
