/**
 * Reading a plain file in blocks, into one buffer used again and again (a fresh buffer per block
 * costs a new mapping, page faults and GC for every half megabyte): BlockLines hands the splitter
 * the finished lines of each block and moves the unfinished last one to the front for the next read.
 *
 * One file is also read in byte ranges, each by its own worker (readRange): a range owns the lines
 * that start in it (a line starts at the file's first byte or after a `\n`), and reads past its end
 * to finish the last of them. A range holding no line start (inside one long line) reads only its
 * own bytes, so however the file is cut, every byte is read once to split lines and at most twice
 * in all.
 */
import { readSync } from 'node:fs';
import { type ByteLineSink, LineSplitter, type ReadWork } from './line-reader.js';

const NEWLINE = 0x0a;
/** Bytes read at a time. */
const READ_BLOCK = 256 * 1024;

/**
 * The lines of a file read block by block into one buffer. Each read fills `buffer` from `offset`
 * for up to `length` bytes, at `position` in the file; `took` then hands the lines it finished to
 * the splitter. A line longer than the buffer is handed on in pieces (the splitter keeps them), and
 * the buffer is not used again: a new one takes its place.
 */
export class BlockLines {
  buffer: Buffer;
  /** The bytes at the buffer's start: the unfinished last line of the reads so far. */
  private kept = 0;

  constructor(
    private readonly splitter: LineSplitter,
    /** The file position of the next read. */
    public position: number,
    private readonly size = READ_BLOCK,
  ) {
    this.buffer = Buffer.allocUnsafeSlow(size);
  }

  get offset(): number {
    return this.kept;
  }

  get length(): number {
    return this.buffer.length - this.kept;
  }

  /**
   * Takes the `n` bytes just read. With `stopAt`, the first `\n` at that file position or later ends
   * the reading: the lines up to it are handed on, and it answers true (the rest of the block is
   * not the caller's; `finish` then ends the splitter).
   */
  took(n: number, stopAt = Number.POSITIVE_INFINITY): boolean {
    const filled = this.kept + n;
    const base = this.position - this.kept;
    this.position += n;
    const data = this.buffer.subarray(0, filled);
    if (stopAt < base + filled) {
      // The kept bytes hold no `\n` (they follow the last one read), so the search starts after them.
      const stop = data.indexOf(NEWLINE, Math.max(this.kept, stopAt - base));
      if (stop !== -1) {
        this.splitter.push(data.subarray(0, stop + 1));
        this.kept = 0;
        return true;
      }
    }
    const last = n > 0 ? data.lastIndexOf(NEWLINE) : -1;
    if (last >= this.kept) {
      this.splitter.push(data.subarray(0, last + 1));
      this.buffer.copyWithin(0, last + 1, filled);
      this.kept = filled - last - 1;
    } else this.kept = filled;
    if (this.kept === this.buffer.length) {
      // One line fills the buffer: the splitter keeps this piece of it, so a new buffer takes the next.
      this.splitter.push(this.buffer);
      this.buffer = Buffer.allocUnsafeSlow(this.size);
      this.kept = 0;
    }
    return false;
  }

  /** Hands on the unfinished last line (the end of the input), and ends the splitter. */
  finish(): void {
    if (this.kept > 0) this.splitter.push(this.buffer.subarray(0, this.kept));
    // The splitter may keep that piece: the buffer is not used again.
    this.kept = 0;
    this.splitter.end();
  }
}

/** Splits the lines starting in `[start, end)` of the open file `fd` into `sink`; returns how many there were. */
export function readRange(fd: number, start: number, end: number, sink: ByteLineSink, work?: ReadWork, blockSize = READ_BLOCK): number {
  // An empty range owns no line.
  if (start >= end) return 0;
  let at = start;
  const probe = Buffer.allocUnsafe(Math.min(blockSize, 64 * 1024));
  if (start > 0) {
    // The first line start: just after the first `\n` from start - 1 on, if it is before end.
    at = start - 1;
    for (;;) {
      const read = readAt(fd, probe, 0, Math.min(probe.length, end - at), at);
      if (read === 0) return 0;
      const newline = probe.subarray(0, read).indexOf(NEWLINE);
      if (work) work.scanned += newline === -1 ? read : newline + 1;
      if (newline !== -1) {
        at += newline + 1;
        break;
      }
      at += read;
      if (at >= end) return 0;
    }
    if (at >= end) return 0;
  }
  const splitter = new LineSplitter(sink, { work, dropBom: start === 0 });
  const lines = new BlockLines(splitter, at, blockSize);
  for (;;) {
    const read = readAt(fd, lines.buffer, lines.offset, lines.length, lines.position);
    // The first `\n` at end - 1 or later ends the last line that starts before end.
    if (read === 0 || lines.took(read, end - 1)) break;
  }
  // Also after a stop: the splitter may still hold a start too short to tell a byte-order mark by.
  lines.finish();
  return splitter.lines;
}

/** Reads up to `length` bytes at `position` into `buffer` from `offset`: fewer only at the end of the file. */
function readAt(fd: number, buffer: Buffer, offset: number, length: number, position: number): number {
  let filled = 0;
  while (filled < length) {
    const n = readSync(fd, buffer, offset + filled, length - filled, position + filled);
    if (n === 0) break;
    filled += n;
  }
  return filled;
}
