/**
 * The line reading both engines of `logfilter test` share: NDJSON bytes split at `\n` alone, each
 * line kept exactly as read (a `\r` before the `\n` stays part of the line, for JSON to read as
 * whitespace and for the output to print back), a UTF-8 byte-order mark at the start of the input
 * dropped, and a line that is not valid UTF-8 told apart rather than decoded into U+FFFD. Also the
 * one judge of a line: what it means (blank, malformed, or a record the filter lets through or not).
 */
import { isUtf8 } from 'node:buffer';
import type { Readable } from 'node:stream';
import { parseJsonExact, type RecordTest } from '@logfilter/core';

const NEWLINE = 0x0a;
const BOM = [0xef, 0xbb, 0xbf];

/** Where split lines go: each valid line as text, or the number of a line that is not valid UTF-8. */
/** What an engine's run over the logs counted: records read, records printed (or counted), malformed lines skipped. */
export interface EngineCounts {
  records: number;
  printed: number;
  skipped: number;
}

export interface LineSink {
  line(text: string, lineNumber: number): void;
  invalid(lineNumber: number): void;
}

/** Splits the stream into lines for the sink; resolves at its end, rejects with the stream's error. */
export function splitLines(input: Readable, sink: LineSink): Promise<void> {
  let rest: Buffer | undefined;
  let started = false;
  let lineNumber = 0;
  const emit = (block: Buffer): void => {
    if (isUtf8(block)) {
      const text = block.toString('utf8');
      let start = 0;
      for (let end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n', start)) {
        sink.line(text.slice(start, end), ++lineNumber);
        start = end + 1;
      }
      sink.line(start === 0 ? text : text.slice(start), ++lineNumber);
      return;
    }
    let start = 0;
    for (;;) {
      const end = block.indexOf(NEWLINE, start);
      const piece = block.subarray(start, end === -1 ? block.length : end);
      if (isUtf8(piece)) sink.line(piece.toString('utf8'), ++lineNumber);
      else sink.invalid(++lineNumber);
      if (end === -1) return;
      start = end + 1;
    }
  };
  /** Drops a byte-order mark once the first three bytes are known; false while fewer have come. */
  const start = (head: Buffer, ended: boolean): Buffer | undefined => {
    if (head.length < BOM.length && !ended) return undefined;
    started = true;
    return head.length >= BOM.length && BOM.every((byte, i) => head[i] === byte) ? head.subarray(BOM.length) : head;
  };
  return new Promise((resolve, reject) => {
    input.on('data', (data: Buffer) => {
      let chunk = rest ? Buffer.concat([rest, data]) : data;
      rest = undefined;
      if (!started) {
        const body = start(chunk, false);
        if (body === undefined) {
          rest = chunk;
          return;
        }
        chunk = body;
      }
      const last = chunk.lastIndexOf(NEWLINE);
      if (last === -1) {
        rest = chunk;
        return;
      }
      if (last + 1 < chunk.length) rest = chunk.subarray(last + 1);
      emit(chunk.subarray(0, last));
    });
    input.on('end', () => {
      const tail = rest && !started ? start(rest, true) : rest;
      if (tail && tail.length > 0) emit(tail);
      resolve();
    });
    input.on('error', reject);
  });
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
