/**
 * The limits on input, in one table: how large each kind of input may be, and how deep a nested one
 * may go. Reading costs tens of times the input in memory, so an input far past anything the service
 * takes (a filter is at most 1000 bytes of JSON) is refused before it is read, with its size and the
 * limit; each limit is still generous for real files. The CLI refuses a file by its size before
 * reading it; core's entry points refuse text over the same limits before parsing it.
 */

import { filterMessage } from './filter-messages.js';
import type { Worded } from './messages.js';

const KB = 1024;
const MB = 1024 * KB;

/** The most bytes of each kind of input read. */
export const INPUT_LIMITS = {
  /** Filter text: compile, check, fmt, explain, test, sql, a job's --filter. */
  filter: 256 * KB,
  /** Filter JSON: decompile, check --from-json, test --from-json (a filter, a job, or an API answer listing jobs). */
  json: 1 * MB,
  /** A file of jobs: jobs check. */
  jobs: 2 * MB,
  /** One Terraform file: check --terraform. */
  terraform: 2 * MB,
  /**
   * A Terraform plan in JSON: check --terraform-plan, diff of plans. A plan holds every resource of
   * the workspace with its values before and after (a large workspace's runs to tens of MB); read
   * whole, it costs about 10 times its size in memory.
   */
  plan: 64 * MB,
  /** Custom-field rules: custom-fields check and set. */
  rules: 1 * MB,
  /** A field catalog: --catalog. */
  catalog: 4 * MB,
} as const;

export type InputKind = keyof typeof INPUT_LIMITS;

/** Deepest nesting of brackets read in JSON or HCL; deeper input is reported, never a stack overflow. */
export const MAX_NESTING = 256;

/**
 * A filter's nesting (parentheses and NOTs): how deep by default (the `maxDepth` option), and the
 * most a caller may allow. Every stage recurses once per level, so past `most` a deep filter would
 * overflow the stack (at about 5000 levels on Node's default stack) rather than be reported.
 */
export const DEPTH_LIMITS = { default: 100, most: 1000 } as const;

const WHAT: Record<InputKind, string> = {
  filter: 'filter text',
  json: 'filter JSON',
  jobs: 'a jobs file',
  terraform: 'a Terraform file',
  plan: 'a Terraform plan in JSON',
  rules: 'custom-field rules',
  catalog: 'a catalog file',
};

/** The UTF-8 size of `text` when it is over `limit`, else undefined; counted only when its length leaves it in doubt. */
export function sizeOver(text: string, limit: number): number | undefined {
  if (text.length * 3 <= limit) return undefined;
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    // A surrogate pair is 4 bytes: 2 for each half.
    bytes += code < 0x80 ? 1 : code < 0x800 || (code >= 0xd800 && code <= 0xdfff) ? 2 : 3;
  }
  return bytes > limit ? bytes : undefined;
}

function shown(bytes: number): string {
  if (bytes < MB) return `${Math.ceil(bytes / KB)} KB`;
  return `${bytes % MB === 0 ? bytes / MB : (bytes / MB).toFixed(1)} MB`;
}

/**
 * What to say about an input of `kind` over its limit: `bytes` is its size, or undefined when it was
 * not read to the end (standard input); `name` is the file, if any.
 */
export function inputTooLarge(kind: InputKind, bytes: number | undefined, name?: string): Worded & { hint: string } {
  const limit = INPUT_LIMITS[kind];
  const data = {
    name: name ?? 'the input',
    size: bytes === undefined ? '' : ` ${bytes} bytes (${shown(bytes)}),`,
    limit: `${limit} bytes (${shown(limit)})`,
    what: WHAT[kind],
    shownLimit: shown(limit),
  };
  const id = kind === 'filter' || kind === 'json' ? 'filter' : kind === 'plan' ? 'plan' : 'file';
  return filterMessage('input-too-large', id, data) as Worded & { hint: string };
}
