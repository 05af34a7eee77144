/** `check --terraform` resolves each resource's dataset in its job's scope (`zone_id` or `account_id`) and lints its filter, as `jobs` and text do. */
import { describe, expect, it } from 'vitest';
import { runCli, tempFiles } from '../support/cli.js';

interface Reported {
  diagnostics: { code: string; severity: string; message: string; hint?: string; pointer?: string; range: { start: { line: number; column: number } } }[];
}

const files = tempFiles('terraform-scope');
const job = (scope: 'zone_id' | 'account_id', dataset: string, where: string) =>
  `resource "cloudflare_logpush_job" "j" {\n  ${scope} = "023e105f4ecef8ad9ca31a8372d0c353"\n  dataset = "${dataset}"\n  destination_conf = "r2://bucket/logs"\n  filter = jsonencode({ where = ${where} })\n}\n`;

async function check(file: string, ...more: string[]): Promise<{ code: number | null; report: Reported }> {
  const result = await runCli(['check', '--terraform', file, '--format', 'json', ...more]);
  return { code: result.code, report: JSON.parse(result.stdout) as Reported };
}

describe('check --terraform in the job scope', () => {
  it('checks an account job on firewall_events against the account dataset (ZoneName is one of its fields)', async () => {
    const file = files.file('account-fw.tf', job('account_id', 'firewall_events', '{ key = "ZoneName", operator = "eq", value = "example.com" }'));
    const result = await runCli(['check', '--terraform', file]);
    expect(result).toMatchObject({ code: 0, stdout: '' });
    expect(result.stderr).toBe('ok: 1 filter checked in 1 file; 0 errors, 0 warnings\n');
    // The same filter under a zone is checked against the zone dataset, which has no ZoneName.
    const zone = await check(files.file('zone-fw.tf', job('zone_id', 'firewall_events', '{ key = "ZoneName", operator = "eq", value = "example.com" }')));
    expect(zone.report.diagnostics.map((d) => d.code)).toEqual(['unknown-field']);
  });

  it('refuses an account-only dataset under zone_id with wrong-scope at the dataset, as jobs create does', async () => {
    const file = files.file('zone-wt.tf', job('zone_id', 'workers_trace_events', '{ key = "Outcome", operator = "eq", value = "ok" }'));
    const { code, report } = await check(file);
    expect(code).toBe(1);
    expect(report.diagnostics).toMatchObject([
      {
        code: 'wrong-scope',
        severity: 'error',
        message: "dataset 'workers_trace_events' is account-scoped: its jobs live under an account, not a zone",
        hint: 'set account_id instead of zone_id',
        range: { start: { line: 3, column: 14 } },
      },
    ]);
    const account = await check(files.file('account-wt.tf', job('account_id', 'workers_trace_events', '{ key = "Outcome", operator = "eq", value = "ok" }')));
    expect(account).toMatchObject({ code: 0, report: { diagnostics: [] } });
  });

  it('lints the filter as text is linted, each warning at its place in the .tf file with its pointer', async () => {
    const where =
      '{ and = [{ key = "ClientCountry", operator = "in", value = ["US", "CA"] }, { key = "EdgeResponseStatus", operator = "eq", value = 200 }, { key = "EdgeResponseStatus", operator = "eq", value = 404 }] }';
    const file = files.file('lint.tf', job('zone_id', 'http_requests', where));
    const { code, report } = await check(file);
    expect(code).toBe(0);
    const line = `  filter = jsonencode({ where = ${where} })`;
    const column = (text: string) => line.indexOf(text) + 1;
    expect(report.diagnostics.map((d) => [d.severity, d.code, d.pointer, d.range.start.line, d.range.start.column])).toEqual([
      ['warning', 'value-case', '/where/and/0', 5, column('{ key = "ClientCountry"')],
      ['warning', 'never-matches', '/where/and', 5, column('{ key = "EdgeResponseStatus"')],
    ]);
    expect((await check(file, '--no-lint')).report.diagnostics).toEqual([]);
  });
});
