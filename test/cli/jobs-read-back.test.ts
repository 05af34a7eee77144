/** Jobs read back: decompile, check --from-json and test --from-json take the job's own dataset and every job of a list. */
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';

const DNS_JOB = JSON.stringify({ id: 7, dataset: 'dns_logs', filter: '{"where":{"key":"QueryName","operator":"eq","value":"a.com"}}' });
const WEB_JOB = JSON.stringify({ id: 8, dataset: 'http_requests', filter: '{"where":{"key":"ClientCountry","operator":"eq","value":"us"}}' });

describe('jobs read back', () => {
  it("decompile takes the dataset from the job; an explicit -d that disagrees is an error (which one is meant is the user's call)", async () => {
    expect(await runCli(['decompile', DNS_JOB])).toEqual({ code: 0, stdout: 'QueryName eq a.com\n', stderr: '' });
    const explicit = await runCli(['decompile', '-d', 'http_requests', DNS_JOB, '--no-color']);
    expect(explicit.code).toBe(1);
    expect(explicit.stdout).toBe('');
    expect(explicit.stderr).toContain("error[dataset-disagrees]: -d http_requests disagrees with the job's dataset 'dns_logs'");
    expect(explicit.stderr).toContain("= hint: drop -d: a job's filter runs against the job's own dataset");
  });

  it("accepts the CLI's own --json outputs of jobs get and jobs list", async () => {
    expect((await runCli(['decompile', '-f', '-'], { input: JSON.stringify({ ok: true, job: JSON.parse(DNS_JOB) }) })).stdout).toBe('QueryName eq a.com\n');
    const list = JSON.stringify({ ok: true, jobs: [JSON.parse(DNS_JOB), JSON.parse(WEB_JOB)] });
    const decompiled = await runCli(['decompile', '-f', '-'], { input: list });
    expect(decompiled).toEqual({
      code: 0,
      stdout: '# job 7 at /jobs/0 (dns_logs)\nQueryName eq a.com\n# job 8 at /jobs/1 (http_requests)\nClientCountry eq us\n',
      stderr: '',
    });
    const json = JSON.parse((await runCli(['decompile', '-f', '-', '--json'], { input: list })).stdout);
    expect(json.jobs.map((job: { id: number; dataset: string; text: string }) => [job.id, job.dataset, job.text])).toEqual([
      [7, 'dns_logs', 'QueryName eq a.com'],
      [8, 'http_requests', 'ClientCountry eq us'],
    ]);
  });

  it('check --from-json on a list gives one result per job and exits 1 when one has errors', async () => {
    const broken = JSON.stringify({ id: 9, dataset: 'dns_logs', filter: '{"where":{"key":"ClientCountry","operator":"eq","value":"us"}}' });
    const list = `[${DNS_JOB},${broken}]`;
    const result = await runCli(['check', '--from-json', '-f', '-', '--no-color'], { input: list });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('job 7 at /0 (dns_logs): ok: ');
    expect(result.stderr).toContain("error[unknown-field]: unknown field 'ClientCountry' in dataset dns_logs");
    expect(result.stderr).toContain('--> job 9 at /1 (dns_logs):');
  });

  it('test --from-json evaluates a job against its own dataset', async () => {
    const logs = `${JSON.stringify({ QueryName: 'a.com' })}\n${JSON.stringify({ QueryName: 'b.com' })}\n`;
    const result = await runCli(['test', '--from-json', DNS_JOB, '--logs', '-', '--count'], { input: logs });
    expect(result).toEqual({ code: 0, stdout: 'matched 1 of 2\n', stderr: '' });
  });
});
