import { ApiError } from '@logfilter/api';
import { compile } from '@logfilter/core';
import { describe, expect, it } from 'vitest';
import { clientOf, emulator, requestLines, ZONE } from '../support/emulator.js';

const jobs = `/zones/${ZONE}/logpush/jobs`;

describe('jobs through the client, over HTTP against the emulator', () => {
  it('creates, lists, gets, updates and deletes a job, the filter stored as the compiled JSON string', async () => {
    const server = await emulator();
    const client = clientOf(server);
    const filter = compile('ClientCountry in (us, ca) AND EdgeResponseStatus geq 500').json!;
    const input = {
      name: 'web-logs',
      destination_conf: 's3://bucket/logs?region=us-east-1',
      dataset: 'http_requests',
      logpull_options: 'fields=RayID,ClientIP&timestamps=rfc3339',
      ownership_challenge: 'challenge',
      filter,
    };
    const { job } = await client.jobs.create(ZONE, input);
    expect(job).toEqual({
      id: 1,
      name: 'web-logs',
      dataset: 'http_requests',
      enabled: false,
      destination_conf: 's3://bucket/logs?region=us-east-1',
      logpull_options: 'fields=RayID,ClientIP&timestamps=rfc3339',
      filter,
      frequency: 'high',
      kind: '',
      last_complete: null,
      last_error: null,
      error_message: null,
    });
    expect(server.requests[0].body).toEqual(input);
    expect(await client.jobs.list(ZONE)).toEqual([job]);
    expect(await client.jobs.get(ZONE, 1)).toEqual(job);
    expect(await client.jobs.update(ZONE, 1, { enabled: true, filter: null })).toMatchObject({ id: 1, enabled: true, filter: null });
    expect(await client.jobs.delete(ZONE, 1)).toEqual({ deleted: true, recovered: false });
    expect(await client.jobs.list(ZONE)).toEqual([]);
    expect(requestLines(server)).toEqual([`POST ${jobs}`, `GET ${jobs}`, `GET ${jobs}/1`, `PUT ${jobs}/1`, `DELETE ${jobs}/1`, `GET ${jobs}`]);
  });

  it("carries the service's refusal of a job: every problem, with its pointer", async () => {
    const server = await emulator();
    const filter = JSON.stringify({
      where: {
        and: [
          { key: 'ClientCountry', operator: 'eq', value: 'us' },
          { key: 'EdgeResponseStatus', operator: 'in', value: '200,201' },
          { key: 'Nope', operator: 'eq', value: '1' },
        ],
      },
    });
    const error = await clientOf(server)
      .jobs.create(ZONE, { name: 'web logs', destination_conf: 's3://b/p', logpull_options: 'fields=RayId&timestamps=rfc', filter })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).errors).toEqual([
      { code: 1004, message: "name may hold letters, digits, '-' and '.' only", source: { pointer: '/name' } },
      {
        code: 1004,
        message: "logpull_options: unknown field 'RayId' in dataset http_requests (did you mean 'RayID'?)",
        source: { pointer: '/logpull_options' },
      },
      { code: 1004, message: "logpull_options: timestamps takes rfc3339, unix, unixnano, not 'rfc'", source: { pointer: '/logpull_options' } },
      { code: 1004, message: 'filter at /where/and/1/value: \'in\' takes a JSON array, not the string "200,201"', source: { pointer: '/filter' } },
      { code: 1004, message: "filter at /where/and/2/key: unknown field 'Nope' in dataset http_requests", source: { pointer: '/filter' } },
    ]);
    expect(server.state.zone(ZONE).jobs).toEqual([]);
  });

  it('holds the filter to the limits, counted on the string as sent', async () => {
    const server = await emulator({ maxFilterOperators: 2, maxFilterBytes: 150 });
    const filter = JSON.stringify({
      where: {
        or: [
          { key: 'ClientCountry', operator: 'eq', value: 'us' },
          { key: 'EdgeResponseStatus', operator: 'geq', value: '500' },
          { key: 'BotScore', operator: 'lt', value: '30' },
        ],
      },
    });
    const error = await clientOf(server)
      .jobs.create(ZONE, { destination_conf: 's3://b/p', filter })
      .catch((e: unknown) => e);
    expect((error as ApiError).errors.map((e) => e.message)).toEqual([
      'filter is 179 bytes, over the limit of 150',
      'filter at /where/or/2: the filter has 3 operators, 1 over the limit of 2; this one is the first over it',
    ]);
    const nested = await clientOf(server)
      .jobs.create(ZONE, { destination_conf: 's3://b/p', filter: JSON.stringify(JSON.stringify({ where: {} })) })
      .catch((e: unknown) => e);
    expect((nested as ApiError).errors).toEqual([{ code: 1004, message: 'filter must be a JSON object {"where": ...}', source: { pointer: '/filter' } }]);
  });

  it('answers 404 for a job that is not there, and refuses to change a dataset', async () => {
    const server = await emulator();
    const client = clientOf(server);
    await expect(client.jobs.get(ZONE, 42)).rejects.toMatchObject({ status: 404, errors: [{ code: 1003, message: `job 42 not found in zone '${ZONE}'` }] });
    await client.jobs.create(ZONE, { destination_conf: 's3://b/p' });
    await expect(client.jobs.update(ZONE, 1, { dataset: 'dns_logs' })).rejects.toMatchObject({
      status: 400,
      errors: [{ code: 1004, message: 'the dataset of a job cannot change (it is http_requests)' }],
    });
  });

  it('describes a create in a dry run and sends nothing at all', async () => {
    const server = await emulator();
    const shown: unknown[] = [];
    const result = await clientOf(server, { dryRun: true, onRequest: (request) => shown.push(request) }).jobs.create(ZONE, {
      name: 'a',
      destination_conf: 's3://b/p',
    });
    expect(result).toEqual({ job: undefined, recovered: false, dryRun: true });
    expect(shown).toEqual([
      {
        method: 'POST',
        url: `${server.baseUrl}${jobs}`,
        headers: { Authorization: 'Bearer [redacted]', 'Content-Type': 'application/json' },
        body: { name: 'a', destination_conf: 's3://b/p' },
        dryRun: true,
      },
    ]);
    expect(server.requests).toEqual([]);
  });
});

describe('int ranges (issue 12 item 3)', () => {
  it('refuses a job whose filter holds an int outside uint64, as the service does', async () => {
    const server = await emulator();
    const filter = JSON.stringify({ where: { key: 'EdgeResponseStatus', operator: 'in', value: [-5, 200] } });
    const error = await clientOf(server)
      .jobs.create(ZONE, { destination_conf: 's3://b/p', filter })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).errors.map((e) => e.message).join('\n')).toContain('-5 is negative');
    expect((await clientOf(server).jobs.list(ZONE)).length).toBe(0);
  });
});
