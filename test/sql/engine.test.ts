/**
 * `logfilter test --engine duckdb` gives what the JS engine gives: the same `--count` text, the
 * same lines byte for byte (with --invert too), malformed lines counted and never fatal, and over
 * many files (plain and gzip, named by a glob) what the JS engine gives file by file.
 */
import { writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempFiles } from '../support/cli.js';

const FILTER =
  'ClientCountry in (us, "c\'a") AND (BotScore lt 30 OR EdgeResponseStatus geq 500 OR BotDetectionIDs contains 7) AND ClientRequestPath !contains "%_"';
const COUNTRIES = ['us', "c'a", 'de', 'é東'];

/** Log lines of every shape: typical records, missing and null fields, numbers as text, malformed and blank lines. */
function logLines(seed: number, count: number): string {
  const lines: string[] = [];
  for (let i = 0; i < count; i++) {
    const n = (i * 7919 + seed * 104729) % 1000;
    const record: Record<string, unknown> = {
      ClientCountry: COUNTRIES[n % COUNTRIES.length],
      BotScore: n % 5 === 0 ? String(n % 60) : n % 60,
      EdgeResponseStatus: n % 11 === 0 ? null : [200, 404, 503][n % 3],
      ClientRequestPath: n % 13 === 0 ? '/50%_off' : `/p${n}`,
      BotDetectionIDs: n % 4 === 0 ? [7, n] : [],
    };
    if (n % 17 === 0) delete record.ClientCountry;
    lines.push(n % 29 === 0 ? `${JSON.stringify(record)}\r` : JSON.stringify(record, null, n % 31 === 0 ? 1 : undefined).replace(/\n/g, ' '));
    if (n % 97 === 0) lines.push('{"truncated": ');
    if (n % 89 === 0) lines.push('');
    if (n % 83 === 0) lines.push('[1, 2]');
  }
  return `${lines.join('\n')}\n`;
}

let dir: string;
let plain: string;
let gzipped: string;

beforeAll(() => {
  const files = tempFiles('engine');
  dir = files.dir;
  plain = files.file('a.ndjson', logLines(1, 3000));
  gzipped = join(dir, 'b.ndjson.gz');
  writeFileSync(gzipped, gzipSync(logLines(2, 2000)));
});

describe('logfilter test --engine duckdb', () => {
  it('prints the same --count as the JS engine, and the same lines byte for byte', async () => {
    for (const flags of [['--count'], ['--count', '--invert'], [], ['--invert']]) {
      const js = await runCli(['test', FILTER, '--logs', plain, ...flags]);
      const duckdb = await runCli(['test', FILTER, '--logs', plain, '--engine', 'duckdb', ...flags]);
      expect(duckdb.code).toBe(0);
      expect(js.code).toBe(0);
      expect(duckdb.stdout).toBe(js.stdout);
      expect(duckdb.stdout.length).toBeGreaterThan(0);
    }
  });

  it('over a glob of plain and gzip files, gives what the JS engine gives file by file', async () => {
    const [a, b] = [await runCli(['test', FILTER, '--logs', plain]), await runCli(['test', FILTER, '--logs', gzipped])];
    const all = await runCli(['test', FILTER, '--logs', join(dir, '*.ndjson*'), '--engine', 'duckdb']);
    expect(all.code).toBe(0);
    expect(all.stdout).toBe(a.stdout + b.stdout);
    const counts = await Promise.all([plain, gzipped].map(async (path) => (await runCli(['test', FILTER, '--logs', path, '--count'])).stdout));
    const sum = counts.map((text) => text.match(/\d+/g)!.map(Number)).reduce((x, y) => x.map((value, index) => value + y[index]));
    const together = await runCli(['test', FILTER, '--logs', join(dir, '*.ndjson*'), '--engine', 'duckdb', '--count']);
    expect(together.stdout).toBe(`matched ${sum[0]} of ${sum[1]}\nskipped ${sum[2]}\n`);
  });

  it('counts malformed lines and reports them, never stopping', async () => {
    const { code, stderr } = await runCli(['test', FILTER, '--logs', plain, '--engine', 'duckdb']);
    const js = await runCli(['test', FILTER, '--logs', plain, '--count']);
    expect(code).toBe(0);
    expect(stderr).toBe(`logfilter: skipped ${/skipped (\d+)/.exec(js.stdout)![1]} malformed lines\n`);
  });

  it('a glob naming no file, or standard input, is a usage error', async () => {
    const none = await runCli(['test', FILTER, '--logs', join(dir, 'none-*.ndjson'), '--engine', 'duckdb']);
    expect(none).toMatchObject({ code: 2, stdout: '' });
    expect(none.stderr).toMatch(/^logfilter: cannot read .*none-\*\.ndjson: no such file\n$/);
    const stdin = await runCli(['test', FILTER, '--logs', '-', '--engine', 'duckdb'], { input: '{}\n' });
    expect(stdin).toMatchObject({ code: 2, stdout: '' });
    expect(stdin.stderr).toContain('standard input');
  });
});
