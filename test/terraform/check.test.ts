/** `logfilter check --terraform`, through the built CLI, on examples/terraform/ and on small files made here. */
import { describe, expect, it } from 'vitest';
import { runCli, tempFiles } from '../support/cli.js';
import { sarifSchemaErrors } from '../support/sarif.js';

const EXAMPLES = 'examples/terraform/';

interface Reported {
  ok: boolean;
  diagnostics: {
    file: string;
    code: string;
    severity: string;
    pointer?: string;
    range: { start: { line: number; column: number }; end: { line: number; column: number } };
  }[];
  notChecked: { file: string; reason: string; range: { start: { line: number; column: number } } }[];
}

async function reported(args: string[]): Promise<{ code: number | null; report: Reported }> {
  const result = await runCli(['check', '--terraform', ...args, '--format', 'json']);
  return { code: result.code, report: JSON.parse(result.stdout) as Reported };
}

const where = (d: Reported['diagnostics'][number]) =>
  `${d.file}:${d.range.start.line}:${d.range.start.column}-${d.range.end.line}:${d.range.end.column} ${d.code}`;

describe('check --terraform examples/terraform/', () => {
  it('reports exactly the errors there are, each at its line and column in the .tf file', async () => {
    const { code, report } = await reported([EXAMPLES]);
    expect(code).toBe(1);
    expect(report.diagnostics.map(where)).toEqual([
      'examples/terraform/broken.tf:9:85-9:92 unknown-operator',
      'examples/terraform/broken.tf:22:64-22:73 expected-list',
    ]);
    expect(report.diagnostics.map((d) => d.pointer)).toEqual(['/where/operator', '/where/and/1/value']);
  });

  it('reports the filters built from variables as not checked, with the reason', async () => {
    const { report } = await reported([EXAMPLES]);
    expect(report.notChecked.map((item) => [item.file, item.range.start.line, item.range.start.column, item.reason])).toEqual([
      [
        'examples/terraform/interpolated.tf',
        9,
        67,
        'cloudflare_logpush_job.watched_host: the filter holds `var.watched_host`, known only when Terraform plans',
      ],
      [
        'examples/terraform/interpolated.tf',
        19,
        22,
        // biome-ignore lint/suspicious/noTemplateCurlyInString: HCL's own ${...} syntax, written literally
        'cloudflare_logpush_job.account_audit: the filter string is built from ${var.watched_host}, known only when Terraform plans',
      ],
    ]);
  });

  it('shows code frames on the .tf lines and a summary in text', async () => {
    const result = await runCli(['check', '--terraform', EXAMPLES]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('not the string "200,201" (at /where/and/1/value)\n  --> examples/terraform/broken.tf:22:64\n');
    expect(result.stderr).toContain('22 |         { key = "EdgeResponseStatus", operator = "in", value = "200,201" },\n');
    expect(result.stderr).toContain('note[not-checked]: cloudflare_logpush_job.watched_host');
    expect(result.stderr).toMatch(/failed: 5 filters checked in 6 files, 2 not checked; 2 errors, 0 warnings\n$/);
  });

  it('annotates the pull request with --format github', async () => {
    const result = await runCli(['check', '--terraform', EXAMPLES, '--format', 'github']);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines.map((line) => line.split('::').slice(0, 2).join('::'))).toEqual([
      '::error file=examples/terraform/broken.tf,line=9,col=85,endColumn=92,title=unknown-operator',
      '::error file=examples/terraform/broken.tf,line=22,col=64,endColumn=73,title=expected-list',
      '::notice file=examples/terraform/interpolated.tf,line=9,col=67,title=not-checked',
      '::notice file=examples/terraform/interpolated.tf,line=19,col=22,title=not-checked',
    ]);
  });

  it('writes a valid SARIF log with the not-checked filters as notes', async () => {
    const result = await runCli(['check', '--terraform', EXAMPLES, '--format', 'sarif']);
    const log = JSON.parse(result.stdout) as { runs: { results: { ruleId: string; level: string }[] }[] };
    expect(sarifSchemaErrors(log)).toEqual([]);
    expect(log.runs[0].results.map((r) => `${r.level} ${r.ruleId}`)).toEqual([
      'error unknown-operator',
      'error expected-list',
      'note not-checked',
      'note not-checked',
    ]);
  });
});

describe('check --terraform on single files', () => {
  const files = tempFiles('terraform');
  const job = (name: string, dataset: string, filter: string) =>
    `resource "cloudflare_logpush_job" "${name}" {\n  zone_id = var.zone_id\n  dataset = "${dataset}"\n  filter  = ${filter}\n}\n`;

  it('points into a heredoc, after the indentation <<- strips', async () => {
    const file = files.file('heredoc.tf', job('h', 'dns_logs', '<<-EOT\n    {"where": {"key": "QueryNme", "operator": "eq", "value": "x"}}\n  EOT'));
    const { code, report } = await reported([file]);
    expect(code).toBe(1);
    expect(report.diagnostics.map(where)).toEqual([`${file}:5:23-5:33 unknown-field`]);
  });

  it('maps an escaped string with \\u escapes character by character', async () => {
    // The HCL escape \u0042 is the B of BotScor: the range covers all 16 characters of \"\u0042otScor\".
    const file = files.file(
      'unicode.tf',
      job('u', 'http_requests', '"{\\"where\\":{\\"key\\":\\"\\u0042otScor\\",\\"operator\\":\\"lt\\",\\"value\\":\\"30\\"}}"'),
    );
    const { report } = await reported([file]);
    expect(report.diagnostics.map(where)).toEqual([`${file}:4:34-4:50 unknown-field`]);
  });

  it('reports an unknown dataset at the dataset attribute, and checks nothing else of that resource', async () => {
    const file = files.file('dataset.tf', job('d', 'http_request', 'jsonencode({ where = { key = "Nope", operator = "eq", value = "x" } })'));
    const result = await runCli(['check', '--terraform', file]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("error[unknown-dataset]: unknown dataset 'http_request'");
    expect(result.stderr).toContain(`--> ${file}:3:14`);
    expect(result.stderr).toContain("did you mean 'http_requests'?");
    expect(result.stderr).not.toContain('Nope');
  });

  it('reports a file that is not valid HCL at the place it goes wrong', async () => {
    const file = files.file('bad.tf', 'resource "cloudflare_logpush_job" "x" {\n  dataset = "dns_logs"\n  filter = "{\\q}"\n}\n');
    const { code, report } = await reported([file]);
    expect(code).toBe(1);
    expect(report.diagnostics.map(where)).toEqual([`${file}:3:14-3:14 invalid-hcl`]);
  });

  it('passes a clean configuration and ignores other resources and a job without a filter', async () => {
    const file = files.file(
      'clean.tf',
      `${job('ok', 'http_requests', '"{\\"where\\":{\\"key\\":\\"BotScore\\",\\"operator\\":\\"lt\\",\\"value\\":\\"30\\"}}"')}` +
        'resource "cloudflare_logpush_job" "all" {\n  dataset = "dns_logs"\n}\nresource "cloudflare_record" "www" {\n  filter = "not a log filter"\n}\n',
    );
    const result = await runCli(['check', '--terraform', file]);
    expect(result).toMatchObject({ code: 0, stdout: '' });
    expect(result.stderr).toBe('ok: 1 filter checked in 1 file; 0 errors, 0 warnings\n');
  });

  it('reads the rest of a real configuration: conditionals, for, splats, nested templates, dynamic blocks', async () => {
    const result = await runCli(['check', '--terraform', 'test/terraform/fixtures/expressions.tf']);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe(
      'note[not-checked]: cloudflare_logpush_job.dyn: the filter holds `each.key`, known only when Terraform plans\n' +
        ' --> test/terraform/fixtures/expressions.tf:20:89\n' +
        'ok: 0 filters checked in 1 file, 1 not checked; 0 errors, 0 warnings\n',
    );
  });

  it('is a usage error (exit 2) for a path that does not exist', async () => {
    const result = await runCli(['check', '--terraform', 'no/such/folder']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('logfilter: cannot read no/such/folder: no such file or folder\n');
  });
});

describe('compile -o hcl and decompile of the .tf expression', () => {
  it('round-trips through jsonencode({...}), escaping ${ and %{ for HCL', async () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: HCL's own ${...} syntax, written literally
    const filter = 'ClientCountry in (us, ca) AND (BotScore lt 30 OR ClientRequestPath eq "/a${b}%{c}")';
    const compiled = await runCli(['compile', '-o', 'hcl', filter]);
    expect(compiled.code).toBe(0);
    expect(compiled.stdout).toBe(
      [
        'jsonencode({',
        '  where = {',
        '    and = [',
        '      { key = "ClientCountry", operator = "in", value = ["us", "ca"] },',
        '      {',
        '        or = [',
        '          { key = "BotScore", operator = "lt", value = "30" },',
        '          { key = "ClientRequestPath", operator = "eq", value = "/a$${b}%%{c}" },',
        '        ]',
        '      },',
        '    ]',
        '  }',
        '})',
        '',
      ].join('\n'),
    );
    const back = await runCli(['decompile', '-f', '-'], { input: `filter = ${compiled.stdout}` });
    // biome-ignore lint/suspicious/noTemplateCurlyInString: HCL's own ${...} syntax, written literally
    expect(back).toMatchObject({ code: 0, stdout: 'ClientCountry in (us, ca)\n  AND (BotScore lt 30 OR ClientRequestPath eq /a${b}%{c})\n' });
  });

  it('reports a decompiled expression’s mistakes at its own lines and columns', async () => {
    const result = await runCli(['decompile', '-f', '-'], { input: 'jsonencode({\n  where = { key = "BotScor", operator = "lt", value = "30" }\n})\n' });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("unknown field 'BotScor' in dataset http_requests (at /where/key)\n --> <stdin>:2:19\n");
  });
});
