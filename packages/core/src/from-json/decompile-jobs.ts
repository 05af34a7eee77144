/**
 * A list of jobs read back (an API answer, `logfilter jobs list --json`, or a bare array): every job
 * with a filter decompiled against its own dataset, one result per job.
 */
import { childPointer, isObject, readJson } from '../base/json-source.js';
import { INPUT_LIMITS, sizeOver } from '../base/limits.js';
import { decompile, type DecompileOptions, type DecompileResult } from './decompile.js';

export interface JobDecompileResult {
  /** Where the job is in the input, e.g. `/result/1`. */
  pointer: string;
  id: unknown;
  dataset: string | undefined;
  /** Diagnostics point into the job (`/filter/where/key`), positions into `JSON.stringify(job)`. */
  result: DecompileResult;
  /** The job as the text the positions refer to. */
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
  return withFilter.map(({ job, pointer }) => {
    const text = JSON.stringify(job);
    return { pointer, id: job.id, dataset: typeof job.dataset === 'string' ? job.dataset : undefined, result: decompile(text, options), text };
  });
}

function jobList(value: unknown, pointer: string): { items: unknown[]; pointer: string } | undefined {
  if (Array.isArray(value)) return { items: value, pointer };
  if (!isObject(value)) return undefined;
  for (const wrapper of ['result', 'jobs']) {
    if (Array.isArray(value[wrapper])) return { items: value[wrapper] as unknown[], pointer: childPointer(pointer, wrapper) };
  }
  return undefined;
}
