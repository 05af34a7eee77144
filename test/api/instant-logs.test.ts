/**
 * @logfilter/api's Instant Logs against the emulator: sessions created and listed with the service's
 * shapes and refusals, and the record iterator (filter, early stop, reconnects, a session gone and
 * the gap it leaves, silent and half-open connections, failures counted by time, Retry-After,
 * message size and the memory a large message costs).
 */
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import type { LiveLine, StreamEvent } from '@logfilter/api';
import { compile } from '@logfilter/core';
import { generatedRecord } from '@logfilter/emulator';
import { describe, expect, it } from 'vitest';
import { tempFiles } from '../support/cli.js';
import { clientOf, emulator, TOKEN, ZONE } from '../support/emulator.js';

/** How long a connection must stay open to reset the failure count in these tests: far longer than any test's connection lives. */
const STABLE_MS = 60_000;
/** The idle time-out of the tests that wait for one: long enough that a busy machine's healthy connection is never taken for dead. */
const IDLE_MS = 2_000;

const FIELDS = 'RayID,ClientCountry,EdgeResponseStatus';

describe('Instant Logs sessions', () => {
  it('are created with a WebSocket address on the emulator and listed per zone', async () => {
    const server = await emulator();
    const client = clientOf(server);
    const filter = compile('EdgeResponseStatus geq 500').json!;
    const session = (await client.instantLogs.create(ZONE, { fields: FIELDS, filter, sample: 10 }))!;
    expect(session).toEqual({
      destination_conf: `ws://127.0.0.1:${server.port}/instant-logs/ws/sessions/${session.session_id}`,
      session_id: expect.stringMatching(/^[0-9a-f]{32}$/),
      fields: FIELDS,
      filter,
      sample: 10,
      kind: 'instant-logs',
    });
    expect(server.requests[0]).toMatchObject({
      method: 'POST',
      path: `/zones/${ZONE}/logpush/edge/jobs`,
      body: { fields: FIELDS, filter, sample: 10, kind: 'instant-logs' },
    });
    expect(await client.instantLogs.list(ZONE)).toEqual([session]);
    expect(await client.instantLogs.list('0'.repeat(32))).toEqual([]);
  });

  it('are served on the older path without /jobs too', async () => {
    const server = await emulator();
    const post = await fetch(`${server.baseUrl}/zones/${ZONE}/logpush/edge`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ fields: 'RayID', kind: 'instant-logs' }),
    });
    expect(post.status).toBe(200);
    const list = (await (await fetch(`${server.baseUrl}/zones/${ZONE}/logpush/edge`, { headers: { Authorization: `Bearer ${TOKEN}` } })).json()) as {
      result: unknown[];
    };
    expect(list.result).toHaveLength(1);
  });

  it('refuse unknown fields, a bad filter, a sample that is not a positive whole number and unknown members, each with its pointer', async () => {
    const server = await emulator();
    const send = (body: object) =>
      fetch(`${server.baseUrl}/zones/${ZONE}/logpush/edge/jobs`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      }).then(async (response) => ({ status: response.status, body: (await response.json()) as { success: boolean; errors: unknown[] } }));
    const refused = await send({
      fields: 'RayId,ClientIP',
      filter: '{"where":{"key":"Nope","operator":"eq","value":"x"}}',
      sample: 1.5,
      kind: 'edge',
      extra: 1,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.success).toBe(false);
    expect(refused.body.errors).toEqual([
      { code: 1004, message: expect.stringContaining("unknown member 'extra'"), source: { pointer: '/extra' } },
      { code: 1004, message: 'kind must be "instant-logs", not "edge"', source: { pointer: '/kind' } },
      { code: 1004, message: expect.stringContaining("unknown field 'RayId'"), source: { pointer: '/fields' } },
      { code: 1004, message: expect.stringContaining('Nope'), source: { pointer: '/filter' } },
      { code: 1004, message: expect.stringContaining('sample must be a positive whole number'), source: { pointer: '/sample' } },
    ]);
    for (const sample of [0, -1, '2', null]) expect((await send({ fields: 'RayID', sample })).status).toBe(400);
    expect((await send({ fields: '' })).body.errors).toEqual([expect.objectContaining({ source: { pointer: '/fields' } })]);
    expect(server.instantLogs.list(ZONE)).toEqual([]);
  });
});

describe('the record iterator', () => {
  it('yields the records the filter lets through, projected to the fields, and closes the socket when the reader stops', async () => {
    const server = await emulator({ instantLogs: { rate: 1000 } });
    const client = clientOf(server);
    const filter = compile('EdgeResponseStatus geq 400').json!;
    const records = [];
    for await (const line of client.instantLogs.stream(ZONE, { fields: FIELDS, filter })) {
      records.push(line.record);
      expect(line.text).toBe(JSON.stringify(line.record));
      if (records.length === 20) break;
    }
    // The session streams from when it is connected to (as the service's starts from now): on a busy
    // machine that may be a few records into the source. From its first record on, nothing is missed.
    let first = 0;
    while (first < 1000 && generatedRecord(1, first).RayID !== records[0].RayID) first++;
    expect(first).toBeLessThan(1000);
    const expected = [];
    for (let i = first; expected.length < 20; i++) {
      const record = generatedRecord(1, i);
      if ((record.EdgeResponseStatus as number) >= 400)
        expected.push({ RayID: record.RayID, ClientCountry: record.ClientCountry, EdgeResponseStatus: record.EdgeResponseStatus });
    }
    expect(records).toEqual(expected);
    const [session] = server.instantLogs.list(ZONE);
    await until(() => !server.instantLogs.connected(session.session_id));
  });

  it('reconnects after a refused upgrade and a dropped connection, and creates a new session when the old one is gone, saying where the gap is', async () => {
    const server = await emulator({ instantLogs: { rate: 1000 } });
    const client = clientOf(server);
    server.faults
      .add({ method: 'GET', path: '/instant-logs/', fault: { kind: 'status', status: 503 } })
      .add({ method: 'GET', path: '/instant-logs/', fault: { kind: 'drop' } });
    const events: StreamEvent[] = [];
    const seen: string[] = [];
    let renewedAt: number | undefined;
    let gapAt: number | undefined;
    const onEvent = (event: StreamEvent) => {
      events.push(event);
      if (event.kind === 'session' && events.some((earlier) => earlier.kind === 'recreating')) renewedAt = seen.length;
      if (event.kind === 'gap') gapAt = seen.length;
    };
    for await (const line of client.instantLogs.stream(ZONE, { fields: 'RayID' }, { reconnectBaseMs: 5, onEvent })) {
      seen.push(line.record.RayID as string);
      if (seen.length === 5) server.instantLogs.expire(server.instantLogs.list(ZONE)[0].session_id);
      if (renewedAt !== undefined && seen.length === renewedAt + 5) break;
    }
    expect(events.filter((event) => event.kind === 'reconnecting').map((event) => (event as { reason: string }).reason)).toEqual([
      'the WebSocket upgrade was answered HTTP 503',
      expect.stringMatching(/socket hang up|ECONNRESET|closed/),
    ]);
    expect(events.filter((event) => event.kind === 'recreating')).toHaveLength(1);
    expect(events.filter((event) => event.kind === 'session')).toHaveLength(2);
    // The new session streams from now, as the service's does: nothing is seen twice ...
    expect(new Set(seen).size).toBe(seen.length);
    const position = (rayId: string) => {
      for (let i = 0; ; i++) if (generatedRecord(1, i).RayID === rayId) return i;
    };
    expect(position(seen[renewedAt!])).toBeGreaterThan(position(seen[renewedAt! - 1]));
    // ... and the gap is reported once, before the new session's first record.
    const gaps = events.filter((event) => event.kind === 'gap');
    expect(gaps).toEqual([{ kind: 'gap', reason: expect.stringContaining('code 4404'), from: expect.any(Date), to: expect.any(Date) }]);
    expect(gaps[0].from.getTime()).toBeLessThanOrEqual(gaps[0].to.getTime());
    expect(gapAt).toBe(renewedAt);
  });

  it('gives up with a NetworkError when no connection can be made', async () => {
    const server = await emulator();
    const client = clientOf(server);
    server.faults.add({ method: 'GET', path: '/instant-logs/', times: Infinity, fault: { kind: 'drop' } });
    const events: StreamEvent[] = [];
    const stream = client.instantLogs.stream(ZONE, { fields: 'RayID' }, { reconnectBaseMs: 1, maxReconnects: 2, onEvent: (event) => events.push(event) });
    await expect(stream.next()).rejects.toThrow(/cannot be kept open: .*\(gave up after 2 reconnect attempts in a row\)$/);
    // One first connection and two reconnects, numbered 1 and 2.
    expect(server.requests.filter((request) => request.path.startsWith('/instant-logs/'))).toHaveLength(3);
    expect(events.flatMap((event) => (event.kind === 'reconnecting' ? [event.attempt] : []))).toEqual([1, 2]);
  });

  it('counts failures by time, not by record: a server that drops each connection after one record is given up on', async () => {
    const server = await emulator({ instantLogs: { rate: 1000 } });
    const client = clientOf(server);
    server.faults.add({ method: 'MESSAGE', times: Infinity, fault: { kind: 'lose-answer' } });
    const events: StreamEvent[] = [];
    const seen: LiveLine[] = [];
    const read = async () => {
      const options = { reconnectBaseMs: 1, maxReconnects: 3, stableMs: STABLE_MS, onEvent: (event: StreamEvent) => events.push(event) };
      for await (const line of client.instantLogs.stream(ZONE, { fields: 'RayID' }, options)) if (seen.push(line) === 20) return;
    };
    await expect(read()).rejects.toThrow(/\(gave up after 3 reconnect attempts in a row\)$/);
    expect(seen).toHaveLength(4);
    expect(events.flatMap((event) => (event.kind === 'reconnecting' ? [event.attempt] : []))).toEqual([1, 2, 3]);
  });

  it('a connection that stayed open long enough resets the count', async () => {
    const server = await emulator({ instantLogs: { rate: 1000 } });
    const client = clientOf(server);
    server.faults.add({ method: 'MESSAGE', times: Infinity, fault: { kind: 'lose-answer' } });
    const seen: LiveLine[] = [];
    // Every connection counts as stable (stableMs 0): the stream never gives up, whatever the drops.
    for await (const line of client.instantLogs.stream(ZONE, { fields: 'RayID' }, { reconnectBaseMs: 1, maxReconnects: 1, stableMs: 0 }))
      if (seen.push(line) === 6) break;
    expect(seen).toHaveLength(6);
  });

  it('reconnects when a connection opens and stays silent, or goes half-open: nothing heard, no pong, within the idle time-out', async () => {
    const server = await emulator({ instantLogs: { rate: 1000 } });
    const client = clientOf(server);
    // The first connection sends nothing and answers no ping; the second sends three records, then goes half-open.
    server.faults
      .add({ method: 'MESSAGE', fault: { kind: 'hang' } })
      .add({ method: 'MESSAGE', times: 3, fault: { kind: 'delay', ms: 0 } })
      .add({ method: 'MESSAGE', fault: { kind: 'hang' } });
    const events: StreamEvent[] = [];
    const seen: LiveLine[] = [];
    const options = { reconnectBaseMs: 1, idleTimeoutMs: IDLE_MS, stableMs: STABLE_MS, onEvent: (event: StreamEvent) => events.push(event) };
    for await (const line of client.instantLogs.stream(ZONE, { fields: 'RayID' }, options)) if (seen.push(line) === 8) break;
    const reasons = events.flatMap((event) => (event.kind === 'reconnecting' ? [event.reason] : []));
    expect(reasons.slice(0, 2)).toEqual([
      'nothing was heard on the connection for 2 s (no record, no answer to a ping)',
      'nothing was heard on the connection for 2 s (no record, no answer to a ping)',
    ]);
    expect(new Set(seen.map((line) => line.record.RayID)).size).toBe(8);
  });

  it('waits out the Retry-After of a 429 upgrade answer', async () => {
    const server = await emulator({ instantLogs: { rate: 1000 } });
    const client = clientOf(server);
    server.faults.add({ method: 'GET', path: '/instant-logs/', fault: { kind: 'status', status: 429, retryAfter: 2 } });
    const events: StreamEvent[] = [];
    for await (const _line of client.instantLogs.stream(ZONE, { fields: 'RayID' }, { reconnectBaseMs: 1, onEvent: (event) => events.push(event) })) break;
    const [reconnect] = events.filter((event) => event.kind === 'reconnecting');
    expect(reconnect).toMatchObject({ reason: 'the WebSocket upgrade was answered HTTP 429 (Retry-After: 2 s)', attempt: 1 });
    expect((reconnect as { delayMs: number }).delayMs).toBeGreaterThanOrEqual(2000);
  });

  it('refuses a message over maxMessageBytes, says so, and opens the connection again', async () => {
    const { file } = tempFiles('instant-logs');
    const big = { RayID: 'big', ClientRequestPath: `/${'x'.repeat(300_000)}` };
    const replay = file('big.ndjson', [{ RayID: 'a' }, big, { RayID: 'b' }].map((record) => JSON.stringify(record)).join('\n'));
    const server = await emulator({ instantLogs: { replay } });
    const client = clientOf(server);
    const events: StreamEvent[] = [];
    const seen: string[] = [];
    const options = { reconnectBaseMs: 1, maxMessageBytes: 100_000, onEvent: (event: StreamEvent) => events.push(event) };
    for await (const line of client.instantLogs.stream(ZONE, { fields: 'RayID,ClientRequestPath' }, options)) seen.push(line.record.RayID as string);
    // 'b' follows on the refused connection or on the next one, depending on when the emulator sent it.
    expect(seen[0]).toBe('a');
    expect(seen).not.toContain('big');
    expect(events.filter((event) => event.kind === 'reconnecting')).toEqual([
      expect.objectContaining({ reason: 'a message larger than the limit of 100000 bytes was refused (its records are lost)' }),
    ]);
  });

  it('holds a large message of many lines as its bytes, parsing a line only when it is read', async () => {
    const server = await emulator();
    // Some 800,000 short lines, 14 MiB (under the 16 MiB default cap), written straight into one buffer.
    const lines = 800_000;
    const message = Buffer.alloc(lines * 24);
    let length = 0;
    for (let i = 0; i < lines; i++) length += message.write(`{"RayID":"${i}"}\n`, length);
    const wss = await oneMessageServer(message.subarray(0, length));
    server.instantLogs.origin = `ws://127.0.0.1:${wss.port}`;
    try {
      const client = clientOf(server);
      const before = process.memoryUsage().heapUsed;
      let count = 0;
      let inOrder = 0;
      let grown = 0;
      for await (const line of client.instantLogs.stream(ZONE, { fields: 'RayID' })) {
        if (count === 0) grown = process.memoryUsage().heapUsed - before;
        if (line.record.RayID === String(count++)) inOrder++;
      }
      expect(count).toBe(lines);
      expect(inOrder).toBe(lines);
      // An object per line, made when the message came, would be some 170 MiB of heap by the first record.
      expect(grown).toBeLessThan(64 * 1024 * 1024);
    } finally {
      await wss.close();
    }
  });
});

/**
 * A WebSocket server on 127.0.0.1 that answers every upgrade by sending `message` as one text frame
 * and closing normally: the frames written by hand (RFC 6455), so the test controls their size.
 */
async function oneMessageServer(message: Buffer): Promise<{ port: number; close: () => Promise<void> }> {
  const wss = createServer();
  const sockets = new Set<Duplex>();
  wss.on('upgrade', (request, socket) => {
    sockets.add(socket);
    const accept = createHash('sha1').update(`${request.headers['sec-websocket-key']}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`).digest('base64');
    socket.write(`HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`);
    const header = Buffer.alloc(10);
    header[0] = 0x81; // the final frame of a text message
    header[1] = 127; // a 64-bit length follows
    header.writeBigUInt64BE(BigInt(message.length), 2);
    socket.write(Buffer.concat([header, message]));
    socket.end(Buffer.from([0x88, 0x02, 0x03, 0xe8])); // close, code 1000
  });
  await new Promise<void>((resolve) => wss.listen(0, '127.0.0.1', resolve));
  return {
    port: (wss.address() as AddressInfo).port,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => wss.close(() => resolve()));
    },
  };
}

async function until(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 10));
}
