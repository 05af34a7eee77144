/**
 * The write paths as a user meets them: a dry run sends nothing but GETs (whatever the command), jobs are
 * written with output_options only (an update converts logpull_options), and a command that fails after
 * a write says what a read afterwards found, in its message and in its --json error.
 */
import { describe, expect, it } from 'vitest';
import type { Emulator } from '@logfilter/emulator';
import { mapLimited, runCli } from '../support/cli.js';
import { cliEnv, clientOf, emulator, ZONE } from '../support/emulator.js';

const DESTINATION = 's3://bucket/logs?region=us-east-1';
const zone = ['--zone', ZONE];

/** Resolves once the emulator has received `count` requests that `match` accepts. */
async function received(server: Emulator, match: (method: string, path: string) => boolean, count = 1): Promise<void> {
  while (server.requests.filter((request) => match(request.method, request.path)).length < count) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('--dry-run', () => {
  /** Every command that takes --dry-run, with arguments that would write. */
  const DRY_RUNS: Record<string, string[]> = {
    'custom-fields set': ['custom-fields', 'set', ...zone, '--request', 'x-a'],
    'jobs create': ['jobs', 'create', ...zone, '--name', 'w', '--destination', DESTINATION, '--fields', 'RayID', '--ownership-challenge', 'token-1'],
    'jobs update': ['jobs', 'update', ...zone, '--id', '1', '--output-option', 'sample_rate=0.5', '--filter', 'ClientCountry eq us'],
    'jobs enable': ['jobs', 'enable', ...zone, '--id', '1'],
    'jobs disable': ['jobs', 'disable', ...zone, '--id', '1'],
    'jobs delete': ['jobs', 'delete', ...zone, '--id', '1'],
    'jobs ownership': ['jobs', 'ownership', ...zone, '--destination', DESTINATION],
  };
  const SERVICE_COMMANDS = [
    'custom-fields get',
    'custom-fields set',
    'jobs create',
    'jobs list',
    'jobs get',
    'jobs update',
    'jobs enable',
    'jobs disable',
    'jobs delete',
    'jobs ownership',
    'jobs validate-destination',
    'catalog pull',
  ];

  it('is offered by exactly the commands tested here', async () => {
    const helps = await mapLimited(SERVICE_COMMANDS, (command) => runCli([...command.split(' '), '--help']));
    const offering = SERVICE_COMMANDS.filter((_, index) => helps[index].stdout.includes('--dry-run'));
    expect(offering.sort()).toEqual(Object.keys(DRY_RUNS).sort());
  });

  it('sends only GETs, for every command that takes it; a validating POST is shown, not sent', async () => {
    const server = await emulator();
    await clientOf(server).jobs.create(ZONE, { destination_conf: DESTINATION, logpull_options: 'fields=RayID' });
    await clientOf(server).customFields.set(ZONE, { cookie: ['session'] });
    const before = server.requests.length;
    const runs = await mapLimited(Object.values(DRY_RUNS), (args) => runCli([...args, '--dry-run'], { env: cliEnv(server) }));
    for (const run of runs) expect(run).toMatchObject({ code: 0 });
    expect(server.requests.slice(before).filter((request) => request.method !== 'GET')).toEqual([]);
    const create = runs[Object.keys(DRY_RUNS).indexOf('jobs create')].stdout;
    expect(create).toContain(`# not sent (dry run)\nPOST ${server.baseUrl}/zones/${ZONE}/logpush/ownership/validate\n`);
    expect(create).toContain('dry run: nothing was sent');
    expect(server.state.zone(ZONE).jobs).toHaveLength(1);
    expect(server.state.zone(ZONE).jobs[0]).toMatchObject({ enabled: false, logpull_options: 'fields=RayID' });
    expect((server.state.zone(ZONE).jobs[0] as { output_options?: unknown }).output_options ?? null).toBe(null);
  });
});

describe('one form of job options', () => {
  it('create --fields/--timestamps writes output_options, so a later --output-option keeps the fields and the format', async () => {
    const server = await emulator();
    const env = cliEnv(server);
    const created = await runCli(
      ['jobs', 'create', ...zone, '--name', 'w', '--destination', DESTINATION, '--fields', 'RayID,ClientIP', '--timestamps', 'unix'],
      {
        env,
      },
    );
    expect(created.code).toBe(0);
    const updated = await runCli(['jobs', 'update', ...zone, '--id', '1', '--output-option', 'sample_rate=0.5'], { env });
    expect(updated).toMatchObject({ code: 0, stderr: '' });
    expect(server.state.zone(ZONE).jobs[0]).toMatchObject({
      logpull_options: null,
      output_options: { field_names: ['RayID', 'ClientIP'], timestamp_format: 'unix', sample_rate: 0.5 },
    });
  });

  it('an update of a job with logpull_options converts them into output_options, clears them, and says so', async () => {
    const server = await emulator();
    const env = cliEnv(server);
    await clientOf(server).jobs.create(ZONE, {
      destination_conf: DESTINATION,
      logpull_options: 'fields=RayID,ClientIP&timestamps=rfc3339&CVE-2021-44228=true',
    });
    await clientOf(server).jobs.create(ZONE, { destination_conf: DESTINATION, logpull_options: 'fields=RayID' });
    const text = await runCli(['jobs', 'update', ...zone, '--id', '1', '--output-option', 'sample_rate=0.5'], { env });
    expect(text.code).toBe(0);
    expect(text.stderr).toBe(
      "note: job 1 had logpull_options 'fields=RayID,ClientIP&timestamps=rfc3339&CVE-2021-44228=true': converted into output_options (which the service prefers) and cleared, so the job is written in one form\n",
    );
    expect(server.state.zone(ZONE).jobs[0]).toMatchObject({
      logpull_options: null,
      output_options: { field_names: ['RayID', 'ClientIP'], timestamp_format: 'rfc3339', 'CVE-2021-44228': true, sample_rate: 0.5 },
    });
    const json = JSON.parse((await runCli(['jobs', 'update', ...zone, '--id', '2', '--clear-filter', '--json'], { env })).stdout);
    expect(json).toMatchObject({ ok: true, legacy: { logpull_options: 'fields=RayID', converted: true }, job: { output_options: { field_names: ['RayID'] } } });
    expect(server.state.zone(ZONE).jobs[1].logpull_options).toBe(null);
  });
});

/**
 * How long the emulator holds one writer's request back while the other writer's requests land:
 * generous, so that a loaded machine still fits them in it (the test waits it out once).
 */
const HOLD_MS = 3_000;

describe('a failure after a write says what is in place', () => {
  it('custom-fields set whose version check keeps failing says its field was written (text and --json)', async () => {
    const fail = async (json: boolean) => {
      const server = await emulator();
      await clientOf(server).customFields.set(ZONE, { cookie: ['session'] });
      // The CLI's PUT is held while another writer adds x-a; applied after, it drops x-a, so the CLI must
      // read the version in between, and that read always fails.
      server.faults.add({ method: 'PUT', fault: { kind: 'delay', ms: HOLD_MS } });
      server.faults.add({ method: 'GET', path: '/versions/', times: Number.POSITIVE_INFINITY, fault: { kind: 'status', status: 503 } });
      const run = runCli(['custom-fields', 'set', ...zone, '--request', 'x-b', '--retries', '0', ...(json ? ['--json'] : [])], { env: cliEnv(server) });
      await received(server, (method) => method === 'PUT', 2);
      await clientOf(server).customFields.set(ZONE, { request: ['x-a'] });
      return run;
    };
    const [text, json] = await Promise.all([fail(false), fail(true)]);
    const written = 'the change was written: a read afterwards finds request_fields: x-b in ruleset';
    expect(text).toMatchObject({ code: 2, stdout: '' });
    expect(text.stderr).toContain(written);
    expect(json.code).toBe(2);
    expect(JSON.parse(json.stdout).error).toMatchObject({ kind: 'service', status: 503, written: 'applied', message: expect.stringContaining(written) });
  });

  it('jobs update that cannot read the job back after a lost answer says it cannot tell, and never claims success', async () => {
    const server = await emulator();
    await clientOf(server).jobs.create(ZONE, { destination_conf: DESTINATION });
    server.faults.add({ method: 'PUT', fault: { kind: 'lose-answer' } });
    const run = runCli(['jobs', 'update', ...zone, '--id', '1', '--output-option', 'sample_rate=0.5', '--retries', '0', '--json'], { env: cliEnv(server) });
    await received(server, (method) => method === 'PUT');
    server.faults.add({ method: 'GET', times: Number.POSITIVE_INFINITY, fault: { kind: 'status', status: 503 } });
    const result = await run;
    expect(result.code).toBe(2);
    const { error } = JSON.parse(result.stdout);
    expect(error).toMatchObject({ written: 'unknown' });
    expect(error.message).toMatch(/^cannot tell whether the change to job 1 landed: a PUT was sent whose outcome is unknown/);
  });
});
