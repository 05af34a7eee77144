/**
 * The checks as a library: text in, diagnostics out as data (file, range, address), nothing read
 * from disk and nothing printed; folders searched through a file system given in memory.
 */
import { readFileSync } from 'node:fs';
import { builtinCatalog } from '@logfilter/core';
import { checkTerraform, checkTerraformPlan, isPlan, type TerraformFileSystem, TerraformInputError, terraformFiles, terraformJobs } from '@logfilter/terraform';
import { describe, expect, it } from 'vitest';

const catalog = builtinCatalog();

const job = (name: string, filter: string, dataset = 'http_requests') =>
  `resource "cloudflare_logpush_job" "${name}" {\n  zone_id = "023e105f4ecef8ad9ca31a8372d0c353"\n  dataset = "${dataset}"\n  filter  = ${filter}\n}\n`;

describe('checkTerraform', () => {
  it('returns each diagnostic as data, at its line and column in the .tf text', () => {
    const text = job('bad', 'jsonencode({ where = { key = "ClientCountry", operator = "like", value = "us" } })');
    const report = checkTerraform([{ name: 'main.tf', text }], { catalog });
    expect(report).toMatchObject({ files: 1, filters: 1, notChecked: [] });
    expect(report.sources.get('main.tf')).toBe(text);
    expect(report.diagnostics).toHaveLength(1);
    const [diagnostic] = report.diagnostics;
    expect(diagnostic).toMatchObject({ file: 'main.tf', code: 'unknown-operator', severity: 'error', pointer: '/where/operator' });
    // The range covers "like" (quotes included) on line 4.
    const { start, end } = diagnostic.range;
    expect(text.slice(start.offset, end.offset)).toBe('"like"');
    expect([start.line, start.column]).toEqual([4, text.split('\n')[3].indexOf('"like"') + 1]);
  });

  it('notes a filter built from a variable as not checked, with the reason and its place', () => {
    const text = job('v', 'jsonencode({ where = { key = "ClientCountry", operator = "eq", value = var.country } })');
    const report = checkTerraform([{ name: 'v.tf', text }], { catalog });
    expect(report.diagnostics).toEqual([]);
    expect(report.filters).toBe(0);
    expect(report.notChecked).toEqual([
      expect.objectContaining({ file: 'v.tf', reason: 'cloudflare_logpush_job.v: the filter holds `var.country`, known only when Terraform plans' }),
    ]);
    expect(text.slice(report.notChecked[0].range.start.offset, report.notChecked[0].range.end.offset)).toBe('var.country');
  });

  it('reports text that is not HCL as an invalid-hcl diagnostic, and checks the other files', () => {
    const good = job('good', '"{\\"where\\":{\\"key\\":\\"BotScore\\",\\"operator\\":\\"lt\\",\\"value\\":30}}"');
    const report = checkTerraform(
      [
        { name: 'broken.tf', text: 'resource "cloudflare_logpush_job" "j" {\n  filter = \n' },
        { name: 'good.tf', text: good },
      ],
      { catalog },
    );
    expect(report.diagnostics.map((d) => [d.file, d.code, d.range.start.line])).toEqual([['broken.tf', 'invalid-hcl', 2]]);
    expect([report.files, report.filters]).toEqual([2, 1]);
  });
});

describe('terraformFiles and terraformJobs', () => {
  const tree: Record<string, string | Record<string, string>> = {
    infra: { 'b.tf': '', 'a.tf': '', 'notes.md': '', '.terraform': '', modules: '' },
    'infra/modules': { 'm.tf': '' },
    'infra/.terraform': { 'cached.tf': '' },
  };
  const fs: TerraformFileSystem = {
    kind: (path) => (path in tree ? 'folder' : /\.(tf|md)$/.test(path) ? 'file' : undefined),
    entries: (folder) =>
      Object.keys(tree[folder] as Record<string, string>).map((name) => {
        const path = `${folder}/${name}`;
        return { name, path, kind: path in tree ? ('folder' as const) : ('file' as const) };
      }),
  };

  it('finds the .tf files of folders in name order, hidden folders skipped, through the given file system', () => {
    expect(terraformFiles(['infra', 'extra.tf'], fs)).toEqual(['infra/a.tf', 'infra/b.tf', 'infra/modules/m.tf', 'extra.tf']);
  });

  it('throws a TerraformInputError for a path with nothing there', () => {
    expect(() => terraformFiles(['nowhere'], fs)).toThrow(TerraformInputError);
    expect(() => terraformFiles(['nowhere'], fs)).toThrow('cannot read nowhere: no such file or folder');
  });

  it('reads the jobs of .tf text: address, scope, dataset and filter JSON, or why the filter is unknown', () => {
    const text = `${job('known', 'jsonencode({ where = { key = "BotScore", operator = "lt", value = 30 } })')}${job('computed', 'var.filter')}`;
    expect(terraformJobs([{ name: 'main.tf', text }])).toMatchObject([
      {
        address: 'cloudflare_logpush_job.known',
        file: 'main.tf',
        scope: 'zone',
        dataset: 'http_requests',
        filter: '{"where":{"key":"BotScore","operator":"lt","value":30}}',
      },
      { address: 'cloudflare_logpush_job.computed', unknown: 'the filter is the expression `var.filter`, known only when Terraform plans' },
    ]);
  });

  it('throws a TerraformInputError at the place for text that is not HCL', () => {
    let thrown: unknown;
    try {
      terraformJobs([{ name: 'bad.tf', text: 'resource "cloudflare_logpush_job" "j" {\n  filter = \n' }]);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(TerraformInputError);
    expect(thrown).toMatchObject({ code: 'invalid-hcl', file: 'bad.tf', range: { start: { line: 2 } } });
  });
});

describe('checkTerraformPlan', () => {
  const text = readFileSync(new URL('../../../test/terraform/fixtures/plan-modules.json', import.meta.url), 'utf8');

  it('names each bad job by its resource address', () => {
    expect(isPlan(JSON.parse(text))).toBe(true);
    const report = checkTerraformPlan({ name: 'plan.json', text }, { catalog });
    expect(report.diagnostics.map((d) => [d.file, d.address, d.code])).toEqual([
      ['plan.json', 'module.edge.cloudflare_logpush_job.bad["dns"]', 'operator-not-allowed'],
      ['plan.json', 'cloudflare_logpush_job.moved', 'wrong-scope'],
      ['plan.json', 'cloudflare_logpush_job.moved', 'invalid-value'],
      ['plan.json', 'module.edge.cloudflare_logpush_job.legacy', 'field-not-filterable'],
    ]);
    // Each at its criterion inside the filter string, as the plan writes it.
    const [first] = report.diagnostics;
    expect(text.slice(first.range.start.offset, first.range.end.offset)).toBe('\\"gt\\"');
  });

  it.each([
    ['not JSON', 'nope', 'invalid-json'],
    ['JSON that is not a plan', '{"jobs":[]}', 'not-a-plan'],
    ['another format version', '{"format_version":"2.0","planned_values":{}}', 'not-a-plan'],
  ])('throws a TerraformInputError for %s, saying how to make a plan', (_what, text, code) => {
    expect(() => checkTerraformPlan({ name: 'p.json', text }, { catalog })).toThrow(TerraformInputError);
    try {
      checkTerraformPlan({ name: 'p.json', text }, { catalog });
    } catch (error) {
      expect(error).toMatchObject({ code, file: 'p.json', message: expect.stringMatching(/^p\.json (is not|has plan format_version)/) });
    }
  });
});
