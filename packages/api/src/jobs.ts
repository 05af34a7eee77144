/**
 * Log delivery jobs: `/zones/{zone}/{segment}/jobs[/{id}]` and `/accounts/{account}/{segment}/jobs[/{id}]`
 * (spec 2.5, 4.2; the segment is `logpush` unless configured). The transport sends a write once; the
 * retries are here, each after reading what is there. A create is never sent twice blindly: after a
 * lost answer, a time-out or a 5xx, the jobs are listed and a job with the same name and destination
 * is taken as the one created (after a 429, which applies nothing, it is sent again). A delete whose
 * answer went missing reads the job: a 404 then means it is gone. Updates: job-update.ts.
 */
import { segment } from './custom-fields.js';
import { ApiError, NetworkError, UnconfirmedWriteError } from './errors.js';
import type { RequestOptions, Transport } from './transport.js';

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

/** A job as the service returns it; members beyond these are kept as they come. */
export interface Job {
  id: number;
  name?: string | null;
  dataset?: string | null;
  destination_conf: string;
  logpull_options?: string | null;
  filter?: string | null;
  enabled?: boolean;
  output_options?: Record<string, unknown> | null;
  kind?: string | null;
  last_complete?: string | null;
  last_error?: string | null;
  error_message?: string | null;
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

/** Where jobs live: a zone id (a plain string is a zone), or an account. */
export type ScopeRef = string | { zone: string } | { account: string };

/** `/zones/{id}` or `/accounts/{id}`. */
export function scopePath(scope: ScopeRef): string {
  if (typeof scope === 'string') return `/zones/${segment(scope)}`;
  return 'account' in scope ? `/accounts/${segment(scope.account)}` : `/zones/${segment(scope.zone)}`;
}

export class JobsApi {
  constructor(private readonly transport: Transport) {}

  private path(scope: ScopeRef, id?: number | string): string {
    const base = `${scopePath(scope)}/${this.transport.config.productSegment}/jobs`;
    return id === undefined ? base : `${base}/${segment(String(id))}`;
  }

  async create(zone: ScopeRef, input: JobInput): Promise<CreateResult> {
    const dryRun = this.transport.dryRun;
    for (let attempt = 0; ; attempt++) {
      try {
        const envelope = await this.transport.request<Job>('POST', this.path(zone), input);
        return { job: envelope?.result, recovered: false, dryRun };
      } catch (error) {
        const wait = this.retryWait(error, attempt);
        if (wait === undefined) throw error;
        const mayHaveApplied = !(error instanceof ApiError && error.status === 429);
        if (attempt < this.transport.config.retries) await sleep(wait);
        const found = mayHaveApplied ? await this.findCreated(zone, input, error as Error) : undefined;
        if (found) return { job: found, recovered: true, dryRun };
        if (attempt >= this.transport.config.retries) {
          const after = mayHaveApplied ? `; no job named '${input.name ?? ''}' for that destination was found afterwards, so none was created` : '';
          if (error instanceof NetworkError) throw new NetworkError(error.kind, error.method, error.path, `${error.message}${after}`);
          throw error;
        }
      }
    }
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

  /** The job a create whose outcome is unknown made, found by listing; a failed list says the outcome cannot be told. */
  private async findCreated(zone: ScopeRef, input: JobInput, failure: Error): Promise<Job | undefined> {
    try {
      return (await this.list(zone)).find((job) => sameJob(job, input));
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

function sameJob(job: Job, input: JobInput): boolean {
  return (
    (job.name ?? '') === (input.name ?? '') &&
    job.destination_conf === input.destination_conf &&
    (job.dataset ?? undefined) === (input.dataset ?? job.dataset ?? undefined)
  );
}
