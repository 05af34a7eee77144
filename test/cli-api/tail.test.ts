/**
 * `logfilter tail` against the emulator's Instant Logs: the records it prints are exactly those
 * `logfilter test` lets through for the same filter and file, in order; sampling, a dropped
 * WebSocket (reconnect attempts numbered), an expired session (the gap it leaves, on stderr and in
 * --json), --count's one number or one error, the table in a narrow terminal and piped, the README's
 * figures, a bad filter, a dry run and Ctrl-C.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { STREAM_DEFAULTS } from '@logfilter/api';
import { generatedRecord, sampled } from '@logfilter/emulator';
import { describe, expect, it } from 'vitest';
import { CLI_BIN, REPO_ROOT, runCli, tempFiles } from '../support/cli.js';
import { readDocPage } from '../support/docs-pages.js';
import { cliEnv, emulator, TOKEN, ZONE } from '../support/emulator.js';

const FIELDS = Object.keys(generatedRecord(7, 0));
const FILTER = 'ClientCountry in (us,ca) and EdgeResponseStatus geq 400';
const SESSIONS = `/zones/${ZONE}/logpush/edge/jobs`;

/** A replay file of `count` generated records, every field present, one compact JSON object a line. */
function replayFile(count: number): { path: string; lines: string[] } {
  const lines = Array.from({ length: count }, (_, i) => JSON.stringify(generatedRecord(7, i)));
  return { path: tempFiles('tail').file('logs.ndjson', `${lines.join('\n')}\n`), lines };
}

const tail = (...words: string[]) => ['tail', '--zone', ZONE, '--fields', FIELDS.join(','), ...words];

describe('logfilter tail, against the emulator', () => {
  it('prints exactly the records logfilter test lets through, in order, and the count on stderr', async () => {
    const replay = replayFile(400);
    const server = await emulator({ instantLogs: { replay: replay.path } });
    const result = await runCli(tail(FILTER), { env: cliEnv(server) });
    const expected = await runCli(['test', '--logs', replay.path, FILTER]);
    expect(expected.stdout.split('\n').length).toBeGreaterThan(20);
    expect(result.stdout).toBe(expected.stdout);
    expect(result.stderr).toBe(`logfilter: ${expected.stdout.split('\n').length - 1} records\n`);
    expect(result.code).toBe(0);
    const post = server.requests.find((request) => request.method === 'POST');
    expect(post).toMatchObject({ path: SESSIONS, body: { fields: FIELDS.join(','), sample: 1, kind: 'instant-logs' } });
  });

  it('--sample 10 prints one record in ten, the ones the seeded sampling keeps', async () => {
    const replay = replayFile(1000);
    const server = await emulator({ instantLogs: { replay: replay.path, seed: 3 } });
    const result = await runCli(tail('--sample', '10'), { env: cliEnv(server) });
    const kept = replay.lines.filter((_, index) => sampled(3, index, 10));
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(kept.map((line) => `${line}\n`).join(''));
    expect(kept.length).toBeGreaterThan(70);
    expect(kept.length).toBeLessThan(130);
    expect(result.stderr).toBe(`logfilter: ${kept.length} records\n`);
  });

  it('resumes a dropped WebSocket without losing or repeating a record', async () => {
    const replay = replayFile(400);
    const server = await emulator({ instantLogs: { replay: replay.path } });
    // Five records, a dropped connection, five more, a connection closed as overloaded, then the rest.
    server.faults
      .add({ method: 'MESSAGE', times: 5, fault: { kind: 'delay', ms: 0 } })
      .add({ method: 'MESSAGE', fault: { kind: 'drop' } })
      .add({ method: 'MESSAGE', times: 5, fault: { kind: 'delay', ms: 0 } })
      .add({ method: 'MESSAGE', fault: { kind: 'status', status: 429 } });
    const result = await runCli(tail(FILTER), { env: cliEnv(server) });
    const expected = await runCli(['test', '--logs', replay.path, FILTER]);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(expected.stdout);
    expect(result.stderr).toMatch(/^logfilter: the connection closed with code 1006; reconnecting in \d+\.\d s \(attempt 1\)$/m);
    // The second failure in a row is attempt 2: the connection between lived well under the time that resets the count.
    expect(result.stderr).toMatch(/^logfilter: the connection closed with code 1013 \(fault: 429\); reconnecting in \d+\.\d s \(attempt 2\)$/m);
    expect(result.stderr.match(/attempt 1\)/g)).toHaveLength(1);
    expect(server.requests.filter((request) => request.path.startsWith('/instant-logs/ws/sessions/'))).toHaveLength(3);
    expect(server.faults.injected).toMatchObject({ drop: 1, '429': 1 });
  });

  it('creates a new session when the one it reads expires', async () => {
    const server = await emulator({ instantLogs: { rate: 200 } });
    const child = spawn(process.execPath, [CLI_BIN, ...tail('--max', '30')], { env: { ...process.env, ...cliEnv(server) }, cwd: REPO_ROOT });
    const out = collect(child);
    await until(() => out.stdout.split('\n').length > 10);
    const [session] = server.instantLogs.list(ZONE);
    expect(server.instantLogs.expire(session.session_id)).toBe(true);
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect(code).toBe(0);
    const printed = out.stdout.trim().split('\n');
    expect(printed).toHaveLength(30);
    expect(out.stderr).toContain('logfilter: the session is gone (the connection closed with code 4404 (the session has expired)); creating a new one\n');
    expect(server.requests.filter((request) => request.method === 'POST')).toHaveLength(2);
    // The new session streams from now, as the service's does: no record twice, and the gap said on stderr.
    const rayIds = printed.map((line) => JSON.parse(line).RayID);
    expect(new Set(rayIds).size).toBe(30);
    expect(out.stderr).toMatch(
      /^logfilter: gap: records logged from \S+Z to \S+Z were not received \(the session was recreated \(.*4404.*\); the service has no position to resume from\)$/m,
    );
  });

  it('with --json, the gap is a {"gap": ...} line among the records, where it happened', async () => {
    const server = await emulator({ instantLogs: { rate: 200 } });
    // The session sends ten records, then holds the eleventh, so the expiry comes after the tenth
    // whatever the machine's load (a faster stream could otherwise end before the test expires it).
    server.faults.add({ method: 'MESSAGE', times: 10, fault: { kind: 'delay', ms: 0 } });
    server.faults.add({ method: 'MESSAGE', times: 1, fault: { kind: 'hang' } });
    const child = spawn(process.execPath, [CLI_BIN, ...tail('--max', '20', '--json')], { env: { ...process.env, ...cliEnv(server) }, cwd: REPO_ROOT });
    const out = collect(child);
    await until(() => out.stdout.split('\n').length > 10);
    const printedBefore = out.stdout.trim().split('\n').length;
    expect(printedBefore).toBe(10);
    server.instantLogs.expire(server.instantLogs.list(ZONE)[0].session_id);
    expect(await new Promise((resolve) => child.on('close', resolve))).toBe(0);
    const lines = out.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    const gaps = lines.flatMap((line, index) => ('gap' in line ? [index] : []));
    expect(gaps).toHaveLength(1);
    expect(gaps[0]).toBeGreaterThanOrEqual(printedBefore);
    const { gap } = lines[gaps[0]];
    expect(gap).toEqual({ from: expect.stringMatching(/Z$/), to: expect.stringMatching(/Z$/), reason: expect.stringContaining('4404') });
    expect(Date.parse(gap.from)).toBeLessThanOrEqual(Date.parse(gap.to));
    const records = lines.filter((line) => !('gap' in line));
    expect(records).toHaveLength(20);
    expect(new Set(records.map((record) => record.RayID)).size).toBe(20);
  });

  it('--count prints the number alone on stdout; on a failure stdout has the error only (with --json, one JSON value)', async () => {
    const replay = replayFile(200);
    const server = await emulator({ instantLogs: { replay: replay.path } });
    const counted = await runCli(tail(FILTER, '--count'), { env: cliEnv(server) });
    const expected = await runCli(['test', '--logs', replay.path, FILTER, '--count']);
    expect(counted).toMatchObject({ code: 0, stdout: `${expected.stdout.match(/^matched (\d+) of 200$/m)![1]}\n`, stderr: '' });
    server.faults.add({ method: 'POST', times: Infinity, fault: { kind: 'status', status: 400, message: 'refused for the test' } });
    const json = await runCli(tail(FILTER, '--count', '--json'), { env: cliEnv(server) });
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({ ok: false, error: { status: 400 } });
    expect(json.stderr).toBe('logfilter: 0 records before the failure\n');
    const text = await runCli(tail(FILTER, '--count'), { env: cliEnv(server) });
    expect(text).toMatchObject({ code: 1, stdout: '' });
    expect(text.stderr).toContain('logfilter: 0 records before the failure\n');
  });

  it('--format table in 80 columns keeps the time and the IP whole and cuts long text; in 120 the timestamp is whole; piped nothing is cut', async () => {
    const replay = replayFile(12);
    const records = replay.lines.map((line) => JSON.parse(line));
    const server = await emulator({ instantLogs: { replay: replay.path } });
    const table = (extra: Record<string, string | undefined>) =>
      runCli(['tail', '--zone', ZONE, '--format', 'table', '--no-color'], { env: cliEnv(server, extra) }).then((result) => {
        expect(result.code).toBe(0);
        return result.stdout.trimEnd().split('\n');
      });
    const narrow = await table({ COLUMNS: '80' });
    expect(narrow[0]).toMatch(/^Time +IP +Method +Host +Path +Status +RayID$/);
    for (const [i, row] of narrow.slice(1).entries()) {
      expect(row.length).toBeLessThanOrEqual(80);
      expect(row.startsWith(`${String(records[i].EdgeStartTimestamp).slice(11)} ${records[i].ClientIP} `)).toBe(true);
    }
    expect(narrow.join('\n')).toContain('…');
    const wide = await table({ COLUMNS: '120' });
    for (const [i, row] of wide.slice(1).entries()) {
      expect(row.length).toBeLessThanOrEqual(120);
      expect(row.startsWith(`${records[i].EdgeStartTimestamp}  ${records[i].ClientIP} `)).toBe(true);
      expect(row).toContain(String(records[i].RayID));
    }
    const piped = await table({ COLUMNS: undefined });
    expect(piped.join('\n')).not.toContain('…');
    for (const [i, row] of piped.slice(1).entries())
      for (const name of ['EdgeStartTimestamp', 'ClientIP', 'ClientRequestHost', 'ClientRequestPath', 'RayID']) expect(row).toContain(String(records[i][name]));
  });

  it('examples/api-errors.lf finds records in the generated stream, as the README shows', async () => {
    const lines = Array.from({ length: 1000 }, (_, i) => JSON.stringify(generatedRecord(1, i)));
    const logs = tempFiles('tail').file('generated.ndjson', `${lines.join('\n')}\n`);
    const matched = await runCli(['test', '-f', join(REPO_ROOT, 'examples/api-errors.lf'), '--logs', logs, '--count']);
    expect(Number(matched.stdout.match(/^matched (\d+) of 1000$/m)![1])).toBeGreaterThan(50);
    const server = await emulator({ instantLogs: { rate: 1000 } });
    const result = await runCli(
      ['tail', '--zone', ZONE, '-f', join(REPO_ROOT, 'examples/api-errors.lf'), '--fields', 'ClientRequestHost,EdgeResponseStatus', '--max', '3'],
      {
        env: cliEnv(server),
      },
    );
    expect(result.code).toBe(0);
    for (const line of result.stdout.trim().split('\n')) expect(JSON.parse(line)).toMatchObject({ ClientRequestHost: 'api.example.com' });
  });

  it("the README and --help state the stream's limits as the code has them", async () => {
    // The README's section on live logs is the documentation's page now.
    const section = readDocPage('docs/guides/live-logs.md');
    const help = (await runCli(['tail', '--help'])).stdout.replace(/\s+/g, ' ');
    for (const text of [section.replace(/\s+/g, ' '), help]) {
      expect(text).toContain(`after ${STREAM_DEFAULTS.maxReconnects} reconnect attempts in a row that fail`);
      expect(text).toContain(`${STREAM_DEFAULTS.stableMs / 1000} s`);
      expect(text).toContain(`${STREAM_DEFAULTS.maxMessageBytes / 1024 / 1024} MiB`);
      expect(text).toMatch(/no position to resume from/);
    }
    expect(help).toContain(`(default: ${STREAM_DEFAULTS.idleTimeoutMs / 1000})`);
    expect(section.replace(/\s+/g, ' ')).toContain(`--idle-timeout SECONDS\` (default ${STREAM_DEFAULTS.idleTimeoutMs / 1000})`);
    const bad = await runCli(tail('--idle-timeout', '0'));
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("option '--idle-timeout <seconds>' argument '0' is invalid. takes a number of seconds above 0");
  });

  it('a bad filter or field exits 1 before any request', async () => {
    const server = await emulator();
    const result = await runCli(['tail', '--zone', ZONE, '--fields', 'RayId', 'ClientCountry eq'], { env: cliEnv(server) });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("error[unknown-field]: unknown field 'RayId' in dataset http_requests\n --> fields:1:8");
    expect(result.stderr).toContain("error[expected-value]: expected a value after 'eq', found the end of the filter\n --> filter:1:17");
    const json = await runCli(['tail', '--zone', ZONE, 'BotScore lt x', '--json'], { env: cliEnv(server) });
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({ ok: false, error: { kind: 'invalid' }, diagnostics: [{ source: 'filter', severity: 'error' }] });
    expect(server.requests).toEqual([]);
  });

  it('the service refuses a sample that is not a positive whole number; the CLI does too, before sending', async () => {
    const server = await emulator();
    const result = await runCli(tail('--sample', '1.5'), { env: cliEnv(server) });
    expect(result).toMatchObject({
      code: 2,
      stderr: "error: option '--sample <n>' argument '1.5' is invalid. takes a whole number above 0\n(run with --help for usage)\n",
    });
    expect(server.requests).toEqual([]);
  });

  it('--dry-run shows the request, without the token, and sends nothing', async () => {
    const server = await emulator();
    const result = await runCli(['tail', '--zone', ZONE, '--fields', 'RayID', 'ClientCountry eq us', '--dry-run'], { env: cliEnv(server) });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`# not sent (dry run)\nPOST ${server.baseUrl}${SESSIONS}\nAuthorization: Bearer [redacted]\n`);
    expect(result.stdout).toContain('"filter": "{\\"where\\":{\\"key\\":\\"ClientCountry\\",\\"operator\\":\\"eq\\",\\"value\\":\\"us\\"}}"');
    expect(result.stdout + result.stderr).not.toContain(TOKEN);
    expect(server.requests).toEqual([]);
  });

  it('logfilter emulator says where its live records come from, and refuses a replay it cannot read', async () => {
    const env = { CLOUDFLARE_API_TOKEN: TOKEN };
    const missing = await runCli(['emulator', '--port', '0', '--replay', 'no-such-file.ndjson'], { env });
    expect(missing).toMatchObject({ code: 2, stdout: '' });
    expect(missing.stderr).toBe('logfilter: the emulator cannot start: cannot read the replay file no-such-file.ndjson: no such file\n');
    const loop = await runCli(['emulator', '--port', '0', '--replay-loop'], { env });
    expect(loop).toMatchObject({ code: 2, stderr: 'logfilter: --replay-loop repeats a replay: add --replay FILE\n' });
    const { file } = tempFiles('replay');
    const path = file('mixed.ndjson', '{"RayID":"a"}\nnot json\n\n[1]\n{"RayID":"b"}\n');
    const child = spawn(process.execPath, [CLI_BIN, 'emulator', '--port', '0', '--replay', path, '--replay-rate', '5'], {
      env: { ...process.env, ...env },
    });
    const out = collect(child);
    await until(() => out.stderr.includes('live logs:'));
    child.kill('SIGINT');
    expect(await new Promise((resolve) => child.on('close', resolve))).toBe(0);
    expect(out.stderr).toContain(`live logs: replaying 2 records from ${path}, 5/s; skipped 2 lines that are not JSON objects (line 2, 4)\n`);
  });

  it('Ctrl-C ends the stream cleanly: exit 0, the count on stderr', async () => {
    const server = await emulator({ instantLogs: { rate: 50 } });
    const child = spawn(process.execPath, [CLI_BIN, ...tail()], { env: { ...process.env, ...cliEnv(server) }, cwd: REPO_ROOT });
    const out = collect(child);
    await until(() => out.stdout.split('\n').length > 3);
    child.kill('SIGINT');
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect(code).toBe(0);
    const printed = out.stdout.trim().split('\n');
    for (const line of printed) expect(Object.keys(JSON.parse(line))).toEqual(FIELDS);
    expect(out.stderr).toBe(`logfilter: ${printed.length} records\n`);
  });
});

function collect(child: ReturnType<typeof spawn>): { stdout: string; stderr: string } {
  const out = { stdout: '', stderr: '' };
  child.stdout!.on('data', (chunk: Buffer) => (out.stdout += chunk.toString('utf8')));
  child.stderr!.on('data', (chunk: Buffer) => (out.stderr += chunk.toString('utf8')));
  return out;
}

/** Waits until `done` holds (checked every 20 ms; the test's time-out bounds it). */
async function until(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 20));
}
