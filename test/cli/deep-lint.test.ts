/**
 * `check --deep`: never-matches, always-matches and redundant decided by the solver, where core's
 * quick rules (one field, one kind of criterion at a time) say nothing; warnings at the text's spans.
 */
import { builtinCatalog, compile } from '@logfilter/core';
import { afterAll, describe, expect, it } from 'vitest';
import { deepLint } from '../../packages/cli/src/diff/deep-lint.js';
import { loadSolver } from '../../packages/cli/src/diff/solve.js';
import { runCli } from '../support/cli.js';

const HTTP = builtinCatalog().get('http_requests')!;

async function found(text: string): Promise<Array<[string, string]>> {
  return (await deepLint(text, HTTP)).map((d) => [d.code, text.slice(d.range.start.offset, d.range.end.offset)]);
}

afterAll(async () => (await loadSolver()).release());

describe('deep lint', () => {
  it('finds a criterion implied by the rest of its AND group', async () => {
    expect(await found('BotScore lt 30 AND BotScore lt 10')).toEqual([['redundant', 'BotScore lt 30']]);
    expect(await found('ClientRequestPath startsWith /api/ AND ClientRequestPath startsWith /api')).toEqual([
      ['redundant', 'ClientRequestPath startsWith /api'],
    ]);
  });

  it('finds a criterion that adds nothing to its OR group', async () => {
    expect(await found('BotScore lt 10 OR BotScore lt 30')).toEqual([['redundant', 'BotScore lt 10']]);
    expect(await found('ClientCountry in (us, ca) OR ClientCountry eq us')).toEqual([['redundant', 'ClientCountry eq us']]);
  });

  it('flags one of two equal members, not both', async () => {
    expect(await found('BotScore lt 30 AND BotScore lt 30')).toEqual([['redundant', 'BotScore lt 30']]);
  });

  it('finds groups no record passes, or every record passes, that the quick rules miss', async () => {
    const never = 'ClientRequestPath startsWith /a AND ClientRequestPath endsWith x AND NOT ClientRequestPath contains /';
    expect(compile(never).diagnostics.map((d) => d.code)).not.toContain('never-matches');
    expect(await found(never)).toEqual([['never-matches', never]]);
    const always = '(BotScore lt 30 OR BotScore geq 30) OR NOT BotScore eq 5';
    expect(compile(always).diagnostics.map((d) => d.code)).not.toContain('always-matches');
    expect((await found(always)).map(([code]) => code)).toContain('always-matches');
  });

  it('says nothing of a filter whose every part matters', async () => {
    expect(await found('ClientCountry in (us, ca) AND (BotScore lt 30 OR EdgeResponseStatus geq 500)')).toEqual([]);
  });
});

describe('logfilter check --deep', () => {
  it("reports the solver's warnings beside the quick ones, once each", async () => {
    const result = await runCli(['check', '--deep', 'BotScore lt 30 AND BotScore lt 10']);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain("warning[redundant]: 'BotScore lt 30' is implied by the other conditions of this AND group");
    const json = JSON.parse((await runCli(['check', '--deep', '--json', 'ClientCountry eq us AND ClientCountry eq ca'])).stdout);
    // The quick rules find this never-matches already: the deep one at the same place is not repeated.
    expect(json.diagnostics.filter((d: { code: string }) => d.code === 'never-matches')).toHaveLength(1);
  });
});
