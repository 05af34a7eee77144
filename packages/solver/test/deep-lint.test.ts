/**
 * deepLint (`check --deep`): never-matches, always-matches and redundant decided by the solver, where
 * core's quick rules (one field, one kind of criterion at a time) say nothing; warnings at the text's
 * spans. A question not decided (by its budget, the total budget, or a constant outside the model) is
 * returned with its range, never dropped.
 */
import { builtinCatalog, compile } from '@logfilter/core';
import { DEFAULT_DEEP_TOTAL_WORK, deepLint, loadSolver } from '@logfilter/solver';
import { afterAll, describe, expect, it } from 'vitest';

const HTTP = builtinCatalog().get('http_requests')!;

async function found(text: string): Promise<Array<[string, string]>> {
  const result = await deepLint(text, HTTP);
  expect(result.undecided).toEqual([]);
  return result.diagnostics.map((d) => [d.code, text.slice(d.range.start.offset, d.range.end.offset)]);
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

describe('deep lint: what it does not decide', () => {
  // The first criterion is implied by the OR group: the question diff finds hard (issue 26's pair).
  const HOSTS = 'ClientRequestHost endsWith example.com AND (ClientRequestHost eq example.com OR ClientRequestHost endsWith .example.com)';

  it('returns each question not decided with its range and reason, and decides it with a bigger budget (issue 29)', async () => {
    const starved = await deepLint(HOSTS, HTTP, { work: 20_000 });
    expect(starved.undecided.length).toBeGreaterThan(0);
    for (const note of starved.undecided) {
      expect(note.limit).toBe('work');
      expect(HOSTS.slice(note.range.start.offset, note.range.end.offset).replace(/\s+/g, ' ')).toBe(note.text);
    }
    expect(starved.undecided.map((note) => [note.question, note.text])).toContainEqual(['redundant', 'ClientRequestHost endsWith example.com']);
    expect(starved.diagnostics).toEqual([]);
    const ample = await deepLint(HOSTS, HTTP);
    expect(ample.undecided).toEqual([]);
    expect(ample.diagnostics.map((d) => [d.code, HOSTS.slice(d.range.start.offset, d.range.end.offset)])).toEqual([
      ['redundant', 'ClientRequestHost endsWith example.com'],
    ]);
  });

  it('keeps to its total budget: the questions past it are not asked, and said so', async () => {
    const text = 'BotScore lt 30 AND BotScore lt 10 AND ClientASN gt 5 AND ClientASN gt 6 AND EdgeResponseStatus geq 400';
    const result = await deepLint(text, HTTP, { totalWork: 1 });
    expect(result.spent).toBeLessThanOrEqual(50_000);
    expect(result.undecided.map((note) => note.limit)).toContain('total');
    expect(result.undecided.length).toBe(result.questions - result.diagnostics.length);
  });

  it('reports a float constant outside the model as undecided, not as an error (issue 31)', async () => {
    const text = 'EdgeResponseCompressionRatio lt 0.123456789012345';
    const result = await deepLint(text, HTTP);
    expect(result.diagnostics).toEqual([]);
    expect(result.undecided.map((note) => [note.question, note.limit, note.text])).toEqual([
      ['never-matches', 'not-modelled', text],
      ['always-matches', 'not-modelled', text],
    ]);
    expect(result.undecided[0].reason).toContain('compared with 0.123456789012345');
    // The rest of a filter is still checked: the redundant criterion of a group without the constant is found.
    const mixed = await deepLint(`${text} OR (BotScore lt 30 AND BotScore lt 10)`, HTTP);
    expect(mixed.diagnostics.map((d) => [d.code, d.range.start.offset])).toEqual([['redundant', text.length + 5]]);
  });

  it('decides a 19-criterion filter within the service limits inside its total budget', async () => {
    const text =
      '(ClientIP eq 1.2.3.4 OR RayID startsWith 8a OR RayID contains ff) AND BotScore lt 30 AND BotScore geq 2 AND BotScore !eq 7 AND ClientASN gt 100 AND ClientASN lt 9000 AND ClientASN !eq 500 AND NOT (ClientIP startsWith 10. OR ClientIP contains ::) AND (EdgeResponseStatus eq 403 OR EdgeResponseStatus gt 499) AND RayID !endsWith 00 AND ClientCountry !eq cn AND (ClientCountry eq us OR BotScore lt 5) AND WAFAttackScore lt 50';
    expect(compile(text).ok).toBe(true);
    const result = await deepLint(text, HTTP);
    expect(result.questions).toBe(29);
    expect(result.spent).toBeLessThanOrEqual(DEFAULT_DEEP_TOTAL_WORK);
    expect(result.undecided).toEqual([]);
    expect(result.diagnostics).toEqual([]);
  });
});
