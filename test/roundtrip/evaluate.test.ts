/** evaluate: the semantics the README states, one by one, on compiled filters. */
import { compile, evaluate, matcher, type LogRecord, toSql } from '@logfilter/core';
import { describe, expect, it } from 'vitest';

/** Which of `records` the compiled `filter` lets through (their indexes). */
function passing(filter: string, records: LogRecord[], values: 'documented' | 'typed' = 'documented'): number[] {
  const result = compile(filter, { values });
  expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return records.flatMap((record, i) => (evaluate(result.filter!, record) ? [i] : []));
}

describe('equality', () => {
  it('is exact and case-sensitive', () => {
    const records = [{ ClientCountry: 'us' }, { ClientCountry: 'US' }, { ClientCountry: 'us ' }, { ClientCountry: 'usa' }];
    expect(passing('ClientCountry eq us', records)).toEqual([0]);
    expect(passing('ClientCountry !eq us', records)).toEqual([1, 2, 3]);
    expect(passing('ClientCountry in (us, ca)', records)).toEqual([0]);
  });

  it('compares a number in the record with the filter value read as a number', () => {
    const records = [{ EdgeResponseStatus: 500 }, { EdgeResponseStatus: 502 }, { EdgeResponseStatus: '500' }];
    for (const values of ['documented', 'typed'] as const) {
      expect(passing('EdgeResponseStatus eq 500', records, values)).toEqual([0, 2]);
      expect(passing('EdgeResponseStatus in (500, 501)', records, values)).toEqual([0, 2]);
    }
  });

  it('compares booleans', () => {
    expect(passing('CacheReserveUsed eq true', [{ CacheReserveUsed: true }, { CacheReserveUsed: false }, { CacheReserveUsed: 'true' }])).toEqual([0, 2]);
  });
});

describe('comparisons', () => {
  it('are numeric', () => {
    const records = [{ BotScore: 9 }, { BotScore: 29 }, { BotScore: 30 }, { BotScore: 100 }, { BotScore: '7' }];
    expect(passing('BotScore lt 30', records)).toEqual([0, 1, 4]);
    expect(passing('BotScore leq 30', records)).toEqual([0, 1, 2, 4]);
    expect(passing('BotScore gt 30', records)).toEqual([3]);
    expect(passing('BotScore geq 30', records)).toEqual([2, 3]);
  });

  it('use decimals on float fields', () => {
    expect(passing('EdgeResponseCompressionRatio gt 0.5', [{ EdgeResponseCompressionRatio: 0.25 }, { EdgeResponseCompressionRatio: 0.75 }], 'typed')).toEqual([
      1,
    ]);
    expect(passing('EdgeResponseCompressionRatio leq 1.50', [{ EdgeResponseCompressionRatio: 1.5 }, { EdgeResponseCompressionRatio: 1.51 }])).toEqual([0]);
  });

  it('fail on a value that is not a number, both ways', () => {
    const records = [{ EdgeStartTimestamp: '2024-01-01T00:00:00Z' }];
    expect(passing('EdgeStartTimestamp lt 1700000000', records)).toEqual([]);
    expect(passing('EdgeStartTimestamp geq 1700000000', records)).toEqual([]);
  });
});

describe('text operators', () => {
  const records = [{ ClientRequestPath: '/api/v1/users' }, { ClientRequestPath: '/API/v1/users' }, { ClientRequestPath: '/static/app.js' }];

  it('startsWith, endsWith and contains compare text, case-sensitively', () => {
    expect(passing('ClientRequestPath startsWith /api/', records)).toEqual([0]);
    expect(passing('ClientRequestPath endsWith .js', records)).toEqual([2]);
    expect(passing('ClientRequestPath contains v1', records)).toEqual([0, 1]);
    expect(passing('ClientRequestPath !contains v1', records)).toEqual([2]);
    expect(passing('ClientRequestPath !startsWith /api/', records)).toEqual([1, 2]);
    expect(passing('ClientRequestPath !endsWith .js', records)).toEqual([0, 1]);
  });
});

describe('arrays', () => {
  const records = [{ BotDetectionIDs: [1, 2] }, { BotDetectionIDs: [3] }, { BotDetectionIDs: [] }];

  it('contains: some element equals the value', () => {
    expect(passing('BotDetectionIDs contains 2', records)).toEqual([0]);
    expect(passing('BotDetectionIDs !contains 2', records)).toEqual([1, 2]);
  });

  it('in: some element is in the list', () => {
    expect(passing('BotDetectionIDs in (2, 3)', records)).toEqual([0, 1]);
    expect(passing('BotDetectionIDs !in (2, 3)', records)).toEqual([2]);
  });

  it('compares elements exactly, not as substrings', () => {
    expect(passing('BotDetectionTags contains api', [{ BotDetectionTags: ['api-abuse'] }, { BotDetectionTags: ['api'] }])).toEqual([1]);
  });
});

describe('a record missing the field', () => {
  const missing = [{}, { ClientCountry: null, BotScore: null, ClientRequestPath: null, BotDetectionIDs: null }];

  it('fails every positive operator', () => {
    for (const filter of [
      'ClientCountry eq us',
      'ClientCountry in (us)',
      'BotScore lt 30',
      'BotScore leq 30',
      'BotScore gt 30',
      'BotScore geq 30',
      'ClientRequestPath startsWith /',
      'ClientRequestPath endsWith /',
      'ClientRequestPath contains a',
      'BotDetectionIDs contains 1',
    ]) {
      expect(passing(filter, missing), filter).toEqual([]);
    }
  });

  it('passes every negated operator', () => {
    for (const filter of [
      'ClientCountry !eq us',
      'ClientCountry !in (us)',
      'ClientRequestPath !startsWith /',
      'ClientRequestPath !endsWith /',
      'ClientRequestPath !contains a',
      'BotDetectionIDs !contains 1',
    ]) {
      expect(passing(filter, missing), filter).toEqual([0, 1]);
    }
  });
});

describe('groups', () => {
  it('evaluates the design card', () => {
    const records = [
      { ClientCountry: 'us', BotScore: 10, EdgeResponseStatus: 200 },
      { ClientCountry: 'ca', BotScore: 50, EdgeResponseStatus: 503 },
      { ClientCountry: 'ca', BotScore: 50, EdgeResponseStatus: 200 },
      { ClientCountry: 'fr', BotScore: 5, EdgeResponseStatus: 500 },
    ];
    expect(passing('ClientCountry in (us, ca) AND (BotScore lt 30 OR EdgeResponseStatus geq 500)', records)).toEqual([0, 1]);
    expect(passing('NOT (ClientCountry in (us, ca) AND (BotScore lt 30 OR EdgeResponseStatus geq 500))', records)).toEqual([2, 3]);
  });
});

describe('the compiled filter', () => {
  it('is taken as an object or as its JSON text', () => {
    const json = compile('BotScore lt 30').json!;
    expect(evaluate(json, { BotScore: 1 })).toBe(true);
    expect(matcher(JSON.parse(json))({ BotScore: 31 })).toBe(false);
  });

  it('must have the shape compile writes', () => {
    expect(() => matcher('{"key":"BotScore","operator":"lt","value":"30"}')).toThrow(/expected \{"where": \.\.\.\}/);
    expect(() => matcher('{"where":{"key":"BotScore","operator":"lte","value":"30"}}')).toThrow(/unknown operator 'lte'/);
  });

  it('names only the operators of the table, exactly as written (no alias, no name an object inherits)', () => {
    for (const operator of ['lte', 'LT', '<', '!=', 'constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      const filter = JSON.stringify({ where: { key: 'BotScore', operator, value: '30' } });
      const unknown = `not a compiled filter: unknown operator '${operator}'`;
      expect(() => matcher(filter)).toThrow(new TypeError(unknown));
      expect(() => toSql(filter, { dialect: 'duckdb' })).toThrow(new TypeError(unknown));
    }
  });
});
