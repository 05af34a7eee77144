/** The filter object is exact: it equals an exact reading of the JSON text, integers past 2^53 as bigints. */
import { compile, decompile, parseJsonExact, stringifyExact } from '@logfilter/core';
import { describe, expect, it } from 'vitest';

describe('compile(...).filter', () => {
  it('holds an integer past 2^53 with every digit (typed values)', () => {
    const result = compile('ClientASN eq 9007199254740993', { values: 'typed' });
    expect(result.json).toBe('{"where":{"key":"ClientASN","operator":"eq","value":9007199254740993}}');
    expect(result.filter).toStrictEqual({ where: { key: 'ClientASN', operator: 'eq', value: 9007199254740993n } });
  });

  it('keeps the largest uint64 and the smallest int64 exact, and small numbers as numbers', () => {
    const result = compile('ClientASN in (18446744073709551615, 12, 9007199254740991)', { values: 'typed' });
    expect(result.filter).toStrictEqual({ where: { key: 'ClientASN', operator: 'in', value: [18446744073709551615n, 12, 9007199254740991] } });
    expect(result.filter).toStrictEqual(parseJsonExact(result.json!));
  });

  it('writes lists of numbers exactly in the documented style too, and scalars as strings', () => {
    const list = compile('ClientASN in (9007199254740993, 1)');
    expect(list.filter).toStrictEqual({ where: { key: 'ClientASN', operator: 'in', value: [9007199254740993n, 1] } });
    const scalar = compile('ClientASN eq 9007199254740993');
    expect(scalar.filter).toStrictEqual({ where: { key: 'ClientASN', operator: 'eq', value: '9007199254740993' } });
  });

  it('is an own, enumerable property, kept by a spread', () => {
    const result = compile('BotScore lt 30', { values: 'typed' });
    expect({ ...result }.filter).toStrictEqual({ where: { key: 'BotScore', operator: 'lt', value: 30 } });
    expect(Object.keys(result)).toContain('filter');
  });

  it('is exact through decompile as well', () => {
    const result = decompile('{"where":{"key":"ClientASN","operator":"eq","value":9007199254740993}}', { values: 'typed' });
    expect(result.filter).toStrictEqual({ where: { key: 'ClientASN', operator: 'eq', value: 9007199254740993n } });
  });
});

describe('stringifyExact', () => {
  it('writes the filter object back as the exact JSON text', () => {
    const result = compile('ClientASN in (18446744073709551615, 9007199254740993) AND BotScore lt 30', { values: 'typed' });
    expect(stringifyExact(result.filter)).toBe(result.json);
  });

  it('writes what JSON.stringify writes for values without bigints', () => {
    const value = { a: [1, 'two', null, undefined, true], b: undefined, c: { d: 'é"\\\n' }, e: Number.NaN, f: new Date(0) };
    expect(stringifyExact(value)).toBe(JSON.stringify(value));
    expect(stringifyExact(undefined)).toBe('null');
  });

  it('writes negative bigints and bigints inside arrays as digits', () => {
    expect(stringifyExact({ v: [-9223372036854775808n, 18446744073709551615n] })).toBe('{"v":[-9223372036854775808,18446744073709551615]}');
  });
});
