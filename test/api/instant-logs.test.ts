/**
 * @logfilter/api's Instant Logs against the emulator: sessions created and listed with the service's
 * shapes and refusals, and the record iterator (filter, early stop, reconnects, a session gone).
 */
import type { StreamEvent } from '@logfilter/api';
import { compile } from '@logfilter/core';
import { generatedRecord } from '@logfilter/emulator';
import { describe, expect, it } from 'vitest';
import { clientOf, emulator, TOKEN, ZONE } from '../support/emulator.js';

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
    const expected = [];
    for (let i = 0; expected.length < 20; i++) {
      const record = generatedRecord(1, i);
      if ((record.EdgeResponseStatus as number) >= 400)
        expected.push({ RayID: record.RayID, ClientCountry: record.ClientCountry, EdgeResponseStatus: record.EdgeResponseStatus });
    }
    expect(records).toEqual(expected);
    const [session] = server.instantLogs.list(ZONE);
    await until(() => !server.instantLogs.connected(session.session_id));
  });

  it('reconnects after a refused upgrade and a dropped connection, and creates a new session when the old one is gone', async () => {
    const server = await emulator({ instantLogs: { rate: 1000 } });
    const client = clientOf(server);
    server.faults
      .add({ method: 'GET', path: '/instant-logs/', fault: { kind: 'status', status: 503 } })
      .add({ method: 'GET', path: '/instant-logs/', fault: { kind: 'drop' } });
    const events: StreamEvent[] = [];
    const seen: string[] = [];
    let renewedAt: number | undefined;
    const onEvent = (event: StreamEvent) => {
      events.push(event);
      if (event.kind === 'session' && events.some((earlier) => earlier.kind === 'recreating')) renewedAt = seen.length;
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
    // The new session streams from its own start: the first five records again.
    expect(seen.slice(renewedAt)).toEqual(seen.slice(0, 5));
  });

  it('gives up with a NetworkError when no connection can be made', async () => {
    const server = await emulator();
    const client = clientOf(server);
    server.faults.add({ method: 'GET', path: '/instant-logs/', times: Infinity, fault: { kind: 'drop' } });
    const stream = client.instantLogs.stream(ZONE, { fields: 'RayID' }, { reconnectBaseMs: 1, maxReconnects: 2 });
    await expect(stream.next()).rejects.toThrow(/cannot be kept open: .*\(gave up after 3 attempts\)$/);
  });
});

async function until(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 10));
}
