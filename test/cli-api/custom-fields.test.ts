import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NOWHERE } from '@logfilter/core';
import { runCli } from '../support/cli.js';
import { cliEnv, customFieldRule, EMAIL, emulator, KEY, requestLines, TOKEN, ZONE } from '../support/emulator.js';

const rulesets = `/zones/${ZONE}/rulesets`;
const noCredentials = { CLOUDFLARE_API_TOKEN: undefined, CLOUDFLARE_EMAIL: undefined, CLOUDFLARE_API_KEY: undefined, CLOUDFLARE_BASE_URL: undefined };

describe('logfilter custom-fields check', () => {
  it('accepts good rules with a summary, and shows problems as code frames with their pointer', async () => {
    const good = await runCli(['custom-fields', 'check', '-'], {
      input: JSON.stringify({ rules: [customFieldRule({ request_fields: [{ name: 'accept' }], cookie_fields: [{ name: 'ID' }] })] }),
    });
    expect(good).toEqual({ code: 0, stdout: '', stderr: 'ok: body, 2 custom fields\n' });
    const path = join(mkdtempSync(join(tmpdir(), 'logfilter-cf-')), 'rules.json');
    writeFileSync(
      path,
      '{"rules": [\n  {"action": "log_custom_field", "expression": "true",\n   "action_parameters": {"request_fields": [{"name": "User-Agent"}]}}\n]}\n',
    );
    const bad = await runCli(['custom-fields', 'check', path]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toBe(
      [
        "error[header-not-lower-case]: header name 'User-Agent' must be lower case (at /rules/0/action_parameters/request_fields/0/name)",
        ` --> ${path}:3:54`,
        '  |',
        '3 |    "action_parameters": {"request_fields": [{"name": "User-Agent"}]}}',
        '  |                                                      ^^^^^^^^^^^^',
        "  = hint: write 'user-agent'",
        '',
      ].join('\n'),
    );
  });

  it('treats malformed JSON as invalid input (exit 1) and a missing file as a usage error (exit 2)', async () => {
    const malformed = await runCli(['custom-fields', 'check', '-'], { input: '{"rules": [1,]}' });
    expect(malformed.code).toBe(1);
    expect(malformed.stderr).toContain("error[invalid-json]: malformed JSON: a trailing ',' is not allowed in JSON\n --> <stdin>:1:14");
    expect(await runCli(['custom-fields', 'check', '/nonexistent/rules.json'])).toMatchObject({
      code: 2,
      stderr: 'logfilter: cannot read /nonexistent/rules.json: no such file\n',
    });
  });

  it('gives machine output with pointers, and honours --max-fields', async () => {
    const result = await runCli(['custom-fields', 'check', '-', '--json', '--max-fields', '1'], {
      input: JSON.stringify(customFieldRule({ request_fields: [{ name: 'a' }, { name: 'b' }] })),
    });
    expect(result.code).toBe(1);
    const output = JSON.parse(result.stdout);
    expect(output).toMatchObject({ ok: false, shape: 'rule', fields: { request_fields: ['a', 'b'] } });
    expect(output.diagnostics).toMatchObject([
      { code: 'too-many-custom-fields', severity: 'error', pointer: '/action_parameters/request_fields/1/name', range: { start: { line: 1, column: 133 } } },
    ]);
  });
});

describe('logfilter custom-fields get and set, against the emulator', () => {
  it('creates the ruleset once, then merges, lowering header names with a warning', async () => {
    const server = await emulator();
    const first = await runCli(['custom-fields', 'set', '--zone', ZONE, '--request', 'User-Agent,referer', '--cookie', 'SessionID'], { env: cliEnv(server) });
    expect(first.code).toBe(0);
    expect(first.stderr).toBe("warning: request header 'User-Agent' is set as 'user-agent': header names are lower case\n");
    const id = server.state.zone(ZONE).rulesets[0].id;
    expect(first.stdout).toMatch(
      new RegExp(
        `^added:   request_fields: user-agent, referer; cookie_fields: SessionID\nkept:    \\(none\\)\nremoved: \\(none\\)\nruleset ${id}: created, rules replaced \\(version 2, updated [^)]+\\)\n$`,
      ),
    );
    const second = await runCli(['custom-fields', 'set', '--zone', ZONE, '--response', 'content-type'], { env: cliEnv(server) });
    expect(second.stdout.split('\n').slice(0, 3)).toEqual([
      'added:   response_fields: content-type',
      'kept:    request_fields: user-agent, referer; cookie_fields: SessionID',
      'removed: (none)',
    ]);
    expect(server.state.zone(ZONE).rulesets).toHaveLength(1);
    expect(requestLines(server).filter((line) => line.startsWith('POST'))).toEqual([`POST ${rulesets}`]);
    const got = await runCli(['custom-fields', 'get', '--zone', ZONE], { env: cliEnv(server) });
    expect(got.stdout).toMatch(
      new RegExp(
        `^zone ${ZONE}: ruleset ${id} \\(version 3, updated [^)]+\\)\nrequest_fields   user-agent, referer\nresponse_fields  content-type\ncookie_fields    SessionID\n$`,
      ),
    );
    const json = JSON.parse((await runCli(['custom-fields', 'get', '--zone', ZONE, '--json'], { env: cliEnv(server) })).stdout);
    expect(json).toMatchObject({ ok: true, zone: ZONE, ruleset: { id }, fields: { response_fields: ['content-type'] } });
  });

  it('replaces with --replace, keeping rules of others only as far as they hold named fields', async () => {
    const server = await emulator();
    await runCli(['custom-fields', 'set', '--zone', ZONE, '--request', 'accept,referer', '--cookie', 'ID'], { env: cliEnv(server) });
    const result = await runCli(['custom-fields', 'set', '--zone', ZONE, '--request', 'referer', '--replace', '--json'], { env: cliEnv(server) });
    expect(JSON.parse(result.stdout)).toMatchObject({
      ok: true,
      changed: true,
      added: [],
      kept: [{ list: 'request_fields', name: 'referer' }],
      removed: [
        { list: 'request_fields', name: 'accept' },
        { list: 'cookie_fields', name: 'ID' },
      ],
    });
    expect(server.state.zone(ZONE).rulesets[0].rules[0].action_parameters).toEqual({ request_fields: [{ name: 'referer' }] });
  });

  it('reads but never writes in a dry run, and prints the writes with the key redacted', async () => {
    const server = await emulator();
    const env = cliEnv(server, { CLOUDFLARE_API_TOKEN: undefined, CLOUDFLARE_EMAIL: EMAIL, CLOUDFLARE_API_KEY: KEY });
    const result = await runCli(['custom-fields', 'set', '--zone', ZONE, '--request', 'accept', '--dry-run'], { env });
    expect(result.code).toBe(0);
    expect(requestLines(server)).toEqual([`GET ${rulesets}`]);
    expect(server.state.zone(ZONE).rulesets).toEqual([]);
    expect(result.stdout).not.toContain(KEY);
    expect(result.stdout).toContain(
      `# not sent (dry run)\nPOST ${server.baseUrl}${rulesets}\nX-Auth-Email: ${EMAIL}\nX-Auth-Key: [redacted]\nContent-Type: application/json\n`,
    );
    expect(result.stdout).toContain(`# not sent (dry run)\nPUT ${server.baseUrl}${rulesets}/{new-ruleset-id}\n`);
    expect(result.stdout.endsWith('dry run: nothing was written (the ruleset would be created first)\n')).toBe(true);
  });

  it('exits 2 on an auth failure, naming the variables and never the token', async () => {
    const server = await emulator();
    const result = await runCli(['custom-fields', 'get', '--zone', ZONE], { env: cliEnv(server, { CLOUDFLARE_API_TOKEN: 'stolen-token-999' }) });
    expect(result).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'error[10000]: Authentication error: the API token is not valid\nlogfilter: the service refused the credentials (HTTP 403); check CLOUDFLARE_API_TOKEN, or CLOUDFLARE_EMAIL and CLOUDFLARE_API_KEY\n',
    });
    const none = await runCli(['custom-fields', 'get', '--zone', ZONE, '--base-url', server.baseUrl], { env: noCredentials });
    expect(none).toMatchObject({
      code: 2,
      stderr: 'logfilter: no credentials: set CLOUDFLARE_API_TOKEN, or CLOUDFLARE_EMAIL and CLOUDFLARE_API_KEY, in the environment\n',
    });
  });

  it("shows the service's 4xx envelope as diagnostics and exits 1", async () => {
    const server = await emulator({ maxCustomFields: 1 });
    const result = await runCli(['custom-fields', 'set', '--zone', ZONE, '--request', 'a,b'], { env: cliEnv(server) });
    const id = server.state.zone(ZONE).rulesets[0].id;
    expect(result).toEqual({
      code: 1,
      stdout: '',
      stderr: [
        'error[20200]: 2 custom fields are configured; a zone takes at most 1 (remove 1 field; this one is the first over the limit) (at /rules/0/action_parameters/request_fields/1/name)',
        `logfilter: PUT ${rulesets}/${id} was refused (HTTP 400)`,
        '',
      ].join('\n'),
    });
    const json = JSON.parse((await runCli(['custom-fields', 'set', '--zone', ZONE, '--request', 'a,b', '--json'], { env: cliEnv(server) })).stdout);
    expect(json).toEqual({
      ok: false,
      command: 'custom-fields set',
      exitCode: 1,
      error: { kind: 'rejected', status: 400, message: `PUT ${rulesets}/${id} was refused (HTTP 400)` },
      diagnostics: [
        {
          code: '20200',
          severity: 'error',
          message: expect.stringContaining('2 custom fields'),
          pointer: '/rules/0/action_parameters/request_fields/1/name',
          // The service's errors are about no place in a text: core's NOWHERE, as every diagnostic has a range.
          range: NOWHERE,
        },
      ],
    });
  });

  it('reports invalid names locally with exit 1 and sends no write', async () => {
    const server = await emulator();
    const result = await runCli(['custom-fields', 'set', '--zone', ZONE, '--request', 'x y'], { env: cliEnv(server) });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      "error[invalid-header-name]: 'x y' is not a valid HTTP header name: it contains white space (at /rules/0/action_parameters/request_fields/0/name)\n  = hint: a header name holds letters, digits and !#$%&'*+-.^_`|~ only\nlogfilter: the custom fields asked for are not valid; nothing was sent\n",
    );
    expect(requestLines(server)).toEqual([`GET ${rulesets}`]);
  });

  it('exits 2 with the cause when the server never answers or drops the connection, and waits out a 429', async () => {
    const server = await emulator();
    server.faults.add({ fault: { kind: 'hang' }, times: 1 });
    const timeout = await runCli(['custom-fields', 'get', '--zone', ZONE, '--timeout', '0.3', '--retries', '0'], { env: cliEnv(server) });
    expect(timeout).toEqual({ code: 2, stdout: '', stderr: `logfilter: GET ${rulesets}: no answer from http://127.0.0.1:${server.port} within 0.3 s\n` });
    server.faults.add({ fault: { kind: 'drop' }, times: 2 });
    const dropped = await runCli(['custom-fields', 'get', '--zone', ZONE, '--retries', '1'], { env: cliEnv(server) });
    expect(dropped).toEqual({
      code: 2,
      stdout: '',
      stderr: `logfilter: GET ${rulesets}: cannot reach http://127.0.0.1:${server.port}: the server closed the connection without answering\n`,
    });
    server.faults.add({ fault: { kind: 'status', status: 429, retryAfter: 1 } });
    const limited = await runCli(['custom-fields', 'get', '--zone', ZONE], { env: cliEnv(server) });
    expect(limited).toEqual({ code: 0, stdout: `zone ${ZONE} has no custom fields (no http_log_custom_fields ruleset)\n`, stderr: '' });
    expect(requestLines(server)).toEqual(Array(5).fill(`GET ${rulesets}`));
  });

  it('refuses a set that names no field as a usage error (exit 2), sending nothing', async () => {
    const server = await emulator();
    const result = await runCli(['custom-fields', 'set', '--zone', ZONE], { env: cliEnv(server) });
    expect(result).toEqual({
      code: 2,
      stdout: '',
      stderr: `logfilter: name the fields to set: --request, --response or --cookie (e.g. custom-fields set --zone ${ZONE} --request user-agent); 'custom-fields get' shows the ones there\n`,
    });
    expect(server.requests).toEqual([]);
  });

  it('never takes credentials from flags', async () => {
    const result = await runCli(['custom-fields', 'get', '--zone', ZONE, '--token', TOKEN], { env: noCredentials });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("error: unknown option '--token'");
  });
});
