/** `--format github|sarif|json` of check, check --from-json and fmt --check, through the built CLI. */
import { describe, expect, it } from 'vitest';
import { runCli, tempFiles } from '../support/cli.js';
import { sarifSchemaErrors } from '../support/sarif.js';

const files = tempFiles('report');
const BAD = files.file('bad.lf', 'clientcountry eq us\n  AND BotScore lte 30\n');
const GOOD = files.file('good.lf', 'ClientCountry eq us\n');
const UNFORMATTED = files.file('loose.lf', 'ClientCountry eq us\nand   BotScore lt 30\n');
const BAD_JSON = files.file('bad.json', '{"where":{"key":"EdgeResponseStatus","operator":"in","value":"200,201"}}');

interface SarifResult {
  ruleId: string;
  level: string;
  message: { text: string };
  locations?: { physicalLocation: { artifactLocation: { uri: string }; region: Record<string, number> } }[];
  properties?: { pointer?: string };
}

function sarifResults(stdout: string): SarifResult[] {
  const log = JSON.parse(stdout) as { version: string; runs: { results: SarifResult[] }[] };
  expect(sarifSchemaErrors(log)).toEqual([]);
  expect(log.version).toBe('2.1.0');
  return log.runs[0].results;
}

describe('check --format github', () => {
  it('writes one workflow command per diagnostic, at its line and columns', async () => {
    const result = await runCli(['check', '-f', BAD, '--format', 'github']);
    expect(result.code).toBe(1);
    expect(result.stdout.split('\n')).toEqual([
      `::error file=${BAD},line=1,col=1,endColumn=14,title=unknown-field::unknown field 'clientcountry' in dataset http_requests%0Ahint: field names are case-sensitive: did you mean 'ClientCountry'?`,
      `::warning file=${BAD},line=2,col=16,endColumn=19,title=deprecated-operator::'lte' is an old spelling of 'leq'%0Ahint: write 'leq'`,
      '',
    ]);
  });

  it('writes nothing on stdout for a clean file, and exits 0', async () => {
    const result = await runCli(['check', '-f', GOOD, '--format', 'github']);
    expect(result).toMatchObject({ code: 0, stdout: '' });
  });

  it('escapes the separators of the workflow command syntax', async () => {
    const weird = files.file('a,b:c.lf', 'Bad%Field eq 1\n');
    const result = await runCli(['check', '-f', weird, '--format', 'github']);
    expect(result.stdout).toContain(
      `file=${weird.replace(/:/g, '%3A').replace(/,/g, '%2C')},line=1,col=1,endColumn=10,title=expected-field::expected a field name or '(', found 'Bad%25Field'%0Ahint:`,
    );
  });
});

describe('check --format sarif', () => {
  it('is a valid SARIF 2.1.0 log with a result per diagnostic, at its region', async () => {
    const result = await runCli(['check', '-f', BAD, '--format', 'sarif']);
    expect(result.code).toBe(1);
    const results = sarifResults(result.stdout);
    expect(results.map((r) => [r.ruleId, r.level])).toEqual([
      ['unknown-field', 'error'],
      ['deprecated-operator', 'warning'],
    ]);
    expect(results[1].locations?.[0].physicalLocation.region).toEqual({ startLine: 2, startColumn: 16, endLine: 2, endColumn: 19 });
    expect(results[0].message.text).toContain("did you mean 'ClientCountry'?");
  });

  it('is valid with no results for a clean filter, inline text included', async () => {
    for (const args of [['-f', GOOD], ['ClientCountry eq us']]) {
      const result = await runCli(['check', ...args, '--format', 'sarif']);
      expect(result.code).toBe(0);
      expect(sarifResults(result.stdout)).toEqual([]);
    }
  });

  it('keeps the JSON Pointer of check --from-json diagnostics', async () => {
    const result = await runCli(['check', '--from-json', '-f', BAD_JSON, '--format', 'sarif']);
    expect(result.code).toBe(1);
    const [first] = sarifResults(result.stdout);
    expect(first).toMatchObject({ ruleId: 'expected-list', properties: { pointer: '/where/value' } });
  });
});

describe('fmt --check --format', () => {
  it('reports each file that is not canonical at the first line that differs', async () => {
    const result = await runCli(['fmt', '--check', '-f', GOOD, UNFORMATTED, '--format', 'github']);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe(
      `::error file=${UNFORMATTED},line=1,col=1,endColumn=20,title=not-formatted::${UNFORMATTED} is not in canonical form%0Ahint: rewrite it with \`logfilter fmt --write -f ${UNFORMATTED}\`\n`,
    );
    const sarif = await runCli(['fmt', '--check', '-f', GOOD, UNFORMATTED, '--format', 'sarif']);
    expect(sarifResults(sarif.stdout).map((r) => r.ruleId)).toEqual(['not-formatted']);
  });

  it('needs --check', async () => {
    const result = await runCli(['fmt', '-f', GOOD, '--format', 'github']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--format reports the findings of --check');
  });
});

describe('check --format json', () => {
  it('is the --json object', async () => {
    const [format, json] = await Promise.all([runCli(['check', '-f', BAD, '--format', 'json']), runCli(['check', '-f', BAD, '--json'])]);
    expect(format.code).toBe(1);
    expect(format.stdout).toBe(json.stdout);
    expect(JSON.parse(format.stdout)).toMatchObject({ ok: false, diagnostics: [{ code: 'unknown-field' }, { code: 'deprecated-operator' }] });
  });
});

describe('the SARIF schema check itself', () => {
  it('rejects a log the schema does not allow', () => {
    expect(sarifSchemaErrors({ version: '2.1.0', runs: [{ results: [{ level: 'fatal', message: {} }] }] })).not.toEqual([]);
  });
});
