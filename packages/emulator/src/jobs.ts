/** The job API (spec 2.5, 4.2): jobs checked (filter, limits, options, scope) and stored with ids, for a zone or an account. */
import {
  checkLogpullOptions,
  checkOutputOptions,
  DEFAULT_DATASET,
  destinationProblem,
  resolveDataset,
  UPLOAD_LIMITS,
  type Catalog,
  type JobScope,
} from '@logfilter/core';
import { fail, HttpFailure, type EnvelopeError } from './envelope.js';
import { checkFilterString, type FilterLimits } from './filter-check.js';
import type { Dataset } from '@logfilter/core';
import type { EmulatorState, StoredJob } from './state.js';

export const JOB_CODES = {
  invalidJob: 1004,
  jobNotFound: 1003,
} as const;

export interface JobOptions extends FilterLimits {
  catalog: Catalog;
  /** The scope of the path the job was sent to; its dataset must be of that scope. */
  scope?: JobScope;
}

/** The state keeps an account's jobs beside the zones', under this prefix (no zone id has a colon). */
export const ACCOUNT_KEY = 'account:';

/** A stored job with the members beyond the original ones (kept in the same state file). */
type EmulatedJob = StoredJob & Record<string, unknown>;

/** Members a create or an update may set; `dataset` and `kind` only on create. */
const SETTABLE = ['name', 'destination_conf', 'logpull_options', 'filter', 'enabled', 'frequency', 'ownership_challenge'] as const;
/** Members beyond SETTABLE, checked by core's job checks. */
const NUMERIC = UPLOAD_LIMITS.map(([member]) => member);

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function listJobs(state: EmulatorState, zone: string): StoredJob[] {
  return state.zone(zone).jobs;
}

export function getJob(state: EmulatorState, zone: string, id: string): StoredJob {
  const job = /^\d+$/.test(id) ? state.zone(zone).jobs.find((candidate) => candidate.id === Number(id)) : undefined;
  const where = zone.startsWith(ACCOUNT_KEY) ? `account '${zone.slice(ACCOUNT_KEY.length)}'` : `zone '${zone}'`;
  if (!job) throw fail(404, JOB_CODES.jobNotFound, `job ${id} not found in ${where}`);
  return job;
}

export function createJob(state: EmulatorState, zone: string, body: unknown, options: JobOptions): StoredJob {
  if (!isObject(body)) throw fail(400, JOB_CODES.invalidJob, 'the request body must be a JSON object');
  const dataset = body.dataset ?? DEFAULT_DATASET;
  const job: StoredJob = {
    id: 0,
    name: null,
    dataset: typeof dataset === 'string' ? dataset : DEFAULT_DATASET,
    enabled: false,
    destination_conf: '',
    logpull_options: null,
    filter: null,
    frequency: 'high',
    kind: '',
    last_complete: null,
    last_error: null,
    error_message: null,
  };
  const errors = typeof dataset === 'string' ? [] : [problem('/dataset', 'dataset must be a string')];
  if (!('destination_conf' in body)) errors.push(problem('/destination_conf', 'destination_conf is required'));
  if ('kind' in body) {
    if (body.kind === '' || (body.kind === 'edge' && job.dataset === 'http_requests')) job.kind = body.kind;
    else errors.push(problem('/kind', `kind must be "" or "edge" ("edge" only for http_requests), not ${JSON.stringify(body.kind)}`));
  }
  errors.push(...apply(job, body, options));
  if (errors.length > 0) throw new HttpFailure(400, errors);
  job.id = state.nextJobId();
  state.zone(zone).jobs.push(job);
  state.save();
  return job;
}

export function updateJob(state: EmulatorState, zone: string, id: string, body: unknown, options: JobOptions): StoredJob {
  const job = getJob(state, zone, id);
  if (!isObject(body)) throw fail(400, JOB_CODES.invalidJob, 'the request body must be a JSON object');
  if ('dataset' in body && body.dataset !== job.dataset)
    throw fail(400, JOB_CODES.invalidJob, `the dataset of a job cannot change (it is ${job.dataset})`, '/dataset');
  if ('kind' in body && body.kind !== job.kind) throw fail(400, JOB_CODES.invalidJob, `the kind of a job cannot change (it is "${job.kind}")`, '/kind');
  const updated = { ...job };
  const errors = apply(updated, body, options);
  if (errors.length > 0) throw new HttpFailure(400, errors);
  Object.assign(job, updated);
  state.save();
  return job;
}

export function deleteJob(state: EmulatorState, zone: string, id: string): { id: number } {
  const job = getJob(state, zone, id);
  const jobs = state.zone(zone).jobs;
  jobs.splice(jobs.indexOf(job), 1);
  state.save();
  return { id: job.id };
}

/** Checks each settable member of `body` and copies the good ones onto `job`; returns the problems. */
function apply(job: StoredJob, body: Record<string, unknown>, options: JobOptions): EnvelopeError[] {
  const errors: EnvelopeError[] = [];
  const { dataset, error } = resolveDataset({ dataset: job.dataset, scope: options.scope, catalog: options.catalog });
  if (error || !dataset) return [problem('/dataset', `${error!.message}; ${error!.hint}`)];
  errors.push(...applyStructured(job as EmulatedJob, body, dataset));
  for (const member of SETTABLE) {
    if (!(member in body)) continue;
    const value = body[member];
    const nullable = member === 'name' || member === 'logpull_options' || member === 'filter';
    if (value === null && nullable) {
      job[member as 'name' | 'logpull_options' | 'filter'] = null;
      continue;
    }
    const wanted = member === 'enabled' ? 'boolean' : 'string';
    if (typeof value !== wanted) {
      errors.push(problem(`/${member}`, `${member} must be a ${wanted}${nullable ? ' or null' : ''}`));
      continue;
    }
    const before = errors.length;
    if (member === 'name') checkName(value as string, errors);
    const destination = member === 'destination_conf' ? destinationProblem(value as string) : undefined;
    if (destination) errors.push(problem('/destination_conf', `${destination.message}; ${destination.hint}`));
    if (member === 'frequency' && value !== 'high' && value !== 'low') errors.push(problem('/frequency', 'frequency must be high or low'));
    if (member === 'logpull_options') {
      for (const d of checkLogpullOptions(value as string, { dataset }).diagnostics) {
        if (d.severity === 'error') errors.push(problem('/logpull_options', `logpull_options: ${d.message}${d.hint ? ` (${d.hint})` : ''}`));
      }
    }
    if (member === 'filter' && value !== '') {
      for (const message of checkFilterString(value as string, dataset, options)) errors.push(problem('/filter', message));
    }
    if (errors.length === before && member !== 'ownership_challenge') (job as unknown as Record<string, unknown>)[member] = value;
  }
  return errors;
}

/** `output_options` (replaced whole, as the service does) and the upload limits, by core's checks. */
function applyStructured(job: EmulatedJob, body: Record<string, unknown>, dataset: Dataset): EnvelopeError[] {
  const options = 'output_options' in body ? checkOutputOptions(body.output_options, dataset) : [];
  const errors = options.filter((d) => d.severity === 'error').map((d) => problem(d.pointer ?? '/output_options', d.message));
  for (const [member, low, high] of UPLOAD_LIMITS) {
    const value = body[member];
    if (value === undefined || value === null || value === 0) continue;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < low || value > high)
      errors.push(problem(`/${member}`, `${member} must be 0 or from ${low} to ${high}`));
    else if (job.kind === 'edge' && member !== 'max_upload_interval_seconds') errors.push(problem(`/${member}`, `a job of kind "edge" takes no ${member}`));
  }
  if (errors.length > 0) return errors;
  // Checked above: an object, or null.
  if ('output_options' in body) job.output_options = body.output_options as Record<string, unknown> | null;
  for (const member of NUMERIC) if (member in body) job[member] = body[member];
  return [];
}

function checkName(name: string, errors: EnvelopeError[]): void {
  if (!/^[a-zA-Z0-9.-]*$/.test(name)) errors.push(problem('/name', "name may hold letters, digits, '-' and '.' only"));
  else if (name.length > 512) errors.push(problem('/name', 'name is longer than 512 characters'));
}

function problem(pointer: string, message: string): EnvelopeError {
  return { code: JOB_CODES.invalidJob, message, source: { pointer } };
}
