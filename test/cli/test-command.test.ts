/** `logfilter test` end to end: NDJSON and gzip input, malformed lines, --count, --invert. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLI_BIN, runCli } from '../support/cli.js';

const CARD = 'ClientCountry in (us, ca) AND (BotScore lt 30 OR EdgeResponseStatus geq 500)';
// Spacing and member order kept: matching lines are printed exactly as read.
const LINES = [
  '{"ClientCountry":"us","BotScore":10,"EdgeResponseStatus":200}',
  '{ "ClientCountry" : "ca", "EdgeResponseStatus": 503, "BotScore": 50 }',
  '{"ClientCountry":"ca","BotScore":50,"EdgeResponseStatus":200}',
  '{"ClientCountry":"fr","BotScore":5,"EdgeResponseStatus":500}',
  '{"ClientCountry":"us","BotScore":1,"EdgeResponseStatus":200,"Note":"caf\\u00e9 \\"quoted\\""}',
];
const MALFORMED = ['{"ClientCountry":"us",', '[1,2]'];

let dir: string;
let plain: string;
let gzipped: string;
let withBad: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'logfilter-test-'));
  plain = join(dir, 'logs.ndjson');
  writeFileSync(plain, `${LINES.join('\n')}\n`);
  gzipped = join(dir, 'logs.ndjson.gz');
  writeFileSync(gzipped, gzipSync(`${LINES.join('\n')}\n`));
  withBad = join(dir, 'bad.ndjson');
  writeFileSync(withBad, [LINES[0], MALFORMED[0], '', LINES[1], MALFORMED[1], LINES[3]].join('\n'));
});

const matching = `${[LINES[0], LINES[1], LINES[4]].join('\n')}\n`;
const dropped = `${[LINES[2], LINES[3]].join('\n')}\n`;

describe('logfilter test', () => {
  it('prints the lines the filter lets through, exactly as read', async () => {
    expect(await runCli(['test', CARD, '--logs', plain])).toEqual({ code: 0, stdout: matching, stderr: '' });
  });

  it('reads gzip, from a file or from standard input', async () => {
    expect(await runCli(['test', CARD, '--logs', gzipped])).toEqual({ code: 0, stdout: matching, stderr: '' });
    const fromStdin = await runCli(['test', CARD, '--logs', '-'], { input: LINES.join('\n') });
    expect(fromStdin).toEqual({ code: 0, stdout: matching, stderr: '' });
  });

  it('--invert prints the lines the filter drops', async () => {
    expect(await runCli(['test', CARD, '--logs', plain, '--invert'])).toEqual({ code: 0, stdout: dropped, stderr: '' });
  });

  it('--count prints counts instead of lines', async () => {
    expect(await runCli(['test', CARD, '--logs', gzipped, '--count'])).toEqual({ code: 0, stdout: 'matched 3 of 5\n', stderr: '' });
    expect(await runCli(['test', CARD, '--logs', plain, '--count', '--invert'])).toEqual({ code: 0, stdout: 'dropped 2 of 5\n', stderr: '' });
  });

  it('exits 0 when nothing matches', async () => {
    expect(await runCli(['test', 'ClientCountry eq jp', '--logs', plain])).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  it('reports a malformed line with its number on stderr, skips it and goes on', async () => {
    const result = await runCli(['test', CARD, '--logs', withBad]);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(`${[LINES[0], LINES[1]].join('\n')}\n`);
    expect(result.stderr).toMatch(new RegExp(`^logfilter: ${withBad.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}:2: malformed line skipped: .+\n`));
    expect(result.stderr).toContain(`:5: malformed line skipped: not a JSON object\n`);
    expect(result.stderr.endsWith('logfilter: skipped 2 malformed lines\n')).toBe(true);
    expect(await runCli(['test', CARD, '--logs', withBad, '--count'])).toMatchObject({ code: 0, stdout: 'matched 2 of 3\nskipped 2\n' });
  });

  it('runs filter JSON with --from-json', async () => {
    const json = (await runCli(['compile', CARD])).stdout.trim();
    expect(await runCli(['test', '--from-json', JSON.stringify({ filter: json }), '--logs', plain])).toEqual({ code: 0, stdout: matching, stderr: '' });
  });

  it('exits 1 on a filter with errors and 2 on a missing log file', async () => {
    const bad = await runCli(['test', 'ClientCountry geq 3', '--logs', plain]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('error[operator-not-allowed]');
    expect(await runCli(['test', CARD, '--logs', join(dir, 'none.ndjson')])).toEqual({
      code: 2,
      stdout: '',
      stderr: `logfilter: cannot read ${join(dir, 'none.ndjson')}: no such file\n`,
    });
  });

  it('exits 2 on a corrupt gzip file, saying so', async () => {
    const corrupt = join(dir, 'corrupt.ndjson.gz');
    writeFileSync(corrupt, gzipSync(LINES.join('\n')).subarray(0, 20));
    const result = await runCli(['test', CARD, '--logs', corrupt]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^logfilter: cannot read .*corrupt\.ndjson\.gz: /);
  });

  it('a large file, judged in ranges by worker threads, gives what one stream gives: lines in order, skipped lines by number', async () => {
    // Over 16 MiB, so that it is cut into ranges; every kind of line, some across the range ends.
    const parts: Buffer[] = [Buffer.from([0xef, 0xbb, 0xbf])];
    let bytes = 0;
    for (let i = 0; bytes < 20 * 1024 * 1024; i++) {
      const line =
        i % 9973 === 0
          ? Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d, 0x0a])
          : Buffer.from(
              i % 7919 === 0
                ? '{"ClientCountry":"us",\n'
                : i % 5003 === 0
                  ? `{"ClientCountry":"us","Pad":"${'x'.repeat(3_000_000)}"}\n`
                  : `${JSON.stringify({ ClientCountry: ['us', 'ca', 'fr'][i % 3], BotScore: i % 100, EdgeResponseStatus: i % 7 === 0 ? 503 : 200, n: i })}${i % 11 === 0 ? '\r' : ''}\n`,
            );
      parts.push(line);
      bytes += line.length;
    }
    const big = join(dir, 'big.ndjson');
    writeFileSync(big, Buffer.concat(parts));
    try {
      for (const flags of [[], ['--invert'], ['--count']]) {
        const ranges = await runCli(['test', CARD, '--logs', big, ...flags]);
        // The same bytes through a pipe, read as one stream on the main thread.
        const piped = spawnSync(process.execPath, [CLI_BIN, 'test', CARD, '--logs', '-', ...flags], { input: readFileSync(big), maxBuffer: 1 << 30 });
        const stream = { stdout: piped.stdout.toString('utf8'), stderr: piped.stderr.toString('utf8') };
        expect(ranges.code).toBe(0);
        expect(ranges.stdout.length).toBeGreaterThan(0);
        expect(ranges.stdout).toBe(stream.stdout);
        expect(ranges.stderr.replaceAll(big, '<stdin>')).toBe(stream.stderr);
        expect(ranges.stderr).toMatch(/:1: malformed line skipped: not valid UTF-8\n/);
      }
    } finally {
      rmSync(big);
    }
  });

  it('reads several files in the order given (--logs again), plain and gzip, as one run over each in turn', async () => {
    const paths = [withBad, gzipped, plain, withBad];
    const one = await Promise.all(paths.map((path) => runCli(['test', CARD, '--logs', path])));
    const oneCount = await Promise.all(paths.map((path) => runCli(['test', CARD, '--logs', path, '--count'])));
    const sum = oneCount.map(({ stdout }) => stdout.match(/\d+/g)!.map(Number)).reduce((a, b) => a.map((value, i) => value + (b[i] ?? 0)));
    const logs = paths.flatMap((path) => ['--logs', path]);
    for (const threads of ['1', '2']) {
      const all = await runCli(['test', CARD, ...logs, '--threads', threads]);
      expect(all.code).toBe(0);
      expect(all.stdout).toBe(one.map(({ stdout }) => stdout).join(''));
      expect(all.stderr).toBe(
        `${one.map(({ stderr }) => stderr.replace(/logfilter: skipped \d+ malformed lines?\n/, '')).join('')}logfilter: skipped 4 malformed lines\n`,
      );
      const counted = await runCli(['test', CARD, ...logs, '--count', '--threads', threads]);
      expect(counted.stdout).toBe(`matched ${sum[0]} of ${sum[1]}\nskipped 4\n`);
      expect(counted.stderr).toBe(all.stderr.replace(/logfilter: skipped 4 malformed lines\n/, ''));
    }
    const twice = await runCli(['test', CARD, '--logs', '-', '--logs', '-'], { input: LINES.join('\n') });
    expect(twice).toMatchObject({ code: 2, stdout: '' });
    expect(twice.stderr).toContain('standard input');
  });
});
