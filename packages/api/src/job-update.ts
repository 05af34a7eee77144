/**
 * Changing a job safely when other writers change it at the same time. The service's PUT replaces
 * `output_options` whole and the service has no versions or conditional writes for jobs, so an update
 * reads the job, merges its change into what it read (job-merge.ts), PUTs, and then, after a settling
 * pause, reads the job back: it reports success only when that read-back holds the change.
 *
 * Why no acknowledged change is lost. Take a writer X that reported success: its PUT was applied at
 * some instant A(X), no later than the end of its PUT attempt E(X); its read-back was sent at
 * E(X) + settle or later and found the change. A later PUT can remove X's change only when it was
 * merged from a read taken before A(X) (a read after A(X) holds X's change, and a writer only sends
 * the members and options it changes, merged into what it read). Every writer W here keeps the time
 * from sending its read to the answer of the PUT built on it below `freshMs`:
 *
 * - a PUT is sent only while its read is fresh (its GET sent less than 0.6 freshMs ago; else the job is
 *   read again), with a time-out of what is left of freshMs, so a PUT that was answered (a success, a
 *   refusal, or a connection closed after the work) was applied before its read + freshMs;
 * - a PUT is never sent twice: the transport does not retry writes. After a 429, a 5xx, a dropped
 *   connection, a lost answer or a time-out, W waits (the settling pause, or `Retry-After` when longer),
 *   reads the job again and merges its change into that read before any further PUT.
 *
 * So W's read, taken before A(X) <= E(X), has its PUT applied before E(X) + freshMs <= E(X) + settle,
 * that is, before X's read-back: X's read-back sees W's write, and would have found X's change gone.
 * Hence `settleMs >= freshMs` (enforced). What the service gives no way to close: a PUT that the client
 * gave up on (time-out) but that the service applies later still, past the window, for example held in
 * a queue inside the service; it can overwrite a change whose writer had already checked it. The
 * margin settle - fresh (250 ms by default) covers such delays up to that length. Writers that do not
 * follow this protocol (another tool that PUTs a whole job from an old read) are not covered either.
 *
 * When the read-back finds the change gone, the update merges again from that read (it is fresh); the
 * settling pause carries a jitter that grows with each round, so that writers that met do not meet again. A member that now holds a third value (neither ours nor
 * the one before) was set on purpose by a later writer and is left as it is (reported as superseded).
 * When the job cannot be read back, it is read once more before the update gives up, and the failure
 * says whether the change is in place, is not, or cannot be told (UnconfirmedWriteError).
 */
import { DiagnosticBag, MESSAGES, wordingOf } from '@logfilter/core';
import { ApiError, ConvergenceError, NetworkError, UnconfirmedWriteError, ValidationError } from './errors.js';
import { describeLegacy, FIXED, legacyOptionsOf, mergeChange, outcomeOf, type JobChange, type LegacyOptions } from './job-merge.js';
import type { Job, JobsApi, ScopeRef } from './jobs.js';

const words = wordingOf(MESSAGES);

export interface UpdateOptions {
  /** PUT rounds before giving up (default 8): after a lost change, a 429, a 5xx or a lost answer. */
  maxAttempts?: number;
  /** Pause between the end of a PUT and the read-back (default 1250 ms; never less than freshMs). */
  settleMs?: number;
  /** Longest time from sending a read to the answer of the PUT built on it (default 1000 ms). */
  freshMs?: number;
  /** Base of the jittered pause added to the settling pause, doubling each round (default 100 ms). */
  retryBaseMs?: number;
}

export interface UpdateResult {
  /** The job as read back; undefined in a dry run. */
  job: Job | undefined;
  before: Job;
  /** The body PUT last (or that would be, in a dry run). */
  body: Record<string, unknown>;
  /** PUTs sent (rounds); more than 1 when a change was lost, or a PUT failed, and was merged again. */
  attempts: number;
  dryRun: boolean;
  /** The job's logpull_options, when this update cleared them. */
  legacy: LegacyOptions | undefined;
  /** Members another writer set to a value of its own after this update (`output_options.KEY` for an option). */
  superseded: string[];
  /** Things to tell: the logpull_options conversion, races met and what was done about each. */
  notes: string[];
}

export const DEFAULT_FRESH_MS = 1000;
export const DEFAULT_SETTLE_MS = 1250;
export const DEFAULT_UPDATE_ROUNDS = 8;
/** Reads in a row that went stale before their PUT could be sent: the service is too slow to update safely. */
const MAX_STALE_READS = 6;
/** A PUT is sent only while its read is younger than this share of freshMs, so that the PUT has the rest to be answered. */
const SEND_SHARE = 0.6;

interface Read {
  job: Job;
  /** When the GET was sent (performance.now()). */
  sentAt: number;
}

export async function updateJob(api: JobsApi, scope: ScopeRef, id: number | string, change: JobChange, options: UpdateOptions = {}): Promise<UpdateResult> {
  return new Update(api, scope, id, change, options).run();
}

class Update {
  private readonly fresh: number;
  private readonly settle: number;
  private readonly notes: string[] = [];
  /** A PUT was sent whose outcome may have been to apply it. */
  private sent = false;

  constructor(
    private readonly api: JobsApi,
    private readonly scope: ScopeRef,
    private readonly id: number | string,
    private readonly change: JobChange,
    private readonly options: UpdateOptions,
  ) {
    this.fresh = options.freshMs ?? DEFAULT_FRESH_MS;
    this.settle = Math.max(options.settleMs ?? DEFAULT_SETTLE_MS, this.fresh);
  }

  async run(): Promise<UpdateResult> {
    let read = await this.read();
    const before = read.job;
    refuseFixedChanges(before, this.change);
    const first = mergeChange(before, this.change);
    const legacy = legacyOptionsOf(before, this.change, first);
    if (legacy) this.notes.push(describeLegacy(this.id, legacy));
    const result = (job: Job | undefined, body: Record<string, unknown>, attempts: number, superseded: string[] = []): UpdateResult => ({
      job,
      before,
      body,
      attempts,
      dryRun: job === undefined,
      legacy,
      superseded,
      notes: this.notes,
    });
    const maxAttempts = this.options.maxAttempts ?? DEFAULT_UPDATE_ROUNDS;
    let body = first;
    for (let attempt = 1; ; attempt++) {
      try {
        read = await this.freshen(read);
        body = mergeChange(read.job, this.change);
        const wait = await this.put(body, read, attempt);
        if (wait === undefined) return result(undefined, body, attempt);
        await sleep(wait);
        read = await this.readBack();
      } catch (error) {
        if (!this.sent || error instanceof ValidationError || (error instanceof ApiError && error.status < 500 && error.status !== 429)) throw error;
        read = await this.confirm(error as Error);
      }
      const outcome = outcomeOf(read.job, before, this.change);
      if (outcome.kind === 'superseded')
        this.notes.push(`another writer set ${outcome.members.join(', ')} of job ${this.id} after this update: its value stands`);
      if (outcome.kind !== 'missing') return result(read.job, body, attempt, outcome.kind === 'superseded' ? outcome.members : []);
      if (attempt >= maxAttempts) {
        const message = `job ${this.id}: after ${attempt} attempts ${outcome.members.join(', ')} is still not as this update set it (other writers kept overwriting it, or the writes failed)`;
        const failure = new ConvergenceError(message, outcome.members.map(member), this.notes);
        throw new UnconfirmedWriteError(`${message}; the job as read last does not hold the change (run the command again)`, failure, 'not-applied');
      }
      this.notes.push(
        `after attempt ${attempt} the job did not hold ${outcome.members.join(', ')} (another writer's PUT, merged from an older read, overwrote it, or the write failed): merging again`,
      );
    }
  }

  /**
   * Sends the PUT with a time-out of what is left of the read's window. Returns how long to wait
   * before reading back, or undefined in a dry run. A 429, a 5xx or no answer is not thrown: the
   * caller reads the job again and merges anew (the body is never sent again).
   */
  private async put(body: Record<string, unknown>, read: Read, attempt: number): Promise<number | undefined> {
    const jitter = Math.min(2000, (this.options.retryBaseMs ?? 100) * 2 ** (attempt - 1)) * Math.random();
    try {
      const job = await this.api.update(this.scope, this.id, body, { timeoutMs: this.fresh - (performance.now() - read.sentAt) });
      if (job === undefined) return undefined;
      this.sent = true;
      return this.settle + jitter;
    } catch (error) {
      const refused = error instanceof ApiError && error.status < 500 && error.status !== 429;
      if (refused || error instanceof ValidationError || !(error instanceof ApiError || error instanceof NetworkError)) throw error;
      // A 429 was not applied; a 5xx, a lost answer or a time-out may have been.
      if (!(error instanceof ApiError && error.status === 429)) this.sent = true;
      this.notes.push(`attempt ${attempt}: ${error.message}; reading the job again before merging (the PUT is not sent again as it was)`);
      const retryAfter = error instanceof ApiError ? (error.retryAfterMs ?? 0) : 0;
      return Math.max(this.settle, retryAfter) + jitter;
    }
  }

  /** The read itself when it was sent less than half the window ago, else a new one. */
  private async freshen(read: Read): Promise<Read> {
    let current = read;
    const limit = this.fresh * SEND_SHARE;
    for (let stale = 0; performance.now() - current.sentAt > limit; stale++) {
      if (stale >= MAX_STALE_READS) {
        throw new NetworkError(
          'timeout',
          'GET',
          `job ${this.id}`,
          `job ${this.id}: ${stale} reads in a row took more than ${Math.round(limit)} ms; a PUT is only sent while its read is fresh, so the service is too slow to update the job safely now`,
        );
      }
      current = await this.read();
    }
    return current;
  }

  /** The read-back after a PUT; when it fails, one more read after a pause. */
  private async readBack(): Promise<Read> {
    try {
      return await this.read();
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) throw error;
      this.notes.push(`the read-back of job ${this.id} failed (${(error as Error).message}); reading once more`);
      await sleep(this.settle);
      return this.read();
    }
  }

  /** After a failure with a write possibly applied: one more read, so that the failure says what is in place. */
  private async confirm(failure: Error): Promise<Read> {
    try {
      await sleep(this.settle);
      return await this.read();
    } catch (error) {
      throw new UnconfirmedWriteError(
        `cannot tell whether the change to job ${this.id} landed: a PUT was sent whose outcome is unknown, and the job could not be read afterwards (${(error as Error).message}); the update stopped on: ${failure.message} (run 'logfilter jobs get' to see the job)`,
        failure,
        'unknown',
      );
    }
  }

  private async read(): Promise<Read> {
    let sentAt = performance.now();
    const job = await this.api.get(this.scope, this.id, { onSend: (at) => (sentAt = at) });
    return { job, sentAt };
  }
}

function member(name: string): { list: string; name: string } {
  return name.startsWith('output_options.') ? { list: 'output_options', name: name.slice('output_options.'.length) } : { list: 'job', name };
}

function refuseFixedChanges(current: Job, change: JobChange): void {
  // A change asked for, not a place in a text: each is reported at the member's pointer, at 1:1.
  const problems = DiagnosticBag.forJson();
  for (const member of FIXED) {
    if (change[member] === undefined || change[member] === (current[member] ?? '')) continue;
    problems.report('error', words('fixed-member', 'changed', { member, id: String(current.id), value: JSON.stringify(current[member] ?? '') }), `/${member}`);
  }
  if (problems.hasErrors) throw new ValidationError(`the ${FIXED.join(' and ')} of a job cannot change; nothing was sent`, problems.items);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
