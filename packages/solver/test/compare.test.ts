/**
 * compareFilters: hand-written pairs whose relation is known (De Morgan, eq-OR against in, prefix
 * chains, lt against leq, case, arrays, missing fields, numbers as text, uint64 bounds, integers past
 * 2^53 in every list form), each witness checked with evaluate; what stops a question (the work
 * budget, the wall-clock safety net, a constant outside the model) told apart and named.
 */
import { builtinCatalog, compile, evaluate, type FilterJson, parseJsonExact } from '@logfilter/core';
import { compareFilters, loadSolver, type Relation } from '@logfilter/solver';
import { afterAll, describe, expect, it } from 'vitest';

const HTTP = builtinCatalog().get('http_requests')!;

/** The filter as diff reads it: from its JSON text, integers past 2^53 exact. */
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
  // Integers past 2^53 in lists, read exactly (issue 31: these were "same", or an internal error).
  ['ClientASN in (9007199254740993)', 'ClientASN in (9007199254740992)', 'disjoint', 'in, one past 2^53'],
  ['ClientASN in (18446744073709551615)', 'ClientASN in (18446744073709551614)', 'disjoint', 'in, at 2^64-1'],
  ['ClientASN !in (9007199254740993)', 'ClientASN !in (9007199254740992)', 'overlap', '!in, one past 2^53'],
  ['ClientASN in (9007199254740993, 5)', 'ClientASN in (9007199254740992, 5)', 'overlap', 'a mixed list'],
  ['ClientASN in (9007199254740993)', 'ClientASN eq 9007199254740993', 'same', 'eq and in written differently'],
  ['ClientASN !in (18446744073709551615)', 'ClientASN !eq 18446744073709551615', 'same', '!eq and !in written differently'],
  ['ClientASN lt 18446744073709551615', 'ClientASN leq 18446744073709551614', 'same', 'lt against leq at 2^64-1'],
  // Array members that differ only after a NUL were one Z3 constant (a name is a C string), so these were "same".
  ['BotDetectionTags contains "\\u0000"', 'BotDetectionTags contains "\\u0000x"', 'overlap', 'members that differ after a NUL'],
  ['BotDetectionTags !contains "\\u0000"', 'BotDetectionTags !contains "\\u0000x"', 'overlap', 'the same, negated'],
];

afterAll(async () => (await loadSolver()).release());

describe('compareFilters: pairs whose relation is known', () => {
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

  it('gives the fewest fields that matter', async () => {
    const result = await compareFilters(filter('BotScore lt 30 AND ClientCountry eq us'), filter('BotScore lt 30'), HTTP);
    expect(result.relation).toBe('new-wider');
    // ClientCountry is left out: missing, it fails `eq us` as any other value would.
    expect(Object.keys(JSON.parse(result.witnesses[0].line))).toEqual(['BotScore']);
    expect(JSON.parse(result.witnesses[0].line).BotScore).toBeLessThan(30);
  });
});

describe('compareFilters: one filter written in another order', () => {
  // With no time at all, any question put to Z3 is stopped (see the safety net's test below): "same"
  // then says that none was asked.
  const NO_TIME = { work: 1e12, safetyMs: 0 };
  const json = (text: string) => parseJsonExact(text) as FilterJson;

  it('is the same without a question to Z3: a rewrite that compiles to the same JSON', async () => {
    const older = filter('ClientCountry in (us, ca) AND (BotScore lt 30 OR EdgeResponseStatus geq 500)');
    const newer = filter('(ClientCountry eq us OR ClientCountry eq ca) AND NOT (BotScore geq 30 AND EdgeResponseStatus lt 500)');
    expect(newer).toEqual(older);
    expect(await compareFilters(older, newer, HTTP, NO_TIME)).toEqual({ relation: 'same', witnesses: [] });
    // Members in another order are written alike; no filter on either side is one filter too.
    const reordered = json('{"where":{"operator":"in","value":[9007199254740993,5],"key":"ClientASN"}}');
    expect(await compareFilters(filter('ClientASN in (9007199254740993, 5)'), reordered, HTTP, NO_TIME)).toMatchObject({ relation: 'same' });
    expect(await compareFilters(undefined, undefined, HTTP, NO_TIME)).toMatchObject({ relation: 'same' });
  });

  it('is the same without a question to Z3: groups and sets in another order, repeated, nested or of one member', async () => {
    const pairs: Array<[older: FilterJson, newer: FilterJson]> = [
      [filter('ClientCountry in (us, ca)'), filter('ClientCountry in (ca, us)')],
      [filter('ClientCountry !in (us, ca, mx)'), filter('ClientCountry !in (mx, us, ca)')],
      [
        filter('ClientCountry in (us, ca) AND (BotScore lt 30 OR EdgeResponseStatus geq 500)'),
        filter('(EdgeResponseStatus geq 500 OR BotScore lt 30) AND ClientCountry in (ca, us)'),
      ],
      [
        json('{"where":{"and":[{"key":"BotScore","operator":"lt","value":"30"},{"and":[{"key":"ClientCountry","operator":"eq","value":"us"}]}]}}'),
        json('{"where":{"and":[{"key":"ClientCountry","operator":"eq","value":"us"},{"key":"BotScore","operator":"lt","value":"30"}]}}'),
      ],
      [
        json('{"where":{"or":[{"key":"BotScore","operator":"lt","value":"30"},{"key":"BotScore","operator":"lt","value":"30"}]}}'),
        json('{"where":{"key":"BotScore","operator":"lt","value":"30"}}'),
      ],
      [
        json('{"where":{"key":"ClientASN","operator":"in","value":[18446744073709551615,5,5]}}'),
        json('{"where":{"key":"ClientASN","operator":"in","value":[5,18446744073709551615]}}'),
      ],
    ];
    for (const [older, newer] of pairs) expect(await compareFilters(older, newer, HTTP, NO_TIME)).toEqual({ relation: 'same', witnesses: [] });
  });

  it('goes to Z3 when anything else differs, even what means nothing', async () => {
    const asked: Array<[older: FilterJson | undefined, newer: FilterJson | undefined]> = [
      // A value, one past 2^53, the operator, no filter against one.
      [filter('ClientCountry in (us, ca)'), filter('ClientCountry in (us, mx)')],
      [filter('ClientASN in (9007199254740993)'), filter('ClientASN in (9007199254740992)')],
      [filter('ClientCountry in (us, ca)'), filter('ClientCountry !in (us, ca)')],
      [filter('BotScore lt 30'), undefined],
      // The same meaning written otherwise: Z3's to prove.
      [filter('BotScore lt 30'), filter('BotScore leq 29')],
      [filter('ClientCountry eq us'), json('{"where":{"key":"ClientCountry","operator":"in","value":["us"]}}')],
      [filter('BotScore lt 30'), json('{"where":{"key":"BotScore","operator":"lt","value":30}}')],
      // AND and OR of the same members; the order of a list that is not a set (none is, but an
      // operator other than in or !in keeps its value as written).
      [
        json('{"where":{"and":[{"key":"BotScore","operator":"lt","value":"30"},{"key":"ClientCountry","operator":"eq","value":"us"}]}}'),
        json('{"where":{"or":[{"key":"BotScore","operator":"lt","value":"30"},{"key":"ClientCountry","operator":"eq","value":"us"}]}}'),
      ],
      [
        json('{"where":{"key":"BotDetectionTags","operator":"contains","value":["a","b"]}}'),
        json('{"where":{"key":"BotDetectionTags","operator":"contains","value":["b","a"]}}'),
      ],
    ];
    for (const [older, newer] of asked) expect((await compareFilters(older, newer, HTTP, NO_TIME)).limit).toBe('wall-clock');
  });
});

describe('compareFilters: what it does not decide, and why', () => {
  it('says undecided, never same, for a float constant finer than a double holds', async () => {
    const result = await compareFilters(
      filter('EdgeResponseCompressionRatio gt 51699674.867026861'),
      filter('EdgeResponseCompressionRatio gt 51699674.867026862'),
      HTTP,
    );
    expect(result).toMatchObject({ relation: 'undecided', limit: 'not-modelled' });
    expect(result.reason).toContain('more significant digits than a double holds exactly');
  });

  it('blames the constant whose decimals set the grid, and names the limit (issue 29)', async () => {
    const result = await compareFilters(filter('EdgeResponseCompressionRatio gt 1.5'), filter('EdgeResponseCompressionRatio geq 1.0000000000001'), HTTP);
    expect(result).toMatchObject({ relation: 'undecided', limit: 'not-modelled' });
    expect(result.reason).toContain('compared with 1.0000000000001, whose 13 decimals');
    expect(result.reason).toContain('13 digits in all');
    // Each constant alone is modelled: 1.5 against 1.000000000001 (12 decimals) is decided.
    const fits = await compareFilters(filter('EdgeResponseCompressionRatio gt 1.5'), filter('EdgeResponseCompressionRatio geq 1.000000000001'), HTTP);
    expect(fits.relation).toBe('new-wider');
  });

  it('stops at the work budget, counted in resource units, and says so', async () => {
    const older = filter('ClientRequestHost eq example.com OR ClientRequestHost endsWith .example.com');
    const newer = filter('ClientRequestHost endsWith example.com');
    const starved = await compareFilters(older, newer, HTTP, { work: 1000 });
    expect(starved.relation).not.toBe('same');
    expect(starved.limit).toBe('work');
    expect(starved.reason).toContain('work budget (1000 resource units a question)');
    // The default budget decides it, on a quiet machine and a loaded one alike.
    expect((await compareFilters(older, newer, HTTP)).relation).toBe('new-wider');
  });

  it('tells the wall-clock safety net apart from the work budget', async () => {
    const result = await compareFilters(
      filter('ClientRequestHost eq example.com OR ClientRequestHost endsWith .example.com'),
      filter('ClientRequestHost endsWith example.com'),
      HTTP,
      { work: 1e12, safetyMs: 0 },
    );
    // No time at all: the first question (records only OLD lets through) is stopped by the safety net
    // whatever the machine (with 1 ms, a warm solver may answer first).
    expect(['undecided', 'differ']).toContain(result.relation);
    expect(result.limit).toBe('wall-clock');
    expect(result.reason).toContain('wall-clock safety net of 0 s');
  });

  it('reports its progress, question by question', async () => {
    const steps: string[] = [];
    await compareFilters(filter('BotScore lt 30'), filter('BotScore lt 20'), HTTP, { onProgress: (p) => steps.push(`${p.done}/${p.total} ${p.what}`) });
    expect(steps).toEqual(['0/3 records only OLD lets through', '1/3 records only NEW lets through']);
  });
});
