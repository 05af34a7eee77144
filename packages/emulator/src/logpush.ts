/**
 * The logpush routes under a zone or an account: jobs, a dataset's fields, destination validation and
 * ownership challenges. Ids are checked as the service checks them (32 hexadecimal characters).
 */
import { randomBytes } from 'node:crypto';
import { SCOPE_SEGMENTS, type Job } from '@logfilter/api';
import { destinationProblem, resolveDataset, type Catalog, type JobScope } from '@logfilter/core';
import { fail } from './envelope.js';
import { ACCOUNT_KEY, createJob, deleteJob, getJob, listJobs, updateJob, type JobOptions } from './jobs.js';
import type { EmulatorState } from './state.js';

export interface ScopeRef {
  kind: JobScope;
  id: string;
  /** Where the state keeps its jobs. */
  key: string;
}

/** The scope of `/zones/{id}` or `/accounts/{id}`; an id that is not 32 hex characters is refused. */
export function scopeOf(kind: string, id: string | undefined, path: string): ScopeRef {
  if ((kind !== SCOPE_SEGMENTS.zone && kind !== SCOPE_SEGMENTS.account) || !id) throw fail(404, 7000, `no route for ${path}`);
  const scope: JobScope = kind === SCOPE_SEGMENTS.zone ? 'zone' : 'account';
  if (!/^[0-9a-f]{32}$/i.test(id))
    throw fail(400, 7003, `Could not route to ${path}, perhaps your object identifier is invalid? (a ${scope} id is 32 hexadecimal characters)`);
  return { kind: scope, id, key: scope === 'zone' ? id : `${ACCOUNT_KEY}${id}` };
}

/** Ownership challenges written, by scope key and destination. */
const challenges = new WeakMap<EmulatorState, Map<string, string>>();

export function routeLogpush(state: EmulatorState, method: string, scope: ScopeRef, rest: string[], body: unknown, options: JobOptions): unknown {
  const jobOptions = { ...options, scope: scope.kind };
  const [what, id, sub] = rest;
  if (what === 'jobs' && rest.length <= 2) return routeJobs(state, method, scope.key, id, body, jobOptions);
  if (what === 'datasets' && id && sub === 'fields' && rest.length === 3 && method === 'GET') return datasetFields(id, scope, options.catalog);
  if (what === 'validate' && id === 'destination' && rest.length === 2 && method === 'POST') return validateDestination(body);
  if (what === 'ownership' && rest.length === 1 && method === 'POST') return requestOwnership(state, scope, body);
  if (what === 'ownership' && id === 'validate' && rest.length === 2 && method === 'POST') return validateOwnership(state, scope, body);
  throw fail(404, 7000, `no route for ${method} .../${rest.join('/')}`);
}

/** The job answers are checked against the client's wire type of a job (`satisfies`). */
function routeJobs(state: EmulatorState, method: string, key: string, id: string | undefined, body: unknown, options: JobOptions): unknown {
  if (id === undefined && method === 'GET') return listJobs(state, key) satisfies Job[];
  if (id === undefined && method === 'POST') return createJob(state, key, body, options) satisfies Job;
  if (id !== undefined && method === 'GET') return getJob(state, key, id) satisfies Job;
  if (id !== undefined && method === 'PUT') return updateJob(state, key, id, body, options) satisfies Job;
  if (id !== undefined && method === 'DELETE') return deleteJob(state, key, id);
  throw fail(405, 7001, `method ${method} is not allowed here`);
}

/** `{FieldName: description}`, as the service answers, from the built-in catalog. */
function datasetFields(name: string, scope: ScopeRef, catalog: Catalog): Record<string, string> {
  // The service answers with the fields of a dataset of the other scope too.
  const resolved = resolveDataset({ dataset: name, scope: scope.kind, catalog });
  if (!resolved.dataset) throw fail(400, 1004, resolved.error.message, '/dataset');
  const dataset = resolved.dataset;
  return Object.fromEntries(dataset.fields.map((field) => [field.name, field.description]));
}

function destinationOf(body: unknown): string {
  const conf = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).destination_conf : undefined;
  if (typeof conf !== 'string') throw fail(400, 1004, 'destination_conf is required', '/destination_conf');
  const problem = destinationProblem(conf);
  if (problem) throw fail(400, 1002, `${problem.message}; ${problem.hint}`, '/destination_conf');
  return conf;
}

function validateDestination(body: unknown): { valid: boolean; message: string } {
  destinationOf(body);
  return { valid: true, message: '' };
}

/** Writes a challenge token "into" the destination (kept in memory) and says where. */
function requestOwnership(state: EmulatorState, scope: ScopeRef, body: unknown): { filename: string; message: string; valid: boolean } {
  const conf = destinationOf(body);
  const token = randomBytes(32).toString('hex');
  let byScope = challenges.get(state);
  if (!byScope) challenges.set(state, (byScope = new Map()));
  byScope.set(`${scope.key} ${conf}`, token);
  const folder = conf.replace(/^[a-z0-9+.-]+:\/\//i, '').replace(/\?.*$/, '');
  return { filename: `${folder.replace(/\/$/, '')}/ownership-challenge-${token.slice(0, 8)}.txt`, message: '', valid: true };
}

function validateOwnership(state: EmulatorState, scope: ScopeRef, body: unknown): { valid: boolean } {
  const conf = destinationOf(body);
  const token = (body as Record<string, unknown>).ownership_challenge;
  if (typeof token !== 'string' || token === '') throw fail(400, 1004, 'ownership_challenge is required', '/ownership_challenge');
  const expected = challenges.get(state)?.get(`${scope.key} ${conf}`);
  if (expected !== token) throw fail(400, 1002, 'the ownership challenge is not valid for this destination', '/ownership_challenge');
  return { valid: true };
}

/** The token last written for a destination: what a user would read from the challenge file. */
export function ownershipToken(state: EmulatorState, scope: ScopeRef, conf: string): string | undefined {
  return challenges.get(state)?.get(`${scope.key} ${conf}`);
}
