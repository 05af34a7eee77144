/**
 * `logfilter check --deep` as a user runs it: the solver's warnings beside the quick ones, once each;
 * each question it did not decide a note with its range (never a silent "ok"); its budget options.
 * The lint itself is tested with the library (packages/solver/test/deep-lint.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';

describe('logfilter check --deep', () => {
  it("reports the solver's warnings beside the quick ones, once each", async () => {
    const result = await runCli(['check', '--deep', 'BotScore lt 30 AND BotScore lt 10']);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain("warning[redundant]: 'BotScore lt 30' is implied by the other conditions of this AND group");
    const json = JSON.parse((await runCli(['check', '--deep', '--json', 'ClientCountry eq us AND ClientCountry eq ca'])).stdout);
    // The quick rules find this never-matches already: the deep one at the same place is not repeated.
    expect(json.diagnostics.filter((d: { code: string }) => d.code === 'never-matches')).toHaveLength(1);
  });

  it('says which questions it did not decide, with their ranges, and how to raise the budget (issues 26, 29)', async () => {
    const text = 'ClientRequestHost endsWith example.com AND (ClientRequestHost eq example.com OR ClientRequestHost endsWith .example.com)';
    const starved = await runCli(['check', '--deep', '--budget', '20000', text]);
    expect(starved.code).toBe(0);
    expect(starved.stderr).toContain(
      "note[undecided]: 1:1-1:39 'ClientRequestHost endsWith example.com': not decided whether it is redundant: the solver did not decide within its work budget (20000 resource units a question)",
    );
    expect(starved.stderr).toMatch(/deep: \d+ questions? not decided \(notes above\): --budget and --total-budget raise the work budgets\n$/);
    const ample = await runCli(['check', '--deep', text]);
    expect(ample.code).toBe(0);
    expect(ample.stderr).toContain("warning[redundant]: 'ClientRequestHost endsWith example.com' is implied by the other conditions of this AND group");
    expect(ample.stderr).not.toContain('note[undecided]');
  });

  it('notes a float constant outside the model instead of ending in an internal error (issue 31)', async () => {
    const result = await runCli(['check', '--deep', 'EdgeResponseCompressionRatio lt 0.123456789012345']);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain("note[undecided]: 1:1-1:50 'EdgeResponseCompressionRatio lt 0.123456789012345': not modelled:");
    expect(result.stderr).not.toContain('internal error');
    expect(result.stderr).toMatch(/deep: 2 questions not decided \(notes above\)\n$/);
  });

  it('keeps to a total budget, and refuses one that is not a number', async () => {
    const total = await runCli(['check', '--deep', '--total-budget', '1', 'BotScore lt 30 AND BotScore lt 10 AND ClientASN gt 5']);
    expect(total.code).toBe(0);
    expect(total.stderr).toContain('not asked: the total work budget (1 resource units) was spent on the questions before it');
    const bad = await runCli(['check', '--deep', '--total-budget', '-3', 'BotScore lt 30']);
    expect(bad.code).toBe(2);
  });
});
