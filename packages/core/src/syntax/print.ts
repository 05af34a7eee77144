/**
 * The printer, the one way an AST becomes text: as written (operators and quotes as the source had
 * them) or canonical (canonical operators, lists in parentheses, values bare where they read back
 * as the same value, else quoted). `format` lays the canonical text out over lines.
 */
import { operatorFromSpelling } from '../language/operators.js';
import type { Expr, List, Predicate, Scalar } from './ast.js';
import { classifyWord } from './ast-parts.js';
import { Identifier, lex, Word } from './lex.js';

export interface PrintOptions {
  /** Canonical operator spellings, lists and quoting (otherwise as written). */
  canonical?: boolean;
}

export function print(expr: Expr, options: PrintOptions = {}): string {
  switch (expr.kind) {
    case 'and':
    case 'or': {
      const keyword = expr.kind === 'and' ? ' AND ' : ' OR ';
      return expr.operands.map((operand) => (needsParens(operand, expr.kind) ? `(${print(operand, options)})` : print(operand, options))).join(keyword);
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

/** Members of a group are parenthesised when they are groups of the same kind, or OR inside AND. */
export function needsParens(operand: Expr, parent: 'and' | 'or'): boolean {
  return operand.kind === parent || (operand.kind === 'or' && parent === 'and');
}

export function printPredicate(predicate: Predicate, options: PrintOptions = {}): string {
  const spelling = predicate.operator.spelling;
  const operator = options.canonical ? (operatorFromSpelling(spelling) ?? spelling) : spelling;
  return `${predicate.field.name} ${operator} ${printOperand(predicate.operand, options)}`;
}

function printOperand(operand: Scalar | List, options: PrintOptions): string {
  const scalar = options.canonical ? canonicalScalar : printScalar;
  if (operand.kind !== 'list') return scalar(operand);
  if (options.canonical) return `(${operand.items.map(scalar).join(', ')})`;
  const close = operand.bracket === '(' ? ')' : ']';
  return operand.bracket + operand.items.map(scalar).join(', ') + close;
}

/** A value as written: numbers, booleans and words bare; strings in the quotes they had. */
export function printScalar(scalar: Scalar): string {
  if (scalar.kind !== 'string') return scalar.value;
  return quoteValue(scalar.value, scalar.quote === "'" ? "'" : '"');
}

/** Bare words, numbers and booleans as written; strings bare when that reads back as the same string. */
function canonicalScalar(scalar: Scalar): string {
  return scalar.kind === 'string' ? quoteValue(scalar.value) : scalar.value;
}

/**
 * How a text value is written, the one quoting rule: in the quotes asked for, else bare when it
 * reads back as that value (with `literals`, also when it reads as a number or boolean, as an editor
 * offers a field's documented values), else in double quotes with JSON escapes.
 */
export function quoteValue(value: string, quote?: '"' | "'", { literals = false } = {}): string {
  if (quote === "'") return `'${JSON.stringify(value).slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'")}'`;
  if (quote === undefined && readsBackBare(value, literals)) return value;
  return JSON.stringify(value);
}

const CONTROL_OR_LONE_SURROGATE = /[\u0000-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * A string may go unquoted when the lexer reads it back as one value word (no keyword), and the
 * parser would not take it for a number or boolean instead (which some fields read differently
 * from a quoted value). Control characters and lone surrogates stay escaped, for legibility.
 */
export function isSafeBare(value: string): boolean {
  return readsBackBare(value, false);
}

function readsBackBare(value: string, literals: boolean): boolean {
  if (value === '' || CONTROL_OR_LONE_SURROGATE.test(value) || (!literals && classifyWord(value) !== 'word')) return false;
  const { tokens, comments, errors } = lex(value);
  if (tokens.length !== 1 || comments.length > 0 || errors.length > 0) return false;
  const [token] = tokens;
  return token.image === value && (token.tokenType === Word || token.tokenType === Identifier);
}
