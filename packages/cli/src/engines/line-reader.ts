/**
 * The line reading of `logfilter test`: NDJSON bytes split at `\n` alone, each line kept exactly as
 * read (a `\r` before the `\n` stays part of the line, for JSON to read as whitespace and for the
 * output to print back), a UTF-8 byte-order mark at the start of the input dropped. Also the one
 * judge of a line as text: what it means (blank, malformed, or a record the filter lets through or not).
 *
 * Reading is linear in the input: each byte is searched for `\n` once and copied at most once (a
 * line that spans chunks is joined once, when its end is found). A line longer than MAX_LINE_BYTES
 * is not kept: its bytes are passed over up to its end, and it is reported by number and length.
 */
import { parseJsonExact, type RecordTest } from '@logfilter/core';

const NEWLINE = 0x0a;
const BOM = [0xef, 0xbb, 0xbf];

/** The longest line `logfilter test` reads (64 MiB); a longer one is skipped and reported. */
export const MAX_LINE_BYTES = 64 * 1024 * 1024;

/** What an engine's run over the logs counted: records read, records printed (or counted), lines skipped. */
export interface EngineCounts {
  records: number;
  printed: number;
  skipped: number;
}

/** Where split lines go: each line as the bytes `buffer[start..end)` (no `\n`), or the number of a line past the limit. */
export interface ByteLineSink {
  line(buffer: Buffer, start: number, end: number, lineNumber: number): void;
  tooLong(lineNumber: number, bytes: number): void;
}

/** The reader's work, for tests that hold it to linear: bytes searched for `\n`, and bytes copied to join lines. */
export interface ReadWork {
  scanned: number;
  copied: number;
}

/**
 * Splits chunks of bytes into lines. `push` each chunk in order, then `end`. Only the unfinished
 * last line of a chunk is kept (as the chunks holding it, not joined until its end is found), and
 * no more than MAX_LINE_BYTES of it.
 */
export class LineSplitter {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  /** The current line is past the limit: its bytes are counted, not kept. */
  private skipping = false;
  private started: boolean;
  private lineNumber: number;

  constructor(
    private readonly sink: ByteLineSink,
    {
      work,
      dropBom = true,
      firstLine = 1,
      maxLineBytes = MAX_LINE_BYTES,
    }: { work?: ReadWork; dropBom?: boolean; firstLine?: number; maxLineBytes?: number } = {},
  ) {
    this.work = work;
    this.started = !dropBom;
    this.lineNumber = firstLine - 1;
    this.maxLineBytes = maxLineBytes;
  }

  private readonly work: ReadWork | undefined;
  private readonly maxLineBytes: number;

  /** The number of the last line handed on (or reported). */
  get lines(): number {
    return this.lineNumber;
  }

  push(data: Buffer): void {
    if (!this.started) {
      // The first three bytes decide whether a byte-order mark starts the input.
      if (this.pendingBytes + data.length < BOM.length) {
        this.keep(data);
        return;
      }
      this.started = true;
      if (this.pending.length > 0) {
        data = Buffer.concat([...this.pending, data]);
        this.pending = [];
        this.pendingBytes = 0;
      }
      if (BOM.every((byte, i) => data[i] === byte)) data = data.subarray(BOM.length);
    }
    let start = 0;
    for (;;) {
      const end = data.indexOf(NEWLINE, start);
      if (this.work) this.work.scanned += (end === -1 ? data.length : end + 1) - start;
      if (end === -1) {
        if (start < data.length) this.keep(start === 0 ? data : data.subarray(start));
        return;
      }
      this.finish(data, start, end);
      start = end + 1;
    }
  }

  /** Hands on the last line (one not ended by `\n`), if any. */
  end(): void {
    if (!this.started) {
      // Fewer than three bytes in all: no byte-order mark.
      this.started = true;
      const head = Buffer.concat(this.pending);
      this.pending = [];
      this.pendingBytes = 0;
      this.push(head);
    }
    if (this.pendingBytes > 0 || this.skipping) this.finish(Buffer.alloc(0), 0, 0);
  }

  /** Keeps part of an unfinished line, or only counts it once the line is past the limit. */
  private keep(piece: Buffer): void {
    this.pendingBytes += piece.length;
    if (this.skipping) return;
    if (this.pendingBytes > this.maxLineBytes && this.started) {
      this.skipping = true;
      this.pending = [];
      return;
    }
    this.pending.push(piece);
  }

  /** The line made of what is pending and `data[start..end)`. */
  private finish(data: Buffer, start: number, end: number): void {
    const bytes = this.pendingBytes + (end - start);
    const lineNumber = ++this.lineNumber;
    if (this.skipping || bytes > this.maxLineBytes) {
      this.skipping = false;
      this.pending = [];
      this.pendingBytes = 0;
      this.sink.tooLong(lineNumber, bytes);
      return;
    }
    if (this.pending.length === 0) {
      this.sink.line(data, start, end, lineNumber);
      return;
    }
    this.pending.push(data.subarray(start, end));
    const joined = Buffer.concat(this.pending, bytes);
    if (this.work) this.work.copied += bytes;
    this.pending = [];
    this.pendingBytes = 0;
    this.sink.line(joined, 0, bytes, lineNumber);
  }
}

/** JSON whitespace alone (a line of it is blank, not malformed). */
const BLANK = /^[ \t\r]*$/;

/** Whether the filter lets a line through; an Error for a malformed line; undefined for a blank one. */
export function judgeLine(line: string, test: RecordTest, parse: (line: string) => unknown = parseJsonExact): boolean | Error | undefined {
  let record: unknown;
  try {
    record = parse(line);
  } catch (error) {
    if (BLANK.test(line)) return undefined;
    return new Error((error as Error).message);
  }
  if (typeof record !== 'object' || record === null || Array.isArray(record)) return new Error('not a JSON object');
  return test(record as Record<string, unknown>);
}

/** The reason given for a line that is not valid UTF-8. */
export const NOT_UTF8 = 'not valid UTF-8';

/** The reason given for a line past MAX_LINE_BYTES. */
export function tooLongReason(bytes: number): string {
  return `longer than the line limit of ${MAX_LINE_BYTES / 1048576} MiB (${bytes} bytes)`;
}
