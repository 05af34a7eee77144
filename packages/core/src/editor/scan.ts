/**
 * A forgiving left-to-right walk over the tokens that gives each one its role (field, operator,
 * value, keyword, punctuation) and says what the grammar expects next. The language service and
 * editor highlighting use it on incomplete text, where the parser would stop at the first error.
 */
import {
  And,
  AndAnd,
  Bang,
  Comma,
  DoubleQuoted,
  Identifier,
  LBracket,
  lex,
  LParen,
  Not,
  Or,
  OrOr,
  RBracket,
  RParen,
  SingleQuoted,
  SymbolOperator,
  Word,
  type Token,
  type TokenType,
} from '../syntax/lex.js';
import { operatorFromSpelling, type Operator } from '../language/operators.js';

export type TokenRole = 'field' | 'operator' | 'value' | 'keyword' | 'punctuation' | 'comment' | 'invalid';

/** What the grammar expects at a point of the text. */
export type Expectation =
  /** A field, NOT or '(' (start of the filter, after AND/OR/NOT/'('). */
  | 'predicate'
  /** An operator, after a field name. */
  | 'operator'
  /** The word of a negated operator, after `Field !` or `Field NOT`. */
  | 'negated-operator'
  /** A value or a list, after an operator. */
  | 'operand'
  /** A list element or the closing bracket. */
  | 'list-item'
  /** ',' or the closing bracket, after a list element. */
  | 'list-separator'
  /** AND, OR, ')' or the end, after a predicate or a group. */
  | 'connective';

export interface ScannedToken {
  start: number;
  end: number;
  image: string;
  role: TokenRole;
  /** For the tokens of a predicate: its field name. */
  field?: string;
  /** For operator and value tokens: the operator of the predicate, when it is one. */
  operator?: Operator;
}

/** The state after a run of tokens: what comes next, and the predicate being written. */
export interface ScanState {
  expect: Expectation;
  /** The field of the predicate being written (from 'operator' on). */
  field?: string;
  /** Set after `Field !` or `Field NOT`. */
  negation?: '!' | 'not';
  /** The operator of the predicate being written (from 'operand' on). */
  operator?: Operator;
  /** Values already in the list being written. */
  listValues: string[];
  /** Open groups; a ')' can close one when positive. */
  depth: number;
}

const SCALARS = new Set<TokenType>([DoubleQuoted, SingleQuoted, Word, Identifier]);
const CONNECTIVES = new Set<TokenType>([And, AndAnd, Or, OrOr]);

export function initialState(): ScanState {
  return { expect: 'predicate', listValues: [], depth: 0 };
}

/** Walks one token: gives it a role and moves the state on. Never fails. */
export function step(state: ScanState, token: Token): TokenRole {
  const type = token.tokenType;
  switch (state.expect) {
    case 'predicate':
      if (type === Not || type === Bang) return 'keyword';
      if (type === LParen) {
        state.depth++;
        return 'punctuation';
      }
      if (type === Identifier || type === Word) {
        startPredicate(state, token.image);
        return 'field';
      }
      return recover(state, token);
    case 'operator':
      if (type === SymbolOperator || type === Identifier || type === Word) {
        state.operator = operatorFromSpelling(token.image);
        state.expect = 'operand';
        return 'operator';
      }
      if (type === Bang || type === Not) {
        state.negation = type === Bang ? '!' : 'not';
        state.expect = 'negated-operator';
        return 'operator';
      }
      return recover(state, token);
    case 'negated-operator':
      if (type === Identifier || type === Word) {
        state.operator = operatorFromSpelling(`${state.negation === '!' ? '!' : 'not '}${token.image}`);
        state.expect = 'operand';
        return 'operator';
      }
      return recover(state, token);
    case 'operand':
      if (type === LParen || type === LBracket) {
        state.expect = 'list-item';
        state.listValues = [];
        return 'punctuation';
      }
      if (SCALARS.has(type)) {
        state.expect = 'connective';
        return 'value';
      }
      return recover(state, token);
    case 'list-item':
    case 'list-separator':
      return stepInList(state, token);
    case 'connective':
      return recover(state, token);
  }
}

function startPredicate(state: ScanState, field: string): void {
  state.expect = 'operator';
  state.field = field;
  state.negation = undefined;
  state.operator = undefined;
  state.listValues = [];
}

function stepInList(state: ScanState, token: Token): TokenRole {
  const type = token.tokenType;
  if (type === RParen || type === RBracket) {
    state.expect = 'connective';
    return 'punctuation';
  }
  if (type === Comma) {
    state.expect = 'list-item';
    return 'punctuation';
  }
  if (SCALARS.has(type)) {
    state.listValues.push(scalarText(token));
    state.expect = 'list-separator';
    return 'value';
  }
  return recover(state, token);
}

/** Tokens the grammar did not expect here still get a sensible role, and the walk goes on. */
function recover(state: ScanState, token: Token): TokenRole {
  const type = token.tokenType;
  if (CONNECTIVES.has(type)) {
    state.expect = 'predicate';
    return 'keyword';
  }
  if (type === RParen) {
    if (state.depth > 0) state.depth--;
    state.expect = 'connective';
    return 'punctuation';
  }
  if (type === LParen) {
    state.depth++;
    state.expect = 'predicate';
    return 'punctuation';
  }
  if (type === Not || type === Bang) {
    state.expect = 'predicate';
    return 'keyword';
  }
  if (state.expect === 'connective' && type === Identifier) {
    // A missing AND/OR: read on as if the next predicate starts here.
    startPredicate(state, token.image);
    return 'field';
  }
  return SCALARS.has(type) ? 'value' : 'invalid';
}

/** The value a scalar token stands for: strings without their quotes (escapes left as written). */
function scalarText(token: Token): string {
  const type = token.tokenType;
  return type === DoubleQuoted || type === SingleQuoted ? token.image.slice(1, -1) : token.image;
}

/** Every token and comment of the text with its role, in source order, for highlighting and hover. */
export function scan(text: string): ScannedToken[] {
  if (typeof text !== 'string') return [];
  const { tokens, comments, errors } = lex(text);
  const state = initialState();
  const scanned: ScannedToken[] = [];
  for (const token of tokens) {
    const role = step(state, token);
    const entry: ScannedToken = { start: token.startOffset, end: token.startOffset + token.image.length, image: token.image, role };
    if (role === 'field' || role === 'operator' || role === 'value') entry.field = state.field;
    if ((role === 'operator' || role === 'value') && state.operator) entry.operator = state.operator;
    // The '!' or NOT of a negated operator learns its operator from the word after it.
    const previous = scanned[scanned.length - 1];
    if (role === 'operator' && previous?.role === 'operator' && !previous.operator) previous.operator = entry.operator;
    scanned.push(entry);
  }
  const extra: ScannedToken[] = [
    ...comments.map((c): ScannedToken => ({ start: c.startOffset, end: c.startOffset + c.image.length, image: c.image, role: 'comment' })),
    ...errors.map((e): ScannedToken => ({ start: e.offset, end: e.offset + e.length, image: text.slice(e.offset, e.offset + e.length), role: 'invalid' })),
  ];
  if (extra.length === 0) return scanned;
  return [...scanned, ...extra].sort((a, b) => a.start - b.start);
}
