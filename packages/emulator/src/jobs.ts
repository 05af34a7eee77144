/** The job API (spec 2.5, 4.2): jobs checked (filter, limits, logpull_options) and stored with ids. */
import { checkLogpullOptions, DEFAULT_DATASET, type Catalog } from '@logfilter/core';
import { fail, HttpFailure, type EnvelopeError } from './envelope.js';
import { checkFilterString, type FilterLimits } from './filter-check.js';
import type { EmulatorState, StoredJob } from './state.js';

export const JOB_CODES = {
  invalidJob: 1004,
  jobNotFound: 1003,
} as const;

export interface JobOptions extends FilterLimits {
  catalog: Catalog;
}

/** Members a create or an update may set; `dataset` only on create. */
const SETTABLE = ['name', 'destination_conf', 'logpull_options', 'filter', 'enabled', 'frequency', 'ownership_challenge'] as const;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function listJobs(state: EmulatorState, zone: string): StoredJob[] {
  return state.zone(zone).jobs;
}

export function getJob(state: EmulatorState, zone: string, id: string): StoredJob {
  const job = /^\d+$/.test(id) ? state.zone(zone).jobs.find((candidate) => candidate.id === Number(id)) : undefined;
  if (!job) throw fail(404, JOB_CODES.jobNotFound, `job ${id} not found in zone '${zone}'`);
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
  const dataset = options.catalog.get(job.dataset);
  if (!dataset) {
    const guess = options.catalog.suggest(job.dataset);
    return [problem('/dataset', `unknown dataset '${job.dataset}'${guess ? `; did you mean '${guess}'?` : ''}`)];
  }
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
    if (member === 'destination_conf' && !/^[a-z][a-z0-9+.-]*:\/\/\S+$/i.test(value as string))
      errors.push(problem('/destination_conf', 'destination_conf must be a destination URL such as s3://bucket/path?region=us-west-2'));
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

function checkName(name: string, errors: EnvelopeError[]): void {
  if (!/^[a-zA-Z0-9.-]*$/.test(name)) errors.push(problem('/name', "name may hold letters, digits, '-' and '.' only"));
  else if (name.length > 512) errors.push(problem('/name', 'name is longer than 512 characters'));
}

function problem(pointer: string, message: string): EnvelopeError {
  return { code: JOB_CODES.invalidJob, message, source: { pointer } };
}
