/**
 * A refusal prints nothing on stdout: every command, given input it refuses, exits non-zero with
 * its diagnostics on stderr and stdout empty (a --json error object is the one machine answer).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempFiles } from '../support/cli.js';
import { cliEnv, emulator, TOKEN, ZONE } from '../support/emulator.js';

const files = tempFiles('refusals');
const badFilter = files.file('bad.lf', 'BotScore lt\n');
const logs = files.file('logs.ndjson', '{"BotScore":10}\n');
const badJob = files.file('job.json', '{"dataset":"http_requests","filter":"{\\"where\\":1}"}');
const badRules = files.file('rules.json', '{"rules":[{"action":"block"}]}');
const jobFilter = (key: string) => JSON.stringify(JSON.stringify({ where: { key, operator: 'eq', value: 'x' } }));
const jobList = `[{"id":1,"dataset":"http_requests","filter":${jobFilter('ClientCountry')}},{"id":2,"dataset":"http_requests","filter":${jobFilter('Nope')}}]`;

describe('a refusal prints nothing on stdout', () => {
  it.each([
    ['compile', ['compile', 'BotScore lt']],
    ['compile, several files', ['compile', '-f', logs, '-f', badFilter]],
    ['check', ['check', 'BotScore lt']],
    ['check --from-json', ['check', '--from-json', '{"where":1}']],
    ['fmt', ['fmt', 'BotScore lt']],
    ['fmt --check', ['fmt', '--check', files.file('loose.lf', 'BotScore   lt 3\n')]],
    ['decompile', ['decompile', '{"where":1}']],
    ['decompile, a list with one bad job', ['decompile', jobList]],
    ['explain', ['explain', 'BotScore lt']],
    ['test', ['test', 'BotScore lt', '--logs', logs]],
    ['sql', ['sql', 'BotScore lt', '--dialect', 'duckdb']],
    ['diff', ['diff', 'BotScore lt', 'BotScore lt 3']],
    ['jobs check', ['jobs', 'check', badJob]],
    ['jobs options convert', ['jobs', 'options', 'convert', 'fields=RayID&sample=0']],
    ['custom-fields check', ['custom-fields', 'check', badRules]],
    ['fields', ['fields', 'no_such_dataset']],
    ['completion', ['completion', 'no-such-shell']],
  ])('%s', async (_name, args) => {
    const result = await runCli(args);
    expect(result.code).not.toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).not.toBe('');
  });

  describe('commands of the service', () => {
    it.each([
      ['jobs get', ['jobs', 'get', '--zone', ZONE, '--id', '999']],
      ['jobs create', ['jobs', 'create', '--zone', ZONE, '--destination', 's3://b/p?region=us-east-1', '--filter', 'BotScore lt']],
      ['jobs update', ['jobs', 'update', '--zone', ZONE, '--id', '999', '--name', 'x']],
      ['jobs delete', ['jobs', 'delete', '--zone', ZONE, '--id', '999']],
      ['jobs validate-destination', ['jobs', 'validate-destination', '--zone', ZONE, 'ftp://nowhere']],
      ['tail', ['tail', '--zone', ZONE, '--fields', 'RayID', 'BotScore lt']],
      ['custom-fields set', ['custom-fields', 'set', '--zone', ZONE]],
    ])('%s', async (_name, args) => {
      const result = await runCli(args, { env: cliEnv(await emulator()) });
      expect(result.code).not.toBe(0);
      expect(result.stdout).toBe('');
      expect(result.stderr).not.toBe('');
    });
  });

  describe('the service answering that a destination is not valid', () => {
    let server: Server;
    let baseUrl: string;
    beforeAll(async () => {
      server = createServer((request, response) => {
        request.resume();
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify({ success: true, errors: [], messages: [], result: { valid: false, message: 'bucket not found' } }));
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/client/v4`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('says so on stderr, exit 1', async () => {
      const env = { CLOUDFLARE_BASE_URL: baseUrl, CLOUDFLARE_API_TOKEN: TOKEN, CLOUDFLARE_EMAIL: undefined, CLOUDFLARE_API_KEY: undefined };
      const result = await runCli(['jobs', 'validate-destination', '--zone', ZONE, 's3://bucket/path?region=us-east-1'], { env });
      expect(result).toEqual({ code: 1, stdout: '', stderr: 'not valid: s3://bucket/path?region=us-east-1 (bucket not found)\n' });
    });
  });
});
