/**
 * `logfilter diff` as a user runs it: text, JSON, jobs, files and standard input, --json, exit codes,
 * the relations listed in --help, the budget options. The relations themselves are tested with the
 * library (packages/solver/test).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { evaluate, type FilterJson, parseJsonExact } from '@logfilter/core';
import { RELATIONS } from '@logfilter/solver';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';

describe('logfilter diff', () => {
  const dir = mkdtempSync(join(tmpdir(), 'logfilter-diff-'));

  it('exits 0 for the same meaning and 1 with a witness when they differ', async () => {
    const same = await runCli(['diff', 'ClientCountry in (us, ca)', 'ClientCountry eq ca OR ClientCountry eq us']);
    expect([same.code, same.stdout]).toEqual([0, 'same meaning: every record passes both or neither\n']);
    // A rewrite that compiles to the very same filter JSON: the same filter, answered alike.
    const alike = await runCli(['diff', 'BotScore lt 30 AND ClientCountry eq us', 'NOT (BotScore geq 30 OR ClientCountry !eq us)', '--json']);
    expect([alike.code, JSON.parse(alike.stdout)]).toEqual([0, expect.objectContaining({ relation: 'same', witnesses: [] })]);
    // The same filter in another order, as the JSON of a job may hold it: one filter too.
    const reordered = await runCli([
      'diff',
      'ClientCountry in (us, ca) AND (BotScore lt 30 OR EdgeResponseStatus geq 500)',
      '{"where":{"and":[{"or":[{"key":"EdgeResponseStatus","operator":"geq","value":"500"},{"key":"BotScore","operator":"lt","value":"30"}]},{"key":"ClientCountry","operator":"in","value":["ca","us"]}]}}',
    ]);
    expect([reordered.code, reordered.stdout]).toEqual([0, 'same meaning: every record passes both or neither\n']);
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

  it('lists every --json relation with its exit code in --help', async () => {
    const help = await runCli(['diff', '--help']);
    expect(help.code).toBe(0);
    for (const relation of RELATIONS) expect(help.stdout).toMatch(new RegExp(`\\n  ${relation} +[013] `));
    expect(help.stdout).toContain('--budget <units>');
  });

  it('answers pairs with integers past 2^53 in lists exactly, never "same" nor an internal error (issue 31)', async () => {
    const pairs: Array<[string, string, number, string]> = [
      ['ClientASN in (9007199254740993)', 'ClientASN in (9007199254740992)', 1, 'disjoint'],
      ['ClientASN in (18446744073709551615)', 'ClientASN in (18446744073709551614)', 1, 'disjoint'],
      ['ClientASN in (9007199254740993)', 'ClientASN eq 9007199254740993', 0, 'same'],
    ];
    for (const [older, newer, code, relation] of pairs) {
      const result = await runCli(['diff', older, newer, '--json']);
      // Read exactly: the witnesses' integers past 2^53 keep every digit.
      const answer = parseJsonExact(result.stdout) as { relation: string; witnesses: Array<{ record: Record<string, unknown>; old: boolean; new: boolean }> };
      expect([result.code, answer.relation, result.stderr]).toEqual([code, relation, '']);
      const [a, b] = await Promise.all([older, newer].map(async (text) => parseJsonExact((await runCli(['compile', text])).stdout) as FilterJson));
      for (const witness of answer.witnesses) expect([evaluate(a, witness.record), evaluate(b, witness.record)]).toEqual([witness.old, witness.new]);
      expect(answer.witnesses).toHaveLength(relation === 'same' ? 0 : 2);
    }
  });

  it('names the constant an undecided float pair is stopped by, and the limit (issue 29)', async () => {
    const result = await runCli(['diff', 'EdgeResponseCompressionRatio gt 1.5', 'EdgeResponseCompressionRatio geq 1.0000000000001', '--json']);
    expect(result.code).toBe(3);
    const answer = JSON.parse(result.stdout);
    expect(answer).toMatchObject({ relation: 'undecided', limit: 'not-modelled' });
    expect(answer.reason).toContain('compared with 1.0000000000001');
    expect(answer.reason).toContain('13 digits in all');
  });

  it('refuses a budget that is not a positive number of units', async () => {
    const result = await runCli(['diff', 'BotScore lt 3', 'BotScore lt 4', '--budget', 'lots']);
    expect([result.code, result.stderr]).toEqual([2, expect.stringContaining("--budget takes a positive number of the solver's resource units")]);
  });
});
