/** Reading inputs and the exit-code contract: 0 ok, 1 the input has errors, 2 usage or I/O, 70 internal error. */
import { readFileSync, writeSync } from 'node:fs';

export const EXIT_OK = 0;
export const EXIT_INVALID = 1;
export const EXIT_USAGE = 2;
/** A bug: an exception no command expected (BSD's EX_SOFTWARE). */
export const EXIT_INTERNAL = 70;

/** A usage, configuration or I/O problem: exit 2 with the message. */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly code = 'usage',
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

export function readStdin(): string {
  try {
    return readFileSync(0, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read standard input: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`, 'io-error');
  }
}

export function readTextFile(path: string): string {
  if (path === '-') return readStdin();
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : code === 'EACCES' ? 'permission denied' : (error as Error).message;
    throw new UsageError(`cannot read ${path}: ${why}`, 'io-error');
  }
}

/** The filter text from the argument or from `-f PATH` (`-` for stdin); exactly one of them. */
export function readSource(inline: string | undefined, file: string | undefined, what = 'filter'): Source {
  if (inline !== undefined && file !== undefined) throw new UsageError(`give the ${what} either as an argument or with --file, not both`);
  if (file !== undefined) return { text: readTextFile(file), name: file === '-' ? '<stdin>' : file };
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
