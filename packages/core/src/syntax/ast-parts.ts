/** The pieces the parser's actions build the AST from: spans from tokens, scalars, precedence groups. */
import type { Expr, Scalar } from './ast.js';
import type { DiagnosticBag, Span } from '../base/diagnostics.js';
import { DoubleQuoted, SingleQuoted, type Token, type TokenType } from './lex.js';
import { unescapeString } from './strings.js';

export function tokenSpan(token: Token): Span {
  return { start: token.startOffset, end: token.startOffset + token.image.length };
}

function join(a: Span, b: Span): Span {
  return { start: a.start, end: b.end };
}

/** One operand stands for itself; more make an `and` or `or` spanning them all. */
export function group(kind: 'and' | 'or', operands: Expr[]): Expr {
  return operands.length === 1 ? operands[0] : { kind, operands, span: join(operands[0].span, operands[operands.length - 1].span) };
}

/** NOTs written before `operand`, known by where they start, innermost last. */
export function negateAt(operand: Expr, notStarts: number[]): Expr {
  let result = operand;
  for (let i = notStarts.length - 1; i >= 0; i--) result = { kind: 'not', operand: result, span: { start: notStarts[i], end: result.span.end } };
  return result;
}

/** `scalar` for a value token given by its type, text and offset. */
export function scalarOf(type: TokenType, image: string, start: number, bag: DiagnosticBag): Scalar {
  const span = { start, end: start + image.length };
  if (type === DoubleQuoted || type === SingleQuoted) {
    const quote = type === DoubleQuoted ? '"' : "'";
    const value = unescapeString(image, start, bag);
    return { kind: 'string', value, quote, span };
  }
  return { kind: classifyWord(image), value: image, span };
}

/** Whether a word is a number as `^-?\d+(?:\.\d+)?$` says: digits, with a minus sign before and a fraction after. */
function isNumberWord(word: string): boolean {
  let i = word.charCodeAt(0) === 0x2d ? 1 : 0;
  const digitsFrom = i;
  while (i < word.length && isDigit(word.charCodeAt(i))) i++;
  if (i === digitsFrom) return false;
  if (i === word.length) return true;
  if (word.charCodeAt(i) !== 0x2e) return false;
  const fractionFrom = ++i;
  while (i < word.length && isDigit(word.charCodeAt(i))) i++;
  return i > fractionFrom && i === word.length;
}

function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

export function classifyWord(word: string): Scalar['kind'] {
  if (isNumberWord(word)) return 'number';
  if (word === 'true' || word === 'false') return 'boolean';
  return 'word';
}
