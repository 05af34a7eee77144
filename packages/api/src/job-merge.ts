/**
 * What a job update sends and how its outcome is judged. The PUT body holds the members named, and
 * `output_options` (which the service replaces whole) as the object read plus the change. A job still
 * configured with the legacy `logpull_options` string has it converted into `output_options` by core's
 * converter and cleared, so that a job is written in one form only: the service prefers
 * `output_options` when both are there, so adding one option beside the string would silently drop the
 * fields and timestamp format the string held.
 */
import { convertLogpullOptions, type Diagnostic } from '@logfilter/core';
import { ValidationError } from './errors.js';
import type { Job } from './jobs.js';

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

/** What became of the job's `logpull_options` in an update. */
export interface LegacyOptions {
  logpull_options: string;
  /** True when they were converted into output_options; false when output_options already overrode them. */
  converted: boolean;
}

/** How a job read after our write stands to the change. */
export type ChangeOutcome =
  | { kind: 'holds' }
  /** Every member not as we set it now holds a third value: another writer set it on purpose after us. */
  | { kind: 'superseded'; members: string[] }
  /** Some member is back to the value before our change (or absent): our write was lost or not applied. */
  | { kind: 'missing'; members: string[] };

/** Members that identify a job and never change. */
export const FIXED = ['dataset', 'kind'] as const;

/** The PUT body: the members named, `output_options` the object read plus the change, logpull_options folded in. */
export function mergeChange(current: Job, change: JobChange): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [member, value] of Object.entries(change)) {
    if (member !== 'output_options' && !(FIXED as readonly string[]).includes(member) && value !== undefined) body[member] = value;
  }
  const legacy = change.logpull_options === undefined ? legacyOf(current) : undefined;
  let base: Record<string, unknown> | undefined = hasOutputOptions(current) ? { ...current.output_options } : undefined;
  if (legacy !== undefined && base === undefined) {
    const converted = convertLogpullOptions(legacy);
    if (!converted.ok) {
      if (change.output_options === undefined) return body; // nothing of the options is touched: left as they are
      throw new ValidationError(
        `job ${current.id} has logpull_options '${legacy}' that cannot be converted into output_options, so changing an option would drop them; nothing was sent (convert them by hand: logfilter jobs options convert, then set every option with --output-option)`,
        converted.diagnostics.map((d): Diagnostic => ({ ...d, pointer: `/logpull_options${d.pointer ?? ''}` })),
      );
    }
    base = { ...converted.output_options };
  }
  if (legacy !== undefined) body.logpull_options = null;
  if (change.output_options !== undefined || (legacy !== undefined && !hasOutputOptions(current))) {
    const merged = base ?? {};
    for (const [key, value] of Object.entries(change.output_options ?? {})) {
      if (value === null) delete merged[key];
      else merged[key] = value;
    }
    body.output_options = merged;
  }
  return body;
}

/** What the body does to the job's logpull_options, when it clears them. */
export function legacyOptionsOf(current: Job, change: JobChange, body: Record<string, unknown>): LegacyOptions | undefined {
  const legacy = legacyOf(current);
  if (legacy === undefined || change.logpull_options !== undefined || body.logpull_options !== null) return undefined;
  return { logpull_options: legacy, converted: !hasOutputOptions(current) };
}

/** The note said when an update cleared logpull_options. */
export function describeLegacy(id: number | string, legacy: LegacyOptions): string {
  return legacy.converted
    ? `job ${id} had logpull_options '${legacy.logpull_options}': converted into output_options (which the service prefers) and cleared, so the job is written in one form`
    : `job ${id} had logpull_options '${legacy.logpull_options}', which the service ignored because output_options is set: cleared`;
}

/** The options in force on a job: output_options when set (the service prefers them), else the logpull_options converted. */
export function optionsInForce(job: Job): Record<string, unknown> {
  if (hasOutputOptions(job)) return job.output_options as Record<string, unknown>;
  const legacy = legacyOf(job);
  return legacy === undefined ? {} : convertLogpullOptions(legacy).output_options;
}

/**
 * Compares a job read after our write with the change. A member that is not as we set it but holds a
 * third value (neither ours nor the one before our change) was set on purpose by a later writer: that
 * write stands (last writer wins), and sending ours again would only undo it.
 */
export function outcomeOf(after: Job, before: Job, change: JobChange): ChangeOutcome {
  const missing: string[] = [];
  const superseded: string[] = [];
  const judge = (name: string, now: unknown, wanted: unknown, old: unknown) => {
    if (same(now, wanted)) return;
    (same(now, old) ? missing : superseded).push(name);
  };
  for (const [member, value] of Object.entries(change)) {
    if (member === 'output_options' || (FIXED as readonly string[]).includes(member) || value === undefined) continue;
    judge(member, after[member] ?? null, value, before[member] ?? null);
  }
  const now = after.output_options ?? {};
  const old = optionsInForce(before);
  for (const [key, value] of Object.entries(change.output_options ?? {})) {
    judge(`output_options.${key}`, now[key] ?? null, value, old[key] ?? null);
  }
  if (missing.length > 0) return { kind: 'missing', members: missing };
  return superseded.length > 0 ? { kind: 'superseded', members: superseded } : { kind: 'holds' };
}

function legacyOf(job: Job): string | undefined {
  return typeof job.logpull_options === 'string' && job.logpull_options !== '' ? job.logpull_options : undefined;
}

function hasOutputOptions(job: Job): boolean {
  const options = job.output_options;
  return typeof options === 'object' && options !== null && !Array.isArray(options) && Object.keys(options).length > 0;
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
