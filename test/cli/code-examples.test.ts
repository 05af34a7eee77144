/**
 * The example of each diagnostic code (the documentation site's page and `explain --code` show it)
 * really triggers that code, and its fixed input no longer does.
 */
import { CODE_EXAMPLES, type CodeExample, diagnosticPageOf, exampleDiagnostics } from '@logfilter/cli';
import { DIAGNOSTIC_CODES, type DiagnosticCode } from '@logfilter/core';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';

const entries = Object.entries(CODE_EXAMPLES) as [DiagnosticCode, CodeExample][];

describe('the examples of the diagnostic codes', () => {
  it('has an example for most codes a short input shows', () => {
    expect(entries.length).toBeGreaterThanOrEqual(30);
    for (const [code] of entries) expect(DIAGNOSTIC_CODES).toContain(code);
  });

  it.each(entries)('%s: the example reports it and the fixed input does not', (code, example) => {
    expect(exampleDiagnostics(example, example.example).map((each) => each.code)).toContain(code);
    expect(exampleDiagnostics(example, example.fixed).map((each) => each.code)).not.toContain(code);
    expect(diagnosticPageOf(code).example?.diagnostic.code).toBe(code);
  });
});

describe('logfilter explain --code', () => {
  it('prints the page of a code: description, example, the report and the fix', async () => {
    const result = await runCli(['explain', '--code', 'expected-list']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('expected-list: The operator (in, !in) takes a list of values.');
    expect(result.stdout).toContain('    ClientCountry in us');
    expect(result.stdout).toContain('reports: error[expected-list]');
    expect(result.stdout).toContain('    ClientCountry in (us)');
    expect(result.stdout).toContain('Editors offer a quick fix for it.');
  });

  it('explains a code without an example by its description', async () => {
    const result = await runCli(['explain', '--code', 'internal-error']);
    expect(result.code).toBe(0);
    expect(result.stdout.split('\n')[0]).toMatch(/^internal-error: /);
  });

  it('refuses an unknown code with the list of codes', async () => {
    const result = await runCli(['explain', '--code', 'no-such-code']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("unknown diagnostic code 'no-such-code'");
    expect(result.stderr).toContain('empty-filter');
  });
});
