/**
 * The compiled output means what the source means: on every generated record that has all the
 * fields a filter names, evaluating the checked tree (NOT and all, before lowering and
 * optimisation) and evaluating the compiled JSON give the same answer. This is what holds NOT
 * elimination (De Morgan, the operator pairs) and the optimisations (merges into in-lists,
 * de-duplication) to the meaning of the filter.
 */
import { check, compile, evaluate, evaluateTree, lower, parse, print, type CheckedExpr, type CompileOptions } from '@logfilter/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DATASET, NO_LIMITS, wellTypedExpr } from '../support/arbitraries.js';
import { recordFor } from '../support/records.js';

const checkedFilter = wellTypedExpr
  .map((expr) => {
    const text = print(expr);
    const checked = check(parse(text).ast!, DATASET, text).checked;
    return { text, checked: checked! };
  })
  .chain(({ text, checked }) =>
    fc.record({ text: fc.constant(text), checked: fc.constant(checked), records: fc.array(recordFor(checked, DATASET), { minLength: 1, maxLength: 8 }) }),
  );

const styles: CompileOptions[] = [{}, { values: 'typed' }, { optimize: false }];

describe('the compiled JSON evaluates like the source', () => {
  for (const style of styles) {
    it(`values ${style.values ?? 'documented'}, ${style.optimize === false ? 'not ' : ''}optimised`, () => {
      fc.assert(
        fc.property(checkedFilter, ({ text, checked, records }) => {
          const compiled = compile(text, { ...NO_LIMITS, ...style });
          expect(compiled.ok).toBe(true);
          for (const record of records) {
            const expected = evaluateTree(checked, record);
            expect(evaluate(compiled.filter!, record)).toBe(expected);
            expect(evaluate(compiled.json!, record)).toBe(expected);
          }
        }),
        { numRuns: 300 },
      );
    });
  }

  it('lowering alone (NOT pushed to the leaves) keeps the meaning', () => {
    fc.assert(
      fc.property(checkedFilter, ({ checked, records }) => {
        const lowered = lower(checked as CheckedExpr);
        for (const record of records) expect(evaluateTree(lowered, record)).toBe(evaluateTree(checked, record));
      }),
      { numRuns: 300 },
    );
  });

  it('generated records make filters both pass and fail', () => {
    const outcomes = new Set<boolean>();
    fc.assert(
      fc.property(checkedFilter, ({ checked, records }) => {
        for (const record of records) outcomes.add(evaluateTree(checked, record));
      }),
      { numRuns: 100 },
    );
    expect([...outcomes].sort()).toEqual([false, true]);
  });
});
