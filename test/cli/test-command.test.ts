/** `logfilter test` end to end: NDJSON and gzip input, malformed lines, --count, --invert. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';

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
});
