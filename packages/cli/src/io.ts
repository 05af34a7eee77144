/** Reading inputs and the exit-code contract: 0 ok, 1 the input has errors, 2 usage or I/O, 70 internal error. */
import { cliHint } from './report/advice.js';
import { closeSync, fstatSync, openSync, readSync, writeSync } from 'node:fs';
import { INPUT_LIMITS, type InputKind, inputTooLarge } from '@logfilter/core';

export const EXIT_OK = 0;
export const EXIT_INVALID = 1;
export const EXIT_USAGE = 2;
/** A bug: an exception no command expected (BSD's EX_SOFTWARE). */
export const EXIT_INTERNAL = 70;

/** A usage, configuration or I/O problem: exit 2 with the message (or `exitCode`, for an input refused before it is read). */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly code = 'usage',
    readonly exitCode = EXIT_USAGE,
    /** How to fix it, when the message does not say. */
    readonly hint?: string,
  ) {
    super(message);
  }
}

export interface Source {
  text: string;
  /** For code frames: the path, `<stdin>`, or undefined for text given inline. */
  name?: string;
}

/**
 * Writes `text` to standard output straight to the descriptor, without making `process.stdout`: that
 * stream's set-up is a tenth of a short run's work beyond Node's own start. Whatever the descriptor
 * does not take at once (a full pipe that does not block) or refuses (a reader gone) goes through
 * the stream, which queues it or reports the error as it always did.
 */
export function writeStdout(text: string): void {
  const bytes = Buffer.from(text);
  let done = 0;
  try {
    while (done < bytes.length) done += writeSync(1, bytes, done);
  } catch {
    process.stdout.write(bytes.subarray(done));
  }
}

/** Standard input, up to the size limit of `kind`. */
export function readStdin(kind: InputKind): string {
  try {
    return readBounded(0, kind, 'standard input');
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`cannot read standard input: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`, 'io-error');
  }
}

/** A file (`-` for standard input), up to the size limit of `kind`: a larger one is refused by its size before it is read. */
export function readTextFile(path: string, kind: InputKind): string {
  if (path === '-') return readStdin(kind);
  let fd: number | undefined;
  try {
    fd = openSync(path, 'r');
    return readBounded(fd, kind, path);
  } catch (error) {
    if (error instanceof UsageError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : code === 'EACCES' ? 'permission denied' : (error as Error).message;
    throw new UsageError(`cannot read ${path}: ${why}`, 'io-error');
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

const CHUNK = 64 * 1024;

/**
 * The text of `fd`, refused past INPUT_LIMITS[kind]: a regular file by its size before anything is
 * read, a pipe or terminal as soon as it has given more than the limit (the rest is never read).
 */
function readBounded(fd: number, kind: InputKind, name: string): string {
  const limit = INPUT_LIMITS[kind];
  const stats = fstatSync(fd);
  if (stats.isDirectory()) throw Object.assign(new Error('it is a directory'), { code: 'EISDIR' });
  if (stats.isFile() && stats.size > limit) throw tooLarge(kind, stats.size, name);
  const chunks: Buffer[] = [];
  let total = 0;
  for (;;) {
    const chunk = Buffer.allocUnsafe(CHUNK);
    const read = readSync(fd, chunk, 0, CHUNK, null);
    if (read === 0) break;
    total += read;
    // A file that grew since its size was taken is cut off the same way.
    if (total > limit) throw tooLarge(kind, undefined, name);
    chunks.push(read === CHUNK ? chunk : chunk.subarray(0, read));
  }
  return Buffer.concat(chunks, total).toString('utf8');
}

/** An input over its limit: exit 1 (the input is refused), or 2 for configuration (a catalog). */
function tooLarge(kind: InputKind, bytes: number | undefined, name: string): UsageError {
  const words = inputTooLarge(kind, bytes, name);
  return new UsageError(words.message, 'input-too-large', kind === 'catalog' ? EXIT_USAGE : EXIT_INVALID, cliHint(words));
}

/** The filter text (or filter JSON) from the argument or from `-f PATH` (`-`, as either, for stdin); exactly one of them. */
export function readSource(inline: string | undefined, file: string | undefined, kind: 'filter' | 'json' = 'filter'): Source {
  const what = kind === 'json' ? 'filter JSON' : 'filter';
  if (inline !== undefined && file !== undefined) throw new UsageError(`give the ${what} either as an argument or with --file, not both`);
  if (file !== undefined || inline === '-') {
    const path = file ?? '-';
    return { text: readTextFile(path, kind), name: path === '-' ? '<stdin>' : path };
  }
  if (inline !== undefined) return { text: inline };
  throw new UsageError(`no ${what} given: pass it as an argument, or use --file PATH (--file - reads standard input)`);
}

export function parsePositiveInt(value: string, flag: string): number {
  if (!/^\d+$/.test(value) || Number(value) < 1) throw new UsageError(`${flag} takes a positive whole number, not '${value}'`);
  return Number(value);
}

/** The one-line report of a check that passed. */
export function summary(stats: { bytes: number; operators: number }): string {
  return `ok: ${stats.bytes} bytes, ${stats.operators} operator${stats.operators === 1 ? '' : 's'}\n`;
}
