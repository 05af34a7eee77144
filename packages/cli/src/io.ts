/** Reading inputs and the exit-code contract: 0 ok, 1 the input has errors, 2 usage or I/O, 70 internal error. */
import { cliHint } from './report/advice.js';
import { closeSync, fstatSync, openSync, readSync, writeSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
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
  /** For code frames: the path, `<stdin>`, or undefined (or a label such as diff's `OLD`) for text given inline. */
  name?: string;
  /** The argument, when the text was given inline: then no file is reported. */
  inline?: string;
}

/**
 * Where a run of the CLI writes, reads and looks: `main` takes one, so that the whole CLI runs in
 * another program (a test) as it runs in a process of its own. `processIo()` is the real process's.
 */
export interface Io {
  stdout: Output;
  stderr: Output;
  stdin: Input;
  env: Readonly<Record<string, string | undefined>>;
  /** The folder relative paths are read from (inCwd). */
  cwd: string;
  /** Calls `listener` on each SIGINT or SIGTERM until the returned function is called. */
  onInterrupt(listener: () => void): () => void;
  /** Ends the process at once: only a server whose client left or a second Ctrl-C does this. */
  exit(code: number): void;
}

/** A place output goes: standard output or error. */
export interface Output {
  /** Writes `text`; false when it was queued and the writer should wait for 'drain' before writing more. */
  write(text: string | Uint8Array): boolean;
  once(event: 'drain', listener: () => void): unknown;
  readonly isTTY: boolean;
  /** The terminal's width, when it is a terminal. */
  readonly columns: number | undefined;
  /** The output as a Node stream, for a reader of its own (the language server's writer). */
  stream(): NodeJS.WritableStream;
}

/** Standard input. */
export interface Input {
  /** All of it, read at once; throws InputOverLimit once it has given more than `limit` bytes (the rest is never read). */
  readAll(limit: number): Buffer;
  /** It as a stream, for a reader of its own (the lines of `test --logs -`, the language server). */
  stream(): NodeJS.ReadableStream;
}

/** Input past its limit: `bytes` is its size when that was known before reading (a regular file). */
export class InputOverLimit extends Error {
  constructor(readonly bytes: number | undefined) {
    super('input over its limit');
  }
}

/** `path` as the file system opens it: a relative path is taken from io.cwd (left as written when that is the process's own folder). */
export function inCwd(io: Io, path: string): string {
  return isAbsolute(path) || io.cwd === process.cwd() ? path : resolve(io.cwd, path);
}

const NOT_ASCII = /[^\x00-\x7f]/;

/** A write to a descriptor as fs.writeSync makes it: a string whole, or bytes from `offset`; the count of bytes taken. */
export type DescriptorWrite = (data: string | Uint8Array, offset?: number) => number;

/**
 * Writes `text` through `write` until all of it is taken, and returns undefined; or, when `write`
 * throws (a full pipe that does not block, a reader gone), the bytes it did not take.
 *
 * A string goes as it is: each of Node's functions is compiled on its first call, and a Buffer
 * made of the text first (or its byte length asked) would call six more. A text of ASCII alone is
 * as many bytes as characters; only what a first write leaves is made a Buffer, and goes on from
 * the byte where that write stopped (inside a character, maybe).
 */
export function writeToDescriptor(text: string | Uint8Array, write: DescriptorWrite): Uint8Array | undefined {
  let done = 0;
  let bytes: Uint8Array | undefined;
  try {
    if (typeof text === 'string') {
      done = write(text);
      if (done === text.length && !NOT_ASCII.test(text)) return undefined;
    }
    bytes = typeof text === 'string' ? Buffer.from(text) : text;
    while (done < bytes.length) done += write(bytes, done);
    return undefined;
  } catch {
    return (bytes ?? (typeof text === 'string' ? Buffer.from(text) : text)).subarray(done);
  }
}

/**
 * Standard output or error of this process. Until something needs the Node stream, text goes
 * straight to the descriptor: making `process.stdout` is a tenth of a short run's work beyond
 * Node's own start. Whatever the descriptor does not take at once (a full pipe that does not block)
 * or refuses (a reader gone) goes through the stream, which queues it or reports the error, and
 * everything after it goes there too, in order.
 */
class ProcessOutput implements Output {
  private made: NodeJS.WriteStream | undefined;

  constructor(
    private readonly fd: 1 | 2,
    private readonly name: 'stdout' | 'stderr',
  ) {}

  get isTTY(): boolean {
    // node:tty is loaded when first asked, not with this module: it brings node:net and the
    // streams, a sixth of a compile's start-up beyond Node's own, and a compile that prints its
    // JSON never asks.
    return process.getBuiltinModule('node:tty').isatty(this.fd);
  }

  get columns(): number | undefined {
    return this.isTTY ? this.stream().columns : undefined;
  }

  stream(): NodeJS.WriteStream {
    this.made ??= process[this.name];
    return this.made;
  }

  write(text: string | Uint8Array): boolean {
    if (this.made) return this.made.write(text);
    const left = writeToDescriptor(text, (data, offset) => (typeof data === 'string' ? writeSync(this.fd, data) : writeSync(this.fd, data, offset)));
    return left === undefined || this.stream().write(left);
  }

  once(event: 'drain', listener: () => void): unknown {
    return this.stream().once(event, listener);
  }
}

/** The real process: its standard streams, environment, working folder and signals. */
export function processIo(): Io {
  return {
    stdout: new ProcessOutput(1, 'stdout'),
    stderr: new ProcessOutput(2, 'stderr'),
    stdin: {
      readAll: (limit) => readBounded(0, limit),
      stream: () => process.stdin,
    },
    env: process.env,
    cwd: process.cwd(),
    onInterrupt(listener) {
      process.on('SIGINT', listener).on('SIGTERM', listener);
      return () => process.off('SIGINT', listener).off('SIGTERM', listener);
    },
    exit: (code) => process.exit(code),
  };
}

/** Standard input, up to the size limit of `kind`. */
function readStdin(io: Io, kind: InputKind): string {
  try {
    return io.stdin.readAll(INPUT_LIMITS[kind]).toString('utf8');
  } catch (error) {
    if (error instanceof InputOverLimit) throw tooLarge(kind, error.bytes, 'standard input');
    if (error instanceof UsageError) throw error;
    throw new UsageError(`cannot read standard input: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`, 'io-error');
  }
}

/** A file (`-` for standard input; a relative path from io.cwd), up to the size limit of `kind`: a larger one is refused by its size before it is read. */
export function readTextFile(io: Io, path: string, kind: InputKind): string {
  if (path === '-') return readStdin(io, kind);
  let fd: number | undefined;
  try {
    fd = openSync(inCwd(io, path), 'r');
    return readBounded(fd, INPUT_LIMITS[kind]).toString('utf8');
  } catch (error) {
    if (error instanceof InputOverLimit) throw tooLarge(kind, error.bytes, path);
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
 * The bytes of `fd`, refused past `limit` (InputOverLimit): a regular file by its size before
 * anything is read, a pipe or terminal as soon as it has given more than the limit (the rest is never read).
 */
function readBounded(fd: number, limit: number): Buffer {
  const stats = fstatSync(fd);
  if (stats.isDirectory()) throw Object.assign(new Error('it is a directory'), { code: 'EISDIR' });
  if (stats.isFile() && stats.size > limit) throw new InputOverLimit(stats.size);
  const chunks: Buffer[] = [];
  let total = 0;
  for (;;) {
    const chunk = Buffer.allocUnsafe(CHUNK);
    const read = readSync(fd, chunk, 0, CHUNK, null);
    if (read === 0) break;
    total += read;
    // A file that grew since its size was taken is cut off the same way.
    if (total > limit) throw new InputOverLimit(undefined);
    chunks.push(read === CHUNK ? chunk : chunk.subarray(0, read));
  }
  return Buffer.concat(chunks, total);
}

/** An input over its limit: exit 1 (the input is refused), or 2 for configuration (a catalog). */
function tooLarge(kind: InputKind, bytes: number | undefined, name: string): UsageError {
  const words = inputTooLarge(kind, bytes, name);
  return new UsageError(words.message, 'input-too-large', kind === 'catalog' ? EXIT_USAGE : EXIT_INVALID, cliHint(words));
}

/** The filter text (or filter JSON) from the argument or from `-f PATH` (`-`, as either, for stdin); exactly one of them. */
export function readSource(io: Io, inline: string | undefined, file: string | undefined, kind: 'filter' | 'json' = 'filter'): Source {
  const what = kind === 'json' ? 'filter JSON' : 'filter';
  if (inline !== undefined && file !== undefined) throw new UsageError(`give the ${what} either as an argument or with --file, not both`);
  if (file !== undefined || inline === '-') {
    const path = file ?? '-';
    return { text: readTextFile(io, path, kind), name: path === '-' ? '<stdin>' : path };
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
