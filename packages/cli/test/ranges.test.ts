/**
 * Reading a plain file in blocks into one reused buffer (engines/ranges.ts): whatever the block
 * size and however the file is cut into ranges, every line is handed on once, whole, with its
 * number, as the line splitter gives it from the file in one piece; the lines a block holds are
 * flagged valid UTF-8 only when they are. Block sizes here are tiny, so that lines longer than a
 * block, characters split between blocks and a byte-order mark cut by a read all happen.
 */
import { isUtf8 } from 'node:buffer';
import { closeSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type ByteLineSink, LineSplitter } from '../src/engines/line-reader.js';
import { readRange } from '../src/engines/ranges.js';
import { tempFiles } from '../../../test/support/cli.js';

const { dir } = tempFiles('ranges');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Seen {
  number: number;
  text: string;
  utf8: boolean;
}

/** A sink that keeps each line's number and bytes (as latin1, so invalid UTF-8 stays visible), and the flag it came with. */
function collector(): { sink: ByteLineSink; seen: Seen[] } {
  const seen: Seen[] = [];
  return {
    seen,
    sink: {
      line: (buffer, start, end, number, utf8) => {
        seen.push({ number, text: buffer.toString('latin1', start, end), utf8 });
        // A line flagged valid must be.
        if (utf8) expect(isUtf8(buffer.subarray(start, end))).toBe(true);
      },
      tooLong: () => {
        throw new Error('no line here is past the limit');
      },
    },
  };
}

/** The lines as the splitter gives them from the whole input in one push (the reference). */
function reference(bytes: Buffer): Omit<Seen, 'utf8'>[] {
  const { sink, seen } = collector();
  const splitter = new LineSplitter(sink);
  splitter.push(bytes);
  splitter.end();
  return seen.map(({ number, text }) => ({ number, text }));
}

const INPUTS: [string, Buffer][] = [
  [
    'lines short and long, CRLF, blank, no final newline',
    Buffer.from(`\ufeff{"a":1}\n\n{"b":"${'x'.repeat(70)}"}\r\n{"c":"é😀"}\n${'{"d":2}\n'.repeat(9)}{"e":"${'y'.repeat(33)}"}\n\n\n{"f":3}`, 'utf8'),
  ],
  ['a final newline', Buffer.from(`{"a":1}\n{"b":"${'é'.repeat(40)}"}\n`, 'utf8')],
  [
    'invalid UTF-8 among valid lines',
    Buffer.concat([
      Buffer.from('{"a":1}\n{"a":"'),
      Buffer.from([0xff, 0xc3]),
      Buffer.from('"}\n{"a":"é"}\n{"a":"'),
      Buffer.from([0xe2, 0x82]),
      Buffer.from('"}\n{"a":2}\n'),
    ]),
  ],
  ['one line, longer than every block', Buffer.from(`{"a":"${'z'.repeat(200)}"}`)],
  ['a byte-order mark alone', Buffer.from([0xef, 0xbb, 0xbf])],
  ['two bytes', Buffer.from('\n\n')],
  // The first line too short to tell a byte-order mark by, then a block read over it.
  ['a blank line, then a line longer than every block', Buffer.from(`\n{"a":"${'w'.repeat(100)}"}\n{"b":1}`)],
];

describe('reading a file in reused blocks', () => {
  for (const [name, bytes] of INPUTS)
    it(`hands on each line once, whole and numbered, for every block size and cut: ${name}`, () => {
      const path = join(dir, `${name.replace(/\W+/g, '-')}.ndjson`);
      writeFileSync(path, bytes);
      const expected = reference(bytes);
      const fd = openSync(path, 'r');
      try {
        for (const block of [4, 5, 7, 16, 64, 4096])
          for (const pieces of [1, 2, 3, 7]) {
            // The file cut into `pieces` ranges; each range's lines are numbered from its first.
            const cuts = Array.from({ length: pieces + 1 }, (_, k) => Math.round((k * bytes.length) / pieces));
            const lines: Omit<Seen, 'utf8'>[] = [];
            let before = 0;
            for (let k = 0; k < pieces; k++) {
              const { sink, seen } = collector();
              const count = readRange(fd, cuts[k], cuts[k + 1], sink, undefined, block);
              expect(count).toBe(seen.length);
              for (const { number, text } of seen) lines.push({ number: before + number, text });
              before += count;
            }
            expect({ block, pieces, lines }).toEqual({ block, pieces, lines: expected });
          }
      } finally {
        closeSync(fd);
      }
    });

  it('flags the lines of a block valid UTF-8 when they are, and leaves the others to be checked', () => {
    const path = join(dir, 'flags.ndjson');
    writeFileSync(path, INPUTS[2][1]);
    const fd = openSync(path, 'r');
    try {
      const { sink, seen } = collector();
      readRange(fd, 0, INPUTS[2][1].length, sink);
      expect(seen.map(({ text }) => isUtf8(Buffer.from(text, 'latin1')))).toEqual([true, false, true, false, true]);
      // One call over the whole block found a bad line: every line of it is left to the judge, none flagged wrongly.
      expect(seen.every(({ utf8, text }) => !utf8 || isUtf8(Buffer.from(text, 'latin1')))).toBe(true);
    } finally {
      closeSync(fd);
    }
  });
});
