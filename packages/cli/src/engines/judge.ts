/**
 * The judge of `logfilter test`'s lines, on the main thread and in each worker alike: a line's
 * bytes go first to the scanner (scan.ts), which reads only the filter's members; a line it gives
 * no record for (blank, malformed, not an object) or that is not valid UTF-8 is judged as text by
 * line-reader.ts's judgeLine, which gives the reason a malformed line is skipped.
 */
import { isUtf8 } from 'node:buffer';
import { exactRecordParser, type FilterJson, filterKeys, matcher, type RecordTest } from '@logfilter/core';
import { type ByteLineSink, type EngineCounts, judgeLine, NOT_UTF8, tooLongReason } from './line-reader.js';
import { FieldScanner } from './scan.js';

/** Output is gathered into blocks of this many bytes. */
const OUTPUT_BLOCK = 64 * 1024;

/** What a run prints and counts. */
export interface Verdicts {
  filter: FilterJson;
  count: boolean;
  invert: boolean;
}

/** Lines let through, copied into blocks of OUTPUT_BLOCK bytes, each handed to `flush` when full. */
export class OutputBlocks {
  private block = Buffer.allocUnsafe(OUTPUT_BLOCK);
  private used = 0;

  constructor(private readonly flush: (block: Buffer) => void) {}

  add(line: Buffer, start: number, end: number): void {
    const length = end - start + 1;
    if (this.used + length > OUTPUT_BLOCK) {
      this.take();
      if (length > OUTPUT_BLOCK) {
        const own = Buffer.allocUnsafe(length);
        line.copy(own, 0, start, end);
        own[length - 1] = 0x0a;
        this.flush(own);
        return;
      }
    }
    line.copy(this.block, this.used, start, end);
    this.used += length;
    this.block[this.used - 1] = 0x0a;
  }

  /** Hands on what is gathered (a new block takes its place). */
  take(): void {
    if (this.used === 0) return;
    this.flush(this.block.subarray(0, this.used));
    this.block = Buffer.allocUnsafe(OUTPUT_BLOCK);
    this.used = 0;
  }
}

/** Judges each line it is handed, counts, and prints what the filter lets through (or drops, with invert). */
export class LineJudge implements ByteLineSink {
  readonly counts: EngineCounts = { records: 0, printed: 0, skipped: 0 };
  private readonly test: RecordTest;
  private readonly parse: (line: string) => unknown;
  private readonly scanner: FieldScanner;
  private readonly count: boolean;
  private readonly invert: boolean;

  constructor(
    { filter, count, invert }: Verdicts,
    private readonly output: OutputBlocks,
    /** A line skipped as malformed, with the reason. */
    private readonly skip: (lineNumber: number, reason: string) => void,
  ) {
    const keys = filterKeys(filter);
    this.test = matcher(filter);
    this.parse = exactRecordParser(keys);
    this.scanner = new FieldScanner(keys);
    this.count = count;
    this.invert = invert;
  }

  line(buffer: Buffer, start: number, end: number, lineNumber: number): void {
    const bytes = buffer.subarray(start, end);
    let verdict: boolean | Error | undefined;
    if (!isUtf8(bytes)) verdict = new Error(NOT_UTF8);
    else {
      const record = this.scanner.record(buffer, start, end);
      verdict = record !== undefined ? this.test(record) : judgeLine(bytes.toString('utf8'), this.test, this.parse);
    }
    if (verdict === undefined) return;
    if (verdict instanceof Error) {
      this.counts.skipped++;
      this.skip(lineNumber, verdict.message);
      return;
    }
    this.counts.records++;
    if (verdict === this.invert) return;
    this.counts.printed++;
    if (!this.count) this.output.add(buffer, start, end);
  }

  tooLong(lineNumber: number, bytes: number): void {
    this.counts.skipped++;
    this.skip(lineNumber, tooLongReason(bytes));
  }
}
