/**
 * The checker against a model of the type rules written from the spec (section 4.3) and
 * language.md section 2: every predicate gets exactly the errors the model predicts, at the
 * place it predicts, whatever the other predicates hold (every error reported, no cascades).
 */
import { canonicalNumber, compile, parse, print, type Expr, type Predicate, type Scalar, type Span } from '@logfilter/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { anyPredicate, DATASET, NO_LIMITS } from '../support/arbitraries.js';

type Family = 'S' | 'I' | 'B' | 'A';
/** The spec's operator table, column by column. */
const SPEC_TABLE: Record<string, Family[]> = {
  eq: ['S', 'I', 'B'],
  '!eq': ['S', 'I', 'B'],
  lt: ['I'],
  leq: ['I'],
  gt: ['I'],
  geq: ['I'],
  startsWith: ['S'],
  endsWith: ['S'],
  '!startsWith': ['S'],
  '!endsWith': ['S'],
  contains: ['S', 'A'],
  '!contains': ['S', 'A'],
  in: ['S', 'I', 'A'],
  '!in': ['S', 'I', 'A'],
};

type Place = 'field' | 'operator' | 'operand' | number;

/** The errors a predicate must get, and where: a list item is named by its index. */
function modelErrors(predicate: Predicate): Array<[string, Place]> {
  const field = DATASET.field(predicate.field.name);
  if (!field) return [['unknown-field', 'field']];
  if (!field.filterable) return [['field-not-filterable', 'field']];
  const operand = predicate.operand;
  const family: Family =
    field.kind === 'int' || field.kind === 'float'
      ? 'I'
      : field.kind === 'bool'
        ? 'B'
        : field.kind === 'array'
          ? 'A'
          : field.kind === 'int or string' && operand.kind === 'number' && canonicalNumber(operand.value)?.integral
            ? 'I'
            : 'S';
  const operator = predicate.operator.spelling;
  if (!SPEC_TABLE[operator].includes(family)) return [['operator-not-allowed', 'operator']];
  const wantsList = operator === 'in' || operator === '!in';
  if (wantsList && operand.kind !== 'list') return [['expected-list', 'operand']];
  if (!wantsList && operand.kind === 'list') return [['expected-scalar', 'operand']];
  if (operand.kind === 'list' && operand.items.length === 0) return [['empty-list', 'operand']];
  const type = field.kind === 'array' ? field.element : field.kind;
  const items = operand.kind === 'list' ? operand.items : [operand];
  return items.flatMap((item, index): Array<[string, Place]> => {
    const place = operand.kind === 'list' ? index : 'operand';
    if (!valueFits(item, type!)) return [['invalid-value', place]];
    return type === 'int' && !inUint64(item.value) ? [['int-out-of-range', place]] : [];
  });
}

/** The service reads int values as unsigned 64-bit integers: 0 to 2^64-1 (`-0` is 0). */
function inUint64(text: string): boolean {
  const whole = BigInt(text.replace(/\.0*$/, ''));
  return whole >= 0n && whole < 2n ** 64n;
}

/** Values are read by the field's type; quoted numbers and any-case booleans only warn. */
function valueFits(scalar: Scalar, type: string): boolean {
  const number = canonicalNumber(scalar.value);
  if (type === 'int') return number?.integral === true;
  if (type === 'float') return number !== undefined;
  if (type === 'bool') return ['true', 'false'].includes(scalar.value.toLowerCase());
  return true;
}

function spanOf(predicate: Predicate, place: Place): Span {
  if (place === 'field') return predicate.field.span;
  if (place === 'operator') return predicate.operator.span;
  if (place === 'operand' || predicate.operand.kind !== 'list') return predicate.operand.span;
  return predicate.operand.items[place].span;
}

function predicatesOf(expr: Expr): Predicate[] {
  if (expr.kind === 'predicate') return [expr];
  if (expr.kind === 'not') return predicatesOf(expr.operand);
  return expr.operands.flatMap(predicatesOf);
}

const joined = fc
  .tuple(fc.array(anyPredicate, { minLength: 1, maxLength: 6 }), fc.constantFrom<'and' | 'or'>('and', 'or'), fc.boolean())
  .map(([predicates, kind, negate]): Expr => {
    const group: Expr = predicates.length === 1 ? predicates[0] : { kind, operands: predicates, span: { start: 0, end: 0 } };
    return negate ? { kind: 'not', operand: group, span: { start: 0, end: 0 } } : group;
  });

describe('the checker agrees with the spec table', () => {
  it('gives each predicate exactly the errors of the model, at the right places', () => {
    fc.assert(
      fc.property(joined, (expr) => {
        const text = print(expr);
        const parsed = parse(text);
        expect(parsed.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
        const expected = predicatesOf(parsed.ast!).flatMap((predicate) =>
          modelErrors(predicate).map(([code, place]) => ({ code, ...spanOf(predicate, place) })),
        );
        const result = compile(text, NO_LIMITS);
        const actual = result.diagnostics
          .filter((d) => d.severity === 'error')
          .map((d) => ({ code: d.code, start: d.range.start.offset, end: d.range.end.offset }));
        const order = (a: { start: number; end: number; code: string }, b: { start: number; end: number; code: string }) =>
          a.start - b.start || a.end - b.end || a.code.localeCompare(b.code);
        expect(actual.sort(order)).toEqual(expected.sort(order));
        expect(result.ok).toBe(expected.length === 0);
      }),
      { numRuns: 1500 },
    );
  });
});
