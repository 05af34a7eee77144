/**
 * Log delivery jobs: `/zones/{zone}/{segment}/jobs[/{id}]` and `/accounts/{account}/{segment}/jobs[/{id}]`
 * (spec 2.5, 4.2; the segment is `logpush` unless configured). The transport sends a write once; the
 * retries are here, each after reading what is there. A create is never sent twice blindly: after a
 * lost answer, a time-out or a 5xx, the jobs are listed, and a job holding every member the create set
 * (name, destination, dataset, filter, options, state) is taken as the one created; an older job of the
 * same name and destination with another filter or other options is not. When several jobs hold all
 * of them, the create says it cannot tell (UnconfirmedWriteError, with their ids). The list that
 * decides "not created" waits until a POST held on its way can no longer land (as long again as the
 * attempt lasted, plus CREATE_LAND_MARGIN_MS: twice the time-out after a time-out), and after a second
 * POST the jobs are listed again before anything is reported, so a first POST that landed later still
 * is reported with the other, never hidden. After a 429, which applies nothing, the POST is sent again.
 * A delete whose answer went missing reads the job: a 404 then means it is gone. Updates: job-update.ts.
 */
import { segment } from './custom-fields.js';
import { ApiError, NetworkError, UnconfirmedWriteError } from './errors.js';
import type { RequestOptions, Transport } from './transport.js';
import { SCOPE_SEGMENTS, type Job, type ScopeRef } from './wire.js';

export type { Job, ScopeRef } from './wire.js';

/** The fields of a create (spec 2.5); `filter` is the compiled filter as a JSON string. */
export interface JobInput {
  name?: string;
  destination_conf: string;
  dataset?: string;
  logpull_options?: string;
  ownership_challenge?: string;
  filter?: string;
  enabled?: boolean;
  [member: string]: unknown;
}

export interface DeleteResult {
  /** False in a dry run. */
  deleted: boolean;
  /** True when the answer to the DELETE was lost (or failed) and a read found the job gone. */
  recovered: boolean;
}

export interface CreateResult {
  /** Undefined in a dry run. */
  job: Job | undefined;
  /** True when the answer to the POST was lost and the job was found by listing. */
  recovered: boolean;
  dryRun: boolean;
}

/** `/zones/{id}` or `/accounts/{id}`. */
export function scopePath(scope: ScopeRef): string {
  if (typeof scope === 'string') return `/${SCOPE_SEGMENTS.zone}/${segment(scope)}`;
  return 'account' in scope ? `/${SCOPE_SEGMENTS.account}/${segment(scope.account)}` : `/${SCOPE_SEGMENTS.zone}/${segment(scope.zone)}`;
}

export class JobsApi {
  constructor(private readonly transport: Transport) {}

  private path(scope: ScopeRef, id?: number | string): string {
    const base = `${scopePath(scope)}/${this.transport.config.productSegment}/jobs`;
    return id === undefined ? base : `${base}/${segment(String(id))}`;
  }

  async create(zone: ScopeRef, input: JobInput): Promise<CreateResult> {
    const dryRun = this.transport.dryRun;
    /** The first unsettled POST's failure, and when the last one may still land (performance.now()). */
    let unsettled: { failure: Error; landBy: number; posts: number } | undefined;
    for (let attempt = 0; ; attempt++) {
      let sentAt = performance.now();
      try {
        const envelope = await this.transport.request<Job>('POST', this.path(zone), input, { onSend: (at) => (sentAt = at) });
        const job = envelope?.result;
        if (unsettled && job) await this.onlyOne(zone, input, job, unsettled);
        return { job, recovered: false, dryRun };
      } catch (error) {
        const wait = this.retryWait(error, attempt);
        if (wait === undefined) throw error;
        const last = attempt >= this.transport.config.retries;
        if (error instanceof ApiError && error.status === 429) {
          // A 429 applied nothing: sent again after the wait, without a list.
          if (last) throw error;
          await sleep(wait);
          continue;
        }
        const ended = performance.now();
        // A POST held on its way (past the time-out, or behind a dropped connection) lands within as
        // long again as the attempt lasted, plus a margin: the list that decides "not created" waits for that.
        const landBy = ended + (ended - sentAt) + CREATE_LAND_MARGIN_MS;
        unsettled = { failure: unsettled?.failure ?? (error as Error), landBy, posts: (unsettled?.posts ?? 0) + 1 };
        if (!last) await sleep(wait);
        let found = await this.findCreated(zone, input, error as Error);
        if (found.length === 0 && performance.now() < landBy) {
          await sleepUntil(landBy);
          found = await this.findCreated(zone, input, error as Error);
        }
        if (found.length === 1) {
          if (unsettled.posts > 1) await this.onlyOne(zone, input, found[0], unsettled);
          return { job: found[0], recovered: true, dryRun };
        }
        if (found.length > 1) throw cannotTell(input, found, error as Error);
        if (last) {
          const after = `; no job with the name '${input.name ?? ''}', destination and every other member of this create was found ${formatMs(ended - sentAt + CREATE_LAND_MARGIN_MS)} after it failed, so none was created`;
          if (error instanceof NetworkError) throw new NetworkError(error.kind, error.method, error.path, `${error.message}${after}`);
          throw error;
        }
      }
    }
  }

  /**
   * After more than one POST of one create: waits until the last of them may have landed, lists again,
   * and throws when more than one job matches the create, since an earlier POST that was held landed
   * late (or another writer made the same job): what is there is reported, never one of them alone.
   */
  private async onlyOne(zone: ScopeRef, input: JobInput, job: Job, unsettled: { failure: Error; landBy: number; posts: number }): Promise<void> {
    await sleepUntil(unsettled.landBy);
    const found = await this.findCreated(zone, input, unsettled.failure);
    const others = found.filter((candidate) => candidate.id !== job.id);
    if (others.length === 0) return;
    const ids = [job, ...others].map((candidate) => candidate.id);
    throw new UnconfirmedWriteError(
      `job ${job.id} '${input.name ?? ''}' was created, and job${others.length > 1 ? 's' : ''} ${others.map((o) => o.id).join(', ')} with the same name, destination and every other member of this create appeared too: an earlier POST of this create that went unanswered (${unsettled.failure.message}) may have landed late, or another writer made the same job; keep one of jobs ${listed(ids)} and delete the others ('logfilter jobs delete --id N')`,
      unsettled.failure,
      'applied',
      ids.map((id) => `job ${id}`),
    );
  }

  async list(zone: ScopeRef): Promise<Job[]> {
    const envelope = await this.transport.request<Job[]>('GET', this.path(zone));
    return Array.isArray(envelope?.result) ? envelope.result : [];
  }

  async get(zone: ScopeRef, id: number | string, options: RequestOptions = {}): Promise<Job> {
    return (await this.transport.request<Job>('GET', this.path(zone, id), undefined, options))!.result;
  }

  /**
   * PUT /jobs/{id} with the members to change, sent once; undefined in a dry run. The body is merged
   * from a read: to change a job safely, use updateJob (job-update.ts), which reads again to retry.
   */
  async update(zone: ScopeRef, id: number | string, changes: Record<string, unknown>, options: RequestOptions = {}): Promise<Job | undefined> {
    return (await this.transport.request<Job>('PUT', this.path(zone, id), changes, options))?.result;
  }

  /** DELETE /jobs/{id}; retried after reading the job, which is gone when the read finds no such job. */
  async delete(zone: ScopeRef, id: number | string): Promise<DeleteResult> {
    for (let attempt = 0; ; attempt++) {
      try {
        const envelope = await this.transport.request<unknown>('DELETE', this.path(zone, id));
        return { deleted: envelope !== undefined, recovered: false };
      } catch (error) {
        const wait = this.retryWait(error, attempt);
        if (wait === undefined) throw error;
        await sleep(wait);
        try {
          await this.get(zone, id);
        } catch (readError) {
          if (readError instanceof ApiError && readError.status === 404) return { deleted: true, recovered: true };
          if (attempt < this.transport.config.retries) continue;
          throw new UnconfirmedWriteError(
            `cannot tell whether job ${id} was deleted: ${(error as Error).message}, and reading the job afterwards failed too (${(readError as Error).message})`,
            error as Error,
            'unknown',
          );
        }
        if (attempt >= this.transport.config.retries)
          throw new UnconfirmedWriteError(
            `job ${id} was not deleted: ${(error as Error).message}; a read afterwards finds it still there`,
            error as Error,
            'not-applied',
          );
      }
    }
  }

  /**
   * The jobs that hold every member a create whose outcome is unknown set (its name, destination, dataset,
   * filter, options...), found by listing; a failed list says the outcome cannot be told.
   */
  private async findCreated(zone: ScopeRef, input: JobInput, failure: Error): Promise<Job[]> {
    try {
      return (await this.list(zone)).filter((job) => madeBy(job, input));
    } catch (error) {
      throw new UnconfirmedWriteError(
        `cannot tell whether job '${input.name ?? ''}' was created: ${failure.message}, and listing the jobs afterwards failed too (${(error as Error).message}); run 'logfilter jobs list' before creating it again`,
        failure,
        'unknown',
      );
    }
  }

  /** How long to wait before looking again after a failed write; undefined when the failure is final (a refusal). */
  private retryWait(error: unknown, attempt: number): number | undefined {
    if (error instanceof NetworkError && error.kind !== 'unreadable') return this.backoff(attempt);
    if (!(error instanceof ApiError) || !(error.status === 429 || error.status >= 500)) return undefined;
    if ((error.retryAfterMs ?? 0) > this.transport.config.maxRetryAfterMs) return undefined;
    return Math.max(error.retryAfterMs ?? 0, this.backoff(attempt));
  }

  private backoff(attempt: number): number {
    const base = this.transport.config.retryBaseMs * 2 ** attempt;
    return base + Math.random() * base * 0.25;
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Members a create sends that the service does not keep. */
const UNKEPT = new Set(['ownership_challenge']);

/**
 * True when `job` holds every member `input` set: a job with the same name and destination but another
 * filter, other options or another state is not the one this create made. The service answers with
 * members the create did not send (ids, defaults), so only the members sent are compared, and inside an
 * object (output_options) only the keys sent.
 */
function madeBy(job: Job, input: JobInput): boolean {
  if ((job.name ?? '') !== (input.name ?? '')) return false;
  return Object.entries(input).every(([member, value]) => member === 'name' || UNKEPT.has(member) || value === undefined || holds(job[member], value));
}

/** `value` as the create sent it is in `kept`: equal, or for an object every key sent is equal. */
function holds(kept: unknown, value: unknown): boolean {
  if (value === null || typeof value !== 'object') return kept === value || (value === false && kept === undefined);
  if (Array.isArray(value)) return Array.isArray(kept) && kept.length === value.length && value.every((item, index) => holds(kept[index], item));
  if (kept === null || typeof kept !== 'object' || Array.isArray(kept)) return false;
  return Object.entries(value).every(([key, item]) => item === undefined || holds((kept as Record<string, unknown>)[key], item));
}

/** Several jobs hold everything a create set: which one it made (if any) cannot be told. */
function cannotTell(input: JobInput, found: Job[], failure: Error): UnconfirmedWriteError {
  const ids = found.map((job) => job.id);
  return new UnconfirmedWriteError(
    `cannot tell whether job '${input.name ?? ''}' was created: ${failure.message}; jobs ${listed(ids)} ${ids.length === 2 ? 'both hold' : 'all hold'} the name, destination and every other member of this create, and any of them may be older than it; run 'logfilter jobs list', keep the one you want and delete the others ('logfilter jobs delete --id N')`,
    failure,
    'unknown',
    ids.map((id) => `job ${id}`),
  );
}

/** How long past the attempt's own length a POST that failed unanswered may still land, as a margin. */
export const CREATE_LAND_MARGIN_MS = 500;

function sleepUntil(at: number): Promise<void> {
  return sleep(Math.max(0, at - performance.now()));
}

/** `1 and 2`, `1, 2 and 3`. */
function listed(ids: number[]): string {
  return ids.length < 2 ? ids.join('') : `${ids.slice(0, -1).join(', ')} and ${ids[ids.length - 1]}`;
}

function formatMs(ms: number): string {
  return `${(Math.round(ms / 100) / 10).toFixed(1)} s`;
}
