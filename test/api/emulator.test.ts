import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_RECORDED_BODY_BYTES, MAX_BODY_BYTES } from '@logfilter/emulator';
import { describe, expect, it } from 'vitest';
import { customFieldRule, emulator, TOKEN, ZONE } from '../support/emulator.js';

const headers = { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' };

// biome-ignore lint/suspicious/noExplicitAny: the service's answers come in every shape; the tests read them loosely
type Loose = any;

async function call(baseUrl: string, method: string, path: string, body?: unknown) {
  const response = await fetch(baseUrl + path, {
    method,
    headers,
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { result: Loose; success: boolean; errors: Loose[]; messages: Loose[] } };
}

const rulesets = `/zones/${ZONE}/rulesets`;
const entryPoint = { name: 'entry', kind: 'zone', phase: 'http_log_custom_fields' };

describe('the emulator', () => {
  it('keeps one zone ruleset per phase and assigns ids, refs, versions and times', async () => {
    const server = await emulator();
    const created = await call(server.baseUrl, 'POST', rulesets, entryPoint);
    expect(created.status).toBe(200);
    expect(created.body.result).toMatchObject({ kind: 'zone', phase: 'http_log_custom_fields', version: '1', rules: [] });
    expect(created.body.result.id).toMatch(/^[0-9a-f]{32}$/);
    const again = await call(server.baseUrl, 'POST', rulesets, entryPoint);
    expect(again).toMatchObject({ status: 400, body: { success: false, errors: [{ code: 20217, source: { pointer: '/phase' } }] } });
    const id = created.body.result.id as string;
    const put = await call(server.baseUrl, 'PUT', `${rulesets}/${id}`, {
      rules: [customFieldRule({ request_fields: [{ name: 'accept' }] }), { ...customFieldRule({ cookie_fields: [{ name: 'a' }] }), ref: 'my-ref' }],
    });
    const [first, second] = put.body.result.rules;
    expect(put.body.result.version).toBe('2');
    expect(first).toMatchObject({ version: '1', enabled: true, action: 'log_custom_field' });
    expect(first.ref).toBe(first.id);
    expect(second.ref).toBe('my-ref');
    expect(Date.parse(first.last_updated)).not.toBeNaN();
    const list = await call(server.baseUrl, 'GET', rulesets);
    expect(list.body.result).toEqual([
      { id, name: 'entry', description: '', kind: 'zone', phase: 'http_log_custom_fields', version: '2', last_updated: put.body.result.last_updated },
    ]);
  });

  it('replaces all rules on PUT and refuses ids it does not know', async () => {
    const server = await emulator();
    const { body } = await call(server.baseUrl, 'POST', rulesets, {
      ...entryPoint,
      rules: [customFieldRule({ request_fields: [{ name: 'a' }] }), customFieldRule({ request_fields: [{ name: 'b' }] })],
    });
    const id = body.result.id as string;
    const kept = body.result.rules[1];
    const put = await call(server.baseUrl, 'PUT', `${rulesets}/${id}`, { rules: [{ ...customFieldRule({ request_fields: [{ name: 'b' }] }), id: kept.id }] });
    expect(put.body.result.rules).toEqual([kept]);
    const unknown = await call(server.baseUrl, 'PUT', `${rulesets}/${id}`, {
      rules: [{ ...customFieldRule({ request_fields: [{ name: 'b' }] }), id: 'nope' }],
    });
    expect(unknown.body.errors).toEqual([
      { code: 20021, message: "rule 'nope' is not in this ruleset; leave 'id' out to add a rule", source: { pointer: '/rules/0/id' } },
    ]);
  });

  it('checks rules with the core validator: errors refuse the PUT, warnings come back as messages', async () => {
    const server = await emulator();
    const { body } = await call(server.baseUrl, 'POST', rulesets, entryPoint);
    const bad = await call(server.baseUrl, 'PUT', `${rulesets}/${body.result.id}`, {
      rules: [{ action: 'block', expression: 'true', action_parameters: { request_fields: [{ name: 'User-Agent' }] } }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: Loose) => [e.code, e.source.pointer])).toEqual([
      [20200, '/rules/0/action'],
      [20200, '/rules/0/action_parameters/request_fields/0/name'],
    ]);
    const warned = await call(server.baseUrl, 'PUT', `${rulesets}/${body.result.id}`, { rules: [customFieldRule({ request_fields: [{ name: 'range' }] })] });
    expect(warned.body.messages).toEqual([
      {
        code: 20200,
        message: "the service does not log the 'range' request header (this entry uses up a field and delivers nothing: remove it)",
        source: { pointer: '/rules/0/action_parameters/request_fields/0/name' },
      },
    ]);
  });

  it('answers malformed bodies, unknown routes and methods with envelopes', async () => {
    const server = await emulator();
    expect(await call(server.baseUrl, 'POST', rulesets, '{"name":')).toMatchObject({ status: 400, body: { errors: [{ code: 6007 }] } });
    expect(await call(server.baseUrl, 'GET', `/zones/${ZONE}/nothing`)).toMatchObject({
      status: 404,
      body: { errors: [{ code: 7000, message: `no route for /zones/${ZONE}/nothing` }] },
    });
    expect(await call(server.baseUrl, 'DELETE', rulesets)).toMatchObject({ status: 405, body: { errors: [{ code: 7001 }] } });
    expect(await call(server.baseUrl, 'GET', `${rulesets}/abc`)).toMatchObject({ status: 404, body: { errors: [{ code: 10007 }] } });
  });

  it('keeps its state in a file, written atomically, and reads it back at start', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'logfilter-emulator-'));
    const statePath = join(directory, 'state.json');
    const first = await emulator({ statePath });
    await call(first.baseUrl, 'POST', `/zones/${ZONE}/logpush/jobs`, { name: 'kept', destination_conf: 's3://b/p' });
    await first.close();
    expect(readdirSync(directory)).toEqual(['state.json']);
    expect(JSON.parse(readFileSync(statePath, 'utf8'))).toMatchObject({ nextJobId: 2, zones: { [ZONE]: { jobs: [{ id: 1, name: 'kept' }] } } });
    const second = await emulator({ statePath });
    expect((await call(second.baseUrl, 'GET', `/zones/${ZONE}/logpush/jobs`)).body.result).toMatchObject([{ id: 1, name: 'kept' }]);
    expect((await call(second.baseUrl, 'POST', `/zones/${ZONE}/logpush/jobs`, { destination_conf: 's3://b/q' })).body.result.id).toBe(2);
  });

  it('saves through a temporary file of its own: a link planted at a predictable name is never written through', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'logfilter-emulator-'));
    const statePath = join(directory, 'state.json');
    const target = join(directory, 'precious.txt');
    writeFileSync(target, "not the emulator's\n");
    const server = await emulator({ statePath });
    // The names an attacker could guess: the pid's (the old scheme) and a few around it.
    const planted = [process.pid - 1, process.pid, process.pid + 1].map((pid) => `state.json.${pid}.tmp`);
    for (const name of planted) symlinkSync(target, join(directory, name));
    expect((await call(server.baseUrl, 'POST', `/zones/${ZONE}/logpush/jobs`, { name: 'kept', destination_conf: 's3://b/p' })).status).toBe(200);
    expect(readFileSync(target, 'utf8')).toBe("not the emulator's\n");
    expect(JSON.parse(readFileSync(statePath, 'utf8'))).toMatchObject({ zones: { [ZONE]: { jobs: [{ id: 1, name: 'kept' }] } } });
    expect(readdirSync(directory).sort()).toEqual(['precious.txt', ...planted, 'state.json'].sort());
  });

  it('removes its temporary file when a save fails', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'logfilter-emulator-'));
    const statePath = join(directory, 'state.json');
    const server = await emulator({ statePath });
    // A folder with something in it where the state file was: the rename onto it fails.
    rmSync(statePath, { force: true });
    mkdirSync(statePath);
    writeFileSync(join(statePath, 'inside'), '');
    const answer = await call(server.baseUrl, 'POST', `/zones/${ZONE}/logpush/jobs`, { name: 'lost', destination_conf: 's3://b/p' });
    expect(answer.status).toBe(500);
    expect(readdirSync(directory)).toEqual(['state.json']);
  });

  it('refuses to start on a state file that is not its own', async () => {
    const statePath = join(mkdtempSync(join(tmpdir(), 'logfilter-emulator-')), 'state.json');
    writeFileSync(statePath, '{"zones": []');
    await expect(emulator({ statePath })).rejects.toThrow(`the state file ${statePath} is not readable JSON`);
    writeFileSync(statePath, '{"something": 1}');
    await expect(emulator({ statePath })).rejects.toThrow('does not hold emulator state');
  });

  it('takes the Authorization scheme in any case (RFC 9110), and still refuses a wrong token', async () => {
    const server = await emulator();
    for (const scheme of ['Bearer', 'bearer', 'BEARER', 'bEaReR']) {
      const response = await fetch(server.baseUrl + rulesets, { headers: { Authorization: `${scheme} ${TOKEN}` } });
      expect({ scheme, status: response.status }).toEqual({ scheme, status: 200 });
    }
    expect((await fetch(server.baseUrl + rulesets, { headers: { Authorization: 'bearer wrong' } })).status).toBe(403);
    expect((await fetch(server.baseUrl + rulesets, { headers: { Authorization: `Basic ${TOKEN}` } })).status).toBe(400);
  });

  it('keeps bodies up to a size in its request log, and records a larger one by its size alone', async () => {
    const server = await emulator();
    const jobs = `/zones/${ZONE}/logpush/jobs`;
    const small = { name: 'small', destination_conf: 's3://b/p' };
    await call(server.baseUrl, 'POST', jobs, small);
    // A filter far over the service's limit: refused, and its body is not kept.
    const large = { name: 'large', destination_conf: 's3://b/p', filter: 'x'.repeat(DEFAULT_RECORDED_BODY_BYTES) };
    for (let i = 0; i < 3; i++) expect((await call(server.baseUrl, 'POST', jobs, large)).status).toBe(400);
    const bytes = Buffer.byteLength(JSON.stringify(large));
    expect(server.requests).toEqual([
      { method: 'POST', path: jobs, body: small, bytes: Buffer.byteLength(JSON.stringify(small)) },
      ...Array.from({ length: 3 }, () => ({ method: 'POST', path: jobs, body: undefined, bytes, truncated: true })),
    ]);
  });

  it('keeps only the latest requests in its log, oldest first', async () => {
    const server = await emulator({ maxRecordedRequests: 3, maxRecordedBodyBytes: 10 });
    for (let i = 0; i < 7; i++) await call(server.baseUrl, 'GET', `${rulesets}?page=${i}`);
    await call(server.baseUrl, 'POST', rulesets, entryPoint);
    expect(server.requests.map((request) => [request.method, request.path, request.truncated])).toEqual([
      ['GET', rulesets, undefined],
      ['GET', rulesets, undefined],
      ['POST', rulesets, true],
    ]);
  });

  it('refuses a body over the 1 MB limit with 413 and the envelope, before reading it', async () => {
    const server = await emulator();
    const answer = await call(server.baseUrl, 'POST', `/zones/${ZONE}/logpush/jobs`, { name: 'x'.repeat(MAX_BODY_BYTES) });
    expect(answer).toEqual({
      status: 413,
      body: {
        result: null,
        success: false,
        errors: [{ code: 10002, message: `the request body is ${MAX_BODY_BYTES + 11} bytes, over the limit of ${MAX_BODY_BYTES} bytes (1 MB)` }],
        messages: [],
      },
    });
    expect(server.requests).toEqual([{ method: 'POST', path: `/zones/${ZONE}/logpush/jobs`, body: undefined }]);
  });

  it('listens on 127.0.0.1 only', async () => {
    const server = await emulator();
    expect(server.baseUrl).toBe(`http://127.0.0.1:${server.port}/client/v4`);
  });

  it('draws random faults repeatably from a seed, in bursts, and counts them', async () => {
    const statuses = async (seed: number) => {
      const server = await emulator();
      server.faults.random({ seed, rateLimit: { rate: 0.3, burst: 2, retryAfter: 3 }, serverErrors: { rate: 0.2 } });
      const seen: string[] = [];
      for (let i = 0; i < 30; i++) {
        const response = await fetch(server.baseUrl + rulesets, { headers });
        await response.arrayBuffer();
        seen.push(`${response.status}${response.headers.get('retry-after') ? `/${response.headers.get('retry-after')}` : ''}`);
      }
      return { seen, injected: { ...server.faults.injected } };
    };
    const first = await statuses(42);
    expect(await statuses(42)).toEqual(first);
    expect(first.seen).toContain('429/3');
    expect(first.seen).toContain('503');
    expect(first.seen).toContain('200');
    expect(first.injected).toEqual({ '429': first.seen.filter((s) => s === '429/3').length, '5xx': first.seen.filter((s) => s === '503').length });
    // A 429 burst of 2: every 429 that starts a burst is followed by another.
    expect(first.seen.join(' ')).not.toMatch(/(^|200|503) 429\/3 (200|503)/);
  });
});
