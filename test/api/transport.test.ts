import { ApiError, ConfigError, createClient, DEFAULT_BASE_URL, NetworkError, resolveConfig } from '@logfilter/api';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { clientOf, EMAIL, emulator, failureOf, KEY, requestLines, TOKEN, ZONE } from '../support/emulator.js';

const jobs = `/zones/${ZONE}/logpush/jobs`;

describe('authentication', () => {
  it('sends X-Auth-Email and X-Auth-Key, or a bearer token', async () => {
    const server = await emulator();
    expect(await clientOf(server, { credentials: { email: EMAIL, key: KEY } }).jobs.list(ZONE)).toEqual([]);
    expect(await clientOf(server).jobs.list(ZONE)).toEqual([]);
  });

  it('reports a refused key or token as a 403 with the envelope, and never shows the secret', async () => {
    const server = await emulator();
    const badKey = await failureOf(clientOf(server, { credentials: { email: EMAIL, key: 'wrong-key-123' } }).jobs.list(ZONE));
    expect(badKey).toBeInstanceOf(ApiError);
    expect(badKey).toMatchObject({ status: 403, isAuthFailure: true, errors: [{ code: 9103, message: 'unknown X-Auth-Key or X-Auth-Email' }] });
    expect(badKey.message).toBe(`GET ${jobs} failed with HTTP 403: 9103: unknown X-Auth-Key or X-Auth-Email`);
    const badToken = await failureOf(clientOf(server, { credentials: { token: 'wrong-token-456' } }).jobs.list(ZONE));
    expect(badToken.message).toBe(`GET ${jobs} failed with HTTP 403: 10000: Authentication error: the API token is not valid`);
    expect(JSON.stringify({ ...badKey, message: badKey.message, stack: badKey.stack })).not.toContain('wrong-key-123');
    expect(JSON.stringify({ ...badToken, message: badToken.message, stack: badToken.stack })).not.toContain('wrong-token-456');
  });

  it('answers 401 when no credentials are sent', async () => {
    const server = await emulator();
    const response = await fetch(`${server.baseUrl}${jobs}`);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      result: null,
      success: false,
      errors: [{ code: 9106, message: 'missing X-Auth-Email and X-Auth-Key headers, or an Authorization header' }],
      messages: [],
    });
  });

  it('says plainly when there are no credentials, before sending anything', async () => {
    const server = await emulator();
    const error = await failureOf(createClient({ baseUrl: server.baseUrl, env: {} }).jobs.list(ZONE));
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.message).toBe('no credentials: set CLOUDFLARE_API_TOKEN, or CLOUDFLARE_EMAIL and CLOUDFLARE_API_KEY, in the environment');
    expect(server.requests).toEqual([]);
  });
});

describe('configuration', () => {
  it('reads the environment, options first', () => {
    const env = {
      CLOUDFLARE_BASE_URL: 'http://127.0.0.1:9/client/v4/',
      CLOUDFLARE_EMAIL: EMAIL,
      CLOUDFLARE_API_KEY: KEY,
      LOGFILTER_PRODUCT_SEGMENT: 'logexport',
    };
    expect(resolveConfig({ env })).toMatchObject({
      baseUrl: 'http://127.0.0.1:9/client/v4',
      productSegment: 'logexport',
      credentials: { email: EMAIL, key: KEY },
      timeoutMs: 30_000,
      retries: 3,
    });
    expect(resolveConfig({ env: { ...env, CLOUDFLARE_API_TOKEN: TOKEN } }).credentials).toEqual({ token: TOKEN });
    expect(resolveConfig({ env, productSegment: 'logpush', baseUrl: 'https://example.test/client/v4' })).toMatchObject({
      productSegment: 'logpush',
      baseUrl: 'https://example.test/client/v4',
    });
    expect(resolveConfig({ env: {} })).toMatchObject({ baseUrl: DEFAULT_BASE_URL, productSegment: 'logpush', credentials: undefined });
  });

  it('refuses a credential a header cannot carry, without showing it', () => {
    const error = (() => {
      try {
        resolveConfig({ env: { CLOUDFLARE_API_TOKEN: 'secret token\n' } });
      } catch (caught) {
        return caught as Error;
      }
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect(error!.message).toBe('the API token (CLOUDFLARE_API_TOKEN) holds characters a request header cannot carry, such as spaces or line breaks');
  });

  it('refuses half-set credentials, bad URLs and bad segments', () => {
    expect(() => resolveConfig({ env: { CLOUDFLARE_EMAIL: EMAIL } })).toThrow(
      'CLOUDFLARE_EMAIL is set but CLOUDFLARE_API_KEY is not: set both, or set CLOUDFLARE_API_TOKEN instead',
    );
    expect(() => resolveConfig({ env: {}, baseUrl: 'api.example' })).toThrow(
      "the base URL 'api.example' is not a URL (expected e.g. https://api.cloudflare.com/client/v4)",
    );
    expect(() => resolveConfig({ env: {}, baseUrl: 'ftp://x/' })).toThrow("the base URL must be http or https, not 'ftp:'");
    expect(() => resolveConfig({ env: {}, productSegment: 'log/push' })).toThrow(ConfigError);
  });

  it('puts the product segment in the jobs path', async () => {
    const server = await emulator({ productSegment: 'logexport' });
    expect(await clientOf(server, { productSegment: 'logexport' }).jobs.list(ZONE)).toEqual([]);
    const wrong = await failureOf(clientOf(server).jobs.list(ZONE));
    expect(wrong).toMatchObject({ status: 404, errors: [{ code: 7000, message: `no route for ${jobs}` }] });
  });
});

/**
 * The client's time-out where a request hangs and the ones after it must be answered in time: it
 * is waited out once, and generous, so that a loaded machine answers the others well within it.
 */
const GIVE_UP_MS = 3_000;

describe('time-outs, dropped connections and retries', () => {
  it('gives up on a server that never answers, after the retries', async () => {
    const server = await emulator();
    server.faults.add({ path: '/jobs', fault: { kind: 'hang' }, times: Infinity });
    const error = await failureOf(clientOf(server, { timeoutMs: 200, retries: 1 }).jobs.list(ZONE));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ kind: 'timeout', message: `GET ${jobs}: no answer from http://127.0.0.1:${server.port} within 0.2 s` });
    expect(requestLines(server)).toEqual([`GET ${jobs}`, `GET ${jobs}`]);
  });

  it('gives up on a server that drops the connection, and retries a GET that met one drop', async () => {
    const server = await emulator();
    server.faults.add({ fault: { kind: 'drop' }, times: 3 });
    const error = await failureOf(clientOf(server, { retries: 2 }).jobs.list(ZONE));
    expect(error).toMatchObject({
      kind: 'connection',
      message: `GET ${jobs}: cannot reach http://127.0.0.1:${server.port}: the server closed the connection without answering`,
    });
    server.faults.add({ fault: { kind: 'drop' } });
    expect(await clientOf(server, { retries: 1 }).jobs.list(ZONE)).toEqual([]);
    expect(requestLines(server)).toHaveLength(5);
  });

  it('says when nothing listens', async () => {
    const server = await emulator();
    const { baseUrl } = server;
    await server.close();
    const error = await failureOf(createClient({ baseUrl, credentials: { token: TOKEN }, retries: 0, env: {} }).jobs.list(ZONE));
    expect(error.message).toBe(`GET ${jobs}: cannot reach ${new URL(baseUrl).origin}: the connection was refused (is the server running?)`);
  });

  it('waits out a 429 with Retry-After, then succeeds', async () => {
    const server = await emulator();
    server.faults.add({ method: 'GET', fault: { kind: 'status', status: 429, retryAfter: 1 } });
    expect(await clientOf(server).jobs.list(ZONE)).toEqual([]);
    expect(requestLines(server)).toEqual([`GET ${jobs}`, `GET ${jobs}`]);
  });

  it('honours Retry-After: a wait longer than allowed ends the retries with the 429', async () => {
    const server = await emulator();
    server.faults.add({ fault: { kind: 'status', status: 429, retryAfter: 120 } });
    const error = await failureOf(clientOf(server, { maxRetryAfterMs: 60_000 }).jobs.list(ZONE));
    expect(error).toMatchObject({ status: 429, errors: [{ code: 971, message: 'rate limited: please wait and consider throttling your request speed' }] });
    expect(server.requests).toHaveLength(1);
  });

  it('says when a refusal follows an attempt that went unanswered (so the write may have been applied)', async () => {
    const server = await emulator();
    server.faults.add({ method: 'GET', fault: { kind: 'status', status: 429, retryAfter: 120 } });
    expect(await failureOf(clientOf(server).jobs.list(ZONE))).toMatchObject({ status: 429, earlierAttemptMayHaveApplied: false });
    server.faults.add({ method: 'GET', fault: { kind: 'drop' } });
    server.faults.add({ method: 'GET', fault: { kind: 'status', status: 429, retryAfter: 120 } });
    expect(await failureOf(clientOf(server).jobs.list(ZONE))).toMatchObject({ status: 429, earlierAttemptMayHaveApplied: true });
  });

  it('sends a PUT once: after a 5xx it is the caller that reads again (updateJob merges anew)', async () => {
    const server = await emulator();
    const client = clientOf(server);
    const created = await client.jobs.create(ZONE, { name: 'a', destination_conf: 's3://b/p' });
    server.faults.add({ method: 'PUT', fault: { kind: 'status', status: 503 } });
    expect(await failureOf(client.jobs.update(ZONE, created.job!.id, { enabled: true }))).toMatchObject({ status: 503 });
    expect(requestLines(server)).toEqual([`POST ${jobs}`, `PUT ${jobs}/1`]);
  });

  it('after a 5xx on a job POST, lists the jobs first and sends it again only when no such job exists', async () => {
    const server = await emulator();
    server.faults.add({ method: 'POST', fault: { kind: 'status', status: 503 } });
    const result = await clientOf(server).jobs.create(ZONE, { name: 'b', destination_conf: 's3://b/p' });
    expect(result).toMatchObject({ recovered: false, job: { id: 1, name: 'b' } });
    // Listed at once, and again once the first POST can no longer land; after the second POST, listed
    // again so that a first POST landing late would be reported, not hidden.
    expect(requestLines(server)).toEqual([`POST ${jobs}`, `GET ${jobs}`, `GET ${jobs}`, `POST ${jobs}`, `GET ${jobs}`]);
    server.faults.add({ method: 'POST', fault: { kind: 'status', status: 429, retryAfter: 0 } });
    expect(await clientOf(server).jobs.create(ZONE, { name: 'c', destination_conf: 's3://b/p' })).toMatchObject({ recovered: false, job: { id: 2 } });
    // A 429 applied nothing: the POST is sent again without a list.
    expect(requestLines(server).slice(5)).toEqual([`POST ${jobs}`, `POST ${jobs}`]);
  });

  it('after a lost answer to a DELETE, reads the job: a 404 then means it is gone', async () => {
    const server = await emulator();
    const client = clientOf(server);
    await client.jobs.create(ZONE, { name: 'a', destination_conf: 's3://b/p' });
    server.faults.add({ method: 'DELETE', fault: { kind: 'lose-answer' } });
    expect(await client.jobs.delete(ZONE, 1)).toEqual({ deleted: true, recovered: true });
    server.faults.add({ method: 'DELETE', fault: { kind: 'status', status: 429, retryAfter: 0 } });
    await client.jobs.create(ZONE, { name: 'b', destination_conf: 's3://b/p' });
    expect(await client.jobs.delete(ZONE, 2)).toEqual({ deleted: true, recovered: false });
    expect(requestLines(server).slice(1)).toEqual([
      `DELETE ${jobs}/1`,
      `GET ${jobs}/1`,
      `POST ${jobs}`,
      `DELETE ${jobs}/2`,
      `GET ${jobs}/2`,
      `DELETE ${jobs}/2`,
    ]);
    expect(server.state.zone(ZONE).jobs).toEqual([]);
  });

  it('after a lost answer to a job POST, lists the jobs and finds the one created instead of sending it again', async () => {
    const server = await emulator();
    server.faults.add({ method: 'POST', fault: { kind: 'lose-answer' } });
    const result = await clientOf(server).jobs.create(ZONE, { name: 'web', destination_conf: 's3://b/p', dataset: 'http_requests' });
    expect(result).toMatchObject({ recovered: true, job: { id: 1, name: 'web' } });
    expect(requestLines(server)).toEqual([`POST ${jobs}`, `GET ${jobs}`]);
    expect(server.state.zone(ZONE).jobs).toHaveLength(1);
  });

  it('after a job POST times out, looks first, then sends it again when no such job exists', async () => {
    const server = await emulator();
    server.faults.add({ method: 'POST', fault: { kind: 'hang' } });
    const result = await clientOf(server, { timeoutMs: GIVE_UP_MS }).jobs.create(ZONE, { name: 'web', destination_conf: 's3://b/p' });
    expect(result).toMatchObject({ recovered: false, job: { id: 1, name: 'web' } });
    expect(requestLines(server)).toEqual([`POST ${jobs}`, `GET ${jobs}`, `GET ${jobs}`, `POST ${jobs}`, `GET ${jobs}`]);
  });

  it('reports a body that is not JSON with its status, after retrying the GET', async () => {
    const proxy = createServer((_request, response) => {
      response.writeHead(502, { 'Content-Type': 'text/html' });
      response.end('<html>bad gateway</html>');
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const { port } = proxy.address() as AddressInfo;
    try {
      const client = createClient({ baseUrl: `http://127.0.0.1:${port}/client/v4`, credentials: { token: TOKEN }, retries: 1, retryBaseMs: 10, env: {} });
      const error = await failureOf(client.jobs.list(ZONE));
      expect(error).toMatchObject({ kind: 'unreadable', status: 502, message: `GET ${jobs}: the service answered HTTP 502 with a body that is not JSON` });
    } finally {
      proxy.closeAllConnections();
      await new Promise((resolve) => proxy.close(resolve));
    }
  });
});
