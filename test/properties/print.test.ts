/** The printer: printing a generated AST and parsing it back gives the same AST. */
import { parse, print } from '@logfilter/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exprOf, wellTypedExpr, wellTypedPredicate, withoutSpans } from '../support/arbitraries.js';

describe('print then parse', () => {
  it('gives back the same AST, with no diagnostics', () => {
    fc.assert(
      fc.property(wellTypedExpr, (expr) => {
        const text = print(expr);
        const parsed = parse(text);
        expect(parsed.diagnostics).toEqual([]);
        expect(withoutSpans(parsed.ast)).toEqual(withoutSpans(expr));
      }),
      { numRuns: 1000 },
    );
  });

  it('holds for deep trees too', () => {
    fc.assert(
      fc.property(exprOf(wellTypedPredicate, 8), (expr) => {
        expect(withoutSpans(parse(print(expr)).ast)).toEqual(withoutSpans(expr));
      }),
      { numRuns: 200 },
    );
  });

  it('is a fixed point: printing the parsed text again gives the same text', () => {
    fc.assert(
      fc.property(wellTypedExpr, (expr) => {
        const text = print(expr);
        expect(print(parse(text).ast!)).toBe(text);
      }),
      { numRuns: 300 },
    );
  });
});
