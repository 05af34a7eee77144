/**
 * Jobs that deliver the same record twice: jobs of one dataset and one destination (the
 * destination_conf's scheme, bucket or host, and path: destinationPlace) whose filters both let some
 * record through. Each job's filter is read with core's decompile against the job's own dataset (a
 * job without a filter lets every record through); a job that cannot be read is reported once and
 * left out, the others still compared; each pair is one question to the solver, answered with a
 * record both let through.
 */
import { type Catalog, type Dataset, decompile, type Diagnostic, type FilterJson, type JobScope, resolveDataset, diagnosticAt, NOWHERE } from '@logfilter/core';
import { type CompareOptions, type Overlap, overlapFilters } from './solve.js';

export interface OverlapJob {
  /** `job 12 'web-logs'`, or where the job is in a file when it has no id. */
  label: string;
  id: unknown;
  name: string | undefined;
  dataset: Dataset;
  /** Where the job delivers: destinationPlace of its destination_conf (`s3://bucket/logs`). */
  destination: string;
  filter: FilterJson | undefined;
}

/** A job whose filter or dataset could not be read: its diagnostics, on the text they point into. */
export interface JobProblem {
  label: string;
  text: string;
  diagnostics: Diagnostic[];
}

export interface ReadJobs {
  jobs: OverlapJob[];
  problems: JobProblem[];
  /** Disabled jobs left out (all of them are read with `all`). */
  skipped: number;
}

export interface ReadOptions {
  catalog: Catalog;
  /** Where the jobs live, when known (jobs read from the service). */
  scope?: JobScope;
  /** Disabled jobs too. */
  all?: boolean;
}

/** The jobs found (each with where it is), their filters read; the disabled ones skipped unless `all`. */
export function readJobs(found: ReadonlyArray<{ job: Record<string, unknown>; pointer: string }>, options: ReadOptions): ReadJobs {
  const result: ReadJobs = { jobs: [], problems: [], skipped: 0 };
  for (const { job, pointer } of found) {
    const name = typeof job.name === 'string' && job.name !== '' ? job.name : undefined;
    const label =
      job.id !== undefined && job.id !== null ? `job ${String(job.id)}${name ? ` '${name}'` : ''}` : `the job at ${pointer || '/'}${name ? ` '${name}'` : ''}`;
    if (job.enabled === false && !options.all) {
      result.skipped++;
      continue;
    }
    const problem = (message: string, hint: string, code: Diagnostic['code'] = 'wrong-json-type') =>
      result.problems.push({ label, text: '', diagnostics: [diagnosticAt(NOWHERE, code, `${label}: ${message}`, { hint })] });
    if (typeof job.destination_conf !== 'string') {
      problem('destination_conf must be a string', 'give each job its destination_conf, as the service answers it');
      continue;
    }
    if (job.dataset !== undefined && job.dataset !== null && typeof job.dataset !== 'string') {
      problem('dataset must be a string', 'write the dataset name, e.g. "http_requests"');
      continue;
    }
    const resolved = resolveDataset({ dataset: job.dataset ?? undefined, catalog: options.catalog, scope: options.scope });
    if (!resolved.dataset) {
      problem(resolved.error.message, resolved.error.hint, resolved.error.code);
      continue;
    }
    const filter = job.filter;
    if (filter !== undefined && filter !== null && typeof filter !== 'string') {
      problem('filter must be a string of filter JSON', 'write the filter as the service answers it: a JSON string');
      continue;
    }
    let compiled: FilterJson | undefined;
    if (typeof filter === 'string' && filter.trim() !== '') {
      const read = decompile(filter, { dataset: resolved.dataset, catalog: options.catalog });
      if (!read.ok) {
        result.problems.push({ label: `${label} filter`, text: filter, diagnostics: read.diagnostics });
        continue;
      }
      compiled = read.filter;
    }
    const destination = destinationPlace(job.destination_conf);
    result.jobs.push({ label, id: job.id, name, dataset: resolved.dataset, destination, filter: compiled });
  }
  return result;
}

/**
 * Where a destination_conf delivers, as compared: its scheme and host (or bucket) in lower case and its
 * path without a trailing `/`; the query (region, credentials, options) and fragment are left out, as
 * they change how records are sent, not where. Text that is not a URL is compared whole.
 */
export function destinationPlace(conf: string): string {
  const url = /^([a-z][a-z0-9+.-]*):\/\/([^/?#]*)([^?#]*)/i.exec(conf.trim());
  if (!url) return conf;
  const [, scheme, host, path] = url;
  return `${scheme.toLowerCase()}://${host.toLowerCase()}${path.replace(/\/+$/, '')}`;
}

export interface JobPair {
  a: OverlapJob;
  b: OverlapJob;
  overlap: Overlap;
}

/** Every pair of jobs of one dataset and one destination, in the order given, each with its answer. */
export async function comparePairs(jobs: readonly OverlapJob[], options: CompareOptions = {}): Promise<JobPair[]> {
  const candidates: Array<[OverlapJob, OverlapJob]> = [];
  for (let i = 0; i < jobs.length; i++) {
    for (let j = i + 1; j < jobs.length; j++) {
      const [a, b] = [jobs[i], jobs[j]];
      if (a.dataset.name === b.dataset.name && a.destination === b.destination) candidates.push([a, b]);
    }
  }
  const pairs: JobPair[] = [];
  for (const [a, b] of candidates) {
    options.onProgress?.({ done: pairs.length, total: candidates.length, what: `${a.label} and ${b.label}` });
    // The pair's own questions report no progress of their own: the pairs are the steps.
    pairs.push({ a, b, overlap: await overlapFilters(a.filter, b.filter, a.dataset, { ...options, onProgress: undefined }) });
  }
  return pairs;
}
