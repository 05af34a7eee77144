/**
 * Log delivery jobs: `/zones/{zone}/{segment}/jobs[/{id}]` and `/accounts/{account}/{segment}/jobs[/{id}]`
 * (spec 2.5, 4.2; the segment is `logpush` unless configured). A create is never sent twice blindly:
 * after a lost answer, the jobs are listed and a job with the same name and destination is taken as
 * the one created.
 */
import { segment } from './custom-fields.js';
import { NetworkError } from './errors.js';
import type { Transport } from './transport.js';

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
        // Only a lost answer is ambiguous; a refusal from the service is final.
        if (!(error instanceof NetworkError) || error.kind === 'unreadable') throw error;
        const found = (await this.list(zone)).find((job) => sameJob(job, input));
        if (found) return { job: found, recovered: true, dryRun };
        if (attempt >= this.transport.config.retries) {
          throw new NetworkError(
            error.kind,
            error.method,
            error.path,
            `${error.message}; no job named '${input.name ?? ''}' for that destination was found afterwards, so none was created`,
          );
        }
      }
    }
  }

  async list(zone: ScopeRef): Promise<Job[]> {
    const envelope = await this.transport.request<Job[]>('GET', this.path(zone));
    return Array.isArray(envelope?.result) ? envelope.result : [];
  }

  async get(zone: ScopeRef, id: number | string): Promise<Job> {
    return (await this.transport.request<Job>('GET', this.path(zone, id)))!.result;
  }

  /** PUT /jobs/{id} with the members to change; undefined in a dry run. */
  async update(zone: ScopeRef, id: number | string, changes: Record<string, unknown>): Promise<Job | undefined> {
    return (await this.transport.request<Job>('PUT', this.path(zone, id), changes))?.result;
  }

  /** DELETE /jobs/{id}; false in a dry run. */
  async delete(zone: ScopeRef, id: number | string): Promise<boolean> {
    return (await this.transport.request<unknown>('DELETE', this.path(zone, id))) !== undefined;
  }
}

function sameJob(job: Job, input: JobInput): boolean {
  return (
    (job.name ?? '') === (input.name ?? '') &&
    job.destination_conf === input.destination_conf &&
    (job.dataset ?? undefined) === (input.dataset ?? job.dataset ?? undefined)
  );
}
