/**
 * `check` and `compile` given several filter files (as arguments, or -f repeated), and `-` for
 * standard input wherever a filter or JSON is read.
 */
import { describe, expect, it } from 'vitest';
import { runCli, tempFiles } from '../support/cli.js';

const files = tempFiles('several');
const good = files.file('good.lf', 'BotScore lt 30\n');
const other = files.file('other.lf', 'ClientCountry eq us\n');
const bad = files.file('bad.lf', 'BotScore lt\n');

describe('check with several files', () => {
  it('checks each file given as an argument, each under its name, with a summary line', async () => {
    const result = await runCli(['check', good, other]);
    expect(result).toEqual({
      code: 0,
      stdout: '',
      stderr: `${good}: ok: 57 bytes, 1 operator\n${other}: ok: 62 bytes, 1 operator\nok: 2 files\n`,
    });
  });

  it('keeps every repeated -f: a bad file before a good one fails (it used to keep only the last)', async () => {
    const result = await runCli(['check', '-f', bad, '-f', good]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(`error[expected-value]: expected a value after 'lt', found the end of the filter\n --> ${bad}:1:12`);
    expect(result.stderr).toContain(`${bad}: failed: 1 error, 0 warnings\n${good}: ok: 57 bytes, 1 operator\nfailed: 1 of 2 files has errors\n`);
  });

  it('answers --json with one object holding each file', async () => {
    const result = await runCli(['check', '--json', good, bad]);
    expect(result.code).toBe(1);
    const json = JSON.parse(result.stdout) as { ok: boolean; files: { file: string; ok: boolean; diagnostics: { code: string }[] }[] };
    expect(json.ok).toBe(false);
    expect(json.files.map((file) => [file.file, file.ok, file.diagnostics.map((d) => d.code)])).toEqual([
      [good, true, []],
      [bad, false, ['expected-value']],
    ]);
  });

  it('annotates each file in --format github', async () => {
    const result = await runCli(['check', '--format', 'github', good, bad]);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(new RegExp(`^::error file=${bad.replace(/[/\\]/g, '.')},line=1,col=12,`));
  });

  it('keeps one argument as filter text, and says when it names a file', async () => {
    const result = await runCli(['check', good]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`error[argument-is-a-file]: '${good}' is read as filter text, but it is the name of a file`);
  });

  it('refuses two arguments when one names no file (exit 2), saying which', async () => {
    const result = await runCli(['check', good, 'BotScore lt 3']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain("'BotScore lt 3' is not a file: two or more arguments are filter files");
  });

  it('says the rule in --help', async () => {
    for (const command of ['check', 'compile']) {
      const help = (await runCli([command, '--help'])).stdout.replace(/\s+/g, ' ');
      expect(help).toContain('Two or more arguments are filter files');
    }
    expect((await runCli(['compile', '--help'])).stdout.replace(/\s+/g, ' ')).toContain('one compact JSON line per file');
  });
});

describe('compile with several files', () => {
  it('prints one compact JSON line per file, in argument order', async () => {
    const result = await runCli(['compile', other, good]);
    expect(result).toEqual({
      code: 0,
      stdout: '{"where":{"key":"ClientCountry","operator":"eq","value":"us"}}\n{"where":{"key":"BotScore","operator":"lt","value":"30"}}\n',
      stderr: '',
    });
  });

  it('prints nothing on stdout when any file has errors, exit 1', async () => {
    const result = await runCli(['compile', '-f', good, '-f', bad]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('failed: 1 of 2 files has errors');
  });

  it('refuses -o pretty, which is not one line per file', async () => {
    const result = await runCli(['compile', '-o', 'pretty', good, other]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
  });
});

describe('- is standard input', () => {
  const filter = 'BotScore lt 30';
  const json = '{"where":{"key":"BotScore","operator":"lt","value":"30"}}';
  const logs = files.file('logs.ndjson', '{"BotScore":10}\n{"BotScore":90}\n');
  const rules = '{"rules":[{"action":"log_custom_field","expression":"true","action_parameters":{"request_fields":[{"name":"user-agent"}]}}]}';
  it.each([
    ['compile', ['compile', '-'], filter, `${json}\n`],
    ['compile -f -', ['compile', '-f', '-'], filter, `${json}\n`],
    ['check', ['check', '-'], filter, ''],
    ['check --from-json', ['check', '--from-json', '-'], json, ''],
    ['fmt', ['fmt', '-'], 'BotScore   lt 30', `${filter}\n`],
    ['decompile', ['decompile', '-'], json, `${filter}\n`],
    ['explain', ['explain', '-'], filter, 'delivers records where BotScore is less than 30\n'],
    ['test', ['test', '-', '--logs', logs, '--count'], filter, 'matched 1 of 2\n'],
    ['sql', ['sql', '-', '--dialect', 'duckdb'], filter, undefined],
    [
      'jobs check',
      ['jobs', 'check', '-', '--json'],
      JSON.stringify({ dataset: 'http_requests', destination_conf: 's3://bucket/path?region=us-east-1', filter: json }),
      undefined,
    ],
    ['custom-fields check', ['custom-fields', 'check', '-'], rules, undefined],
  ])('%s', async (_name, args, input, stdout) => {
    const result = await runCli(args, { input });
    expect(result.stderr).not.toContain('logfilter:');
    expect(result.code).toBe(0);
    if (stdout !== undefined) expect(result.stdout).toBe(stdout);
  });

  it('is read once: - twice is refused', async () => {
    const result = await runCli(['check', '-', '-'], { input: filter });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('standard input can be read once');
  });
});
