import { ApiError, ValidationError } from '@logfilter/api';
import { describe, expect, it } from 'vitest';
import { clientOf, customFieldRule, emulator, requestLines, TOKEN, ZONE } from '../support/emulator.js';

const rulesets = `/zones/${ZONE}/rulesets`;

describe('custom fields through the client, over HTTP against the emulator', () => {
  it('creates the ruleset when absent and reuses it when present, never a second one', async () => {
    const server = await emulator();
    const client = clientOf(server);
    const first = await client.customFields.set(ZONE, { request: ['user-agent'] });
    expect(first).toMatchObject({ created: true, changed: true, added: [{ list: 'request_fields', name: 'user-agent' }], kept: [], removed: [] });
    const second = await client.customFields.set(ZONE, { cookie: ['session'] });
    expect(second).toMatchObject({
      created: false,
      changed: true,
      rulesetId: first.rulesetId,
      added: [{ list: 'cookie_fields', name: 'session' }],
      kept: [{ list: 'request_fields', name: 'user-agent' }],
    });
    const id = first.rulesetId;
    expect(requestLines(server)).toEqual([
      `GET ${rulesets}`,
      `POST ${rulesets}`,
      `PUT ${rulesets}/${id}`,
      `GET ${rulesets}/${id}`,
      `GET ${rulesets}`,
      `GET ${rulesets}/${id}`,
      `PUT ${rulesets}/${id}`,
      `GET ${rulesets}/${id}`,
    ]);
    expect(server.state.zone(ZONE).rulesets).toHaveLength(1);
    expect(second.ruleset).toMatchObject({ id, kind: 'zone', phase: 'http_log_custom_fields', version: '3' });
  });

  it('keeps other rules and fields already configured, and keeps their ids', async () => {
    const server = await emulator();
    const client = clientOf(server);
    const seeded = await seed(server, [
      customFieldRule({ request_fields: [{ name: 'accept' }], cookie_fields: [{ name: 'ID' }] }, 'team A'),
      customFieldRule({ response_fields: [{ name: 'server', preserve_duplicates: true }] }, 'team B'),
    ]);
    const result = await client.customFields.set(ZONE, { request: ['user-agent', 'accept'], response: ['server'] });
    expect(result.added).toEqual([{ list: 'request_fields', name: 'user-agent' }]);
    expect(result.kept).toEqual([
      { list: 'request_fields', name: 'accept' },
      { list: 'cookie_fields', name: 'ID' },
      { list: 'response_fields', name: 'server' },
    ]);
    expect(result.removed).toEqual([]);
    const put = server.requests.at(-2)!; // the last is the read-back
    expect(put.method).toBe('PUT');
    expect(put.body).toEqual({
      rules: [
        {
          ...customFieldRule({ request_fields: [{ name: 'accept' }, { name: 'user-agent' }], cookie_fields: [{ name: 'ID' }] }, 'team A'),
          id: seeded[0].id,
          ref: seeded[0].ref,
          enabled: true,
        },
        {
          ...customFieldRule({ response_fields: [{ name: 'server', preserve_duplicates: true }] }, 'team B'),
          id: seeded[1].id,
          ref: seeded[1].ref,
          enabled: true,
        },
      ],
    });
    const rules = server.state.zone(ZONE).rulesets[0].rules;
    expect(rules.map((rule) => [rule.id, rule.version])).toEqual([
      [seeded[0].id, '2'],
      [seeded[1].id, '1'],
    ]);
  });

  it('replaces when asked: fields not named are removed, an emptied rule goes', async () => {
    const server = await emulator();
    const client = clientOf(server);
    await seed(server, [
      customFieldRule({ request_fields: [{ name: 'accept' }, { name: 'referer' }], cookie_fields: [{ name: 'ID' }] }, 'team A'),
      customFieldRule({ response_fields: [{ name: 'server' }] }, 'team B'),
    ]);
    const result = await client.customFields.set(ZONE, { request: ['referer', 'x-new'], replace: true });
    expect(result).toMatchObject({
      added: [{ list: 'request_fields', name: 'x-new' }],
      kept: [{ list: 'request_fields', name: 'referer' }],
      removed: [
        { list: 'request_fields', name: 'accept' },
        { list: 'cookie_fields', name: 'ID' },
        { list: 'response_fields', name: 'server' },
      ],
    });
    const rules = server.state.zone(ZONE).rulesets[0].rules;
    expect(rules.map((rule) => [rule.description, rule.action_parameters])).toEqual([['team A', { request_fields: [{ name: 'referer' }, { name: 'x-new' }] }]]);
  });

  it('lowers header names, says so, and never sends an upper-case one; cookies stay as written', async () => {
    const server = await emulator();
    const result = await clientOf(server).customFields.set(ZONE, { request: ['User-Agent'], cookie: ['SessionID'] });
    expect(result.notes).toEqual(["request header 'User-Agent' is set as 'user-agent': header names are lower case"]);
    expect(JSON.stringify(server.requests.map((request) => request.body))).not.toContain('User-Agent');
    expect(server.state.zone(ZONE).rulesets[0].rules[0].action_parameters).toEqual({
      request_fields: [{ name: 'user-agent' }],
      cookie_fields: [{ name: 'SessionID' }],
    });
  });

  it('sends nothing when there is nothing to change', async () => {
    const server = await emulator();
    const client = clientOf(server);
    await client.customFields.set(ZONE, { request: ['accept'] });
    const again = await client.customFields.set(ZONE, { request: ['Accept'] });
    expect(again).toMatchObject({ changed: false, added: [], kept: [{ list: 'request_fields', name: 'accept' }] });
    expect(requestLines(server).filter((line) => line.startsWith('PUT'))).toHaveLength(1);
  });

  it('refuses invalid fields before sending anything', async () => {
    const server = await emulator();
    const error = await clientOf(server)
      .customFields.set(ZONE, { request: ['x y', 'a', 'b'], maxFields: 1 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).diagnostics.map((d) => d.code)).toEqual(['invalid-header-name', 'too-many-custom-fields']);
    expect(requestLines(server)).toEqual([`GET ${rulesets}`]);
  });

  it("shows the service's 4xx envelope: status, code: message and the pointer", async () => {
    const server = await emulator({ maxCustomFields: 2 });
    const error = await clientOf(server)
      .customFields.set(ZONE, { request: ['a', 'b', 'c'] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const api = error as ApiError;
    expect(api.status).toBe(400);
    expect(api.errors).toEqual([
      {
        code: 20200,
        message: '3 custom fields are configured; a zone takes at most 2 (remove 1 field; this one is the first over the limit)',
        source: { pointer: '/rules/0/action_parameters/request_fields/2/name' },
      },
    ]);
    expect(api.message).toMatch(/^PUT \/zones\/\w+\/rulesets\/\w+ failed with HTTP 400: 20200: 3 custom fields are configured/);
  });

  it('reads in a dry run but writes nothing, and shows no credential', async () => {
    const server = await emulator();
    const shown: unknown[] = [];
    const result = await clientOf(server, { dryRun: true, onRequest: (request) => shown.push(request) }).customFields.set(ZONE, { request: ['accept'] });
    expect(result).toMatchObject({ dryRun: true, created: true, rulesetId: '{new-ruleset-id}', ruleset: undefined });
    expect(requestLines(server)).toEqual([`GET ${rulesets}`]);
    expect(shown).toMatchObject([
      { method: 'GET', dryRun: false, headers: { Authorization: 'Bearer [redacted]' } },
      { method: 'POST', dryRun: true, body: { kind: 'zone', phase: 'http_log_custom_fields' } },
      { method: 'PUT', dryRun: true, url: `${server.baseUrl}${rulesets}/{new-ruleset-id}` },
    ]);
    expect(JSON.stringify(shown)).not.toContain(TOKEN);
    expect(server.state.zone(ZONE).rulesets).toEqual([]);
  });

  it('gets the fields configured, or none', async () => {
    const server = await emulator();
    const client = clientOf(server);
    expect(await client.customFields.get(ZONE)).toMatchObject({ ruleset: undefined, fields: { request_fields: [] } });
    await client.customFields.set(ZONE, { request: ['accept'], response: ['server'] });
    const { fields } = await client.customFields.get(ZONE);
    expect(fields).toEqual({
      request_fields: ['accept'],
      transformed_request_fields: [],
      response_fields: ['server'],
      raw_response_fields: [],
      cookie_fields: [],
    });
  });
});

/** Puts rules in place through the API, as another tool would have; returns them as stored. */
async function seed(server: Awaited<ReturnType<typeof emulator>>, rules: object[]) {
  const headers = { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' };
  const created = await fetch(`${server.baseUrl}${rulesets}`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ name: 'entry', kind: 'zone', phase: 'http_log_custom_fields', rules }),
  });
  expect(created.status).toBe(200);
  server.requests.length = 0;
  return server.state.zone(ZONE).rulesets[0].rules;
}
