/** Jobs under an account, updates that keep what they do not name, and the whole job checked: the built CLI against the emulator. */
import { describe, expect, it } from 'vitest';
import { ownershipToken, scopeOfPath } from '@logfilter/emulator';
import { runCli, tempFiles } from '../support/cli.js';
import { cliEnv, emulator, requestLines, ZONE } from '../support/emulator.js';

const ACCOUNT = '01a7362d577a6c3019a474fd6f485823';
const DESTINATION = 's3://bucket/workers?region=us-east-1';
const account = ['--account', ACCOUNT];

describe('logfilter jobs under an account', () => {
  it('creates, lists, updates (filter changed, cleared, enabled) and deletes an account-scoped job', async () => {
    const server = await emulator();
    const env = cliEnv(server);
    const create = await runCli(
      ['jobs', 'create', ...account, '--name', 'workers', '--destination', DESTINATION, '--dataset', 'workers_trace_events', '--filter', 'Outcome eq ok'],
      { env },
    );
    expect(create).toEqual({ code: 0, stdout: `created job 1 'workers' (workers_trace_events) -> ${DESTINATION}\n`, stderr: '' });
    expect((await runCli(['jobs', 'list', ...account], { env })).stdout).toBe(`1\tworkers\tworkers_trace_events\tdisabled\t${DESTINATION}\n`);

    const changed = await runCli(['jobs', 'update', ...account, '--id', '1', '--filter', 'Outcome eq exception'], { env });
    expect(changed.code).toBe(0);
    const read = async () => JSON.parse((await runCli(['jobs', 'get', ...account, '--id', '1', '--json'], { env })).stdout).job;
    expect((await read()).filter).toBe('{"where":{"key":"Outcome","operator":"eq","value":"exception"}}');
    expect((await runCli(['jobs', 'update', ...account, '--id', '1', '--clear-filter'], { env })).code).toBe(0);
    expect((await read()).filter).toBeNull();
    expect((await runCli(['jobs', 'enable', ...account, '--id', '1'], { env })).stdout).toBe('updated job 1 (enabled): enabled\n');
    expect((await read()).enabled).toBe(true);

    expect((await runCli(['jobs', 'delete', ...account, '--id', '1'], { env })).stdout).toBe('deleted job 1\n');
    expect((await runCli(['jobs', 'list', ...account], { env })).stdout).toBe(`account ${ACCOUNT} has no jobs\n`);
    expect(requestLines(server).every((line) => line.includes(`/accounts/${ACCOUNT}/logpush/jobs`))).toBe(true);
  });

  it('an update that names one output option keeps every other one', async () => {
    const server = await emulator();
    const env = cliEnv(server);
    await runCli(['jobs', 'create', '--zone', ZONE, '--name', 'web', '--destination', DESTINATION], { env });
    const first = ['jobs', 'update', '--zone', ZONE, '--id', '1', '--fields', 'RayID,ClientIP', '--output-option', 'timestamp_format=rfc3339ms'];
    expect((await runCli([...first, '--output-option', 'sample_rate=0.5'], { env })).code).toBe(0);
    const second = await runCli(['jobs', 'update', '--zone', ZONE, '--id', '1', '--output-option', 'CVE-2021-44228=true', '--json'], { env });
    expect(JSON.parse(second.stdout).job.output_options).toEqual({
      field_names: ['RayID', 'ClientIP'],
      timestamp_format: 'rfc3339ms',
      sample_rate: 0.5,
      'CVE-2021-44228': true,
    });
    const put = server.requests.filter((request) => request.method === 'PUT').at(-1)!;
    expect(put.body).toEqual({
      output_options: { field_names: ['RayID', 'ClientIP'], timestamp_format: 'rfc3339ms', sample_rate: 0.5, 'CVE-2021-44228': true },
    });
    const removed = await runCli(['jobs', 'update', '--zone', ZONE, '--id', '1', '--output-option', 'sample_rate=', '--json'], { env });
    expect(JSON.parse(removed.stdout).job.output_options).toEqual({
      field_names: ['RayID', 'ClientIP'],
      timestamp_format: 'rfc3339ms',
      'CVE-2021-44228': true,
    });
  });

  it('refuses a bad change before the PUT (a typo, a leading space in a field name); a dry run sends no PUT', async () => {
    const server = await emulator();
    const env = cliEnv(server);
    await runCli(['jobs', 'create', '--zone', ZONE, '--name', 'web', '--destination', DESTINATION], { env });
    const typo = await runCli(['jobs', 'update', '--zone', ZONE, '--id', '1', '--output-option', 'field_names=RayID, ClientIP,EdgeResponseStatu'], { env });
    expect(typo.code).toBe(1);
    expect(typo.stderr).toContain("error[space-in-fields]: ' ClientIP' has spaces around the field name (at /output_options/field_names/1)");
    expect(typo.stderr).toContain(
      "error[unknown-field]: unknown field 'EdgeResponseStatu' in dataset http_requests (at /output_options/field_names/2)\n  = hint: did you mean 'EdgeResponseStatus'?",
    );
    expect(server.requests.some((request) => request.method === 'PUT')).toBe(false);
    const dryRun = await runCli(['jobs', 'disable', '--zone', ZONE, '--id', '1', '--dry-run'], { env });
    expect(dryRun.stdout).toContain(`# not sent (dry run)\nPUT ${server.baseUrl}/zones/${ZONE}/logpush/jobs/1`);
    expect(server.requests.some((request) => request.method === 'PUT')).toBe(false);
  });

  it('refuses a zone-scoped create of an account dataset before any request is sent', async () => {
    const server = await emulator();
    const result = await runCli(['jobs', 'create', '--zone', ZONE, '--name', 'w', '--destination', DESTINATION, '--dataset', 'workers_trace_events'], {
      env: cliEnv(server),
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("error[wrong-scope]: dataset 'workers_trace_events' is account-scoped");
    expect(result.stderr).toContain('hint: use --account ID instead of --zone ID');
    expect(server.requests).toEqual([]);
    const neither = await runCli(['jobs', 'list'], { env: cliEnv(server) });
    expect(neither.code).toBe(2);
    expect(neither.stderr).toContain('give --zone ID or --account ID');
  });

  it('the emulator refuses an id that is not 32 hex characters and an unknown destination scheme', async () => {
    const server = await emulator();
    const env = cliEnv(server);
    const badId = await runCli(['jobs', 'list', '--zone', 'my-zone'], { env });
    expect(badId.code).toBe(1);
    expect(badId.stderr).toContain('error[7003]: Could not route to /zones/my-zone/logpush/jobs');
    const response = await fetch(`${server.baseUrl}/zones/${ZONE}/logpush/jobs`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${env.CLOUDFLARE_API_TOKEN}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ destination_conf: 'ftp://x' }),
    });
    expect(response.status).toBe(400);
    expect((await response.json()).errors[0]).toMatchObject({
      message: expect.stringContaining("unknown destination scheme 'ftp://'"),
      source: { pointer: '/destination_conf' },
    });
    const local = await runCli(['jobs', 'create', '--zone', ZONE, '--name', 'w', '--destination', 'ftp://x'], { env });
    expect(local.code).toBe(1);
    expect(local.stderr).toContain("error[invalid-destination]: unknown destination scheme 'ftp://'");
  });

  it('jobs update --help prints the update command and exits 0', async () => {
    const result = await runCli(['jobs', 'update', '--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Usage: logfilter jobs update \[options\]/);
    expect(result.stdout).toContain('--clear-filter');
  });
});

describe('logfilter jobs check', () => {
  it('finds every problem of a job body in one run, each with its pointer', async () => {
    const body = {
      name: 'dns-logs',
      dataset: 'dns_logs',
      destination_conf: 's3://bucket/dns',
      kind: 'edge',
      max_upload_bytes: 1000,
      output_options: { field_names: ['QueryName', ' QueryType', 'ResponseCod'] },
      filter: '{"where":{"key":"ClientCountry","operator":"eq","value":"us"}}',
    };
    const file = tempFiles('jobs-check').file('job.json', `${JSON.stringify(body, null, 2)}\n`);
    const result = await runCli(['jobs', 'check', file, '--json']);
    expect(result.code).toBe(1);
    const problems = JSON.parse(result.stdout).diagnostics.map((d: { code: string; pointer: string }) => `${d.code} ${d.pointer}`);
    expect(problems).toEqual([
      'invalid-kind /kind',
      'out-of-range /max_upload_bytes',
      'space-in-fields /output_options/field_names/1',
      'unknown-field /output_options/field_names/2',
      'unknown-field /filter',
    ]);
    const text = await runCli(['jobs', 'check', file]);
    expect(text.stderr).toContain("error[unknown-field]: filter at /where/key: unknown field 'ClientCountry' in dataset dns_logs (at /filter)");
    expect(text.stderr).toContain('5 |   "kind": "edge",');
    expect(text.stderr).toContain('5 errors: job (new) (dns_logs)');
  });

  it('lints a whole jobs list answer, each job against its own dataset', async () => {
    const server = await emulator();
    const env = cliEnv(server);
    await runCli(['jobs', 'create', '--zone', ZONE, '--name', 'web', '--destination', DESTINATION, '--filter', 'ClientCountry eq us'], { env });
    await runCli(['jobs', 'create', '--zone', ZONE, '--name', 'dns', '--destination', DESTINATION, '--dataset', 'dns_logs', '--filter', 'QueryName eq a.com'], {
      env,
    });
    const listed = await runCli(['jobs', 'list', '--zone', ZONE, '--json'], { env });
    const checked = await runCli(['jobs', 'check', '-', '--scope', 'zone'], { input: listed.stdout });
    expect(checked).toMatchObject({ code: 0, stdout: '' });
    expect(checked.stderr).toBe('ok: job 1 at /jobs/0 (http_requests)\nok: job 2 at /jobs/1 (dns_logs)\n');
    const wrongScope = await runCli(['jobs', 'check', '-', '--scope', 'account', '--json'], { input: listed.stdout });
    expect(wrongScope.code).toBe(1);
  });

  it('options convert turns a logpull_options string into output_options', async () => {
    const result = await runCli(['jobs', 'options', 'convert', 'fields=RayID,ClientIP&timestamps=rfc3339&sample=0.1&CVE-2021-44228=true', '--json']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).output_options).toEqual({
      field_names: ['RayID', 'ClientIP'],
      timestamp_format: 'rfc3339',
      sample_rate: 0.1,
      'CVE-2021-44228': true,
    });
    const typo = await runCli(['jobs', 'options', 'convert', 'fields=RayID,ClientIp']);
    expect(typo.code).toBe(1);
    expect(typo.stderr).toContain("unknown field 'ClientIp' in dataset http_requests");
  });
});

describe('logfilter jobs ownership and validate-destination', () => {
  it('writes a challenge, validates it before the create, and refuses one for another destination', async () => {
    const server = await emulator();
    const env = cliEnv(server);
    const asked = await runCli(['jobs', 'ownership', ...account, '--destination', DESTINATION], { env });
    expect(asked.code).toBe(0);
    expect(asked.stdout).toMatch(/^challenge written to bucket\/workers\/ownership-challenge-[0-9a-f]{8}\.txt\n/);
    const token = ownershipToken(server.state, scopeOfPath('accounts', ACCOUNT, ''), DESTINATION)!;
    const job = ['jobs', 'create', ...account, '--name', 'w', '--dataset', 'workers_trace_events', '--ownership-challenge', token];
    const other = await runCli([...job, '--destination', 's3://other/bucket'], { env });
    expect(other.code).toBe(1);
    expect(other.stderr).toContain('the ownership challenge is not valid for this destination');
    expect(server.requests.filter((request) => request.path.endsWith('/jobs'))).toEqual([]);
    expect((await runCli([...job, '--destination', DESTINATION], { env })).code).toBe(0);
  });

  it('validate-destination asks the service; an unknown scheme is refused before sending', async () => {
    const server = await emulator();
    const env = cliEnv(server);
    expect(await runCli(['jobs', 'validate-destination', ...account, DESTINATION], { env })).toEqual({
      code: 0,
      stdout: `valid: ${DESTINATION}\n`,
      stderr: '',
    });
    const ftp = await runCli(['jobs', 'validate-destination', ...account, 'ftp://x', '--json'], { env });
    expect(ftp.code).toBe(1);
    expect(JSON.parse(ftp.stdout).diagnostics[0]).toMatchObject({ code: 'invalid-destination', pointer: '/destination_conf' });
    expect(server.requests).toHaveLength(1);
  });
});

describe('logfilter catalog pull', () => {
  it("compares the service's fields with the built-in catalog, new fields as type unknown with a warning", async () => {
    const server = await emulator();
    const env = cliEnv(server);
    const same = await runCli(['catalog', 'pull', '--dataset', 'dns_logs', '--zone', ZONE, '--json'], { env });
    expect(same.code).toBe(0);
    expect(JSON.parse(same.stdout)).toMatchObject({ ok: true, dataset: 'dns_logs', missing: [], extra: [] });
    expect(requestLines(server)).toEqual([`GET /zones/${ZONE}/logpush/datasets/dns_logs/fields`]);

    // A local catalog that lacks QueryName and has a field the service does not list.
    const catalog = tempFiles('catalog-pull').file(
      'dns.json',
      JSON.stringify({
        dataset: 'dns_logs',
        scope: 'zone',
        fields: [
          { name: 'QueryType', type: 'int' },
          { name: 'OldField', type: 'string' },
        ],
      }),
    );
    const differs = await runCli(['--catalog', catalog, 'catalog', 'pull', '--dataset', 'dns_logs', '--zone', ZONE, '--no-color'], { env });
    expect(differs.code).toBe(0);
    expect(differs.stderr).toContain("warning[field-not-in-catalog]: 'QueryName' is served but not in the catalog; its type is unknown");
    expect(differs.stderr).toContain("warning[field-not-served]: 'OldField' is in the catalog but the service does not list it");
    const served = JSON.parse(same.stdout).served as number;
    expect(differs.stdout).toBe(`dns_logs: ${served} fields served, ${served - 1} missing from the catalog, 1 in the catalog only\n`);
    const wrongScope = await runCli(['catalog', 'pull', '--dataset', 'workers_trace_events', '--zone', ZONE], { env });
    expect(wrongScope.code).toBe(1);
    expect(wrongScope.stderr).toContain('use --account ID instead of --zone ID');
  });
});

describe('logfilter jobs create with output_options', () => {
  it('sends --fields and --output-option together as output_options, refuses an option given twice, refuses a typo', async () => {
    const server = await emulator();
    const env = cliEnv(server);
    const create = ['jobs', 'create', '--zone', ZONE, '--name', 'web', '--destination', DESTINATION];
    const twice = await runCli([...create, '--timestamps', 'unix', '--output-option', 'timestamp_format=rfc3339ns'], { env });
    expect(twice.code).toBe(2);
    expect(twice.stderr).toContain('timestamp_format given twice: by --output-option and by --fields, --timestamps, --option or --logpull-options');
    const both = await runCli([...create, '--fields', 'RayID,ClientIP', '--output-option', 'timestamp_format=rfc3339ns'], { env });
    expect(both).toMatchObject({ code: 0, stderr: '' });
    expect(server.state.zone(ZONE).jobs[0]).toMatchObject({
      logpull_options: null,
      output_options: { timestamp_format: 'rfc3339ns', field_names: ['RayID', 'ClientIP'] },
    });
    const typo = await runCli([...create, '--output-option', 'timestamp_format=rfc3339mz', '--json'], { env });
    expect(typo.code).toBe(1);
    expect(JSON.parse(typo.stdout).diagnostics[0]).toMatchObject({
      code: 'invalid-option-value',
      pointer: '/output_options/timestamp_format',
      hint: "did you mean 'rfc3339ms'?",
    });
    expect(server.requests.filter((request) => request.method === 'POST')).toHaveLength(1);
  });
});
