/**
 * One file read in byte ranges, each by its own worker: a range owns the lines that start in it
 * (a line starts at the file's first byte or after a `\n`), and reads past its end to finish the
 * last of them. A range holding no line start (inside one long line) reads only its own bytes, so
 * however the file is cut, every byte is read once to split lines and at most twice in all.
 */
import { readSync } from 'node:fs';
import { type ByteLineSink, LineSplitter, type ReadWork } from './line-reader.js';

const NEWLINE = 0x0a;
/** Bytes read at a time. */
const READ_BLOCK = 512 * 1024;

/** Splits the lines starting in `[start, end)` of the open file `fd` into `sink`; returns how many there were. */
export function readRange(fd: number, start: number, end: number, sink: ByteLineSink, work?: ReadWork): number {
  let at = start;
  if (start > 0) {
    // The first line start: just after the first `\n` from start - 1 on, if it is before end.
    at = start - 1;
    for (;;) {
      const block = read(fd, at, Math.min(READ_BLOCK, end - at));
      if (block.length === 0) return 0;
      const newline = block.indexOf(NEWLINE);
      if (work) work.scanned += newline === -1 ? block.length : newline + 1;
      if (newline !== -1) {
        at += newline + 1;
        break;
      }
      at += block.length;
      if (at >= end) return 0;
    }
    if (at >= end) return 0;
  }
  const splitter = new LineSplitter(sink, { work, dropBom: start === 0 });
  for (;;) {
    const block = read(fd, at, READ_BLOCK);
    if (block.length === 0) break;
    // The first `\n` at end - 1 or later ends the last line that starts before end.
    const from = Math.max(0, end - 1 - at);
    const last = from < block.length ? block.indexOf(NEWLINE, from) : -1;
    if (last !== -1) {
      splitter.push(block.subarray(0, last + 1));
      return splitter.lines;
    }
    splitter.push(block);
    at += block.length;
  }
  splitter.end();
  return splitter.lines;
}

function read(fd: number, position: number, length: number): Buffer {
  const block = Buffer.allocUnsafeSlow(length);
  let filled = 0;
  while (filled < length) {
    const n = readSync(fd, block, filled, length - filled, position + filled);
    if (n === 0) break;
    filled += n;
  }
  return filled === length ? block : block.subarray(0, filled);
}
