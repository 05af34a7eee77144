/** `logfilter datasets`, `logfilter fields` and `--catalog FILE`, a global option before or after the command. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';

let dir: string;
let catalog: string;
const USER_CATALOG = {
  dataset: 'app_logs',
  fields: [
    { name: 'Host', type: 'string', description: 'request host' },
    { name: 'Status', type: 'int', description: 'response status' },
    { name: 'Tags', type: 'array[string]', description: 'labels' },
    { name: 'Headers', type: 'object', description: 'all headers' },
    { name: 'Secret', type: 'string', description: 'kept out of filters', filterable: false },
  ],
};

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'logfilter-catalog-'));
  catalog = join(dir, 'catalog.json');
  writeFileSync(catalog, JSON.stringify(USER_CATALOG));
});

const USER_FILTER = 'Host eq example.com AND Status in (500, 503) AND Tags contains beta';
const USER_JSON =
  '{"where":{"and":[{"key":"Host","operator":"eq","value":"example.com"},{"key":"Status","operator":"in","value":[500,503]},{"key":"Tags","operator":"contains","value":"beta"}]}}\n';

describe('datasets and fields', () => {
  it('`datasets` lists the built-in datasets with their scope and field count', async () => {
    const result = await runCli(['datasets']);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    const rows = result.stdout.trimEnd().split('\n');
    expect(rows).toHaveLength(38);
    expect(rows.find((row) => row.startsWith('http_requests '))).toMatch(/^http_requests\s+zone\s+108 fields$/);
    expect(rows.find((row) => row.startsWith('dns_logs '))).toMatch(/^dns_logs\s+zone\s+9 fields$/);
    const names = rows.map((row) => row.split(/\s+/)[0]);
    expect(names).toEqual([...names].sort());
  });

  it('`datasets --json` is machine-readable: the envelope with `datasets`', async () => {
    const result = await runCli(['datasets', '--json']);
    const { datasets } = JSON.parse(result.stdout) as { datasets: Array<{ name: string; scope: string; fields: number }> };
    expect(datasets.find((d) => d.name === 'http_requests')).toMatchObject({ name: 'http_requests', scope: 'zone', fields: 108 });
    expect(
      datasets
        .filter((d) => d.name === 'firewall_events')
        .map((d) => d.scope)
        .sort(),
    ).toEqual(['account', 'zone']);
  });

  it('`fields http_requests` shows each field with its type and what cannot be filtered', async () => {
    const result = await runCli(['fields', 'http_requests']);
    expect(result.code).toBe(0);
    const rows = result.stdout.trimEnd().split('\n');
    expect(rows).toHaveLength(108);
    expect(rows.find((row) => row.startsWith('ClientCountry '))).toMatch(/^ClientCountry\s+string\s+\S/);
    expect(rows.find((row) => row.startsWith('EdgeStartTimestamp '))).toMatch(/^EdgeStartTimestamp\s+int or string\s/);
    expect(rows.find((row) => row.startsWith('BotDetectionIDs '))).toMatch(/^BotDetectionIDs\s+array\[int\]\s/);
    expect(rows.find((row) => row.startsWith('Cookies '))).toMatch(/^Cookies\s+object\s.*\[not filterable\]$/);
    expect(rows.find((row) => row.startsWith('WAFFlags '))).toMatch(/\[deprecated\]$/);
  });

  it('`fields` with an unknown dataset exits 2 with a suggestion', async () => {
    const result = await runCli(['fields', 'dns_log']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/unknown dataset 'dns_log'; did you mean 'dns_logs'\?/);
  });
});

describe('--catalog FILE', () => {
  it('compiles against the user catalog, whose only dataset becomes the default', async () => {
    expect(await runCli(['compile', '--catalog', catalog, USER_FILTER])).toEqual({ code: 0, stdout: USER_JSON, stderr: '' });
  });

  it('is accepted before the command name as well as after it', async () => {
    expect(await runCli(['--catalog', catalog, 'compile', USER_FILTER])).toEqual({ code: 0, stdout: USER_JSON, stderr: '' });
    expect(await runCli(['compile', USER_FILTER, '--catalog', catalog])).toEqual({ code: 0, stdout: USER_JSON, stderr: '' });
    const before = await runCli(['--catalog', catalog, 'fields', 'app_logs']);
    const after = await runCli(['fields', 'app_logs', '--catalog', catalog]);
    expect(before.code).toBe(0);
    expect(after).toEqual(before);
    expect(before.stdout).toMatch(/^Host\s+string\s+request host$/m);
    expect(before.stdout).toMatch(/^Secret\s+string\s+kept out of filters \[not filterable\]$/m);
  });

  it('adds its datasets beside the built-in ones', async () => {
    const listed = await runCli(['datasets', '--catalog', catalog]);
    expect(listed.stdout).toMatch(/^app_logs\s/m);
    expect(listed.stdout).toMatch(/^http_requests\s/m);
    const builtin = await runCli(['compile', '--catalog', catalog, '-d', 'http_requests', 'ClientCountry eq us']);
    expect(builtin).toEqual({ code: 0, stdout: '{"where":{"key":"ClientCountry","operator":"eq","value":"us"}}\n', stderr: '' });
  });

  it('checks the user catalog types: object and filterable:false fields are refused, unknown fields named', async () => {
    const result = await runCli(['compile', '--catalog', catalog, 'Headers eq x OR Secret eq y OR Hostt eq z'], { env: { NO_COLOR: '1' } });
    expect(result.code).toBe(1);
    expect(result.stderr.match(/^error\[[a-z-]+\]/gm)).toEqual(['error[field-not-filterable]', 'error[field-not-filterable]', 'error[unknown-field]']);
    expect(result.stderr).toContain("did you mean 'Host'?");
  });

  it('exits 2 when the catalog is missing, not JSON, or not a catalog', async () => {
    const notJson = join(dir, 'not-json.json');
    writeFileSync(notJson, '{ "dataset": ');
    const badType = join(dir, 'bad-type.json');
    writeFileSync(badType, JSON.stringify({ dataset: 'x', fields: [{ name: 'A', type: 'decimal' }] }));
    const expectations: Array<[string, RegExp]> = [
      [join(dir, 'absent.json'), /cannot read .*absent\.json: no such file/],
      [notJson, /not valid JSON/],
      [badType, /unknown type 'decimal' of field 'A'/],
    ];
    for (const [path, message] of expectations) {
      const result = await runCli(['compile', '--catalog', path, 'A eq b']);
      expect(result.code, path).toBe(2);
      expect(result.stdout, path).toBe('');
      expect(result.stderr, path).toMatch(message);
    }
  });
});
