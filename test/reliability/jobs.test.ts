/**
 * Concurrent `jobs update` processes against one emulator: the service replaces output_options whole,
 * so two writers that read the same job can overwrite each other. Each update reads back and merges
 * again when its change was lost; every option set by every process must survive.
 */
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { cliEnv, emulator, ZONE } from '../support/emulator.js';

const DESTINATION = 's3://bucket/logs?region=us-east-1';
/** Each process sets one option; all of them run at once. */
const OPTIONS = ['timestamp_format=rfc3339', 'sample_rate=0.5', 'CVE-2021-44228=true', 'output_type=ndjson', 'batch_prefix=[', 'batch_suffix=]'];

describe('concurrent jobs update', () => {
  it('keeps every option when several processes update different options of one job at once', async () => {
    const server = await emulator();
    const env = cliEnv(server);
    expect((await runCli(['jobs', 'create', '--zone', ZONE, '--name', 'web', '--destination', DESTINATION], { env })).code).toBe(0);
    // Every GET is slowed, so that the processes' reads overlap their neighbours' writes.
    server.faults.add({ method: 'GET', path: '/logpush/jobs/1', times: Number.POSITIVE_INFINITY, fault: { kind: 'delay', ms: 40 } });
    const runs = await Promise.all(
      OPTIONS.map((option) => runCli(['jobs', 'update', '--zone', ZONE, '--id', '1', '--output-option', option, '--json', '--retries', '0'], { env })),
    );
    for (const run of runs) expect(run).toMatchObject({ code: 0, stderr: '' });
    const job = JSON.parse((await runCli(['jobs', 'get', '--zone', ZONE, '--id', '1', '--json'], { env })).stdout).job;
    expect(job.output_options).toEqual({
      timestamp_format: 'rfc3339',
      sample_rate: 0.5,
      'CVE-2021-44228': true,
      output_type: 'ndjson',
      batch_prefix: '[',
      batch_suffix: ']',
    });
    const puts = server.requests.filter((request) => request.method === 'PUT').length;
    // At least one PUT per process; more when a lost change was merged again.
    expect(puts).toBeGreaterThanOrEqual(OPTIONS.length);
    const attempts = runs.map((run) => JSON.parse(run.stdout).attempts as number);
    expect(attempts.reduce((sum, n) => sum + n, 0)).toBe(puts);
  });
});
