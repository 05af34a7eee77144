/** The syntax tree of a filter, as written: every node keeps its source span. */
import type { Span } from '../base/diagnostics.js';

export type Expr = LogicalExpr | NotExpr | Predicate;

export interface LogicalExpr {
  kind: 'and' | 'or';
  operands: Expr[];
  span: Span;
}

export interface NotExpr {
  kind: 'not';
  operand: Expr;
  span: Span;
}

export interface Predicate {
  kind: 'predicate';
  field: { name: string; span: Span };
  /** `spelling` is the text as written (`>=`, `not in`, `GEQ`); the checker resolves it. */
  operator: { spelling: string; span: Span };
  operand: Scalar | List;
  span: Span;
}

export type ScalarKind = 'string' | 'number' | 'boolean' | 'word';

export interface Scalar {
  kind: ScalarKind;
  /** The value: unescaped for strings, the text as written otherwise. */
  value: string;
  /** For strings: the quote used. */
  quote?: '"' | "'";
  span: Span;
}

export interface List {
  kind: 'list';
  items: Scalar[];
  bracket: '(' | '[';
  span: Span;
}

export interface Comment {
  text: string;
  span: Span;
}
