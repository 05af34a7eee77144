/**
 * The JavaScript engine of `logfilter test`: NDJSON lines (plain or gzip, a file or standard input)
 * split by line-reader.ts and judged by judge.ts, the lines let through printed exactly as read.
 * A large plain file is cut into byte ranges judged by worker threads (worker.ts), up to the cores
 * present, and printed in file order; gzip and standard input are read as a stream here, gzip
 * inflated by zlib on libuv's thread pool, off this thread.
 * Loaded by `test` when it runs, so that other commands never load the stream, zlib and worker
 * modules it needs.
 */
import { closeSync, createReadStream, fstatSync, openSync, readSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { pipeline, type Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import { createGunzip } from 'node:zlib';
import { escapeControlCharacters, type FilterJson } from '@logfilter/core';
import { UsageError } from '../io.js';
import { LineJudge, OutputBlocks } from './judge.js';
import { type EngineCounts, LineSplitter } from './line-reader.js';
import { startProgress } from './progress.js';
import type { RangeAnswer, RangeRequest, WorkerSetup } from './worker.js';
import { workerFile } from './worker-file.js';

/** Skipped lines reported one by one; past this, only the total. */
const MAX_REPORTED = 100;
/** A plain file at least this large is judged by worker threads. */
const PARALLEL_FROM = 16 * 1024 * 1024;
/** The bytes of one range a worker judges at a time. */
const RANGE_BYTES = 8 * 1024 * 1024;

export interface LinesRun {
  /** A file path, or - for standard input. */
  logs: string;
  filter: FilterJson;
  count: boolean;
  invert: boolean;
  /** Report each skipped line on stderr (the first hundred); otherwise only count them. */
  listMalformed?: boolean;
  /** Worker threads for a large plain file (default: the cores present); 1 judges every line on this thread. */
  threads?: number;
  /** Show a progress bar on this stream (a terminal) when a run over a file lasts. */
  progressTo?: NodeJS.WriteStream;
}

/** Runs the filter over every line of the logs; what was let through is on stdout, skipped lines on stderr. */
export async function runLines(run: LinesRun): Promise<EngineCounts> {
  const name = run.logs === '-' ? '<stdin>' : run.logs;
  const reporter = new SkipReporter(name, run.listMalformed ?? true);
  const { stream, gzip, size } = await openLogs(run.logs);
  const threads = Math.max(1, run.threads ?? availableParallelism());
  if (!gzip && size !== undefined && size >= PARALLEL_FROM && threads > 1) {
    stream.destroy();
    return runRanges(run, size, threads, reporter);
  }
  return runStream(stream, name, run, reporter, gzip ? undefined : size);
}

/** The skipped lines on stderr: each of the first hundred with its number and reason, then a note that the rest are counted. */
class SkipReporter {
  private seen = 0;

  constructor(
    private readonly name: string,
    private readonly list: boolean,
  ) {}

  report(lineNumber: number, reason: string): void {
    this.seen++;
    if (!this.list) return;
    if (this.seen <= MAX_REPORTED) process.stderr.write(`logfilter: ${this.name}:${lineNumber}: malformed line skipped: ${escapeControlCharacters(reason)}\n`);
    this.further();
  }

  /** Lines skipped whose numbers were not sent (a worker sends only the first of a range's). */
  unlisted(count: number): void {
    if (count <= 0) return;
    const before = this.seen;
    this.seen += count;
    if (this.list && before <= MAX_REPORTED) this.further();
  }

  private further(): void {
    if (this.seen > MAX_REPORTED && !this.noted) {
      this.noted = true;
      process.stderr.write('logfilter: further malformed lines are counted, not shown\n');
    }
  }

  private noted = false;
}

/** The log stream, gunzipped when it starts with the gzip magic bytes (or a file's name ends in .gz); a regular file's size. */
export async function openLogs(path: string): Promise<{ stream: Readable; gzip: boolean; size?: number }> {
  if (path === '-') {
    const head = await peek(process.stdin);
    return isGzip(head) ? { stream: gunzip(process.stdin), gzip: true } : { stream: process.stdin, gzip: false };
  }
  let head: Buffer;
  let size: number | undefined;
  try {
    const fd = openSync(path, 'r');
    try {
      const stat = fstatSync(fd);
      if (stat.isFile()) size = stat.size;
      head = Buffer.alloc(2);
      head = head.subarray(0, readSync(fd, head, 0, 2, 0));
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(
      `cannot read ${path}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : (code ?? (error as Error).message)}`,
      'io-error',
    );
  }
  const stream = createReadStream(path, { highWaterMark: 512 * 1024 });
  return isGzip(head) || path.endsWith('.gz') ? { stream: gunzip(stream), gzip: true, size } : { stream, gzip: false, size };
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

/** Every line judged on this thread as the stream delivers it; reading pauses while stdout is full, so memory stays flat. */
function runStream(input: Readable, name: string, run: LinesRun, reporter: SkipReporter, size: number | undefined): Promise<EngineCounts> {
  let waiting = false;
  const blocks = new OutputBlocks((block) => {
    if (process.stdout.write(block) || waiting) return;
    waiting = true;
    input.pause();
    process.stdout.once('drain', () => {
      waiting = false;
      input.resume();
    });
  });
  const judge = new LineJudge(run, blocks, (lineNumber, reason) => reporter.report(lineNumber, reason));
  const splitter = new LineSplitter(judge);
  let read = 0;
  const stopProgress = run.progressTo && size ? startProgress(run.progressTo, () => (100 * read) / size) : () => {};
  return new Promise<EngineCounts>((resolve, reject) => {
    input.on('data', (data: Buffer) => {
      read += data.length;
      splitter.push(data);
    });
    input.on('end', () => {
      splitter.end();
      blocks.take();
      resolve(judge.counts);
    });
    input.on('error', (error: Error) => reject(new UsageError(`cannot read ${name}: ${error.message}`, 'io-error')));
  }).finally(stopProgress);
}

/**
 * The file cut into ranges of RANGE_BYTES, judged by `threads` workers; the answers are printed in
 * file order. At most two ranges per worker are out or waiting to be printed, and none is handed
 * out while stdout is full, so memory stays flat.
 */
function runRanges(run: LinesRun, size: number, threads: number, reporter: SkipReporter): Promise<EngineCounts> {
  const ranges: RangeRequest[] = [];
  for (let start = 0, index = 0; start < size; start += RANGE_BYTES) ranges.push({ index: index++, start, end: Math.min(size, start + RANGE_BYTES) });
  const setup: WorkerSetup = { path: run.logs, verdicts: { filter: run.filter, count: run.count, invert: run.invert }, maxReported: MAX_REPORTED };
  const workers = Array.from({ length: Math.min(threads, ranges.length) }, () => new Worker(workerFile, { workerData: setup }));
  const window = workers.length * 2;
  const counts: EngineCounts = { records: 0, printed: 0, skipped: 0 };
  const answers = new Map<number, RangeAnswer>();
  const idle: Worker[] = [];
  let next = 0;
  let printed = 0;
  let linesBefore = 0;
  let doneBytes = 0;
  let blocked = false;
  let hooked = false;
  const stopProgress = run.progressTo ? startProgress(run.progressTo, () => (100 * doneBytes) / size) : () => {};

  return new Promise<EngineCounts>((resolve, reject) => {
    let failed = false;
    const fail = (message: string) => {
      if (failed) return;
      failed = true;
      reject(new UsageError(`cannot read ${run.logs}: ${message}`, 'io-error'));
    };
    const dispatch = (): void => {
      while (!blocked && !failed && idle.length > 0 && next < ranges.length && next - printed < window) idle.pop()!.postMessage(ranges[next++]);
    };
    const print = (): void => {
      for (let answer = answers.get(printed); answer !== undefined && !failed; answer = answers.get(printed)) {
        answers.delete(printed);
        printed++;
        if ('error' in answer) {
          fail(answer.error);
          return;
        }
        for (const [lineNumber, reason] of answer.problems) reporter.report(linesBefore + lineNumber, reason);
        reporter.unlisted(answer.skipped - answer.problems.length);
        linesBefore += answer.lines;
        doneBytes += answer.bytes;
        counts.records += answer.records;
        counts.printed += answer.printed;
        counts.skipped += answer.skipped;
        for (const block of answer.output) if (!process.stdout.write(block)) blocked = true;
      }
      if (blocked && !hooked) {
        hooked = true;
        process.stdout.once('drain', () => {
          blocked = hooked = false;
          dispatch();
        });
      }
      if (printed === ranges.length) resolve(counts);
    };
    for (const worker of workers) {
      worker.on('message', (answer: RangeAnswer) => {
        answers.set(answer.index, answer);
        idle.push(worker);
        print();
        dispatch();
      });
      worker.on('error', (error) => fail(error.message));
      // A worker that ends before the run (killed, out of memory) fails the run rather than leaving it waiting.
      worker.on('exit', (code) => {
        if (printed < ranges.length) fail(`a worker thread stopped (exit code ${code})`);
      });
      idle.push(worker);
    }
    dispatch();
  }).finally(() => {
    stopProgress();
    for (const worker of workers) void worker.terminate();
  });
}
