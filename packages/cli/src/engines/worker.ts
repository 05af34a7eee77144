/**
 * A worker thread of `logfilter test`: judges the lines of the byte ranges of one file it is sent,
 * one range at a time, and answers with the range's counts, its skipped lines (numbered from the
 * range's first line) and the bytes to print. engines/lines.ts hands out the ranges and prints the
 * answers in file order.
 */
import { closeSync, openSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { LineJudge, OutputBlocks, type Verdicts } from './judge.js';
import { readRange } from './ranges.js';

/** What the worker is started with. */
export interface WorkerSetup {
  path: string;
  verdicts: Verdicts;
  /** Skipped lines each range reports by number; past this, only counted. */
  maxReported: number;
}

export interface RangeRequest {
  index: number;
  start: number;
  end: number;
}

export type RangeAnswer =
  | {
      index: number;
      lines: number;
      records: number;
      printed: number;
      skipped: number;
      /** [line number within the range, reason] of the first skipped lines. */
      problems: [number, string][];
      output: Buffer[];
      bytes: number;
    }
  | { index: number; error: string };

const { path, verdicts, maxReported } = workerData as WorkerSetup;
const port = parentPort!;
let fd: number | undefined;

port.on('message', ({ index, start, end }: RangeRequest) => {
  try {
    fd ??= openSync(path, 'r');
    const output: Buffer[] = [];
    const problems: [number, string][] = [];
    const blocks = new OutputBlocks((block) => output.push(block));
    const judge = new LineJudge(verdicts, blocks, (lineNumber, reason) => {
      if (problems.length < maxReported) problems.push([lineNumber, reason]);
    });
    const lines = readRange(fd, start, end, judge);
    blocks.take();
    port.postMessage({ index, lines, ...judge.counts, problems, output, bytes: end - start } satisfies RangeAnswer);
  } catch (error) {
    port.postMessage({ index, error: (error as Error).message } satisfies RangeAnswer);
  }
});
port.on('close', () => {
  if (fd !== undefined) closeSync(fd);
});
