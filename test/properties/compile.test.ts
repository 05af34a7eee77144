/** Properties of `compile` over arbitrary text, mutated filters and generated well-typed filters. */
import { compile, parse, parseJsonExact, print, renderDiagnostics, type CompileResult, type Expr } from '@logfilter/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyEdits, edit, layout, NO_LIMITS, renderWithLayout, wellTypedExpr } from '../support/arbitraries.js';
import { rangeProblems } from '../support/ranges.js';

/** What every result must be, whatever the input. */
function expectWellFormed(text: string, result: CompileResult): void {
  for (const diagnostic of result.diagnostics) {
    expect(diagnostic.code).not.toBe('internal-error');
    expect(diagnostic.code).toMatch(/^[a-z]+(-[a-z]+)*$/);
    expect(['error', 'warning']).toContain(diagnostic.severity);
    expect(diagnostic.message).toMatch(/\S/);
    expect(rangeProblems(text, diagnostic)).toEqual([]);
  }
  const errors = result.diagnostics.filter((d) => d.severity === 'error');
  expect(result.ok).toBe(errors.length === 0);
  if (result.ok) {
    // The filter holds an integer past 2^53 as a bigint, as parseJsonExact reads the JSON text.
    expect(parseJsonExact(result.json!)).toEqual(result.filter);
    expect(result.stats.bytes).toBe(Buffer.byteLength(result.json!, 'utf8'));
  }
  for (const error of errors) expect(error.hint, error.code).toMatch(/\S/);
  if (result.filter) expect(countCriteria(result.filter.where)).toBe(result.stats.operators);
  const frames = renderDiagnostics(result.diagnostics, text);
  for (const diagnostic of result.diagnostics) expect(frames).toContain(`${diagnostic.severity}[${diagnostic.code}]: `);
}

function countCriteria(node: object): number {
  if ('key' in node) return 1;
  const members = Object.values(node)[0] as object[];
  return members.reduce((sum, member) => sum + countCriteria(member), 0);
}

/** Text that is mostly filter syntax, so that random strings reach past the lexer. */
const FILTER_ALPHABET = fc.constantFrom(
  '(',
  ')',
  '[',
  ']',
  ',',
  '"',
  "'",
  '\\',
  '#',
  '!',
  '=',
  '<',
  '>',
  '&',
  '|',
  ' ',
  '\n',
  '\r',
  '\t',
  'a',
  'Z',
  '_',
  '0',
  '7',
  '.',
  '-',
  'é',
  '😀',
  '\ud800',
  'and ',
  'OR ',
  'NOT ',
  '&& ',
  '|| ',
  ' in ',
  ' eq ',
  ' !in ',
  ' not ',
  'ClientCountry',
  'BotScore',
  'Cookies',
  'EdgeStartTimestamp',
  'SecurityActions',
  'CacheReserveUsed',
  ' us',
  ' 30',
  ' true',
);
const filterLikeText = fc.array(FILTER_ALPHABET, { maxLength: 40 }).map((parts) => parts.join(''));

const mutation = edit(fc.oneof(FILTER_ALPHABET, fc.string({ unit: 'binary', minLength: 1, maxLength: 2 })));

describe('compile never throws, and every diagnostic is well placed', () => {
  it('on an integer past 2^53, which the filter holds as a bigint (found by the mutation property, seed 982897970)', () => {
    const text = 'EdgeResponseCompressionRatio in (0, 10000, 09008000000000000) or EdgeStartTimestamp eq 9008000000000001';
    const result = compile(text);
    expectWellFormed(text, result);
    expect(JSON.stringify(result.filter, (_key, value) => (typeof value === 'bigint' ? `${value}n` : value))).toContain('9008000000000000n');
  });

  it('on arbitrary strings of any code points', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), (text) => {
        expectWellFormed(text, compile(text));
        expect(() => parse(text)).not.toThrow();
      }),
      { numRuns: 500 },
    );
  });

  it('on strings made of filter syntax', () => {
    fc.assert(
      fc.property(filterLikeText, (text) => {
        expectWellFormed(text, compile(text));
        expectWellFormed(text, compile(text, { optimize: false, values: 'typed' }));
      }),
      { numRuns: 1500 },
    );
  });

  it('on mutated valid filters (characters deleted, inserted, replaced)', () => {
    fc.assert(
      fc.property(wellTypedExpr, layout, fc.boolean(), fc.array(mutation, { minLength: 1, maxLength: 4 }), (expr, choices, laidOut, mutations) => {
        const text = applyEdits(laidOut ? renderWithLayout(expr, choices) : print(expr), mutations);
        expectWellFormed(text, compile(text));
      }),
      { numRuns: 800 },
    );
  });
});

describe('generated well-typed filters', () => {
  it('compile with no error, and their output is within the service shape', () => {
    fc.assert(
      fc.property(wellTypedExpr, fc.constantFrom<'documented' | 'typed'>('documented', 'typed'), fc.boolean(), (expr, values, optimize) => {
        const text = print(expr);
        const result = compile(text, { ...NO_LIMITS, values, optimize });
        expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
        expectWellFormed(text, result);
        expectServiceShape(result.filter!.where);
      }),
      { numRuns: 600 },
    );
  });

  it('compile to the same output whatever the whitespace, comments and keyword case', () => {
    fc.assert(
      fc.property(wellTypedExpr, layout, (expr, choices) => {
        const plain = print(expr);
        const laidOut = renderWithLayout(expr, choices);
        const a = compile(plain, NO_LIMITS);
        const b = compile(laidOut, NO_LIMITS);
        expect(b.json).toBe(a.json);
        expect(b.diagnostics.map((d) => d.code)).toEqual(a.diagnostics.map((d) => d.code));
        expect(withoutSpansAst(parse(laidOut).ast)).toEqual(withoutSpansAst(parse(plain).ast));
      }),
      { numRuns: 600 },
    );
  });
});

describe('lowering and optimising', () => {
  it('NOT NOT changes nothing', () => {
    fc.assert(
      fc.property(wellTypedExpr, (expr) => {
        const text = print(expr);
        expect(compile(`NOT NOT (${text})`, NO_LIMITS).json).toBe(compile(text, NO_LIMITS).json);
      }),
      { numRuns: 300 },
    );
  });

  it('De Morgan: NOT (a OR b) compiles like NOT a AND NOT b, and NOT (a AND b) like NOT a OR NOT b', () => {
    fc.assert(
      fc.property(wellTypedExpr, wellTypedExpr, fc.boolean(), (a, b, optimize) => {
        const [x, y] = [print(a), print(b)];
        const options = { ...NO_LIMITS, optimize };
        expect(compile(`NOT ((${x}) OR (${y}))`, options).json).toBe(compile(`NOT (${x}) AND NOT (${y})`, options).json);
        expect(compile(`NOT ((${x}) AND (${y}))`, options).json).toBe(compile(`NOT (${x}) OR NOT (${y})`, options).json);
      }),
      { numRuns: 300 },
    );
  });

  it('optimising never makes the output larger or adds operators', () => {
    fc.assert(
      fc.property(wellTypedExpr, (expr) => {
        const text = print(expr);
        const optimised = compile(text, NO_LIMITS);
        const plain = compile(text, { ...NO_LIMITS, optimize: false });
        expect(optimised.stats.bytes).toBeLessThanOrEqual(plain.stats.bytes);
        expect(optimised.stats.operators).toBeLessThanOrEqual(plain.stats.operators);
      }),
      { numRuns: 400 },
    );
  });
});

/** Spec 4.3: a criterion {key, operator, value} or a group {and|or: [two or more]}, no NOT, alternating kinds. */
function expectServiceShape(node: unknown, parent?: 'and' | 'or'): void {
  const object = node as Record<string, unknown>;
  if ('key' in object) {
    expect(Object.keys(object)).toEqual(['key', 'operator', 'value']);
    if (object.operator === 'in' || object.operator === '!in') expect(Array.isArray(object.value) && object.value.length > 0).toBe(true);
    else expect(Array.isArray(object.value)).toBe(false);
    return;
  }
  const [kind] = Object.keys(object) as Array<'and' | 'or'>;
  expect(Object.keys(object)).toHaveLength(1);
  expect(['and', 'or']).toContain(kind);
  expect(kind).not.toBe(parent);
  const members = object[kind] as unknown[];
  expect(members.length).toBeGreaterThanOrEqual(2);
  for (const member of members) expectServiceShape(member, kind);
}

function withoutSpansAst(ast: Expr | undefined): unknown {
  return JSON.parse(JSON.stringify(ast ?? null, (key, value) => (key === 'span' ? undefined : value)));
}
