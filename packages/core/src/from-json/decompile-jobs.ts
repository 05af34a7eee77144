/**
 * A list of jobs read back (an API answer, `logfilter jobs list --json`, or a bare array): every job
 * with a filter decompiled against its own dataset, one result per job, each diagnostic at its place
 * in the input (the list is read once).
 */
import { SourceMap } from '../base/diagnostics.js';
import { childPointer, readJson } from '../base/json-source.js';
import { isObject } from '../base/json-values.js';
import { INPUT_LIMITS, sizeOver } from '../base/limits.js';
import { decompileAt, type DecompileOptions, type DecompileResult } from './decompile.js';
import { JsonDocument } from './decompile-source.js';

export interface JobDecompileResult {
  /** Where the job is in the input, e.g. `/result/1`. */
  pointer: string;
  id: unknown;
  dataset: string | undefined;
  /** Positions into the input; pointers into the input (`/result/1/filter`) or, within the filter, into the filter document (`/where/key`). */
  result: DecompileResult;
  /** The text the positions refer to: the input. */
  text: string;
}

/**
 * One result per job holding a filter, when the input is a list with more than one of them; undefined
 * otherwise (decompile reads a single filter, a single job, or a list in which one job has a filter, and
 * refuses an input over the size limit).
 */
export function decompileJobs(input: string, options: DecompileOptions = {}): JobDecompileResult[] | undefined {
  if (typeof input !== 'string' || sizeOver(input, INPUT_LIMITS.json) !== undefined) return undefined;
  const read = readJson(input);
  if (!read.ok) return undefined;
  const list = jobList(read.value, '');
  if (!list) return undefined;
  const withFilter = list.items.flatMap((job, index) =>
    isObject(job) && typeof job.filter === 'string' && job.filter !== '' ? [{ job, pointer: childPointer(list.pointer, index) }] : [],
  );
  if (withFilter.length < 2) return undefined;
  const doc = JsonDocument.of(input, read);
  const source = new SourceMap(input);
  return withFilter.map(({ job, pointer }) => ({
    pointer,
    id: job.id,
    dataset: typeof job.dataset === 'string' ? job.dataset : undefined,
    result: decompileAt(doc, source, pointer, job, options),
    text: input,
  }));
}

function jobList(value: unknown, pointer: string): { items: unknown[]; pointer: string } | undefined {
  if (Array.isArray(value)) return { items: value, pointer };
  if (!isObject(value)) return undefined;
  for (const wrapper of ['result', 'jobs']) {
    if (Array.isArray(value[wrapper])) return { items: value[wrapper] as unknown[], pointer: childPointer(pointer, wrapper) };
  }
  return undefined;
}
