/**
 * Races between two writers, staged with the emulator's faults so each happens every time: a stale
 * write that drops another's field, a create that loses to another create, answers lost after the write.
 */
import { ConvergenceError, UnconfirmedWriteError } from '@logfilter/api';
import { customFieldNames } from '@logfilter/core';
import type { Emulator } from '@logfilter/emulator';
import { describe, expect, it } from 'vitest';
import { clientOf, emulator, ZONE } from '../support/emulator.js';

const rulesets = `/zones/${ZONE}/rulesets`;

function fieldsOf(server: Emulator): string[] {
  const names = customFieldNames(server.state.zone(ZONE).rulesets[0]?.rules ?? []);
  return Object.entries(names).flatMap(([list, entries]) => entries.map((name) => `${list}: ${name}`));
}

/**
 * How long the emulator holds one writer's request back while the other writer's requests land:
 * generous, so that a loaded machine still fits them in it (the test waits it out once).
 */
const HOLD_MS = 3_000;

/** Resolves once the emulator has received a request that `match` accepts (it may still be held by a delay). */
async function received(server: Emulator, match: (line: string) => boolean): Promise<void> {
  while (!server.requests.some((request) => match(`${request.method} ${request.path}`))) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('custom fields set by racing writers', () => {
  it("a writer whose PUT lands after another's puts back the field it dropped, and says so", async () => {
    const server = await emulator();
    await clientOf(server).customFields.set(ZONE, { cookie: ['session'] });
    server.faults.add({ method: 'PUT', fault: { kind: 'delay', ms: HOLD_MS } });
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
    server.faults.add({ method: 'PUT', fault: { kind: 'delay', ms: HOLD_MS } });
    const stale = clientOf(server).customFields.set(ZONE, { request: ['x-b'], rounds: 1 });
    await received(server, () => server.requests.filter((r) => r.method === 'PUT').length === 2);
    await clientOf(server).customFields.set(ZONE, { request: ['x-a'] });
    const error = await stale.catch((caught: unknown) => caught);
    // The failure says what a read afterwards found: its own field written, the other's still missing.
    expect(error).toBeInstanceOf(UnconfirmedWriteError);
    const { failure, written, message } = error as UnconfirmedWriteError;
    expect(failure).toBeInstanceOf(ConvergenceError);
    expect((failure as ConvergenceError).missing).toEqual([{ list: 'request_fields', name: 'x-a' }]);
    expect(written).toBe('applied');
    expect(message).toContain('after 1 rounds request_fields: x-a is still missing');
    expect(message).toContain('the change was written: a read afterwards finds request_fields: x-b in ruleset');
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

  it('answers lost after the create and after the PUT: the ruleset is found, the PUT not sent again, nothing reported twice', async () => {
    const server = await emulator();
    server.faults.add({ method: 'POST', fault: { kind: 'lose-answer' } });
    server.faults.add({ method: 'PUT', fault: { kind: 'lose-answer' } });
    const result = await clientOf(server).customFields.set(ZONE, { request: ['x-a'] });
    expect(result.races).toEqual([
      `the answer to our create was lost; the ruleset is there: using it (${result.rulesetId})`,
      expect.stringMatching(/^round 1: PUT .*: the server closed the connection without answering; reading again$/),
    ]);
    expect(result.added).toEqual([{ list: 'request_fields', name: 'x-a' }]);
    // The lost PUT was applied; the next round's read finds the field there, so no second PUT.
    expect(result.ruleset?.version).toBe('2');
    expect(server.requests.filter((request) => request.method === 'PUT')).toHaveLength(1);
    expect(fieldsOf(server)).toEqual(['request_fields: x-a']);
  });

  it('a PUT applied on top of a write it never read, with its answer lost: the versions in between are still checked', async () => {
    const server = await emulator();
    await clientOf(server).customFields.set(ZONE, { cookie: ['session'] });
    let raced = false;
    // Between this writer's read and its PUT another writer adds x-a; the PUT, merged from the older
    // read, drops x-a and its answer is lost. The next round finds x-b in place, so it sends no PUT,
    // but it still reads the versions written since its read and puts x-a back.
    const racingFetch: typeof fetch = async (input, init) => {
      if (init?.method === 'PUT' && !raced) {
        raced = true;
        await clientOf(server).customFields.set(ZONE, { request: ['x-a'] });
        server.faults.add({ method: 'PUT', fault: { kind: 'lose-answer' } });
      }
      return fetch(input, init);
    };
    const late = await clientOf(server, { fetch: racingFetch }).customFields.set(ZONE, { request: ['x-b'] });
    expect(raced).toBe(true);
    expect(late.added).toEqual([{ list: 'request_fields', name: 'x-b' }]);
    expect(late.races).toContainEqual(expect.stringContaining('our write, whose answer was lost, which dropped request_fields: x-a: putting it back'));
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
