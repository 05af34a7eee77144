/**
 * `parse` builds the trees of well-formed filters with a hand-written parser and leaves the rest to
 * the Chevrotain parser: over any text, the result (tree, spans, comments, diagnostics, and the shape
 * of every node, its field order included) equals what the Chevrotain parser alone gives.
 */
import { parse, print, type ParseResult } from '@logfilter/core';
import { chevrotainParse } from '@logfilter/core/grammar';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { anyPredicate, editedText, exprOf, wellTypedExpr } from '../support/arbitraries.js';
import { loadCorpus } from '../support/corpus.js';

const RUNS = { numRuns: 3 * Number(process.env.FUZZ_RUNS ?? 300) };

/** Everything a caller can see of a result, with each object's keys in order, in a form whose diff reads well. */
function project(result: ParseResult): string {
  return JSON.stringify(result, (_key, value) => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
    return { __keys: Object.keys(value).join(','), ...value };
  });
}

function expectSame(text: string, maxDepth?: number): void {
  const options = maxDepth === undefined ? {} : { maxDepth };
  expect(project(parse(text, options)), JSON.stringify(text)).toEqual(project(chevrotainParse(text, options)));
}

/** Pieces that make and break filters: connectives, NOTs, brackets, commas, operators, quotes and escapes. */
const PIECE = fc.constantFrom(
  ...[' ', '\n', '(', ')', '[', ']', ',', '"', "'", '\\', '#', '!', '=', '<', '>', '&&', '||', '!=', '<>', '==', '<=', '>='],
  ...['and', 'AND', 'or', 'OR', 'not', 'NOT', 'in', '!in', 'eq', 'contains', 'x', 'BotScore', 'ClientCountry', '1', '"a\\q"', "'b'"],
);

describe('parse agrees with the Chevrotain parser', () => {
  it.each([
    'x eq 1',
    'x eq 1 AND',
    'x eq 1 y eq 2',
    '(x eq 1',
    'x eq 1)',
    '((x eq 1))',
    'NOT NOT x eq 1',
    '! (x eq 1 OR y eq 2) && z eq 3 || w eq 4',
    'x in ()',
    'x in (a,)',
    'x in (a,,)',
    'x in [a, "b", \'c\',]',
    'x in (a b)',
    'x not in (1, 2)',
    'x ! in (1, 2)',
    'x !in (1)',
    'x == (1, 2)',
    'x eq "bad \\q escape" AND y eq "\\u12"',
    'x eq "bad \\q escape" AND (',
    'x eq AND',
    'x eq not',
    'AND x eq 1',
    'x eq 1 # comment',
    '# only a comment',
    'x',
    'x eq',
    'x eq (',
    'eq eq eq',
    '# before\nx eq 1 # after x\nAND y eq 2 # end',
    '# one\n# two',
    'x\u3000eq\u00a01\u2028AND\ufeffy eq 2',
    'x eq "unclosed',
    'x eq 1 & y eq 2',
    'x eq 1 &| y eq 2',
    'x in ("a\\"b", \'c\\\'d\')',
    'ClientCountry in (us, ca) AND (BotScore lt 30 OR EdgeResponseStatus geq 500)',
  ])('%j', (text) => expectSame(text));

  it('on every corpus filter', () => {
    const cases = loadCorpus();
    expect(cases.length).toBeGreaterThan(90);
    for (const c of cases) expectSame(c.text);
  });

  it('at and around the nesting limit, with parentheses and NOTs', () => {
    for (let depth = 1; depth <= 8; depth++) {
      for (const [open, close] of [
        ['(', ')'],
        ['NOT (', ')'],
        ['NOT ', ''],
        ['! NOT (', ') AND y eq 2'],
      ]) {
        const text = `${open.repeat(depth)}x eq 1${close.repeat(depth)}`;
        for (let maxDepth = 1; maxDepth <= 10; maxDepth++) expectSame(text, maxDepth);
      }
    }
    expectSame(`${'('.repeat(150)}x eq 1${')'.repeat(150)}`);
    expectSame(`${'NOT '.repeat(99)}x eq 1`);
    expectSame(`${'NOT '.repeat(101)}x eq 1`);
    expectSame(`${'(NOT '.repeat(70)}x eq 1${')'.repeat(70)}`, 1000);
  });

  it('on printed expressions of any predicate under AND, OR and NOT', () => {
    fc.assert(
      fc.property(fc.oneof(wellTypedExpr, exprOf(anyPredicate)), (expr) => expectSame(print(expr))),
      RUNS,
    );
  });

  it('on corpus filters with pieces inserted, deleted or replaced', () => {
    fc.assert(
      fc.property(
        editedText(
          loadCorpus().map((c) => c.text),
          PIECE,
        ),
        (text) => expectSame(text),
      ),
      RUNS,
    );
  });

  it('on text made of filter pieces', () => {
    fc.assert(
      fc.property(
        fc.array(PIECE, { maxLength: 30 }).map((pieces) => pieces.join(' ')),
        (text) => expectSame(text),
      ),
      RUNS,
    );
  });
});
