/**
 * `logfilter check --terraform-plan PLAN.json` on hand-made plans in the format of `terraform show
 * -json` (modules, count and for_each instances, unknown values, a deletion, a replacement), and,
 * where terraform and its cloudflare provider are at hand, on a real plan.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempFiles } from '../support/cli.js';
import { sarifSchemaErrors } from '../support/sarif.js';

const PLAN = 'test/terraform/fixtures/plan-modules.json';

interface Reported {
  ok: boolean;
  diagnostics: {
    file: string;
    address: string;
    code: string;
    message: string;
    hint?: string;
    pointer?: string;
    range: { start: { offset: number; line: number; column: number }; end: { offset: number; line: number; column: number } };
  }[];
  notChecked: { file: string; reason: string }[];
}

async function reported(plan: string): Promise<{ code: number | null; report: Reported }> {
  const result = await runCli(['check', '--terraform-plan', plan, '--format', 'json']);
  return { code: result.code, report: JSON.parse(result.stdout) as Reported };
}

describe('check --terraform-plan', () => {
  it('names each bad job by its resource address, in modules and for_each instances', async () => {
    const { code, report } = await reported(PLAN);
    expect(code).toBe(1);
    expect(report.ok).toBe(false);
    expect(report.diagnostics.map((d) => [d.address, d.code, d.pointer])).toEqual([
      ['module.edge.cloudflare_logpush_job.bad["dns"]', 'operator-not-allowed', '/where/operator'],
      // A replacement is checked as it will be: dns_logs under an account.
      ['cloudflare_logpush_job.moved', 'wrong-scope', undefined],
      // ... and its filter checked all the same, as `check --terraform` does, so its problems show at once.
      ['cloudflare_logpush_job.moved', 'invalid-value', '/where/value'],
      // A job only in planned_values (no change) is checked too.
      ['module.edge.cloudflare_logpush_job.legacy', 'field-not-filterable', '/where/key'],
    ]);
    expect(report.diagnostics[0].message).toBe("module.edge.cloudflare_logpush_job.bad[\"dns\"]: 'gt' cannot be used with string field 'QueryName'");
    expect(report.diagnostics[1].hint).toBe('set zone_id instead of account_id');
  });

  it('notes a filter known only after apply, and skips a deletion and other resource types', async () => {
    const { report } = await reported(PLAN);
    expect(report.notChecked.map((item) => item.reason)).toEqual([
      'module.edge.module.watch.cloudflare_logpush_job.watched: the filter is known only after apply',
    ]);
    const named = JSON.stringify(report);
    expect(named).not.toContain('cloudflare_logpush_job.gone');
    expect(named).not.toContain('cloudflare_zone');
  });

  it('reports in text with code frames and a summary', async () => {
    const result = await runCli(['check', '--terraform-plan', PLAN]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('error[operator-not-allowed]: module.edge.cloudflare_logpush_job.bad["dns"]:');
    expect(result.stderr).toContain(`--> ${PLAN}:1:`);
    expect(result.stderr).toContain('note[not-checked]: module.edge.module.watch.cloudflare_logpush_job.watched');
    expect(result.stderr).toMatch(/failed: 7 filters checked in 1 file, 1 not checked; 4 errors, 0 warnings\n$/);
  });

  it('points each diagnostic at its criterion inside the filter string, not at the whole string', async () => {
    const { report } = await reported(PLAN);
    const text = readFileSync(PLAN, 'utf8');
    const at = (d: Reported['diagnostics'][number]) => text.slice(d.range.start.offset, d.range.end.offset);
    expect(report.diagnostics.map((d) => [d.code, at(d)])).toEqual([
      ['operator-not-allowed', '\\"gt\\"'],
      // The dataset's own diagnostic stays at the dataset.
      ['wrong-scope', '"dns_logs"'],
      ['invalid-value', '\\"AAAA\\"'],
      ['field-not-filterable', '\\"Action\\"'],
    ]);
    // Through \u escapes and across lines of a plan written with indentation, and in the code frame.
    const filter = '{"where":{"and":[{"key":"ClientCountry","operator":"eq","value":"\u00e9t\u00e9"},{"key":"BotScore","operator":"like","value":"30"}]}}';
    const plan = JSON.stringify(
      {
        format_version: '1.2',
        planned_values: {
          root_module: {
            resources: [
              {
                address: 'cloudflare_logpush_job.j',
                mode: 'managed',
                type: 'cloudflare_logpush_job',
                name: 'j',
                values: { dataset: 'http_requests', zone_id: 'z', filter },
              },
            ],
          },
        },
      },
      null,
      2,
    ).replace('\u00e9t\u00e9', '\\u00e9t\\u00e9');
    expect(plan).toContain('"value\\":\\"\\u00e9t\\u00e9\\"');
    const file = tempFiles('plan-frame').file('plan.json', plan);
    const pretty = await reported(file);
    const line = plan.split('\n').findIndex((row) => row.includes('"filter"')) + 1;
    const column = plan.split('\n')[line - 1].indexOf('\\"like\\"') + 1;
    expect(pretty.report.diagnostics.map((d) => [d.code, d.range.start.line, d.range.start.column, d.range.end.column - d.range.start.column])).toEqual([
      ['unknown-operator', line, column, '\\"like\\"'.length],
    ]);
    const frame = await runCli(['check', '--terraform-plan', file, '--no-color']);
    expect(frame.stderr).toContain(`--> ${file}:${line}:${column}`);
  });

  it('annotates with --format github and writes valid SARIF', async () => {
    const github = await runCli(['check', '--terraform-plan', PLAN, '--format', 'github']);
    expect(github.code).toBe(1);
    expect(github.stdout).toMatch(
      /^::error file=test\/terraform\/fixtures\/plan-modules.json,line=1,col=\d+,endColumn=\d+,title=operator-not-allowed::module.edge/m,
    );
    const sarif = await runCli(['check', '--terraform-plan', PLAN, '--format', 'sarif']);
    const log = JSON.parse(sarif.stdout) as { runs: { results: { ruleId: string; message: { text: string } }[] }[] };
    expect(sarifSchemaErrors(log)).toEqual([]);
    expect(log.runs[0].results.map((result) => result.ruleId)).toEqual([
      'operator-not-allowed',
      'wrong-scope',
      'invalid-value',
      'field-not-filterable',
      'not-checked',
    ]);
    expect(log.runs[0].results[0].message.text).toContain('module.edge.cloudflare_logpush_job.bad["dns"]');
  });

  it('passes a plan whose jobs are all good, and one with no jobs', async () => {
    const files = tempFiles('plan');
    const job = (filter: string) => ({ dataset: 'http_requests', zone_id: 'z', filter, destination_conf: 's3://b/p' });
    const good = JSON.stringify({
      format_version: '1.2',
      planned_values: {
        root_module: {
          resources: [
            {
              address: 'cloudflare_logpush_job.a[0]',
              mode: 'managed',
              type: 'cloudflare_logpush_job',
              name: 'a',
              index: 0,
              values: job('{"where":{"key":"BotScore","operator":"lt","value":"30"}}'),
            },
          ],
        },
      },
    });
    const result = await runCli(['check', '--terraform-plan', files.file('good.json', good)]);
    expect([result.code, result.stderr]).toEqual([0, 'ok: 1 filter checked in 1 file; 0 errors, 0 warnings\n']);
    const empty = await runCli(['check', '--terraform-plan', files.file('empty.json', '{"format_version":"1.0","planned_values":{"root_module":{}}}')]);
    expect([empty.code, empty.stderr]).toEqual([0, 'ok: 0 filters checked in 1 file; 0 errors, 0 warnings\n']);
  });

  it.each([
    ['not JSON', 'nope', /is not valid JSON .*terraform show -json plan.out > plan.json/],
    ['a .tf file', 'resource "x" "y" {}', /is not valid JSON/],
    ['JSON that is not a plan', '{"jobs":[]}', /is not a Terraform plan in JSON \(no format_version and planned_values\)/],
    ['another format version', '{"format_version":"2.0","planned_values":{}}', /has plan format_version 2.0; logfilter reads format 1.x/],
  ])('refuses %s with exit 2 and what to do', async (_what, text, message) => {
    const plan = tempFiles('plan').file('plan.json', text);
    const result = await runCli(['check', '--terraform-plan', plan]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('refuses a missing file, a filter beside it, and --terraform with it', async () => {
    expect((await runCli(['check', '--terraform-plan', 'no-such-plan.json'])).stderr).toBe('logfilter: cannot read no-such-plan.json: no such file\n');
    const both = await runCli(['check', '--terraform-plan', PLAN, '--terraform', 'examples/terraform/']);
    expect([both.code, both.stderr]).toEqual([2, 'logfilter: give --terraform (.tf files) or --terraform-plan (a plan in JSON), not both\n']);
    const filter = await runCli(['check', 'BotScore lt 30', '--terraform-plan', PLAN]);
    expect(filter.code).toBe(2);
    expect(filter.stderr).toContain('--terraform-plan checks the filters of its plan');
  });
});

// A real plan needs terraform and the cloudflare provider (terraform init downloads it).
const real = tempFiles('real-plan');
const MAIN_TF = `terraform {
  required_providers {
    cloudflare = { source = "cloudflare/cloudflare", version = "~> 4.0" }
  }
}
provider "cloudflare" {
  api_token = "0123456789012345678901234567890123456789"
}
module "edge" {
  source = "./edge"
}
`;
const EDGE_TF = `resource "cloudflare_logpush_job" "bad" {
  for_each         = toset(["dns", "http"])
  zone_id          = "023e105f4ecef8ad9ca31a8372d0c353"
  dataset          = each.key == "dns" ? "dns_logs" : "http_requests"
  destination_conf = "s3://logs/\${each.key}?region=us-east-1"
  filter           = each.key == "dns" ? jsonencode({ where = { key = "QueryName", operator = "gt", value = "x" } }) : jsonencode({ where = { key = "BotScore", operator = "lt", value = "30" } })
}
`;
real.file('main.tf', MAIN_TF);
spawnSync('mkdir', ['-p', join(real.dir, 'edge')]);
real.file('edge/main.tf', EDGE_TF);
const terraform = spawnSync('terraform', ['version'], { encoding: 'utf8' });
const initialised =
  terraform.status === 0 && spawnSync('terraform', ['init', '-input=false', '-no-color'], { cwd: real.dir, encoding: 'utf8', timeout: 120_000 }).status === 0;
const why = terraform.status !== 0 ? 'terraform is not on PATH' : 'terraform init cannot install the cloudflare provider here';

describe.skipIf(!initialised)(`a real terraform plan${initialised ? '' : ` (skipped: ${why})`}`, () => {
  it('check --terraform-plan names the bad for_each instance in the module', async () => {
    const plan = spawnSync('terraform', ['plan', '-input=false', '-refresh=false', '-no-color', '-out', 'plan.out'], { cwd: real.dir, encoding: 'utf8' });
    expect(plan.status, plan.stderr).toBe(0);
    const shown = spawnSync('terraform', ['show', '-json', 'plan.out'], { cwd: real.dir, encoding: 'utf8', maxBuffer: 64 << 20 });
    expect(shown.status, shown.stderr).toBe(0);
    const { code, report } = await reported(real.file('plan.json', shown.stdout));
    expect(code).toBe(1);
    expect(report.diagnostics.map((d) => [d.address, d.code])).toEqual([['module.edge.cloudflare_logpush_job.bad["dns"]', 'operator-not-allowed']]);
  });
});
