/**
 * Properties of the way back, on generated well-typed filters:
 * - decompile(compile(x)) compiles to the same JSON as x (both value styles, with and without
 *   optimisation);
 * - format is idempotent, keeps every comment, and the formatted text compiles to the same JSON.
 */
import { compile, decompile, format, parse, print, type CompileOptions } from '@logfilter/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { layout, NO_LIMITS, renderWithLayout, wellTypedExpr } from '../support/arbitraries.js';

const RUNS = { numRuns: 300 };
const styles: CompileOptions[] = [{}, { values: 'typed' }, { optimize: false }, { values: 'typed', optimize: false }];

describe('decompile(compile(x)) compiles to the same JSON', () => {
  for (const style of styles) {
    it(`values ${style.values ?? 'documented'}, ${style.optimize === false ? 'not ' : ''}optimised`, () => {
      const options = { ...NO_LIMITS, ...style };
      fc.assert(
        fc.property(wellTypedExpr, (expr) => {
          const first = compile(print(expr), options);
          expect(first.ok).toBe(true);
          const back = decompile(first.json!, { ...NO_LIMITS, values: style.values });
          expect(back.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
          const second = compile(back.text!, options);
          expect(second.json).toBe(first.json);
          // decompile writes no text that warns (quoted numbers, old spellings); deprecated fields
          // still do, and so do the lint warnings, which are about the meaning and survive the trip
          const keptWarnings = new Set([
            'deprecated-field',
            'never-matches',
            'always-matches',
            'value-case',
            'not-a-timestamp',
            'not-an-address',
            'not-a-wildcard',
          ]);
          expect(second.diagnostics.filter((d) => !keptWarnings.has(d.code))).toEqual([]);
        }),
        RUNS,
      );
    });
  }
});

const commentsOf = (text: string) => parse(text).comments.map((comment) => comment.text.trimEnd());

describe('format', () => {
  it('is idempotent, keeps the comments, and keeps the meaning', () => {
    const options = { ...NO_LIMITS, optimize: false };
    fc.assert(
      fc.property(wellTypedExpr, layout, (expr, choices) => {
        const text = renderWithLayout(expr, choices);
        const formatted = format(text);
        expect(formatted.ok).toBe(true);
        expect(format(formatted.text!).text).toBe(formatted.text);
        expect(commentsOf(formatted.text!)).toEqual(commentsOf(text));
        expect(compile(formatted.text!, options).json).toBe(compile(text, options).json);
      }),
      RUNS,
    );
  });

  it('writes no line longer than 80 columns unless one predicate is longer', () => {
    fc.assert(
      fc.property(wellTypedExpr, (expr) => {
        const formatted = format(print(expr)).text!;
        for (const line of formatted.split('\n')) {
          if (line.length > 80) expect(line.trim()).toMatch(/^(?:(?:AND|OR|NOT) )*\(*[A-Za-z_]\w* \S+ /);
        }
      }),
      RUNS,
    );
  });
});
