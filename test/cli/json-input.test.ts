/**
 * Filters given as JSON (`check --from-json`, `decompile`, `jobs check`) go through the same checker
 * and lint as text, with positions in the input as written; a bare list of jobs is read everywhere.
 */
import { describe, expect, it } from 'vitest';
import { runCli, tempFiles } from '../support/cli.js';

interface Machine {
  ok: boolean;
  diagnostics: { code: string; severity: string; pointer?: string; message: string; range: { start: { line: number; column: number } } }[];
}

const files = tempFiles('json-input');
const IN_UPPER = '{"where":{"key":"ClientCountry","operator":"in","value":["US","CA"]}}';
const NEVER = '{"where":{"and":[{"key":"ClientCountry","operator":"eq","value":"us"},{"key":"ClientCountry","operator":"eq","value":"ca"}]}}';
const job = (filter: string) => ({ dataset: 'http_requests', destination_conf: 'r2://bucket/logs', filter });

describe('check --from-json lints as check does', () => {
  it('warns value-case on a JSON filter, at the criterion with its pointer, like the same filter as text', async () => {
    const text = await runCli(['check', 'ClientCountry in (US, CA)']);
    expect(text.stderr).toContain('warning[value-case]');
    const result = await runCli(['check', '--from-json', IN_UPPER]);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(`warning[value-case]: 'ClientCountry' is logged in lower case, so "US" never equals it (at /where)\n --> 1:10\n`);
    expect(result.stderr).toMatch(/ok: 69 bytes, 1 operator\n$/);
  });

  it('warns never-matches on the AND group, with the group’s pointer', async () => {
    const result = await runCli(['check', '--from-json', NEVER, '--json']);
    expect(result.code).toBe(0);
    const machine = JSON.parse(result.stdout) as Machine;
    expect(machine.diagnostics.map((d) => [d.code, d.pointer, d.range.start.column])).toEqual([['never-matches', '/where/and', NEVER.indexOf('{"key"') + 1]]);
  });

  it('--no-lint turns the warnings off for JSON as for text', async () => {
    const result = await runCli(['check', '--from-json', IN_UPPER, '--no-lint']);
    expect(result).toMatchObject({ code: 0, stderr: 'ok: 69 bytes, 1 operator\n' });
  });
});

describe('decompile lints, and reads a bare list of jobs', () => {
  it('prints the text and the lint warning of a job read from a file, inside its escaped filter string', async () => {
    const input = JSON.stringify(job(IN_UPPER));
    const file = files.file('job.json', input);
    const result = await runCli(['decompile', '-f', file]);
    expect(result).toMatchObject({ code: 0, stdout: 'ClientCountry in (US, CA)\n' });
    expect(result.stderr).toContain(`warning[value-case]`);
    expect(result.stderr).toContain(`(at /where)\n --> ${file}:1:${input.indexOf('{\\"key') + 1}\n`);
  });

  it('accepts a bare array of jobs, as jobs check and check --from-json do', async () => {
    const input = JSON.stringify([job('{"where":{"key":"ClientCountry","operator":"eq","value":"us"}}')]);
    const file = files.file('jobs.json', input);
    expect(await runCli(['decompile', '-f', file])).toMatchObject({ code: 0, stdout: 'ClientCountry eq us\n' });
    expect(await runCli(['check', '--from-json', '-f', file])).toMatchObject({ code: 0, stderr: 'ok: 62 bytes, 1 operator\n' });
    expect((await runCli(['jobs', 'check', file])).code).toBe(0);
  });

  it('places the errors of each job in a list at their place in the file', async () => {
    const input = `[\n${JSON.stringify(job('{"where":{"key":"ClientCountry","operator":"eq","value":"us"}}'))},\n${JSON.stringify(job('{"where":{"key":"BotScor","operator":"lt","value":"30"}}'))}\n]\n`;
    const result = await runCli(['decompile', '-f', files.file('two.json', input)]);
    expect(result.code).toBe(1);
    const line = input.split('\n')[2];
    expect(result.stderr).toContain(`(at /where/key)\n --> job ? at /1 (http_requests):3:${line.indexOf('\\"BotScor') + 1}\n`);
  });
});

describe('jobs check places a filter error at its column', () => {
  it('inside the escaped filter string, where decompile places it', async () => {
    const input = JSON.stringify([job('{"where":{"key":"ClientCountri","operator":"eq","value":"us"}}')]);
    const file = files.file('bad.json', input);
    const column = input.indexOf('\\"ClientCountri') + 1;
    const checked = await runCli(['jobs', 'check', file]);
    expect(checked.code).toBe(1);
    expect(checked.stderr).toContain(`filter at /where/key: unknown field 'ClientCountri' in dataset http_requests (at /0/filter)\n --> ${file}:1:${column}\n`);
    const decompiled = await runCli(['decompile', '-f', file]);
    expect(decompiled.stderr).toContain(` --> ${file}:1:${column}\n`);
  });

  it('lints the filter of each job', async () => {
    const result = await runCli(['jobs', 'check', files.file('never.json', JSON.stringify(job(NEVER))), '--json']);
    expect(result.code).toBe(0);
    expect((JSON.parse(result.stdout) as Machine).diagnostics.map((d) => [d.severity, d.code, d.pointer])).toEqual([['warning', 'never-matches', '/filter']]);
  });

  it('checks an account job on firewall_events against the account dataset with --scope account', async () => {
    const file = files.file(
      'fw.json',
      JSON.stringify({ ...job('{"where":{"key":"ZoneName","operator":"eq","value":"example.com"}}'), dataset: 'firewall_events' }),
    );
    expect((await runCli(['jobs', 'check', file, '--scope', 'account'])).code).toBe(0);
    const zone = await runCli(['jobs', 'check', file, '--scope', 'zone']);
    expect(zone.code).toBe(1);
    expect(zone.stderr).toContain("unknown field 'ZoneName'");
  });
});

describe('--scope names the dataset as a job in that scope sees it', () => {
  it('for check of text with -d', async () => {
    expect(await runCli(['check', '-d', 'firewall_events', '--scope', 'account', 'ZoneName eq example.com'])).toMatchObject({ code: 0 });
    const wrong = await runCli(['check', '-d', 'workers_trace_events', '--scope', 'zone', 'Outcome eq ok']);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain("error[wrong-scope]: dataset 'workers_trace_events' is account-scoped");
  });

  it("for decompile of an account's jobs, each job's own dataset read in the scope", async () => {
    const file = files.file(
      'account.json',
      JSON.stringify([{ ...job('{"where":{"key":"ZoneName","operator":"eq","value":"a.com"}}'), dataset: 'firewall_events' }]),
    );
    expect(await runCli(['decompile', '-f', file, '--scope', 'account'])).toMatchObject({ code: 0, stdout: 'ZoneName eq a.com\n' });
    expect((await runCli(['decompile', '-f', file])).stderr).toContain("unknown field 'ZoneName' in dataset firewall_events");
  });
});
