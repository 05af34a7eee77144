/** The printer: an AST back to filter text that parses to the same AST. */
import type { Expr, List, Predicate, Scalar } from './ast.js';
import { operatorFromSpelling } from '../language/operators.js';

export interface PrintOptions {
  /** Canonical operator spellings and keyword case (otherwise operators print as written). */
  canonical?: boolean;
}

export function print(expr: Expr, options: PrintOptions = {}): string {
  switch (expr.kind) {
    case 'and':
    case 'or': {
      const keyword = expr.kind === 'and' ? ' AND ' : ' OR ';
      return expr.operands.map((operand) => printOperand(operand, expr.kind, options)).join(keyword);
    }
    case 'not': {
      const inner = expr.operand;
      const text = print(inner, options);
      return inner.kind === 'and' || inner.kind === 'or' ? `NOT (${text})` : `NOT ${text}`;
    }
    case 'predicate':
      return printPredicate(expr, options);
  }
}

/** Members of a group are parenthesised when they are groups themselves, except AND inside OR. */
function printOperand(operand: Expr, parent: 'and' | 'or', options: PrintOptions): string {
  const text = print(operand, options);
  const needsParens = operand.kind === parent || (operand.kind === 'or' && parent === 'and');
  return needsParens ? `(${text})` : text;
}

export function printPredicate(predicate: Predicate, options: PrintOptions = {}): string {
  const spelling = predicate.operator.spelling;
  const operator = options.canonical ? (operatorFromSpelling(spelling) ?? spelling) : spelling;
  return `${predicate.field.name} ${operator} ${printOperandValue(predicate.operand)}`;
}

function printOperandValue(operand: Scalar | List): string {
  if (operand.kind !== 'list') return printScalar(operand);
  const close = operand.bracket === '(' ? ')' : ']';
  return operand.bracket + operand.items.map(printScalar).join(', ') + close;
}

export function printScalar(scalar: Scalar): string {
  if (scalar.kind !== 'string') return scalar.value;
  if (scalar.quote === "'") {
    const body = JSON.stringify(scalar.value).slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'");
    return `'${body}'`;
  }
  return JSON.stringify(scalar.value);
}
