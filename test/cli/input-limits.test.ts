/**
 * Inputs far past anything the service takes are refused before they are read, each with its size
 * and the limit (core's one table, INPUT_LIMITS), and exit 1 (exit 2 for a catalog: configuration);
 * an input at its limit is still read. Every reader: filter text (compile, check, fmt, stdin), filter
 * JSON (decompile, check --from-json), Terraform, jobs files, custom-field rules and --catalog.
 */
import { INPUT_LIMITS, type InputKind } from '@logfilter/core';
import { describe, expect, it } from 'vitest';
import { runCli, spawnCli, tempFiles } from '../support/cli.js';

const files = tempFiles('input-limits');

/** What the CLI says of a file of `bytes` over the limit for `kind`. */
function refusal(name: string, kind: InputKind, bytes: number | undefined, what: string, hint: string): string {
  const limit = INPUT_LIMITS[kind];
  const size = bytes === undefined ? '' : ` ${bytes} bytes (${(bytes / 1024 / 1024).toFixed(1)} MB),`;
  const limitShown = limit >= 1024 * 1024 ? `${limit / 1024 / 1024} MB` : `${limit / 1024} KB`;
  return `logfilter: ${name} is${size} over the limit of ${limit} bytes (${limitShown}) for ${what}\n  = hint: ${hint}\n`;
}

const FILTER_HINT = 'a filter the service takes is at most 1000 bytes of JSON: is this the right input?';

/** A file of exactly `bytes` bytes: a comment line padded out, then `tail`. */
function padded(bytes: number, tail: string, comment = '#'): string {
  const filler = bytes - tail.length - comment.length - 2;
  return `${comment} ${'x'.repeat(filler)}\n${tail}`;
}

describe('filter text over the limit', () => {
  const bytes = 3 * 1024 * 1024 + 5;
  const big = files.file('big.lf', padded(bytes, 'ClientCountry eq us\n'));

  for (const args of [
    ['compile', '-f', big],
    ['check', '-f', big],
    ['fmt', '--check', big],
    ['explain', '-f', big],
    ['sql', '--dialect', 'postgres', '-f', big],
  ]) {
    it(`is refused by \`${args[0]}\` before it is read`, async () => {
      expect(await runCli(args)).toEqual({ code: 1, stdout: '', stderr: refusal(big, 'filter', bytes, 'filter text', FILTER_HINT) });
    });
  }

  it('is refused from a pipe as soon as it passes the limit', async () => {
    // A real pipe on descriptor 0: what is refused is the process's own standard input.
    const result = await spawnCli(['compile', '-f', '-'], { input: padded(bytes, 'ClientCountry eq us\n') });
    expect(result).toEqual({ code: 1, stdout: '', stderr: refusal('standard input', 'filter', undefined, 'filter text', FILTER_HINT) });
  });

  it('answers --json with one object holding the diagnostic', async () => {
    const result = await runCli(['check', '--json', '-f', big]);
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout)).toMatchObject({
      ok: false,
      diagnostics: [{ code: 'input-too-large', severity: 'error', message: expect.stringContaining(`is ${bytes} bytes`), hint: FILTER_HINT }],
    });
  });

  it('is read when it is exactly at the limit (comments and all)', async () => {
    const file = files.file('at-limit.lf', padded(INPUT_LIMITS.filter, 'ClientCountry eq us\n'));
    expect(await runCli(['compile', '-f', file])).toEqual({
      code: 0,
      stdout: '{"where":{"key":"ClientCountry","operator":"eq","value":"us"}}\n',
      stderr: '',
    });
    const over = files.file('over-limit.lf', padded(INPUT_LIMITS.filter + 1, 'ClientCountry eq us\n'));
    expect((await runCli(['compile', '-f', over])).stderr).toContain(`is ${INPUT_LIMITS.filter + 1} bytes (257 KB), over the limit of`);
  });
});

describe('JSON inputs over the limit', () => {
  const job = '{"id":1,"dataset":"http_requests","filter":"{\\"where\\":{\\"key\\":\\"ClientCountry\\",\\"operator\\":\\"eq\\",\\"value\\":\\"us\\"}}"}';
  const list = (jobs: number) => `[${job}${`,${job}`.repeat(jobs - 1)}]`;
  const bigList = list(Math.ceil((3 * 1024 * 1024) / job.length));
  const big = files.file('jobs.json', bigList);
  const length = Buffer.byteLength(bigList);

  it('filter JSON is refused by decompile and check --from-json', async () => {
    for (const args of [
      ['decompile', '-f', big],
      ['check', '--from-json', '-f', big],
    ]) {
      expect(await runCli(args)).toEqual({ code: 1, stdout: '', stderr: refusal(big, 'json', length, 'filter JSON', FILTER_HINT) });
    }
  });

  it('a jobs file is refused by jobs check, and custom-field rules by custom-fields check', async () => {
    const hint = (what: string, limit: string) => `logfilter reads ${what} of up to ${limit}: is this the right file? Split it if it really is this large`;
    expect(await runCli(['jobs', 'check', big])).toEqual({
      code: 1,
      stdout: '',
      stderr: refusal(big, 'jobs', length, 'a jobs file', hint('a jobs file', '2 MB')),
    });
    expect(await runCli(['custom-fields', 'check', big])).toEqual({
      code: 1,
      stdout: '',
      stderr: refusal(big, 'rules', length, 'custom-field rules', hint('custom-field rules', '1 MB')),
    });
  });

  it('a catalog is refused with exit 2: it is configuration', async () => {
    const catalog = files.file('catalog.json', `{"dataset":"x","fields":[],"pad":"${'x'.repeat(INPUT_LIMITS.catalog)}"}`);
    const result = await runCli(['--catalog', catalog, 'datasets']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      new RegExp(
        `^logfilter: ${catalog} is ${INPUT_LIMITS.catalog + 36} bytes \\(4\\.0 MB\\), over the limit of ${INPUT_LIMITS.catalog} bytes \\(4 MB\\) for a catalog file\n`,
      ),
    );
  });

  it('a real-sized list of jobs is read: a thousand jobs read back', async () => {
    const file = files.file('real.json', list(1000));
    const result = await runCli(['check', '--from-json', '-f', file]);
    expect(result.code).toBe(0);
    expect(result.stderr.split('\n').filter((line) => line.startsWith('job 1 at '))).toHaveLength(1000);
  });
});
