/** The checked tree: predicates resolved against the catalog, values read by the field's type. */
import type { Span } from '../base/diagnostics.js';
import type { Operator } from '../language/operators.js';

/** A value as the output carries it: `text` is canonical (numbers normalised). */
export interface TypedValue {
  type: 'number' | 'string' | 'boolean';
  text: string;
}

export interface Criterion {
  kind: 'criterion';
  key: string;
  operator: Operator;
  /** A list for `in`/`!in`, one value otherwise. */
  value: TypedValue | TypedValue[];
  /** Where the predicate stands in the source. */
  span: Span;
}

interface CheckedGroup {
  kind: 'and' | 'or';
  operands: CheckedExpr[];
  span: Span;
}

interface CheckedNot {
  kind: 'not';
  operand: CheckedExpr;
  span: Span;
}

export type CheckedExpr = CheckedGroup | CheckedNot | Criterion;

/** After lowering: no NOT, groups of two or more members of alternating kinds. */
export interface Group {
  kind: 'and' | 'or';
  operands: FilterNode[];
  span: Span;
}

export type FilterNode = Group | Criterion;

/**
 * One bit of 32 standing for a field name, from its length and last character. Criteria whose bits
 * differ name different fields, so one pass over a group's members finds whether any field may be
 * named twice, and only then are pairs compared (lint and the optimiser; most groups name each field once).
 */
export function keyBit(key: string): number {
  return 1 << ((key.length * 7 + key.charCodeAt(key.length - 1)) & 31);
}
