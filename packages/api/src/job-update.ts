/**
 * Changing a job safely. The service's PUT replaces `output_options` whole, so an update reads the job
 * first and merges: an option the user did not name is never dropped. The service has no conditional
 * write, so two writers that read the same job can overwrite each other's change; after the PUT the job
 * is read back (after a short settling pause) and, when another writer's PUT removed this change, the
 * read-merge-write is done again after a jittered back-off.
 */
import type { Diagnostic } from '@logfilter/core';
import { ValidationError } from './errors.js';
import type { Job, ScopeRef, JobsApi } from './jobs.js';

/** What to change. `output_options` names only the options to set (null removes one). */
export interface JobChange {
  name?: string | null;
  destination_conf?: string;
  filter?: string | null;
  enabled?: boolean;
  logpull_options?: string | null;
  output_options?: Record<string, unknown>;
  [member: string]: unknown;
}

export interface UpdateOptions {
  /** Read-merge-write rounds before giving up (default 6). */
  maxAttempts?: number;
  /** Pause before reading back, so that a concurrent writer's PUT lands first (default 200 ms). */
  settleMs?: number;
  /** Base of the jittered back-off between rounds (default 100 ms). */
  retryBaseMs?: number;
}

export interface UpdateResult {
  /** The job as read back; undefined in a dry run. */
  job: Job | undefined;
  before: Job;
  /** The body PUT (or that would be, in a dry run). */
  body: Record<string, unknown>;
  /** Rounds it took; more than 1 when another writer's change had to be merged. */
  attempts: number;
  dryRun: boolean;
}

/** Members that identify a job and never change. */
const FIXED = ['dataset', 'kind'] as const;
const NOWHERE = { start: { offset: 0, line: 1, column: 1 }, end: { offset: 0, line: 1, column: 1 } };

export async function updateJob(api: JobsApi, scope: ScopeRef, id: number | string, change: JobChange, options: UpdateOptions = {}): Promise<UpdateResult> {
  const maxAttempts = options.maxAttempts ?? 6;
  for (let attempt = 1; ; attempt++) {
    const before = await api.get(scope, id);
    refuseFixedChanges(before, change);
    const body = mergeChange(before, change);
    const job = await api.update(scope, id, body);
    if (job === undefined) return { job, before, body, attempts: attempt, dryRun: true };
    await sleep(options.settleMs ?? 200);
    const after = await api.get(scope, id);
    if (holds(after, body, change)) return { job: after, before, body, attempts: attempt, dryRun: false };
    if (attempt >= maxAttempts)
      throw new ValidationError(`job ${id} kept being changed by another writer; the change did not hold after ${attempt} attempts`, []);
    const base = (options.retryBaseMs ?? 100) * 2 ** (attempt - 1);
    await sleep(base * (0.5 + Math.random()));
  }
}

/** The PUT body: the members named, with `output_options` the current object plus the change. */
export function mergeChange(current: Job, change: JobChange): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [member, value] of Object.entries(change)) {
    if (member !== 'output_options' && !(FIXED as readonly string[]).includes(member) && value !== undefined) body[member] = value;
  }
  if (change.output_options !== undefined) {
    const merged: Record<string, unknown> = { ...(current.output_options ?? {}) };
    for (const [key, value] of Object.entries(change.output_options)) {
      if (value === null) delete merged[key];
      else merged[key] = value;
    }
    body.output_options = merged;
  }
  return body;
}

function refuseFixedChanges(current: Job, change: JobChange): void {
  const problems: Diagnostic[] = [];
  for (const member of FIXED) {
    if (change[member] === undefined || change[member] === (current[member] ?? '')) continue;
    problems.push({
      code: 'fixed-member',
      severity: 'error',
      message: `the ${member} of a job cannot change (job ${current.id} has ${JSON.stringify(current[member] ?? '')})`,
      hint: 'create a new job with the new value, then delete this one',
      range: NOWHERE,
    });
  }
  if (problems.length > 0) throw new ValidationError(`the ${FIXED.join(' and ')} of a job cannot change; nothing was sent`, problems);
}

/** True when every member this update set is still as it set it. */
function holds(after: Job, body: Record<string, unknown>, change: JobChange): boolean {
  for (const [member, value] of Object.entries(body)) {
    if (member !== 'output_options' && !same(after[member] ?? null, value ?? null)) return false;
  }
  for (const [key, value] of Object.entries(change.output_options ?? {})) {
    const now = after.output_options?.[key];
    if (value === null ? now !== undefined && now !== null : !same(now, value)) return false;
  }
  return true;
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
