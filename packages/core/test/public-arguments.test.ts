/** Issue 12 item 7: every public entry answers a wrong argument with a diagnostic or an empty answer, never a throw. */
import { describe, expect, it } from 'vitest';
import {
  checkCustomFieldsText,
  checkLogpullOptions,
  compile,
  complete,
  decompile,
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
