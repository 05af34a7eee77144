/**
 * Lines from 1 KB to 100 MB through `logfilter test`: reading is linear in the input (each byte
 * searched for `\n` once and copied at most once, however the input is cut into chunks), a line up
 * to the 64 MiB limit is judged, and a longer one is skipped and reported by number and length.
 */
import { createWriteStream, readFileSync, rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type ByteLineSink, LineSplitter, MAX_LINE_BYTES, type ReadWork } from '../src/engines/line-reader.js';
import { runCli, tempFiles } from '../../../test/support/cli.js';

/** Generous: these runs read hundreds of megabytes on a shared machine. */
const BIG_INPUT_BUDGET_MS = 600_000;
const KB = 1000;
const MB = 1000 * KB;

/** A record line of about `bytes` bytes: ClientCountry first, then one long string. */
function recordHead(country: string): string {
  return `{"ClientCountry":"${country}","Padding":"`;
}
const TAIL = '"}';

/** Feeds `bytes` of one record line (padding written as one repeated chunk, so memory stays small) and a newline. */
function feedLine(splitter: LineSplitter, bytes: number, chunk: Buffer, country = 'us'): void {
  const head = Buffer.from(recordHead(country));
  splitter.push(head);
  let left = bytes - head.length - TAIL.length;
  while (left > 0) {
    const piece = left >= chunk.length ? chunk : chunk.subarray(0, left);
    splitter.push(piece);
    left -= piece.length;
  }
  splitter.push(Buffer.from(`${TAIL}\n`));
}

describe('line reading is linear', () => {
  it('searches each byte once and copies each at most once, for lines from 1 KB to 100 MB cut into pipe-sized chunks', () => {
    const chunk = Buffer.alloc(64 * 1024, 'a');
    for (const bytes of [1 * KB, 1 * MB, 10 * MB, 60 * MB, 100 * MB]) {
      const work: ReadWork = { scanned: 0, copied: 0 };
      const seen: { lineNumber: number; bytes: number; kept: boolean; head?: string }[] = [];
      const sink: ByteLineSink = {
        line: (buffer, start, end, lineNumber) => seen.push({ lineNumber, bytes: end - start, kept: true, head: buffer.toString('utf8', start, start + 18) }),
        tooLong: (lineNumber, length) => seen.push({ lineNumber, bytes: length, kept: false }),
      };
      const splitter = new LineSplitter(sink, { work });
      feedLine(splitter, bytes, chunk);
      splitter.push(Buffer.from('{"ClientCountry":"ca"}\n'));
      splitter.end();
      const total = bytes + 1 + 23;
      expect(work.scanned).toBe(total);
      expect(work.copied).toBeLessThanOrEqual(total);
      expect(seen[0]).toMatchObject({ lineNumber: 1, bytes, kept: bytes <= MAX_LINE_BYTES });
      if (bytes <= MAX_LINE_BYTES) expect(seen[0].head).toBe('{"ClientCountry":"');
      expect(seen[1]).toMatchObject({ lineNumber: 2, bytes: 22, kept: true });
    }
  });

  it('keeps the line numbers and the byte-order mark rule whatever the chunks', () => {
    const input = Buffer.from('\ufeff{"a":1}\n\n{"b":2}\r\n{"c":3}', 'utf8');
    for (const size of [1, 2, 3, 5, input.length]) {
      const lines: string[] = [];
      const splitter = new LineSplitter({ line: (b, s, e, n) => lines.push(`${n}:${b.toString('utf8', s, e)}`), tooLong: () => {} });
      for (let at = 0; at < input.length; at += size) splitter.push(input.subarray(at, at + size));
      splitter.end();
      expect(lines).toEqual(['1:{"a":1}', '2:', '3:{"b":2}\r', '4:{"c":3}']);
    }
  });
});

describe('logfilter test over long lines', () => {
  it(
    'judges lines up to 64 MiB and skips a 100 MB line, reporting its number, from a file and from a pipe',
    async () => {
      const { dir, file } = tempFiles('long-lines');
      try {
        await longLines(file('long.ndjson', ''));
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    BIG_INPUT_BUDGET_MS,
  );
});

/** Writes lines of 1 KB to 100 MB to `path` and runs the CLI over them. */
async function longLines(path: string): Promise<void> {
  const out = createWriteStream(path);
  const sizes = [1 * KB, 1 * MB, 10 * MB, 60 * MB, 100 * MB];
  const padding = 'x'.repeat(1 * MB);
  for (const [index, bytes] of sizes.entries()) {
    out.write(recordHead(index % 2 === 0 ? 'us' : 'ca'));
    let left = bytes - recordHead('us').length - TAIL.length;
    while (left > 0) {
      const piece = left >= padding.length ? padding : padding.slice(0, left);
      if (!out.write(piece)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
      left -= piece.length;
    }
    out.write(`${TAIL}\n`);
  }
  out.write('{"ClientCountry":"us"}\n');
  await new Promise((resolve) => out.end(resolve));

  // Lines 1, 3 and 6 are us; line 5 (100 MB, also us) is past the limit.
  const fromFile = await runCli(['test', 'ClientCountry eq us', '--logs', path, '--count']);
  expect(fromFile.stdout).toBe('matched 3 of 5\nskipped 1\n');
  expect(fromFile.stderr).toBe(`logfilter: ${path}:5: malformed line skipped: longer than the line limit of 64 MiB (${100 * MB} bytes)\n`);
  const fromPipe = await runCli(['test', 'ClientCountry eq us', '--logs', '-', '--count'], { input: readFileSync(path, 'utf8') });
  expect(fromPipe.stdout).toBe('matched 3 of 5\nskipped 1\n');
  expect(fromPipe.stderr).toContain('<stdin>:5: malformed line skipped: longer than the line limit of 64 MiB');
  const printed = await runCli(['test', 'ClientCountry eq ca', '--logs', path]);
  expect(printed.stdout.split('\n').map((line) => line.length)).toEqual([1 * MB, 60 * MB, 0]);
}
