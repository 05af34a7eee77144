/**
 * The JavaScript engine of `logfilter test`: NDJSON lines (plain or gzip, files or standard input)
 * split by line-reader.ts and judged by judge.ts, the lines let through printed exactly as read,
 * file after file in the order given. A large plain file is cut into byte ranges judged by worker
 * threads (worker.ts), up to the cores present, and printed in file order; with --count, several
 * gzip or small files are judged side by side, one per worker. Otherwise a file (and standard
 * input) is read as a stream on this thread, gzip inflated by zlib on libuv's thread pool.
 * Loaded by `test` when it runs, so that other commands never load the stream, zlib and worker
 * modules it needs.
 */
import { availableParallelism } from 'node:os';
import type { Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import { escapeControlCharacters, type FilterJson } from '@logfilter/core';
import { inCwd, type Io, type Output, UsageError } from '../io.js';
import { LineJudge, OutputBlocks } from './judge.js';
import { type EngineCounts, LineSplitter } from './line-reader.js';
import { inspectLogs, openLogs } from './open-logs.js';
import { startProgress } from './progress.js';
import type { Job, JobAnswer, WorkerSetup } from './worker.js';
import { workerFile } from './worker-file.js';

/** Skipped lines reported one by one; past this, only the total. */
const MAX_REPORTED = 100;
/** A plain file at least this large is judged by worker threads. */
const PARALLEL_FROM = 16 * 1024 * 1024;
/** The bytes of one range a worker judges at a time. */
const RANGE_BYTES = 8 * 1024 * 1024;

export interface LinesRun {
  /** Standard input (for `-`), the output streams, and the folder a relative path is read from. */
  io: Io;
  /** File paths, or - for standard input, read in this order. */
  logs: string[];
  filter: FilterJson;
  count: boolean;
  invert: boolean;
  /** Report each skipped line on stderr (the first hundred); otherwise only count them. */
  listMalformed?: boolean;
  /** Worker threads (default: the cores present); 1 judges every line on this thread. */
  threads?: number;
  /** Show a progress bar on this stream (a terminal) when a run over files lasts. */
  progressTo?: Output;
}

/** Runs the filter over every line of the logs; what was let through is on stdout, skipped lines on stderr. */
export async function runLines(run: LinesRun): Promise<EngineCounts> {
  const reporter = new SkipReporter(run.io.stderr, run.listMalformed ?? true);
  const threads = Math.max(1, run.threads ?? availableParallelism());
  const total: EngineCounts = { records: 0, printed: 0, skipped: 0 };
  const add = (counts: EngineCounts) => {
    total.records += counts.records;
    total.printed += counts.printed;
    total.skipped += counts.skipped;
  };
  // Workers open files themselves: each path is made absolute (from the run's folder); messages name it as given.
  const files = run.logs.map((given) => {
    const path = given === '-' ? given : inCwd(run.io, given);
    return { path, name: given === '-' ? '<stdin>' : given, ...(given === '-' ? { gzip: false, size: undefined } : inspectLogs(path)) };
  });
  let pool: WorkerPool | undefined;
  try {
    for (let i = 0; i < files.length; ) {
      const { path, name, gzip, size } = files[i];
      if (threads > 1 && path !== '-' && !gzip && size !== undefined && size >= PARALLEL_FROM) {
        // One large plain file: its ranges, side by side.
        pool ??= new WorkerPool(run, threads);
        const jobs: Omit<Job, 'index'>[] = [];
        for (let start = 0; start < size; start += RANGE_BYTES) jobs.push({ path, start, end: Math.min(size, start + RANGE_BYTES), whole: false });
        add(await pool.run(jobs, size, reporter));
        i++;
        continue;
      }
      // Counting only: the files up to the next large plain one (or standard input), one per worker.
      let batch = i;
      while (run.count && threads > 1 && batch < files.length && files[batch].path !== '-' && (files[batch].gzip || (files[batch].size ?? 0) < PARALLEL_FROM))
        batch++;
      if (batch - i > 1) {
        pool ??= new WorkerPool(run, threads);
        const chosen = files.slice(i, batch);
        add(
          await pool.run(
            chosen.map(({ path: file, size: bytes }) => ({ path: file, start: 0, end: bytes ?? 0, whole: true })),
            chosen.reduce((sum, file) => sum + (file.size ?? 0), 0),
            reporter,
          ),
        );
        i = batch;
        continue;
      }
      const { stream } = await openLogs(path, run.io.stdin.stream() as Readable);
      add(await runStream(stream, name, run, reporter, gzip ? undefined : size));
      i++;
    }
  } finally {
    pool?.close();
  }
  return total;
}

/** The skipped lines on stderr: each of the first hundred with its number and reason, then a note that the rest are counted. */
class SkipReporter {
  private seen = 0;

  constructor(
    private readonly stderr: Output,
    private readonly list: boolean,
  ) {}

  report(name: string, lineNumber: number, reason: string): void {
    this.seen++;
    if (!this.list) return;
    if (this.seen <= MAX_REPORTED) this.stderr.write(`logfilter: ${name}:${lineNumber}: malformed line skipped: ${escapeControlCharacters(reason)}\n`);
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
      this.stderr.write('logfilter: further malformed lines are counted, not shown\n');
    }
  }

  private noted = false;
}

/** Every line judged on this thread as the stream delivers it; reading pauses while stdout is full, so memory stays flat. */
function runStream(input: Readable, name: string, run: LinesRun, reporter: SkipReporter, size: number | undefined): Promise<EngineCounts> {
  let waiting = false;
  const blocks = new OutputBlocks((block) => {
    if (run.io.stdout.write(block) || waiting) return;
    waiting = true;
    input.pause();
    run.io.stdout.once('drain', () => {
      waiting = false;
      input.resume();
    });
  });
  const judge = new LineJudge(run, blocks, (lineNumber, reason) => reporter.report(name, lineNumber, reason));
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
 * Worker threads judging jobs (ranges of a file, or whole files when counting); each run's answers
 * are taken in job order. At most two jobs per worker are out or waiting to be printed, and none is
 * handed out while stdout is full, so memory stays flat.
 */
class WorkerPool {
  private readonly workers: Worker[];

  constructor(run: LinesRun, threads: number) {
    const setup: WorkerSetup = { verdicts: { filter: run.filter, count: run.count, invert: run.invert }, maxReported: MAX_REPORTED };
    this.workers = Array.from({ length: threads }, () => new Worker(workerFile, { workerData: setup }));
    this.progressTo = run.progressTo;
    this.stdout = run.io.stdout;
  }

  private readonly stdout: Output;

  private readonly progressTo: Output | undefined;

  close(): void {
    for (const worker of this.workers) void worker.terminate();
  }

  /** Runs the jobs (of `bytes` in all, for the progress bar); resolves with their counts once all are printed. */
  run(jobs: Omit<Job, 'index'>[], bytes: number, reporter: SkipReporter): Promise<EngineCounts> {
    const workers = this.workers.slice(0, Math.min(this.workers.length, jobs.length));
    const window = workers.length * 2;
    const counts: EngineCounts = { records: 0, printed: 0, skipped: 0 };
    const answers = new Map<number, JobAnswer>();
    const idle: Worker[] = [...workers];
    let next = 0;
    let printed = 0;
    let linesBefore = 0;
    let doneBytes = 0;
    let blocked = false;
    let hooked = false;
    const stopProgress = this.progressTo ? startProgress(this.progressTo, () => (100 * doneBytes) / bytes) : () => {};
    const cleanups: (() => void)[] = [];

    return new Promise<EngineCounts>((resolve, reject) => {
      let failed = false;
      const fail = (message: string) => {
        if (failed) return;
        failed = true;
        reject(new UsageError(message, 'io-error'));
      };
      const dispatch = (): void => {
        while (!blocked && !failed && idle.length > 0 && next < jobs.length && next - printed < window) {
          idle.pop()!.postMessage({ ...jobs[next], index: next } satisfies Job);
          next++;
        }
      };
      const print = (): void => {
        for (let answer = answers.get(printed); answer !== undefined && !failed; answer = answers.get(printed)) {
          answers.delete(printed);
          const job = jobs[printed];
          printed++;
          if ('error' in answer) {
            fail(answer.error);
            return;
          }
          if (job.whole || job.start === 0) linesBefore = 0;
          for (const [lineNumber, reason] of answer.problems) reporter.report(job.path, linesBefore + lineNumber, reason);
          reporter.unlisted(answer.skipped - answer.problems.length);
          linesBefore += answer.lines;
          doneBytes += job.end - job.start;
          counts.records += answer.records;
          counts.printed += answer.printed;
          counts.skipped += answer.skipped;
          for (const block of answer.output) if (!this.stdout.write(block)) blocked = true;
        }
        if (blocked && !hooked) {
          hooked = true;
          this.stdout.once('drain', () => {
            blocked = hooked = false;
            dispatch();
          });
        }
        if (printed === jobs.length) resolve(counts);
      };
      for (const worker of workers) {
        const onMessage = (answer: JobAnswer) => {
          answers.set(answer.index, answer);
          idle.push(worker);
          print();
          dispatch();
        };
        const onError = (error: Error) => fail(`cannot read ${jobs[0].path}: ${error.message}`);
        // A worker that ends before the run (killed, out of memory) fails the run rather than leaving it waiting.
        const onExit = (code: number) => fail(`a worker thread stopped (exit code ${code})`);
        worker.on('message', onMessage).on('error', onError).on('exit', onExit);
        cleanups.push(() => worker.off('message', onMessage).off('error', onError).off('exit', onExit));
      }
      dispatch();
    }).finally(() => {
      stopProgress();
      for (const cleanup of cleanups) cleanup();
    });
  }
}
