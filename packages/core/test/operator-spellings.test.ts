/**
 * The checker keeps what it found for each operator spelling (its operator, whether it is a
 * deprecated spelling, its facts): a spelling met again reads, warns and is allowed exactly as
 * the first time, whatever field it meets, also past the number of spellings kept.
 */
import { compile } from '@logfilter/core';
import { describe, expect, it } from 'vitest';

const codes = (text: string) => compile(text).diagnostics.map((d) => d.code);

describe('operator spellings met again', () => {
  it('warns of a deprecated spelling on every compile', () => {
    for (let i = 0; i < 3; i++) {
      const result = compile('BotScore lte 10 OR EdgeResponseStatus GTE 500');
      expect(result.json).toBe(
        '{"where":{"or":[{"key":"BotScore","operator":"leq","value":"10"},{"key":"EdgeResponseStatus","operator":"geq","value":"500"}]}}',
      );
      expect(result.diagnostics.map((d) => [d.code, d.message])).toEqual([
        ['deprecated-operator', "'lte' is an old spelling of 'leq'"],
        ['deprecated-operator', "'GTE' is an old spelling of 'geq'"],
      ]);
    }
  });

  it('allows an operator by the field it meets, not the field it met first', () => {
    expect(codes('ClientRequestPath startsWith /api')).toEqual([]);
    expect(codes('BotScore startsWith 3')).toEqual(['operator-not-allowed']);
    expect(codes('ClientRequestPath startsWith /api')).toEqual([]);
    expect(codes('ClientCountry in (us)')).toEqual([]);
    expect(codes('ClientCountry in us')).toEqual(['expected-list']);
    expect(codes('ClientCountry eq (us)')).toEqual(['expected-scalar']);
  });

  it('reads every case of a spelling alike past the number of spellings kept', () => {
    // 2^10 ways to write `startswith` in upper and lower case: more than the checker keeps.
    const word = 'startswith';
    for (let mask = 0; mask < 1 << word.length; mask += 3) {
      const spelling = [...word].map((char, i) => (mask & (1 << i) ? char.toUpperCase() : char)).join('');
      const result = compile(`ClientRequestPath ${spelling} /api AND BotScore ${spelling} 3`);
      expect(result.diagnostics.map((d) => d.code)).toEqual(['operator-not-allowed']);
      expect(result.diagnostics[0].message).toBe("'startsWith' cannot be used with int field 'BotScore'");
    }
    expect(compile('ClientRequestPath STARTSWITH /a').json).toBe('{"where":{"key":"ClientRequestPath","operator":"startsWith","value":"/a"}}');
  });

  it('reports an unknown spelling every time, with its guess', () => {
    for (let i = 0; i < 2; i++) {
      const result = compile('BotScore gtx 30');
      expect(result.ok).toBe(false);
      expect(result.diagnostics.map((d) => d.code)).toEqual(['unknown-operator']);
    }
  });
});
