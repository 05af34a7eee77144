/**
 * Races between two writers, staged with the emulator's faults so each happens every time: a stale
 * write that drops another's field, a create that loses to another create, answers lost after the write.
 */
import { ConvergenceError } from '@logfilter/api';
import { customFieldNames } from '@logfilter/core';
import type { Emulator } from '@logfilter/emulator';
import { describe, expect, it } from 'vitest';
import { clientOf, emulator, ZONE } from '../support/emulator.js';

const rulesets = `/zones/${ZONE}/rulesets`;

function fieldsOf(server: Emulator): string[] {
  const names = customFieldNames(server.state.zone(ZONE).rulesets[0]?.rules ?? []);
  return Object.entries(names).flatMap(([list, entries]) => entries.map((name) => `${list}: ${name}`));
}

/** Resolves once the emulator has received a request that `match` accepts (it may still be held by a delay). */
async function received(server: Emulator, match: (line: string) => boolean): Promise<void> {
  while (!server.requests.some((request) => match(`${request.method} ${request.path}`))) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('custom fields set by racing writers', () => {
  it("a writer whose PUT lands after another's puts back the field it dropped, and says so", async () => {
    const server = await emulator();
    await clientOf(server).customFields.set(ZONE, { cookie: ['session'] });
    server.faults.add({ method: 'PUT', fault: { kind: 'delay', ms: 300 } });
    const stale = clientOf(server).customFields.set(ZONE, { request: ['x-b'] });
    await received(server, (line) => line.startsWith('PUT') && server.requests.filter((r) => r.method === 'PUT').length === 2);
    const first = await clientOf(server).customFields.set(ZONE, { request: ['x-a'] });
    expect(first.added).toEqual([{ list: 'request_fields', name: 'x-a' }]);
    const late = await stale;
    expect(late.races).toEqual([
      expect.stringMatching(
        /^version 3 was written between our read \(version 2\) and our write \(version 4\), which dropped request_fields: x-a: putting it back$/,
      ),
    ]);
    expect(late.writes).toBe(2);
    expect(late.added).toEqual([{ list: 'request_fields', name: 'x-b' }]);
    expect(late.kept.map((ref) => ref.name).sort()).toEqual(['session', 'x-a']);
    expect(fieldsOf(server).sort()).toEqual(['cookie_fields: session', 'request_fields: x-a', 'request_fields: x-b']);
  });

  it('with no rounds left to repair, it fails naming the field still missing, never reporting it added', async () => {
    const server = await emulator();
    await clientOf(server).customFields.set(ZONE, { cookie: ['session'] });
    server.faults.add({ method: 'PUT', fault: { kind: 'delay', ms: 300 } });
    const stale = clientOf(server).customFields.set(ZONE, { request: ['x-b'], rounds: 1 });
    await received(server, () => server.requests.filter((r) => r.method === 'PUT').length === 2);
    await clientOf(server).customFields.set(ZONE, { request: ['x-a'] });
    const error = await stale.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConvergenceError);
    expect((error as ConvergenceError).missing).toEqual([{ list: 'request_fields', name: 'x-a' }]);
    expect((error as ConvergenceError).message).toContain('after 1 rounds request_fields: x-a is still missing');
  });

  it('a create refused because another writer created the ruleset first uses that ruleset', async () => {
    const server = await emulator();
    server.faults.add({ method: 'GET', path: /rulesets$/, fault: { kind: 'slow-answer', ms: 300 } });
    const slow = clientOf(server).customFields.set(ZONE, { request: ['x-b'] });
    await received(server, (line) => line === `GET ${rulesets}`);
    const first = await clientOf(server).customFields.set(ZONE, { request: ['x-a'] });
    expect(first.created).toBe(true);
    const second = await slow;
    expect(second.created).toBe(false);
    expect(second.races).toEqual([`another writer created the ruleset first: using it (${first.rulesetId})`]);
    expect(server.state.zone(ZONE).rulesets).toHaveLength(1);
    expect(fieldsOf(server).sort()).toEqual(['request_fields: x-a', 'request_fields: x-b']);
  });

  it('answers lost after the create and after the PUT: the ruleset is found, the PUT sent again, nothing reported twice', async () => {
    const server = await emulator();
    server.faults.add({ method: 'POST', fault: { kind: 'lose-answer' } });
    server.faults.add({ method: 'PUT', fault: { kind: 'lose-answer' } });
    const result = await clientOf(server).customFields.set(ZONE, { request: ['x-a'] });
    expect(result.races).toEqual([`the answer to our create was lost; the ruleset is there: using it (${result.rulesetId})`]);
    expect(result.added).toEqual([{ list: 'request_fields', name: 'x-a' }]);
    expect(result.ruleset?.version).toBe('3');
    expect(server.requests.filter((request) => request.method === 'PUT')).toHaveLength(2);
    expect(fieldsOf(server)).toEqual(['request_fields: x-a']);
  });

  it('a PUT applied with its answer lost, sent again and applied, then refused: the versions in between are still checked', async () => {
    const server = await emulator();
    await clientOf(server).customFields.set(ZONE, { cookie: ['session'] });
    server.faults.add({ method: 'PUT', fault: { kind: 'lose-answer' } });
    let raced = false;
    // After the first attempt's answer is lost, another writer adds x-a; the transport's next attempt is
    // applied on top of it (dropping x-a) with its answer lost too, and the last attempt is refused (429).
    const racingFetch: typeof fetch = async (input, init) => {
      try {
        return await fetch(input, init);
      } catch (error) {
        if (init?.method === 'PUT' && !raced) {
          raced = true;
          await clientOf(server).customFields.set(ZONE, { request: ['x-a'] });
          server.faults.add({ method: 'PUT', fault: { kind: 'lose-answer' } });
          server.faults.add({ method: 'PUT', fault: { kind: 'status', status: 429, retryAfter: 0 } });
        }
        throw error;
      }
    };
    const late = await clientOf(server, { fetch: racingFetch, retries: 2 }).customFields.set(ZONE, { request: ['x-b'] });
    expect(raced).toBe(true);
    expect(late.added).toEqual([{ list: 'request_fields', name: 'x-b' }]);
    expect(late.races).toContainEqual(expect.stringContaining('which dropped request_fields: x-a: putting it back'));
    expect(fieldsOf(server).sort()).toEqual(['cookie_fields: session', 'request_fields: x-a', 'request_fields: x-b']);
  });

  it('serves every version of the ruleset, and 404 for one it never had', async () => {
    const server = await emulator();
    const client = clientOf(server);
    const { rulesetId } = await client.customFields.set(ZONE, { request: ['x-a'] });
    await client.customFields.set(ZONE, { request: ['x-b'] });
    const id = rulesetId!;
    expect(customFieldNames((await client.customFields.getRulesetVersion(ZONE, id, '2')).rules ?? []).request_fields).toEqual(['x-a']);
    expect(customFieldNames((await client.customFields.getRulesetVersion(ZONE, id, '3')).rules ?? []).request_fields).toEqual(['x-a', 'x-b']);
    await expect(client.customFields.getRulesetVersion(ZONE, id, '9')).rejects.toMatchObject({ status: 404 });
  });
});
