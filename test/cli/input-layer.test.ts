/**
 * One input layer: the `# dataset:` first line, `-` on standard input, a job's dataset, and a -d that
 * disagrees with either behave the same in every command that reads a filter.
 */
import { describe, expect, it } from 'vitest';
import { type CliResult, runCli, tempFiles } from '../support/cli.js';

const files = tempFiles('input-layer');
const DNS = '# dataset: dns_logs\nQueryName eq example.com\n';
const dnsFile = files.file('dns.lf', DNS);
const httpFile = files.file('http.lf', '# dataset: http_requests\nClientCountry eq us\n');
const JOB = JSON.stringify({ dataset: 'dns_logs', filter: JSON.stringify({ where: { key: 'QueryName', operator: 'eq', value: 'example.com' } }) });
const logs = files.file('dns.ndjson', '{"QueryName":"example.com"}\n{"QueryName":"other.example"}\n');

interface Case {
  args: string[];
  input?: string;
  /** The exit code, and what the run must show. */
  code: number;
  shows: (run: CliResult) => void;
}

const passes = (text: string) => (run: CliResult) => expect(run.stdout + run.stderr).toContain(text);
const conflict = (run: CliResult) => {
  expect(run.stderr).toContain('error[dataset-disagrees]');
  expect(run.stderr).toContain('= hint: drop -d');
};

/** Per command: a file with a dataset line, `-` with one, a job, a -d that disagrees (null where the command takes no such input). */
const TABLE: Record<string, Record<'dataset line' | 'stdin with a dataset line' | 'a job' | 'a conflicting -d', Case | null>> = {
  compile: {
    'dataset line': { args: ['compile', '-f', dnsFile], code: 0, shows: passes('"key":"QueryName"') },
    'stdin with a dataset line': { args: ['compile', '-'], input: DNS, code: 0, shows: passes('"key":"QueryName"') },
    'a job': null,
    'a conflicting -d': { args: ['compile', '-f', dnsFile, '-d', 'http_requests'], code: 1, shows: conflict },
  },
  check: {
    'dataset line': { args: ['check', '-f', dnsFile], code: 0, shows: passes('ok: ') },
    'stdin with a dataset line': { args: ['check', '-'], input: DNS, code: 0, shows: passes('ok: ') },
    'a job': { args: ['check', '--from-json', JOB], code: 0, shows: passes('ok: ') },
    'a conflicting -d': { args: ['check', '--from-json', JOB, '-d', 'http_requests'], code: 1, shows: conflict },
  },
  decompile: {
    'dataset line': null,
    'stdin with a dataset line': { args: ['decompile', '-'], input: JOB, code: 0, shows: passes('QueryName eq example.com') },
    'a job': { args: ['decompile', JOB], code: 0, shows: passes('QueryName eq example.com') },
    'a conflicting -d': { args: ['decompile', JOB, '-d', 'http_requests'], code: 1, shows: conflict },
  },
  // diff: an input with errors is exit 2, as its exit codes are documented (1 means the filters differ).
  diff: {
    'dataset line': { args: ['diff', dnsFile, dnsFile], code: 0, shows: passes('same meaning') },
    'stdin with a dataset line': { args: ['diff', '-', dnsFile], input: DNS, code: 0, shows: passes('same meaning') },
    'a job': { args: ['diff', JOB, 'QueryName in (example.com)'], code: 0, shows: passes('same meaning') },
    'a conflicting -d': { args: ['diff', dnsFile, dnsFile, '-d', 'http_requests'], code: 2, shows: conflict },
  },
  test: {
    'dataset line': { args: ['test', '-f', dnsFile, '--logs', logs, '--count'], code: 0, shows: passes('matched 1 of 2') },
    'stdin with a dataset line': { args: ['test', '-', '--logs', logs, '--count'], input: DNS, code: 0, shows: passes('matched 1 of 2') },
    'a job': { args: ['test', '--from-json', JOB, '--logs', logs, '--count'], code: 0, shows: passes('matched 1 of 2') },
    'a conflicting -d': { args: ['test', '-f', dnsFile, '-d', 'http_requests', '--logs', logs], code: 1, shows: conflict },
  },
  explain: {
    'dataset line': { args: ['explain', '-f', dnsFile], code: 0, shows: passes('QueryName') },
    'stdin with a dataset line': { args: ['explain', '-'], input: DNS, code: 0, shows: passes('QueryName') },
    'a job': null,
    'a conflicting -d': { args: ['explain', '-f', dnsFile, '-d', 'http_requests'], code: 1, shows: conflict },
  },
  sql: {
    'dataset line': { args: ['sql', '--dialect', 'duckdb', '-f', dnsFile], code: 0, shows: passes('QueryName') },
    'stdin with a dataset line': { args: ['sql', '--dialect', 'duckdb', '-'], input: DNS, code: 0, shows: passes('QueryName') },
    'a job': { args: ['sql', '--dialect', 'duckdb', '--from-json', JOB], code: 0, shows: passes('QueryName') },
    'a conflicting -d': { args: ['sql', '--dialect', 'duckdb', '-f', dnsFile, '-d', 'http_requests'], code: 1, shows: conflict },
  },
  // fmt takes no dataset: the line is kept as it is.
  fmt: {
    'dataset line': { args: ['fmt', dnsFile], code: 0, shows: passes(DNS) },
    'stdin with a dataset line': { args: ['fmt', '-'], input: DNS, code: 0, shows: passes(DNS) },
    'a job': null,
    'a conflicting -d': null,
  },
  // tail streams http_requests: a filter whose line names another dataset is refused before anything is sent.
  tail: {
    'dataset line': { args: ['tail', '--zone', 'z', '-f', httpFile, '--dry-run'], code: 0, shows: passes('dry run: nothing was sent') },
    'stdin with a dataset line': { args: ['tail', '--zone', 'z', '-', '--dry-run'], input: DNS, code: 1, shows: passes('tail streams http_requests') },
    'a job': null,
    'a conflicting -d': {
      args: ['tail', '--zone', 'z', '-f', dnsFile],
      code: 1,
      shows: (run) =>
        expect(run.stderr).toContain(
          `error[dataset-disagrees]: tail streams http_requests (Instant Logs), and the filter is for dns_logs\n --> ${dnsFile}:1:12\n`,
        ),
    },
  },
};

describe('the input layer, command by command', () => {
  for (const [command, cases] of Object.entries(TABLE)) {
    for (const [name, run] of Object.entries(cases)) {
      if (!run) continue;
      it(`${command}: ${name}`, async () => {
        const result = await runCli(run.args, { input: run.input });
        expect(result.code, `${result.stdout}${result.stderr}`).toBe(run.code);
        run.shows(result);
      });
    }
  }

  it("diff JOB TEXT checks the text against the job's dataset (it was checked against http_requests)", async () => {
    const result = await runCli(['diff', JOB, 'QueryName in (example.com, other.example)', '--json']);
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout)).toMatchObject({ ok: true, relation: 'new-wider', witnesses: [{ record: { QueryName: 'other.example' } }] });
  });

  it('a -d that agrees with the dataset line or the job is no conflict', async () => {
    expect((await runCli(['check', '-f', dnsFile, '-d', 'dns_logs'])).code).toBe(0);
    expect((await runCli(['decompile', JOB, '-d', 'dns_logs'])).code).toBe(0);
  });
});
