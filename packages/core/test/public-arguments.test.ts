/** Issue 12 item 7: every public entry answers a wrong argument with a diagnostic or an empty answer, never a throw. */
import { describe, expect, it } from 'vitest';
import {
  checkCustomFieldsText,
  checkLogpullOptions,
  compile,
  complete,
  decompile,
  DEPTH_LIMITS,
  diagnostics,
  evaluate,
  format,
  hover,
  lex,
  parse,
  scan,
} from '@logfilter/core';

const WRONG: unknown[] = [null, undefined, 42, {}, ['ClientCountry eq us']];
// Plain JavaScript callers can pass anything; the types say what they should pass.
const anything = (value: unknown) => value as never;

describe.each(WRONG.map((value) => [JSON.stringify(value) ?? 'undefined', value]))('given %s', (_, value) => {
  it('compile, format, parse and diagnostics answer with invalid-argument', () => {
    const compiled = compile(anything(value));
    expect(compiled.ok).toBe(false);
    expect(compiled.diagnostics.map((d) => d.code)).toEqual(['invalid-argument']);
    expect(format(anything(value))).toMatchObject({ ok: false, diagnostics: [{ code: 'invalid-argument', severity: 'error' }] });
    expect(parse(anything(value)).diagnostics.map((d) => d.code)).toEqual(['invalid-argument']);
    expect(diagnostics(anything(value)).map((d) => d.code)).toEqual(['invalid-argument']);
  });

  it('the validators answer with invalid-argument', () => {
    expect(checkCustomFieldsText(anything(value)).diagnostics.map((d) => d.code)).toEqual(['invalid-argument']);
    expect(checkLogpullOptions(anything(value)).diagnostics.map((d) => d.code)).toEqual(['invalid-argument']);
  });

  it('decompile answers with a diagnostic', () => {
    const result = decompile(anything(value));
    expect(result.ok).toBe(false);
    expect(result.diagnostics.length).toBeGreaterThan(0);
  });

  it('the editor entries answer with nothing to offer', () => {
    expect(complete(anything(value), 0).items).toEqual([]);
    expect(hover(anything(value), 0)).toBeUndefined();
    expect(scan(anything(value))).toEqual([]);
    expect(lex(anything(value)).errors).toHaveLength(1);
  });

  it('wrong options are read as no options', () => {
    expect(compile('BotScore lt 30', anything(value)).json).toBe('{"where":{"key":"BotScore","operator":"lt","value":"30"}}');
    expect(format('botscore LT 30', anything(value)).text).toBe('botscore lt 30');
    expect(complete('BotScore ', 9, anything(value)).items.length).toBeGreaterThan(0);
  });

  it('evaluate reads a record that is not an object as one without fields', () => {
    const filter = compile('ClientCountry !eq us').filter!;
    expect(evaluate(filter, anything(value))).toBe(true);
    expect(evaluate(compile('ClientCountry eq us').filter!, anything(value))).toBe(false);
  });
});

it('complete and hover take only whole-number offsets', () => {
  expect(complete('BotScore ', anything('9')).items).toEqual([]);
  expect(hover('BotScore', anything(null))).toBeUndefined();
});

describe('maxDepth', () => {
  /** The deepest tree a text can make: each level a NOT, a parenthesis and a group of the other kind. */
  const deepest = (levels: number) => {
    let text = 'BotScore lt 30';
    for (let i = 0; i < levels; i++) text = `NOT (ClientCountry eq c${i} ${i % 2 ? 'AND' : 'OR'} ${text})`;
    return text;
  };

  it('compiles filters as deep as the most it allows, without overflowing the stack', () => {
    // Each level is a NOT and a parenthesis: two levels of nesting.
    const unlimited = { maxDepth: DEPTH_LIMITS.most, maxBytes: Number.MAX_SAFE_INTEGER, maxOperators: Number.MAX_SAFE_INTEGER };
    const result = compile(deepest(DEPTH_LIMITS.most / 2), unlimited);
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(result.ok).toBe(true);
    // Unoptimised, every criterion stays, one per level and the innermost.
    expect(compile(deepest(DEPTH_LIMITS.most / 2), { ...unlimited, optimize: false }).stats.operators).toBe(DEPTH_LIMITS.most / 2 + 1);
    expect(compile(deepest(DEPTH_LIMITS.most / 2 + 1), { maxDepth: DEPTH_LIMITS.most }).diagnostics.map((d) => d.code)).toEqual(['nesting-too-deep']);
  });

  it.each([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, DEPTH_LIMITS.most + 1, '10', null])('refuses maxDepth %s with invalid-argument', (maxDepth) => {
    const shown = typeof maxDepth === 'number' ? String(maxDepth) : maxDepth === null ? 'null' : 'a string';
    for (const result of [compile('BotScore lt 30', { maxDepth: anything(maxDepth) }), parse('BotScore lt 30', { maxDepth: anything(maxDepth) })]) {
      expect(result.diagnostics).toMatchObject([
        {
          code: 'invalid-argument',
          severity: 'error',
          message: `maxDepth must be a whole number from 1 to ${DEPTH_LIMITS.most}, not ${shown}`,
          hint: `leave it out for the default of ${DEPTH_LIMITS.default}, or give a number up to ${DEPTH_LIMITS.most}`,
        },
      ]);
    }
    expect(decompile('{"where":{"key":"BotScore","operator":"lt","value":"30"}}', { maxDepth: anything(maxDepth) }).diagnostics.map((d) => d.code)).toEqual([
      'invalid-argument',
    ]);
  });

  it('takes every whole number from 1 to the most', () => {
    expect(compile('NOT BotScore lt 30', { maxDepth: 1 }).ok).toBe(true);
    expect(compile('NOT NOT BotScore lt 30', { maxDepth: 1 }).diagnostics.map((d) => d.code)).toEqual(['nesting-too-deep']);
    expect(compile('BotScore lt 30', { maxDepth: DEPTH_LIMITS.most }).ok).toBe(true);
  });
});
