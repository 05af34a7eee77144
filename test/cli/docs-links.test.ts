/**
 * Diagnostics link to their page on the documentation site: SARIF's rules by `helpUri`, the text
 * output's errors by a `= docs:` line under the hint (on a terminal only); the base address is
 * `--docs-url`, else $LOGFILTER_DOCS_URL, else core's DOCS_BASE_URL.
 */
import { main } from '@logfilter/cli';
import { DIAGNOSTIC_CODES, DOCS_BASE_URL, diagnosticPage } from '@logfilter/core';
import { describe, expect, it } from 'vitest';
import { type CliRun, memoryIo, runCli } from '../support/cli.js';
import { sarifSchemaErrors } from '../support/sarif.js';

/** A filter with an error (expected-list) and a warning (quoted-number). */
const FILTER = 'ClientCountry in us AND BotScore lt "3"';

/** Runs the CLI in this process with standard error a terminal (colour off, so the text is plain). */
async function onTerminal(args: string[], run: CliRun = {}): Promise<{ code: number; stderr: string }> {
  const { io, stderr } = memoryIo({ ...run, env: { NO_COLOR: '1', ...run.env } });
  const terminal = Object.create(io.stderr, { isTTY: { value: true }, columns: { value: 100 } }) as typeof io.stderr;
  const code = await main(['node', 'logfilter', ...args], { ...io, stderr: terminal });
  return { code, stderr: stderr() };
}

interface SarifRule {
  id: string;
  helpUri?: string;
}

function sarifRules(stdout: string): SarifRule[] {
  const log = JSON.parse(stdout) as { runs: { tool: { driver: { rules: SarifRule[] } } }[] };
  expect(sarifSchemaErrors(log)).toEqual([]);
  return log.runs[0].tool.driver.rules;
}

describe('SARIF helpUri', () => {
  it("every rule links to its code's page, and the log still validates", async () => {
    const result = await runCli(['check', FILTER, '--format', 'sarif']);
    const rules = sarifRules(result.stdout);
    expect(rules.map((rule) => rule.id)).toEqual(['expected-list', 'quoted-number']);
    for (const rule of rules) {
      expect(DIAGNOSTIC_CODES).toContain(rule.id);
      expect(rule.helpUri).toBe(`${DOCS_BASE_URL}/diagnostics/${rule.id}`);
    }
  });

  it('takes the base from --docs-url, else from $LOGFILTER_DOCS_URL', async () => {
    const byOption = sarifRules((await runCli(['--docs-url', 'https://docs.example.test/lf/', 'check', FILTER, '--format', 'sarif'])).stdout);
    expect(byOption[0].helpUri).toBe('https://docs.example.test/lf/diagnostics/expected-list');
    const byEnv = sarifRules(
      (await runCli(['check', FILTER, '--format', 'sarif'], { env: { LOGFILTER_DOCS_URL: 'https://mirror.example.test/docs' } })).stdout,
    );
    expect(byEnv[0].helpUri).toBe('https://mirror.example.test/docs/diagnostics/expected-list');
  });
});

describe('the page under the hint in text output', () => {
  it("on a terminal, each error's frame ends with its page; a warning's does not", async () => {
    const result = await onTerminal(['compile', FILTER]);
    expect(result.code).toBe(1);
    const lines = result.stderr.split('\n');
    const hint = lines.findIndex((line) => line.includes('hint: write the values in parentheses'));
    expect(lines[hint + 1]).toBe(`  = docs: ${diagnosticPage('expected-list')}`);
    expect(result.stderr.match(/= docs: /g)).toHaveLength(1);
    expect(result.stderr).toContain('warning[quoted-number]');
  });

  it('the base is configurable there too', async () => {
    const result = await onTerminal(['compile', FILTER], { env: { LOGFILTER_DOCS_URL: 'http://127.0.0.1:8080/site' } });
    expect(result.stderr).toContain('= docs: http://127.0.0.1:8080/site/diagnostics/expected-list');
  });

  it('piped or to a file, the output has no link', async () => {
    const result = await runCli(['compile', FILTER]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('error[expected-list]');
    expect(result.stderr).not.toContain('docs:');
  });
});
