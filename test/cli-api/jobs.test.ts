import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { ownershipToken, scopeOfPath } from '@logfilter/emulator';
import { cliEnv, EMAIL, emulator, KEY, requestLines, TOKEN, ZONE } from '../support/emulator.js';

const jobs = `/zones/${ZONE}/logpush/jobs`;
const create = ['jobs', 'create', '--zone', ZONE, '--name', 'web-logs', '--destination', 's3://bucket/logs?region=us-east-1'];
const COMPILED = '{"where":{"key":"ClientCountry","operator":"in","value":["us","ca"]}}';

describe('logfilter jobs, against the emulator', () => {
  it("create --filter 'ClientCountry in (us,ca)' stores the compiled JSON string", async () => {
    const server = await emulator();
    const destination = 's3://bucket/logs?region=us-east-1';
    expect((await runCli(['jobs', 'ownership', '--zone', ZONE, '--destination', destination], { env: cliEnv(server) })).code).toBe(0);
    const challenge = ownershipToken(server.state, scopeOfPath('zones', ZONE, ''), destination)!;
    const result = await runCli(
      [
        ...create,
        '--fields',
        'RayID,ClientIP,EdgeStartTimestamp',
        '--timestamps',
        'rfc3339',
        '--option',
        'CVE-2021-44228=true',
        '--ownership-challenge',
        challenge,
        '--filter',
        'ClientCountry in (us,ca)',
      ],
      { env: cliEnv(server) },
    );
    expect(result).toEqual({ code: 0, stdout: "created job 1 'web-logs' (http_requests) -> s3://bucket/logs?region=us-east-1\n", stderr: '' });
    const [job] = server.state.zone(ZONE).jobs;
    expect(job.filter).toBe(COMPILED);
    // --fields, --timestamps and --option are written as output_options, the one form the service prefers.
    const options = { field_names: ['RayID', 'ClientIP', 'EdgeStartTimestamp'], timestamp_format: 'rfc3339', 'CVE-2021-44228': true };
    expect(job).toMatchObject({ logpull_options: null, output_options: options });
    expect(server.requests.find((request) => request.method === 'POST' && request.path === jobs)!.body).toEqual({
      name: 'web-logs',
      destination_conf: 's3://bucket/logs?region=us-east-1',
      dataset: 'http_requests',
      output_options: options,
      ownership_challenge: challenge,
      filter: COMPILED,
    });
  });

  it('--dry-run shows the request, without the key, and sends nothing at all', async () => {
    const server = await emulator();
    const env = cliEnv(server, { CLOUDFLARE_API_TOKEN: undefined, CLOUDFLARE_EMAIL: EMAIL, CLOUDFLARE_API_KEY: KEY });
    const result = await runCli([...create, '--filter', 'ClientCountry in (us,ca)', '--dry-run'], { env });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      [
        '# not sent (dry run)',
        `POST ${server.baseUrl}${jobs}`,
        `X-Auth-Email: ${EMAIL}`,
        'X-Auth-Key: [redacted]',
        'Content-Type: application/json',
        '',
        JSON.stringify({ name: 'web-logs', destination_conf: 's3://bucket/logs?region=us-east-1', dataset: 'http_requests', filter: COMPILED }, null, 2),
        '',
        'dry run: nothing was sent',
        '',
      ].join('\n'),
    );
    expect(result.stdout + result.stderr).not.toContain(KEY);
    expect(server.requests).toEqual([]);
    const json = JSON.parse((await runCli([...create, '--dry-run', '--json'], { env: cliEnv(server) })).stdout);
    expect(json).toMatchObject({ ok: true, job: null, requests: [{ method: 'POST', headers: { Authorization: 'Bearer [redacted]' }, dryRun: true }] });
    expect(JSON.stringify(json)).not.toContain(TOKEN);
    expect(server.requests).toEqual([]);
  });

  it('checks the filter and the options before sending: exit 1 and no request', async () => {
    const server = await emulator();
    const result = await runCli([...create, '--fields', 'RayId', '--filter', 'ClientCountry eq'], { env: cliEnv(server) });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("error[unknown-field]: unknown field 'RayId' in dataset http_requests\n --> logpull_options:1:8");
    expect(result.stderr).toContain("error[expected-value]: expected a value after 'eq', found the end of the filter\n --> filter:1:17");
    const json = JSON.parse((await runCli([...create, '--logpull-options', 'fields=RayID&timestamps=rfc339', '--json'], { env: cliEnv(server) })).stdout);
    expect(json).toMatchObject({ ok: false, diagnostics: [{ code: 'invalid-option-value', source: 'logpull_options', hint: "did you mean 'rfc3339'?" }] });
    expect(server.requests).toEqual([]);
  });

  it('exits 2 on usage errors: unknown dataset, both option forms, no credentials', async () => {
    const server = await emulator();
    expect(await runCli([...create, '--dataset', 'http_request'], { env: cliEnv(server) })).toMatchObject({
      code: 2,
      stderr: "logfilter: unknown dataset 'http_request'; did you mean 'http_requests'? (`logfilter datasets` lists them)\n",
    });
    expect(await runCli([...create, '--fields', 'RayID', '--logpull-options', 'fields=RayID'], { env: cliEnv(server) })).toMatchObject({
      code: 2,
      stderr: 'logfilter: give --logpull-options alone, or build the options with --fields, --timestamps and --option, not both\n',
    });
    expect(await runCli([...create, '--option', 'CVE'], { env: cliEnv(server) })).toMatchObject({
      code: 2,
      stderr:
        "error: option '--option <key=value>' argument 'CVE' is invalid. takes KEY=VALUE, such as timestamp_format=rfc3339\n(run with --help for usage)\n",
    });
    expect(server.requests).toEqual([]);
  });

  it("shows the service's refusal of a job as diagnostics, exit 1", async () => {
    const server = await emulator({ maxFilterBytes: 40 });
    const result = await runCli([...create, '--filter', 'ClientCountry in (us,ca)'], { env: cliEnv(server) });
    expect(result).toMatchObject({ code: 1, stdout: '' });
    expect(result.stderr).toBe(`error[1004]: filter is 69 bytes, over the limit of 40 (at /filter)\nlogfilter: POST ${jobs} was refused (HTTP 400)\n`);
  });

  it('warns when the fields and the custom fields of the zone do not match', async () => {
    const server = await emulator();
    await runCli(['custom-fields', 'set', '--zone', ZONE, '--request', 'user-agent'], { env: cliEnv(server) });
    const result = await runCli([...create, '--fields', 'RayID,Cookies'], { env: cliEnv(server) });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(
      "warning[custom-field-not-listed]: the zone logs request header custom fields (user-agent), but 'RequestHeaders' is not in fields: nothing of them will be delivered",
    );
    expect(result.stderr).toContain(
      "warning[custom-field-not-configured]: 'Cookies' is listed, but the zone has no cookie custom fields: nothing will be delivered in it",
    );
  });

  it('lists, gets and deletes jobs; a job not there is a 404 diagnostic', async () => {
    const server = await emulator();
    await runCli([...create, '--filter', 'ClientCountry in (us,ca)'], { env: cliEnv(server) });
    expect(await runCli(['jobs', 'list', '--zone', ZONE], { env: cliEnv(server) })).toEqual({
      code: 0,
      stdout: '1\tweb-logs\thttp_requests\tdisabled\ts3://bucket/logs?region=us-east-1\n',
      stderr: '',
    });
    const got = await runCli(['jobs', 'get', '--zone', ZONE, '--id', '1', '--json'], { env: cliEnv(server) });
    expect(JSON.parse(got.stdout)).toMatchObject({ ok: true, job: { id: 1, filter: COMPILED } });
    const dry = await runCli(['jobs', 'delete', '--zone', ZONE, '--id', '1', '--dry-run'], { env: cliEnv(server) });
    expect(dry.stdout).toBe(`# not sent (dry run)\nDELETE ${server.baseUrl}${jobs}/1\nAuthorization: Bearer [redacted]\n\ndry run: nothing was sent\n`);
    expect(server.state.zone(ZONE).jobs).toHaveLength(1);
    expect(await runCli(['jobs', 'delete', '--zone', ZONE, '--id', '1'], { env: cliEnv(server) })).toEqual({ code: 0, stdout: 'deleted job 1\n', stderr: '' });
    expect(await runCli(['jobs', 'get', '--zone', ZONE, '--id', '1'], { env: cliEnv(server) })).toEqual({
      code: 1,
      stdout: '',
      stderr: `error[1003]: job 1 not found in zone '${ZONE}'\nlogfilter: GET ${jobs}/1 was refused (HTTP 404)\n`,
    });
    expect(requestLines(server).filter((line) => line.startsWith('DELETE'))).toEqual([`DELETE ${jobs}/1`]);
  });

  it('follows --product-segment and --base-url', async () => {
    const server = await emulator({ productSegment: 'logexport' });
    const env = cliEnv(server, { CLOUDFLARE_BASE_URL: undefined });
    const result = await runCli(['--base-url', server.baseUrl, '--product-segment', 'logexport', 'jobs', 'list', '--zone', ZONE], { env });
    expect(result).toEqual({ code: 0, stdout: `zone ${ZONE} has no jobs\n`, stderr: '' });
    expect(requestLines(server)).toEqual([`GET /zones/${ZONE}/logexport/jobs`]);
    expect(await runCli(['jobs', 'list', '--zone', ZONE], { env: cliEnv(server, { LOGFILTER_PRODUCT_SEGMENT: 'logexport' }) })).toMatchObject({ code: 0 });
  });

  it('recovers a job whose create answer was lost instead of creating a second', async () => {
    const server = await emulator();
    server.faults.add({ method: 'POST', fault: { kind: 'lose-answer' } });
    const result = await runCli(create, { env: cliEnv(server) });
    expect(result).toEqual({
      code: 0,
      stdout: "created job 1 'web-logs' (http_requests) -> s3://bucket/logs?region=us-east-1\n",
      stderr:
        'note: the answer to the create was lost; job 1, holding this name, destination and every other member sent (filter, options), was found, so it was not sent again\n',
    });
    expect(server.state.zone(ZONE).jobs).toHaveLength(1);
  });

  it('reports the new job, not an older one of the same name and destination, when the answer to the create is lost', async () => {
    const server = await emulator();
    expect((await runCli(create, { env: cliEnv(server) })).code).toBe(0);
    server.faults.add({ method: 'POST', fault: { kind: 'lose-answer' } });
    const result = await runCli([...create, '--filter', 'ClientCountry in (us,ca)', '--fields', 'RayID', '--json'], { env: cliEnv(server) });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({
      ok: true,
      recovered: true,
      job: { id: 2, filter: COMPILED, output_options: { field_names: ['RayID'] } },
    });
    expect(server.state.zone(ZONE).jobs).toHaveLength(2);
  });

  it('says it cannot tell, with both ids and exit 2, when an older job holds everything the lost create sent', async () => {
    const server = await emulator();
    expect((await runCli(create, { env: cliEnv(server) })).code).toBe(0);
    server.faults.add({ method: 'POST', fault: { kind: 'lose-answer' } });
    const result = await runCli(create, { env: cliEnv(server) });
    expect(result).toMatchObject({ code: 2, stdout: '' });
    expect(result.stderr).toMatch(/^logfilter: cannot tell whether job 'web-logs' was created: .*; jobs 1 and 2 both hold the name, destination/);
    server.faults.add({ method: 'POST', fault: { kind: 'lose-answer' } });
    const again = await runCli([...create, '--json'], { env: cliEnv(server) });
    expect(again.code).toBe(2);
    expect(JSON.parse(again.stdout)).toMatchObject({ ok: false, error: { written: 'unknown', details: ['job 1', 'job 2', 'job 3'] } });
  });
});
