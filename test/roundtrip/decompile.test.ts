/** decompile: where the filter is found, how positions map back through escapes, and robustness. */
import { compile, decompile } from '@logfilter/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

const CARD = 'ClientCountry in (us, ca) AND (BotScore lt 30 OR EdgeResponseStatus geq 500)';
const CARD_JSON = compile(CARD).json!;

const slice = (text: string, d: { range: { start: { offset: number }; end: { offset: number } } }) => text.slice(d.range.start.offset, d.range.end.offset);

describe('input forms', () => {
  it('reads the filter object, its escaped string, a job and an envelope alike', () => {
    const inputs: Array<[string, string]> = [
      [CARD_JSON, ''],
      [JSON.stringify(CARD_JSON), ''],
      [JSON.stringify(JSON.stringify(CARD_JSON)), ''],
      [JSON.stringify({ name: 'j', filter: CARD_JSON }), '/filter'],
      [JSON.stringify({ name: 'j', filter: JSON.parse(CARD_JSON) }), '/filter'],
      [JSON.stringify({ success: true, result: { id: 1, filter: CARD_JSON } }), '/result/filter'],
      [
        JSON.stringify({
          success: true,
          result: [
            { id: 1, filter: null },
            { id: 2, filter: CARD_JSON },
          ],
        }),
        '/result/1/filter',
      ],
    ];
    for (const [input, found] of inputs) {
      const result = decompile(input);
      expect(result.diagnostics, input).toEqual([]);
      expect({ text: result.text, json: result.json, found: result.found }).toEqual({ text: CARD, json: CARD_JSON, found });
    }
  });

  it('takes a value as well as text', () => {
    expect(decompile(JSON.parse(CARD_JSON) as object).text).toBe(CARD);
  });

  it('returns the filter as compile writes it, in the chosen value style', () => {
    const result = decompile(
      '{"where":{"and":[{"and":[{"key":"BotScore","operator":"lt","value":"30"}]},{"key":"CacheReserveUsed","operator":"eq","value":"true"}]}}',
      { values: 'typed' },
    );
    expect(result.json).toBe('{"where":{"and":[{"key":"BotScore","operator":"lt","value":30},{"key":"CacheReserveUsed","operator":"eq","value":true}]}}');
    expect(result.filter).toEqual(JSON.parse(result.json!));
    expect(result.stats).toEqual({ bytes: result.json!.length, operators: 2 });
  });
});

describe('positions', () => {
  it("points into a job's escaped filter string at the exact value", () => {
    const input = JSON.stringify({
      id: 3,
      filter: '{"where":{"and":[{"key":"ClientCountry","operator":"eq","value":"us"},{"key":"BotScor","operator":"lt","value":"30"}]}}',
    });
    const [diagnostic] = decompile(input).diagnostics;
    expect(diagnostic).toMatchObject({ code: 'unknown-field', pointer: '/where/and/1/key', hint: "did you mean 'BotScore'?" });
    expect(slice(input, diagnostic)).toBe('\\"BotScor\\"');
  });

  it('counts \\u escapes before the fault as the characters they are', () => {
    const input = JSON.stringify({
      filter: '{"where":{"and":[{"key":"ClientRequestPath","operator":"eq","value":"caf\u00e9\u2028"},{"key":"BotScore","operator":"lte","value":"30"}]}}',
    }).replace('é', '\\u00e9');
    expect(input).toContain('\\u00e9');
    const [diagnostic] = decompile(input).diagnostics;
    expect(diagnostic.code).toBe('unknown-operator');
    expect(slice(input, diagnostic)).toBe('\\"lte\\"');
  });

  it('maps a syntax error inside the escaped string onto the input', () => {
    const input = JSON.stringify({ filter: '{"where":{"key":"ClientCountry" "operator":"eq","value":"us"}}' });
    const [diagnostic] = decompile(input).diagnostics;
    expect(diagnostic.code).toBe('invalid-json');
    expect(slice(input, diagnostic)).toBe('\\"');
    expect(input.slice(0, diagnostic.range.start.offset).endsWith('ClientCountry\\" ')).toBe(true);
  });

  it('gives lines and columns of a pretty-printed input', () => {
    const input = '{\n  "where": {\n    "key": "BotScore",\n    "operator": "lt",\n    "value": "low"\n  }\n}\n';
    const [diagnostic] = decompile(input).diagnostics;
    expect(diagnostic).toMatchObject({
      code: 'invalid-value',
      pointer: '/where/value',
      range: { start: { line: 5, column: 14 }, end: { line: 5, column: 19 } },
    });
  });
});

describe('bad input never throws', () => {
  it('refuses nesting deeper than the limit, without overflowing the stack', () => {
    const nest = (depth: number) => `{"where":${'{"and":['.repeat(depth)}{"key":"BotScore","operator":"lt","value":"30"}${']}'.repeat(depth)}}`;
    expect(decompile(nest(99)).ok).toBe(true);
    expect(decompile(nest(101)).diagnostics.map((d) => d.code)).toEqual(['nesting-too-deep']);
    expect(decompile(nest(100_000)).diagnostics.map((d) => d.code)).toEqual(['invalid-json']);
  });

  it('reports an unknown dataset', () => {
    expect(decompile(CARD_JSON, { dataset: 'http_request' }).diagnostics).toMatchObject([
      { code: 'unknown-dataset', hint: "did you mean 'http_requests'? (see the list of datasets)", advice: { kind: 'list-datasets', guess: 'http_requests' } },
    ]);
  });

  it('answers any JSON value and any text with diagnostics, never an exception', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.json(),
          fc.string(),
          fc.jsonValue().map((v) => JSON.stringify({ where: v })),
        ),
        (input) => {
          const result = decompile(input);
          expect(result.ok === (result.text !== undefined)).toBe(true);
          for (const d of result.diagnostics) {
            expect(d.code).toMatch(/^[a-z]+(?:-[a-z]+)*$/);
            expect(d.code).not.toBe('internal-error');
            expect(typeof d.pointer).toBe('string');
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});
