/**
 * Two Terraform versions compared job by job: the `cloudflare_logpush_job` resources (read by
 * terraformJobs or plannedTerraformJobs) matched by resource address; added and removed resources
 * listed, a job written the same in both `same` by its text, and each other filter kept compared by
 * meaning against its dataset under its scope (a resource without a filter lets every record
 * through). The comparison of two filters' meaning is the caller's, passed in as `compare`: this
 * package holds no solver.
 */
import { type Catalog, type Dataset, decompile, type Diagnostic, diagnosticAt, type FilterJson, NOWHERE, resolveDataset } from '@logfilter/core';
import type { TerraformJob } from './check.js';

/** How two filters' sets of records relate, as a comparison by meaning answers. */
export type FilterRelation = 'same' | 'old-wider' | 'new-wider' | 'overlap' | 'disjoint' | 'differ' | 'undecided';

/** A record one filter lets through and the other does not. */
export interface FilterWitness {
  /** The record as one NDJSON line (numbers with every digit). */
  line: string;
  old: boolean;
  new: boolean;
}

/** The answer of a comparison by meaning. */
export interface FilterComparison {
  relation: FilterRelation;
  witnesses: readonly FilterWitness[];
  /** Why, when it is undecided (or the relation needs a word). */
  reason?: string;
}

/**
 * Compares two filters of `dataset` by meaning (`undefined`: no filter, which lets every record
 * through). The CLI passes its solver's compare here; any function of this shape will do.
 */
export type CompareFilters = (older: FilterJson | undefined, newer: FilterJson | undefined, dataset: Dataset) => Promise<FilterComparison>;

export interface TerraformDiffOptions {
  /** The datasets the filters are read against (core's `builtinCatalog()` for the service's own). */
  catalog: Catalog;
  compare: CompareFilters;
}

/** What `reason` says of a job whose dataset and filter are written the same in both versions. */
export const SAME_TEXT = 'same text';

/**
 * One resource: `added`, `removed`; `same` (every record passes both or neither; with reason
 * SAME_TEXT when both versions write it alike, known or not); `changed`, with the relation and
 * witnesses, or a reason (a dataset changed); `undecided`, with why it was not decided.
 */
export interface JobChange {
  address: string;
  change: 'added' | 'removed' | 'same' | 'changed' | 'undecided';
  relation?: FilterRelation;
  witnesses?: readonly FilterWitness[];
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

/** The jobs of two versions compared by address, in the older version's order and then the added ones. */
export async function diffTerraform(older: readonly TerraformJob[], newer: readonly TerraformJob[], options: TerraformDiffOptions): Promise<TerraformDiff> {
  const result: TerraformDiff = { changes: [], problems: [] };
  const after = new Map(newer.map((job) => [job.address, job]));
  const before = new Set(older.map((job) => job.address));
  for (const old of older) {
    const now = after.get(old.address);
    if (!now) {
      result.changes.push({ address: old.address, change: 'removed' });
      continue;
    }
    const change = await compareJob(old, now, options, result.problems);
    if (change) result.changes.push(change);
  }
  for (const job of newer) if (!before.has(job.address)) result.changes.push({ address: job.address, change: 'added' });
  return result;
}

async function compareJob(old: TerraformJob, now: TerraformJob, options: TerraformDiffOptions, problems: TerraformProblem[]): Promise<JobChange | undefined> {
  const { catalog, compare } = options;
  const address = old.address;
  if (old.written !== undefined && old.written === now.written && old.scope === now.scope) {
    // Written alike, so Terraform sends the same job unless a variable or local it reads changed (which
    // only plans show). What can be read is still read, so that errors show.
    if (old.unknown) return { address, change: 'same', reason: SAME_TEXT };
    const dataset = datasetOf(old, catalog, problems);
    if (!dataset || filterOf(old, dataset, catalog, problems) === null) return undefined;
    return { address, change: 'same', reason: SAME_TEXT };
  }
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
  const comparison = await compare(a, b, oldDataset);
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
