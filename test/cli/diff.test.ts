/**
 * `logfilter diff`: hand-written pairs whose relation is known (De Morgan, eq-OR against in, prefix
 * chains, lt against leq, case, arrays, missing fields, numbers as text, uint64 bounds), through the
 * library; then the command as a user runs it: text, JSON, jobs, files and standard input, --json, exit codes.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { builtinCatalog, compile, evaluate, type FilterJson, parseJsonExact } from '@logfilter/core';
import { afterAll, describe, expect, it } from 'vitest';
import { compareFilters, loadSolver, type Relation } from '../../packages/cli/src/diff/solve.js';
import { runCli } from '../support/cli.js';

const HTTP = builtinCatalog().get('http_requests')!;

function filter(text: string): FilterJson {
  const result = compile(text);
  if (!result.ok) throw new Error(`${text}: ${result.diagnostics.map((d) => d.message).join('; ')}`);
  return parseJsonExact(result.json!) as FilterJson;
}

const PAIRS: Array<[old: string, new: string, relation: Relation, why: string]> = [
  ['NOT (ClientCountry eq us OR BotScore lt 30)', 'ClientCountry !eq us AND BotScore geq 30', 'same', 'De Morgan'],
  ['NOT (ClientCountry eq us AND BotScore lt 30)', 'ClientCountry !eq us OR BotScore geq 30', 'same', 'De Morgan, the other way'],
  ['ClientCountry eq us OR ClientCountry eq ca', 'ClientCountry in (ca, us)', 'same', 'eq-OR is in'],
  ['ClientRequestPath startsWith /api/', 'ClientRequestPath startsWith /api', 'new-wider', '/api is delivered by the new one only'],
  [
    'ClientRequestPath startsWith /api/v1',
    'ClientRequestPath startsWith /api/ AND ClientRequestPath startsWith /api/v1',
    'same',
    'a prefix implied by a longer one',
  ],
  ['BotScore lt 30', 'BotScore leq 30', 'new-wider', '30 itself'],
  ['BotScore lt 30', 'BotScore leq 29', 'same', 'whole numbers'],
  ['ClientRequestHost eq Example.com', 'ClientRequestHost eq example.com', 'disjoint', 'comparisons are case-sensitive'],
  ['BotDetectionTags contains api', 'BotDetectionTags in (api, web)', 'new-wider', 'an array holding web'],
  ['ClientCountry !eq us', 'NOT ClientCountry in (us)', 'same', 'a missing field passes both'],
  ['ClientCountry !eq us', 'ClientCountry startsWith u OR ClientCountry !startsWith u', 'new-wider', 'the new one lets every record through, us too'],
  ['EdgeStartTimestamp eq 1700000000', 'EdgeStartTimestamp eq "1700000000"', 'same', 'a number as text reads as the number'],
  ['ClientASN eq 18446744073709551615', 'ClientASN geq 18446744073709551614', 'new-wider', 'uint64 bounds, exactly'],
  ['ClientASN gt 9007199254740992', 'ClientASN geq 9007199254740993', 'same', 'past 2^53, exactly'],
  ['EdgeResponseCompressionRatio gt 0.1', 'EdgeResponseCompressionRatio geq 0.2', 'old-wider', 'a float between two constants'],
];

afterAll(async () => (await loadSolver()).release());

describe('diff: pairs whose relation is known', () => {
  it.each(PAIRS)('%s  vs  %s: %s (%s)', async (older, newer, relation) => {
    const [a, b] = [filter(older), filter(newer)];
    const result = await compareFilters(a, b, HTTP);
    expect(result.relation).toBe(relation);
    expect(result.witnesses).toHaveLength(relation === 'same' ? 0 : relation === 'old-wider' || relation === 'new-wider' ? 1 : 2);
    for (const witness of result.witnesses) {
      const record = parseJsonExact(witness.line) as Record<string, unknown>;
      expect([evaluate(a, record), evaluate(b, record)]).toEqual([witness.old, witness.new]);
    }
  });

  it('says undecided, never same, for a float constant finer than a double holds', async () => {
    const result = await compareFilters(
      filter('EdgeResponseCompressionRatio gt 51699674.867026861'),
      filter('EdgeResponseCompressionRatio gt 51699674.867026862'),
      HTTP,
    );
    expect(result.relation).toBe('undecided');
    expect(result.reason).toContain('more significant digits than a double holds exactly');
  });

  it('gives the fewest fields that matter', async () => {
    const result = await compareFilters(filter('BotScore lt 30 AND ClientCountry eq us'), filter('BotScore lt 30'), HTTP);
    expect(result.relation).toBe('new-wider');
    // ClientCountry is left out: missing, it fails `eq us` as any other value would.
    expect(Object.keys(JSON.parse(result.witnesses[0].line))).toEqual(['BotScore']);
    expect(JSON.parse(result.witnesses[0].line).BotScore).toBeLessThan(30);
  });
});

describe('logfilter diff', () => {
  const dir = mkdtempSync(join(tmpdir(), 'logfilter-diff-'));

  it('exits 0 for the same meaning and 1 with a witness when they differ', async () => {
    const same = await runCli(['diff', 'ClientCountry in (us, ca)', 'ClientCountry eq ca OR ClientCountry eq us']);
    expect([same.code, same.stdout]).toEqual([0, 'same meaning: every record passes both or neither\n']);
    const differ = await runCli(['diff', 'ClientRequestPath startsWith /api/', 'ClientRequestPath startsWith /api']);
    expect(differ.code).toBe(1);
    expect(differ.stdout).toBe(
      'NEW lets through more: every record OLD passes, NEW passes too\nonly NEW lets this record through:\n{"ClientRequestPath":"/api"}\n',
    );
  });

  it('prints { relation, witnesses } in the envelope with --json, numbers with every digit', async () => {
    const result = await runCli(['diff', 'ClientASN eq 18446744073709551615', 'ClientASN geq 18446744073709551614', '--json']);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe(
      '{"ok":true,"command":"diff","exitCode":1,"relation":"new-wider","witnesses":[{"record":{"ClientASN":18446744073709551614},"old":false,"new":true}],"diagnostics":[]}\n',
    );
  });

  it('reads a JSON filter, a job and files, and standard input for one side', async () => {
    const job = join(dir, 'job.json');
    writeFileSync(
      job,
      JSON.stringify({ id: 1, dataset: 'dns_logs', filter: JSON.stringify({ where: { key: 'QueryName', operator: 'eq', value: 'a.example' } }) }),
    );
    const text = join(dir, 'new.lf');
    writeFileSync(text, '# dataset: dns_logs\nQueryName in (a.example, b.example)\n');
    const fromFiles = await runCli(['diff', job, '-', '-d', 'dns_logs', '--json'], { input: 'QueryName in (a.example, b.example)' });
    expect(JSON.parse(fromFiles.stdout)).toMatchObject({ relation: 'new-wider', witnesses: [{ record: { QueryName: 'b.example' }, old: false, new: true }] });
    const json = await runCli(['diff', '{"where":{"key":"BotScore","operator":"lt","value":30}}', 'BotScore leq 29']);
    expect(json.code).toBe(0);
  });

  it('exits 2, before asking the solver, when a side has errors or the datasets differ', async () => {
    const bad = await runCli(['diff', 'ClientCountri eq us', 'ClientCountry eq us']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("unknown field 'ClientCountri'");
    const two = await runCli(['diff', 'QueryName eq a', 'BotScore lt 3', '-d', 'dns_logs']);
    expect(two.code).toBe(2);
    const datasets = await runCli([
      'diff',
      '{"dataset":"dns_logs","filter":"{\\"where\\":{\\"key\\":\\"QueryName\\",\\"operator\\":\\"eq\\",\\"value\\":\\"a\\"}}"}',
      '# dataset: http_requests\nBotScore lt 3',
    ]);
    expect([datasets.code, datasets.stderr]).toEqual([2, expect.stringContaining('different datasets')]);
  });
});
