/**
 * The JavaScript engine of `logfilter test`: NDJSON lines (plain or gzip, a file or standard input)
 * streamed one by one (split and judged by line-reader.ts) through evaluate's test, the lines let
 * through printed exactly as read.
 * Loaded by `test` when it runs, so that other commands never load the stream and zlib
 * modules it needs. The DuckDB engine runs it over a file DuckDB cannot read exactly.
 */
import { escapeControlCharacters, exactRecordParser, type RecordTest } from '@logfilter/core';
import { closeSync, createReadStream, openSync, readSync } from 'node:fs';
import { pipeline, type Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { inCwd, type Io, type Output as Writer, UsageError } from '../io.js';
import { type EngineCounts, judgeLine, type LineSink, NOT_UTF8, splitLines } from './line-reader.js';

/** Malformed lines reported one by one; past this, only the total. */
const MAX_REPORTED = 100;
/** Output is gathered into writes of about this many characters. */
const OUTPUT_CHUNK = 64 * 1024;

export interface LinesRun {
  /** Standard input (for `-`), output, and the folder a relative path is read from. */
  io: Io;
  /** A file path, or - for standard input. */
  logs: string;
  test: RecordTest;
  /** The fields the filter reads: their integers past 2^53 are read exactly. */
  keys: readonly string[];
  count: boolean;
  invert: boolean;
  /** Report each malformed line on stderr (the first hundred); otherwise only count them. */
  listMalformed?: boolean;
}

/** Runs the test over every line of the logs; what was let through is on stdout, malformed lines on stderr. */
export async function runLines(run: LinesRun): Promise<EngineCounts> {
  const name = run.logs === '-' ? '<stdin>' : run.logs;
  return readLines((await openLogs(run.io, run.logs)).stream, name, run);
}

/** The log stream, gunzipped when it starts with the gzip magic bytes (or a file's name ends in .gz). */
export async function openLogs(io: Io, path: string): Promise<{ stream: Readable; gzip: boolean }> {
  if (path === '-') {
    const stdin = io.stdin.stream() as Readable;
    const head = await peek(stdin);
    return isGzip(head) ? { stream: gunzip(stdin), gzip: true } : { stream: stdin, gzip: false };
  }
  let head: Buffer;
  try {
    const fd = openSync(inCwd(io, path), 'r');
    head = Buffer.alloc(2);
    const read = readSync(fd, head, 0, 2, 0);
    closeSync(fd);
    head = head.subarray(0, read);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(
      `cannot read ${path}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : (code ?? (error as Error).message)}`,
      'io-error',
    );
  }
  const stream = createReadStream(inCwd(io, path), { highWaterMark: 256 * 1024 });
  return isGzip(head) || path.endsWith('.gz') ? { stream: gunzip(stream), gzip: true } : { stream, gzip: false };
}

/** The decompressed stream; an error of the source (or of the data) surfaces on it. */
function gunzip(source: Readable): Readable {
  const output = createGunzip();
  pipeline(source, output, () => {});
  return output;
}

function isGzip(head: Buffer): boolean {
  return head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b;
}

/** The first bytes of a stream, put back so that the reader still sees them. */
function peek(stream: Readable): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const finish = (head: Buffer) => {
      stream.off('readable', onReadable).off('end', onEnd).off('error', onError);
      resolve(head);
    };
    const onReadable = () => {
      const chunk = stream.read() as Buffer | null;
      if (chunk !== null) {
        stream.unshift(chunk);
        finish(chunk);
      }
    };
    const onEnd = () => finish(Buffer.alloc(0));
    const onError = (error: Error) => reject(new UsageError(`cannot read standard input: ${error.message}`, 'io-error'));
    stream.on('readable', onReadable).on('end', onEnd).on('error', onError);
  });
}

function readLines(input: Readable, name: string, { io, test, keys, count, invert, listMalformed = true }: LinesRun): Promise<EngineCounts> {
  const parse = exactRecordParser(keys);
  const counts: EngineCounts = { records: 0, printed: 0, skipped: 0 };
  const output = new Output(
    io.stdout,
    () => input.pause(),
    () => input.resume(),
  );
  const skip = (lineNumber: number, reason: string): void => {
    counts.skipped++;
    if (!listMalformed) return;
    if (counts.skipped <= MAX_REPORTED) io.stderr.write(`logfilter: ${name}:${lineNumber}: malformed line skipped: ${escapeControlCharacters(reason)}\n`);
    if (counts.skipped === MAX_REPORTED + 1) io.stderr.write('logfilter: further malformed lines are counted, not shown\n');
  };
  const sink: LineSink = {
    line(line, lineNumber) {
      const verdict = judgeLine(line, test, parse);
      if (verdict === undefined) return;
      if (verdict instanceof Error) return skip(lineNumber, verdict.message);
      counts.records++;
      if (verdict !== !invert) return;
      counts.printed++;
      if (!count) output.line(line);
    },
    invalid: (lineNumber) => skip(lineNumber, NOT_UTF8),
  };
  return splitLines(input, sink).then(
    () => {
      output.flush();
      return counts;
    },
    (error: Error) => {
      throw new UsageError(`cannot read ${name}: ${error.message}`, 'io-error');
    },
  );
}

/** Lines gathered into large writes; reading pauses while stdout is full, so memory stays flat. */
class Output {
  private pending = '';

  constructor(
    private readonly stdout: Writer,
    private readonly pause: () => void,
    private readonly resume: () => void,
  ) {}

  line(text: string): void {
    this.pending += `${text}\n`;
    if (this.pending.length >= OUTPUT_CHUNK) this.flush();
  }

  flush(): void {
    if (this.pending === '') return;
    const drained = this.stdout.write(this.pending);
    this.pending = '';
    if (!drained) {
      this.pause();
      this.stdout.once('drain', this.resume);
    }
  }
}
