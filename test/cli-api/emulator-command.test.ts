import { createClient } from '@logfilter/api';
import { MAX_REPLAY_BYTES } from '@logfilter/emulator';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI_BIN, runCli } from '../support/cli.js';
import { TOKEN, ZONE } from '../support/emulator.js';

const noCredentials = { CLOUDFLARE_API_TOKEN: undefined, CLOUDFLARE_EMAIL: undefined, CLOUDFLARE_API_KEY: undefined };

describe('logfilter emulator', () => {
  it('serves on 127.0.0.1 with the credentials of the environment, keeps its state file, and stops on SIGINT', async () => {
    const statePath = join(mkdtempSync(join(tmpdir(), 'logfilter-emu-')), 'state.json');
    const child = spawn(process.execPath, [CLI_BIN, 'emulator', '--port', '0', '--state', statePath], {
      env: { ...process.env, ...noCredentials, CLOUDFLARE_API_TOKEN: TOKEN, LOGFILTER_PRODUCT_SEGMENT: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    const baseUrl = await new Promise<string>((resolve, reject) => {
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString('utf8');
        const found = /listening on (http:\/\/127\.0\.0\.1:\d+\/client\/v4)\n/.exec(stderr);
        if (found) resolve(found[1]);
      });
      child.on('close', () => reject(new Error(`the emulator exited early: ${stderr}`)));
    });
    const client = createClient({ baseUrl, credentials: { token: TOKEN }, env: {} });
    const { job } = await client.jobs.create(ZONE, { name: 'kept', destination_conf: 's3://b/p' });
    expect(job).toMatchObject({ id: 1, name: 'kept' });
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(stderr).toContain(
      `state: ${statePath}; accepting the token in CLOUDFLARE_API_TOKEN\npoint the client at it with: export CLOUDFLARE_BASE_URL=${baseUrl}\n`,
    );
    expect(stderr).toMatch(/Z POST \/zones\/\w+\/logpush\/jobs 200\n/);
    expect(stderr).not.toContain(TOKEN);
    expect(stderr.endsWith('logfilter emulator stopped\n')).toBe(true);
    expect(JSON.parse(readFileSync(statePath, 'utf8')).zones[ZONE].jobs).toMatchObject([{ id: 1, name: 'kept' }]);
  });

  it('refuses to start without credentials to accept, or on a bad port', async () => {
    expect(await runCli(['emulator', '--port', '0'], { env: noCredentials })).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'logfilter: the emulator needs credentials to accept: set CLOUDFLARE_API_TOKEN, or CLOUDFLARE_EMAIL and CLOUDFLARE_API_KEY, in the environment (the client reads the same variables)\n',
    });
    expect(await runCli(['emulator', '--port', '70000'], { env: { ...noCredentials, CLOUDFLARE_API_TOKEN: TOKEN } })).toMatchObject({
      code: 2,
      stderr: "logfilter: --port takes a port number from 0 to 65535, not '70000'\n",
    });
  });

  it('says a --state path is a directory, or in a missing folder, and refuses bad fault flags, with exit 2', async () => {
    const env = { ...noCredentials, CLOUDFLARE_API_TOKEN: TOKEN };
    const folder = mkdtempSync(join(tmpdir(), 'logfilter-emu-'));
    expect(await runCli(['emulator', '--port', '0', '--state', folder], { env })).toEqual({
      code: 2,
      stdout: '',
      stderr: `logfilter: the emulator cannot start: the state path ${folder} is a directory: name a file in it, such as ${join(folder, 'emulator-state.json')}\n`,
    });
    expect(await runCli(['emulator', '--port', '0', '--state', join(folder, 'no', 'state.json')], { env })).toMatchObject({
      code: 2,
      stderr: `logfilter: the emulator cannot start: the folder of the state file ${join(folder, 'no', 'state.json')} does not exist: create ${join(folder, 'no')} first\n`,
    });
    expect(await runCli(['emulator', '--port', '0', '--drop', '10%'], { env })).toMatchObject({
      code: 2,
      stderr: "logfilter: --drop takes a share from 0 to 1 (e.g. 0.1 for 10%), not '10%'\n",
    });
    expect(await runCli(['emulator', '--port', '0', '--retry-after', '2'], { env })).toMatchObject({
      code: 2,
      stderr: 'logfilter: --retry-after shapes a fault that is not switched on: add --rate-limit <rate>\n',
    });
  });

  it('injects the faults its flags ask for, and counts them when it stops', async () => {
    const child = spawn(process.execPath, [CLI_BIN, 'emulator', '--port', '0', '--rate-limit', '1', '--retry-after', '0', '--fault-seed', '5'], {
      env: { ...process.env, ...noCredentials, CLOUDFLARE_API_TOKEN: TOKEN, LOGFILTER_PRODUCT_SEGMENT: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    const baseUrl = await new Promise<string>((resolve) => {
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString('utf8');
        const found = /listening on (http:\/\/127\.0\.0\.1:\d+\/client\/v4)\n/.exec(stderr);
        if (found) resolve(found[1]);
      });
    });
    const client = createClient({ baseUrl, credentials: { token: TOKEN }, env: {}, retries: 1, retryBaseMs: 1 });
    await expect(client.customFields.get(ZONE)).rejects.toMatchObject({ status: 429 });
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(stderr).toContain('faults: 429 bursts 100% x1 (Retry-After 0) (seed 5)\n');
    expect(stderr).toMatch(/GET \/zones\/\w+\/rulesets \(fault: 429\)\n/);
    expect(stderr).toContain('faults injected: 2 (429 2)\nlogfilter emulator stopped\n');
  });

  it('refuses a --replay file over its stated limit before reading it (exit 2)', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'logfilter-emu-')), 'big.ndjson');
    // Sparse: one byte over the limit, without writing 32 MiB.
    writeFileSync(path, '');
    truncateSync(path, MAX_REPLAY_BYTES + 1);
    const result = await runCli(['emulator', '--port', '0', '--replay', path], { env: { ...noCredentials, CLOUDFLARE_API_TOKEN: TOKEN } });
    expect(result).toMatchObject({ code: 2, stdout: '' });
    expect(result.stderr).toContain(
      `cannot read the replay file ${path}: it is ${MAX_REPLAY_BYTES + 1} bytes, over the limit of ${MAX_REPLAY_BYTES} bytes (32 MiB)`,
    );
  });
});
