/**
 * Shapes and rules declared once (issue 27 item 4): the service's wire types live in @logfilter/api and
 * the emulator uses them rather than its own copies; output_options are converted from text by one
 * table in core, which the CLI's `--output-option` and core's logpull_options conversion both use.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as api from '@logfilter/api';
import { convertLogpullOptions, LOGPULL_TO_OUTPUT_OPTION, outputOptionFromText } from '@logfilter/core';
import * as emulatorModule from '@logfilter/emulator';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, runCli } from '../support/cli.js';
import { clientOf, cliEnv, emulator, ZONE } from '../support/emulator.js';

describe('the wire types, once', () => {
  it('are exported by @logfilter/api, and the emulator depends on it instead of declaring its own', () => {
    expect(api.SESSION_GONE_CODE).toBe(4404);
    expect(api.SCOPE_SEGMENTS).toEqual({ zone: 'zones', account: 'accounts' });
    // The close code has one name: the emulator exports no second one.
    expect(Object.keys(emulatorModule)).not.toContain('SESSION_GONE');
    const manifest = JSON.parse(readFileSync(join(REPO_ROOT, 'packages/emulator/package.json'), 'utf8')) as { dependencies: Record<string, string> };
    expect(manifest.dependencies['@logfilter/api']).toBe('workspace:^');
  });
});

describe('the output_options conversion table, once', () => {
  const CASES: Array<[string, string]> = [
    ['fields', 'RayID,ClientIP'],
    ['timestamps', 'rfc3339'],
    ['sample', '0.25'],
    ['sample', 'often'],
    ['CVE-2021-44228', 'true'],
    ['CVE-2021-44228', 'false'],
    ['CVE-2021-44228', 'yes'],
  ];

  it('converts each logpull option into the member the table names, with the value outputOptionFromText gives', () => {
    for (const [key, text] of CASES) {
      const member = LOGPULL_TO_OUTPUT_OPTION[key as keyof typeof LOGPULL_TO_OUTPUT_OPTION];
      expect(convertLogpullOptions(`${key}=${text}`).output_options, `${key}=${text}`).toEqual({ [member]: outputOptionFromText(member, text) });
    }
    expect(outputOptionFromText('sample_rate', '0.25')).toBe(0.25);
    expect(outputOptionFromText('CVE-2021-44228', 'true')).toBe(true);
    expect(outputOptionFromText('field_names', 'RayID,ClientIP')).toEqual(['RayID', 'ClientIP']);
    expect(outputOptionFromText('record_prefix', '{')).toBe('{');
  });

  it("is what the CLI's --output-option sends", async () => {
    const server = await emulator();
    await clientOf(server).jobs.create(ZONE, { name: 'w', destination_conf: 's3://bucket/logs?region=us-east-1' });
    const pairs = ['field_names=RayID,ClientIP', 'sample_rate=0.25', 'CVE-2021-44228=false', 'timestamp_format=unix', 'record_prefix={'];
    const result = await runCli(['jobs', 'update', '--zone', ZONE, '--id', '1', '--dry-run', '--json', ...pairs.flatMap((pair) => ['--output-option', pair])], {
      env: cliEnv(server),
    });
    expect(result.code).toBe(0);
    const put = (JSON.parse(result.stdout) as { requests: Array<{ method: string; body?: { output_options?: unknown } }> }).requests.find(
      (request) => request.method === 'PUT',
    );
    const expected = Object.fromEntries(
      pairs.map((pair) => [pair.slice(0, pair.indexOf('=')), outputOptionFromText(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1))]),
    );
    expect(put?.body?.output_options).toEqual(expected);
  });
});
