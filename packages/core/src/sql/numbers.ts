/**
 * Numeric tests written so that every engine decides them exactly as evaluate does
 * (base/exact-numbers.ts). A value is read either as an exact integer (written as one, in
 * -2^63..2^64-1) or as a double; the filter's bound is an exact number. Rather than leave the
 * engine to convert one side (DuckDB and Postgres would round a big integer to a double,
 * ClickHouse compares exactly), each test is rewritten to one whose literal is exact in the
 * value's own type: `double < 9007199254740993` becomes `double <= 9007199254740992`, `integer < 2.5`
 * becomes `integer < 3`, and a bound no value of that kind can meet is TRUE or FALSE outright.
 */
import { type ExactNumber, INT64_MIN, UINT64_MAX } from '../base/exact-numbers.js';

export type Comparison = '=' | '<' | '<=' | '>' | '>=';

/** How a dialect writes an exact integer and a double. */
export interface NumberLiterals {
  integerLiteral(value: bigint): string;
  doubleLiteral(value: number): string;
}

/** A double as SQL reads a double: shortest digits, with an exponent when it is large or small. */
export function doubleLiteral(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`not a finite number: ${value}`);
  const text = String(value);
  // An integer past 2^53 written out in digits would read as an integer (exact, and not this double).
  return text.includes('e') || (Number.isInteger(value) && !Number.isSafeInteger(value)) ? value.toExponential() : text;
}

/**
 * `integer op bound` for an expression holding an exact integer (or NULL): its SQL, or 'FALSE', or
 * `IS NOT NULL` of the expression when every integer passes.
 */
export function integerTest(literals: NumberLiterals, integer: string, op: Comparison, bound: ExactNumber): string {
  let exact: bigint;
  if (typeof bound === 'bigint') exact = bound;
  else if (Number.isInteger(bound)) exact = BigInt(bound);
  else {
    // No integer equals a fraction; x < 2.5 is x < 3, x <= 2.5 is x <= 2.
    if (op === '=') return 'FALSE';
    exact = BigInt(op === '<' || op === '>=' ? Math.ceil(bound) : Math.floor(bound));
  }
  // Past the range no exact integer reaches (past it, a value is read as a double).
  if (exact > UINT64_MAX) return op === '<' || op === '<=' ? `${integer} IS NOT NULL` : 'FALSE';
  if (exact < INT64_MIN) return op === '>' || op === '>=' ? `${integer} IS NOT NULL` : 'FALSE';
  return `${integer} ${op} ${literals.integerLiteral(exact)}`;
}

/** `double op bound` for an expression holding a double (or NULL): its SQL, or 'FALSE'. */
export function doubleTest(literals: NumberLiterals, double: string, op: Comparison, bound: ExactNumber): string {
  if (typeof bound === 'number') return `${double} ${op} ${literals.doubleLiteral(bound)}`;
  const nearest = Number(bound);
  if (BigInt(nearest) === bound) return `${double} ${op} ${literals.doubleLiteral(nearest)}`;
  // The bound lies strictly between two doubles: no double equals it.
  if (op === '=') return 'FALSE';
  const below = BigInt(nearest) < bound ? nearest : nextDouble(nearest, -1);
  const above = BigInt(nearest) > bound ? nearest : nextDouble(nearest, 1);
  return op === '<' || op === '<=' ? `${double} <= ${literals.doubleLiteral(below)}` : `${double} >= ${literals.doubleLiteral(above)}`;
}

/** The literals of the bounds an exact integer can equal. */
export function integerMembers(literals: NumberLiterals, bounds: ExactNumber[]): string[] {
  return bounds.flatMap((bound) => {
    if (typeof bound === 'number' && !Number.isInteger(bound)) return [];
    const exact = BigInt(bound);
    return exact < INT64_MIN || exact > UINT64_MAX ? [] : [literals.integerLiteral(exact)];
  });
}

/** The literals of the bounds a double can equal. */
export function doubleMembers(literals: NumberLiterals, bounds: ExactNumber[]): string[] {
  return bounds.flatMap((bound) => {
    if (typeof bound === 'number') return [literals.doubleLiteral(bound)];
    const nearest = Number(bound);
    return BigInt(nearest) === bound ? [literals.doubleLiteral(nearest)] : [];
  });
}

const BITS = new DataView(new ArrayBuffer(8));

/** The next double up (+1) or down (-1) from a finite non-zero double. */
function nextDouble(value: number, direction: 1 | -1): number {
  BITS.setFloat64(0, value);
  const bits = BITS.getBigUint64(0);
  // Away from zero is one more in the bits, for either sign.
  BITS.setBigUint64(0, value > 0 === direction > 0 ? bits + 1n : bits - 1n);
  return BITS.getFloat64(0);
}
