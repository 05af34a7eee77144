/**
 * A worker thread of `logfilter test`: judges the jobs it is sent, one at a time, and answers with
 * each job's counts, its skipped lines (numbered from the job's first line) and the bytes to print.
 * A job is a byte range of a plain file (ranges.ts), or a whole file (plain or gzip, read as a
 * stream) when only counts are wanted. engines/lines.ts hands out the jobs and takes the answers in
 * order.
 */
import { closeSync, openSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { UsageError } from '../io.js';
import { LineJudge, OutputBlocks, type Verdicts } from './judge.js';
import { LineSplitter } from './line-reader.js';
import { openLogs } from './open-logs.js';
import { readRange } from './ranges.js';

/** What the worker is started with. */
export interface WorkerSetup {
  verdicts: Verdicts;
  /** Skipped lines each job reports by number; past this, only counted. */
  maxReported: number;
}

/** A byte range of a plain file, or (`whole`) all of a file. */
export interface Job {
  index: number;
  path: string;
  start: number;
  end: number;
  whole: boolean;
}

export type JobAnswer =
  | {
      index: number;
      lines: number;
      records: number;
      printed: number;
      skipped: number;
      /** [line number within the job, reason] of the first skipped lines. */
      problems: [number, string][];
      output: Buffer[];
    }
  | { index: number; error: string };

const { verdicts, maxReported } = workerData as WorkerSetup;
const port = parentPort!;
const files = new Map<string, number>();

port.on('message', (job: Job) => {
  const output: Buffer[] = [];
  const problems: [number, string][] = [];
  const blocks = new OutputBlocks((block) => output.push(block));
  const judge = new LineJudge(verdicts, blocks, (lineNumber, reason) => {
    if (problems.length < maxReported) problems.push([lineNumber, reason]);
  });
  const answer = (lines: number) => {
    blocks.take();
    port.postMessage({ index: job.index, lines, ...judge.counts, problems, output } satisfies JobAnswer);
  };
  const failed = (error: Error) =>
    port.postMessage({
      index: job.index,
      error: error instanceof UsageError ? error.message : `cannot read ${job.path}: ${error.message}`,
    } satisfies JobAnswer);
  if (!job.whole) {
    try {
      let fd = files.get(job.path);
      if (fd === undefined) files.set(job.path, (fd = openSync(job.path, 'r')));
      answer(readRange(fd, job.start, job.end, judge));
    } catch (error) {
      failed(error as Error);
    }
    return;
  }
  openLogs(job.path).then(({ stream }) => {
    const splitter = new LineSplitter(judge);
    stream.on('data', (data: Buffer) => splitter.push(data));
    stream.on('end', () => {
      splitter.end();
      answer(splitter.lines);
    });
    stream.on('error', failed);
  }, failed);
});
port.on('close', () => {
  for (const fd of files.values()) closeSync(fd);
});
