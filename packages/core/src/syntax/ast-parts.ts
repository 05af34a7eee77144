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
  return scalarAt(type, image, 0, image.length, bag, start);
}

/**
 * `scalar` for a value token given by its type and where it stands in `text` (`text` may be a
 * token's image alone, `offset` giving where that stands in the filter).
 */
export function scalarAt(type: TokenType, text: string, start: number, end: number, bag: DiagnosticBag, offset = 0): Scalar {
  const image = start === 0 && end === text.length ? text : text.slice(start, end);
  const span = { start: start + offset, end: end + offset };
  if (type === DoubleQuoted || type === SingleQuoted) {
    const quote = type === DoubleQuoted ? '"' : "'";
    const value = unescapeString(image, start + offset, bag);
    return { kind: 'string', value, quote, span };
  }
  // Classified in the text the word was read from, not in its slice: a slice of 13 characters or
  // more is a view of the text, slower to read character by character.
  return { kind: wordKind(text, start, end), value: image, span };
}

/**
 * Whether `text[start..end)` is a number as `^-?\d+(?:\.\d+)?$` says: digits, with a minus sign
 * before and a fraction after.
 */
function isNumberAt(text: string, start: number, end: number): boolean {
  let i = text.charCodeAt(start) === 0x2d ? start + 1 : start;
  const digitsFrom = i;
  while (i < end && isDigit(text.charCodeAt(i))) i++;
  if (i === digitsFrom) return false;
  if (i === end) return true;
  if (text.charCodeAt(i) !== 0x2e) return false;
  const fractionFrom = ++i;
  while (i < end && isDigit(text.charCodeAt(i))) i++;
  return i > fractionFrom && i === end;
}

function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

/** The kind of the word `text[start..end)`: a number, `true` or `false` (lower case), or a word. */
function wordKind(text: string, start: number, end: number): Scalar['kind'] {
  if (isNumberAt(text, start, end)) return 'number';
  const length = end - start;
  if (length === 4 && isAt(text, start, 'true')) return 'boolean';
  if (length === 5 && isAt(text, start, 'false')) return 'boolean';
  return 'word';
}

/** Whether `word` is written in `text` at `start`. */
function isAt(text: string, start: number, word: string): boolean {
  for (let i = 0; i < word.length; i++) if (text.charCodeAt(start + i) !== word.charCodeAt(i)) return false;
  return true;
}

export function classifyWord(word: string): Scalar['kind'] {
  return wordKind(word, 0, word.length);
}
