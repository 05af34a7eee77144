/**
 * One concept, one place: the diagnostics that api, emulator and cli make are made by core's
 * collector (or its one helper for a diagnostic about no place in a text), at core's `NOWHERE`, and
 * the CLI's edge names one diagnostic type.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { updateJob } from '@logfilter/api';
import * as core from '@logfilter/core';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/cli.js';
import { clientOf, emulator, TOKEN, ZONE } from '../support/emulator.js';

/** Every .ts file under a folder, with its path relative to the repository. */
function sources(folder: string): { path: string; text: string }[] {
  const root = join(REPO_ROOT, folder);
  return (readdirSync(root, { recursive: true }) as string[])
    .filter((name) => name.endsWith('.ts'))
    .map((name) => ({ path: join(folder, name), text: readFileSync(join(root, name), 'utf8') }));
}

const EDGES = ['packages/api/src', 'packages/emulator/src', 'packages/terraform/src', 'packages/cli/src'].flatMap(sources);

describe('diagnostics made in one place', () => {
  it('core exports its collector, NOWHERE and diagnosticAt', () => {
    expect(core.NOWHERE).toEqual({ start: { offset: 0, line: 1, column: 1 }, end: { offset: 0, line: 1, column: 1 } });
    expect(core.diagnosticAt(core.NOWHERE, 'invalid-destination', 'no scheme', { hint: 'write s3://...', pointer: '/destination_conf' })).toEqual({
      code: 'invalid-destination',
      severity: 'error',
      message: 'no scheme',
      range: core.NOWHERE,
      hint: 'write s3://...',
      pointer: '/destination_conf',
    });
    const bag = core.DiagnosticBag.forJson();
    bag.warning('unknown-member', '/rules/0', 'an unknown member');
    expect(bag.items).toEqual([{ code: 'unknown-member', severity: 'warning', message: 'an unknown member', range: core.NOWHERE, pointer: '/rules/0' }]);
    expect(bag.hasErrors).toBe(false);
  });

  it('no edge package writes the 1:1 range out by hand', () => {
    const copies = EDGES.filter((file) => /line: 1, column: 1/.test(file.text)).map((file) => file.path);
    expect(copies).toEqual([]);
  });

  it('the CLI names one diagnostic type: ReportDiagnostic', () => {
    const others = EDGES.filter((file) => file.path.startsWith('packages/cli/') && /\b(ReportedDiagnostic|RenderableDiagnostic)\b/.test(file.text));
    expect(others.map((file) => file.path)).toEqual([]);
  });

  it('a refused update of a fixed member says which member, by its pointer', async () => {
    const server = await emulator();
    const client = clientOf(server);
    await client.jobs.create(ZONE, { destination_conf: 's3://bucket/path?region=us-east-1' });
    await expect(updateJob(client.jobs, ZONE, 1, { dataset: 'dns_logs' })).rejects.toMatchObject({
      diagnostics: [{ code: 'fixed-member', pointer: '/dataset', range: core.NOWHERE }],
    });
  });

  it('the emulator refuses a rule of another phase at its pointer', async () => {
    const server = await emulator();
    const answer = await fetch(`${server.baseUrl}/zones/${ZONE}/rulesets`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x', kind: 'zone', phase: 'http_request_firewall_custom', rules: [{ action: 'block' }] }),
    });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ success: false, errors: [{ source: { pointer: '/rules/0' } }] });
  });
});
