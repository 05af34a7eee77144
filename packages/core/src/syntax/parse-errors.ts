/** Turns the parser's first syntax error into a diagnostic that speaks the user's language. */
import { type Diagnostic, DiagnosticBag, type Fix, type SourceMap, type Span, type Worded } from '../base/diagnostics.js';
import { filterMessage } from '../base/filter-messages.js';
import {
  And,
  AndAnd,
  Bang,
  Comma,
  DoubleQuoted,
  EndOfInput,
  Identifier,
  LBracket,
  LParen,
  Not,
  Or,
  OrOr,
  RBracket,
  RParen,
  SingleQuoted,
  SymbolOperator,
  type Token,
  Word,
} from './lex.js';
import { factsOf, OPERATOR_LIST, operatorFromSpelling } from '../language/operators.js';
import { classifyWord } from './ast-parts.js';
import { criterionText, operatorSymbol, patternCriterion, rangeCriteria, suggestOperator } from '../language/operator-suggest.js';
import { unescapeString } from './strings.js';

function spanOf(token: Token): Span {
  return { start: token.startOffset, end: token.startOffset + token.image.length };
}

function describe(token: Token): string {
  return `'${token.image.length > 30 ? `${token.image.slice(0, 30)}…` : token.image}'`;
}

const isKeyword = (token: Token) => [And, Or, Not].includes(token.tokenType);

/**
 * A syntax error as the parser found it: its kind (see `Fault` in parser.ts), the rule it was in, and
 * the token it stopped at (of type EndOfInput at the end of the filter).
 */
export interface ParseError {
  kind: 'trailing' | 'mismatched' | 'noAlternative';
  rule: 'expr' | 'unary' | 'predicate';
  token: Token;
}

export function parseErrorDiagnostic(error: ParseError, tokens: Token[], source: SourceMap): Diagnostic {
  const token = error.token;
  const atEnd = token.tokenType === EndOfInput;
  const index = atEnd ? tokens.length : tokens.indexOf(token);
  const previous = index > 0 ? tokens[index - 1] : undefined;
  const endOfInput = tokens.length > 0 ? spanOf(tokens[tokens.length - 1]).end : 0;
  const span: Span = atEnd ? { start: endOfInput, end: endOfInput } : spanOf(token);
  const found = atEnd ? 'the end of the filter' : describe(token);
  const rule = error.rule;
  const make = ({ code, message, hint }: Worded, fix?: Fix, at: Span = span): Diagnostic => {
    const diagnostic: Diagnostic = { code, severity: 'error', message, range: source.range(at) };
    if (hint !== undefined) diagnostic.hint = hint;
    if (fix) diagnostic.fixes = [fix];
    return diagnostic;
  };
  /** Quotes a value that runs on past where the parser stopped (`/a(b)` -> `"/a(b)"`). */
  const quoting = (whole: Span | undefined): Fix | undefined => {
    if (!whole) return undefined;
    const quoted = JSON.stringify(source.text.slice(whole.start, whole.end));
    return { title: `Quote the value: ${quoted}`, edits: [{ range: source.range(whole), newText: quoted }] };
  };
  const shownWhole = (whole: Span | undefined) => (whole === undefined ? undefined : JSON.stringify(source.text.slice(whole.start, whole.end)));

  // `X in us, ca`, where the filter or its group was due to end: the list's parentheses are missing
  // (quoting the values, as for a comma inside one value, would make them one value).
  const list = token.tokenType === Comma ? unparenthesisedList(tokens, index) : undefined;
  if (list) {
    const inParentheses = `(${source.text.slice(list.start, list.end)})`;
    const fix = { title: `Write the list in parentheses: ${inParentheses}`, edits: [{ range: source.range(list), newText: inParentheses }] };
    return make(filterMessage('unexpected-token', 'listWithoutParentheses', { found, list: inParentheses }), fix);
  }

  // `X ~ "^/api"` (and `!~`, `=~`): a regular expression match as Cloudflare's rules write it, which
  // the service does not have; `~` is no operator's spelling, so the parser stopped at it (or, after
  // `=`, at the value after it). Worded as the checker words `X matches "^/api"`.
  const tilde = tildeAt(tokens, index);
  if (tilde) {
    const { spelling, operator, field, value } = tilde;
    const text = valueText(value);
    const found = text === undefined ? undefined : patternCriterion(spelling, text)?.criterion;
    const criterion = found && criterionText(field.image, found);
    const whole = { start: field.startOffset, end: spanOf(value).end };
    const fix = criterion ? { title: `Write ${criterion}`, edits: [{ range: source.range(whole), newText: criterion }] } : undefined;
    const pattern = JSON.stringify(text ?? value.image);
    return make(filterMessage('unknown-operator', 'pattern', { spelling, pattern, criterion, caseless: false }), fix, operator);
  }

  // `X between 1 and 5`: the parser took `between` for an operator and `and` for the keyword, and
  // stopped at `5`; the mistake is the operator, and a range is two criteria.
  const range = rule !== 'predicate' ? rangeAt(tokens, index) : undefined;
  if (range) {
    const [word, span, criteria] = range;
    const fix = { title: 'Write the range as two criteria', edits: [{ range: source.range(span), newText: criteria }] };
    return make(filterMessage('unknown-operator', 'range', { spelling: word.image, criteria }), fix, spanOf(word));
  }

  if (error.kind === 'trailing') {
    if (token.tokenType === RParen) return make(filterMessage('unexpected-token', 'unmatchedParen', {}));
    const whole = previous && isValueLike(previous) ? wholeValue(tokens, index, source.text) : undefined;
    if (previous && spanOf(previous).end === token.startOffset && isValueLike(previous)) {
      const glued = whole ?? { start: previous.startOffset, end: spanOf(token).end };
      return make(filterMessage('unexpected-token', 'inValue', { found, whole: shownWhole(glued)! }), quoting(glued));
    }
    const valueNext = isValueLike(token) || token.tokenType === LParen;
    return make(filterMessage('unexpected-token', 'afterFilter', { found, whole: shownWhole(whole), valueNext }), quoting(whole));
  }

  if (rule !== 'predicate') {
    // unary (or expr): a field or '(' was due, or the ')' of a group.
    if (error.kind === 'mismatched') return closeGroup();
    const data = { found, previous: previous && describe(previous) };
    if (atEnd && data.previous) return make(filterMessage('expected-field', 'atEnd', { found, previous: data.previous }));
    if (token.tokenType === RParen) return make(filterMessage('expected-field', previous?.tokenType === LParen ? 'emptyGroup' : 'unmatchedParen', data));
    if (isKeyword(token)) return make(filterMessage('expected-field', 'keyword', data));
    if (/[=<>!]/.test(token.image)) {
      return make(filterMessage('expected-field', 'unspacedOperator', { ...data, spaced: token.image.replace(/(==|=|!=)/, ' $1 ') }));
    }
    return make(filterMessage('expected-field', 'notAName', data));
  }
  if (error.kind === 'mismatched' && !negationAfterField(tokens, index)) {
    if (previous?.tokenType === Comma && token.tokenType === Comma) {
      return make(filterMessage('expected-value', 'extraComma', { found }));
    }
    return closeList();
  }
  if (followsField(tokens, index) || negationAfterField(tokens, index)) {
    return make(filterMessage('expected-operator', 'afterField', { found, previous: describe(previous!), operators: OPERATOR_LIST }));
  }
  if (previous && previous.tokenType === Identifier && !operatorFromSpelling(previous.image)) {
    const guess = suggestOperator(previous.image);
    const at = spanOf(previous);
    const fix = guess && { title: `Change to '${guess}'`, edits: [{ range: source.range(at), newText: guess }] };
    const words = filterMessage('expected-operator', 'notAnOperator', {
      word: describe(previous),
      guess,
      also: guess && operatorSymbol(guess),
      operators: OPERATOR_LIST,
    });
    return make(words, fix, at);
  }
  if (isKeyword(token)) return make(filterMessage('expected-value', 'keyword', { found, previous: describe(previous!), word: token.image }));
  return make(filterMessage('expected-value', 'missing', { found, previous: describe(previous!) }));

  function closeGroup(): Diagnostic {
    const open = unclosed(tokens.slice(0, index), LParen, RParen);
    if (atEnd && open) {
      const at = source.position(open.startOffset);
      return make(filterMessage('unclosed-paren', 'group', { line: at.line, column: at.column }));
    }
    const valueGoesOn = previous && isValueLike(previous) && (isValueLike(token) || token.tokenType === LParen);
    const whole = valueGoesOn ? wholeValue(tokens, index, source.text) : undefined;
    return make(filterMessage('unexpected-token', 'afterGroup', { found, whole: shownWhole(whole) }), quoting(whole));
  }

  function closeList(): Diagnostic {
    const open = unclosed(tokens.slice(0, index), LParen, RParen) ?? unclosed(tokens.slice(0, index), LBracket, RBracket);
    const closer = open?.tokenType === LBracket ? ']' : ')';
    if (atEnd && open) {
      const at = source.position(open.startOffset);
      return make(filterMessage('unclosed-paren', 'list', { line: at.line, column: at.column, closer }));
    }
    return make(filterMessage('unexpected-token', 'inList', { found, closer }));
  }
}

/**
 * The text a user most likely meant as one value: from the value before `index` up to the next
 * AND, OR, comment or unmatched ')', so that a hint quotes `/a,b` or `Mozilla/5.0 Windows` whole.
 */
function wholeValue(tokens: Token[], index: number, text: string): Span | undefined {
  // `us BotScore lt 3` is a missing AND, not a value with spaces.
  const next = tokens[index + 1];
  if (next && (next.tokenType === SymbolOperator || operatorFromSpelling(next.image))) return undefined;
  const start = tokens[index - 1].startOffset;
  let end = spanOf(tokens[index - 1]).end;
  let depth = 0;
  for (const token of tokens.slice(index)) {
    const type = token.tokenType;
    if (type === And || type === Or || type === AndAnd || type === OrOr) break;
    if (type === RParen && depth-- === 0) break;
    if (type === LParen) depth++;
    if (/[#\n\r]/.test(text.slice(end, token.startOffset))) break;
    end = spanOf(token).end;
  }
  return end > spanOf(tokens[index - 1]).end ? { start, end } : undefined;
}

/**
 * Values joined by commas after a field's list operator with no parentheses (`ClientCountry in us, ca`),
 * the comma at `index` after the first: their span. None unless a value follows each comma up to the
 * end of the run (AND, OR, ')' or the end of the filter).
 */
function unparenthesisedList(tokens: Token[], index: number): Span | undefined {
  const operator = operatorFromSpelling(tokens[index - 2]?.image ?? '');
  if (!operator || !factsOf(operator).list || !isValueLike(tokens[index - 1])) return undefined;
  // The operator follows a field (`X in`, or `X !in` and `X not in`): `in us, ca` alone lacks the field.
  const negation = tokens[index - 3]?.tokenType === Bang || tokens[index - 3]?.tokenType === Not ? 1 : 0;
  if (tokens[index - 3 - negation]?.tokenType !== Identifier) return undefined;
  let end = index;
  while (tokens[end]?.tokenType === Comma && tokens[end + 1] && isValueLike(tokens[end + 1])) end += 2;
  if (tokens[end] && ![And, Or, AndAnd, OrOr, RParen].includes(tokens[end].tokenType)) return undefined;
  return { start: tokens[index - 1].startOffset, end: spanOf(tokens[end - 1]).end };
}

/**
 * A range as other languages write it, `field between low and high`, ending with the number at
 * `index`: its operator's token, the whole predicate's span, and it as two criteria (in parentheses
 * after NOT, which would take the first alone).
 */
function rangeAt(tokens: Token[], index: number): [word: Token, span: Span, criteria: string] | undefined {
  if (index < 4) return undefined;
  const [field, word, low, and, high] = tokens.slice(index - 4, index + 1);
  if (!high || field.tokenType !== Identifier || word.tokenType !== Identifier || and.tokenType !== And) return undefined;
  // Numbers alone: a range of text (`between a and z`) the service cannot filter, and no two criteria would write it.
  if (classifyWord(low.image) !== 'number' || classifyWord(high.image) !== 'number') return undefined;
  const criteria = rangeCriteria(word.image, field.image, low.image, high.image);
  if (criteria === undefined) return undefined;
  const before = tokens[index - 5]?.tokenType;
  return [word, { start: field.startOffset, end: spanOf(high).end }, before === Not || before === Bang ? `(${criteria})` : criteria];
}

/**
 * `X ~ v`, `X !~ v` or `X =~ v` where the parser stopped at `index`: the operator as written, where
 * it stands, the field's token and the value's.
 */
function tildeAt(tokens: Token[], index: number): { spelling: string; operator: Span; field: Token; value: Token } | undefined {
  const isTilde = (token: Token | undefined) => token?.tokenType === Word && token.image === '~';
  const isValue = (token: Token | undefined): token is Token =>
    token !== undefined && [Word, Identifier, DoubleQuoted, SingleQuoted].includes(token.tokenType) && !isTilde(token);
  const at = tokens[index];
  const value = tokens[index + 1];
  if (isTilde(at) && isValue(value)) {
    const before = tokens[index - 1];
    if (followsField(tokens, index)) return { spelling: '~', operator: spanOf(at), field: before, value };
    if (before.tokenType === Bang && followsField(tokens, index - 1)) {
      return { spelling: '!~', operator: { start: before.startOffset, end: spanOf(at).end }, field: tokens[index - 2], value };
    }
  }
  const [equals, tilde] = [tokens[index - 2], tokens[index - 1]];
  if (isTilde(tilde) && equals?.tokenType === SymbolOperator && equals.image === '=' && isValue(at) && followsField(tokens, index - 2)) {
    return { spelling: '=~', operator: { start: equals.startOffset, end: spanOf(tilde).end }, field: tokens[index - 3], value: at };
  }
  return undefined;
}

/** A value token's text: a string's unescaped, undefined where an escape is not the language's. */
function valueText(token: Token): string | undefined {
  if (token.tokenType !== DoubleQuoted && token.tokenType !== SingleQuoted) return token.image;
  const bag = new DiagnosticBag(undefined);
  const text = unescapeString(token.image, token.startOffset, bag);
  return bag.items.length === 0 ? text : undefined;
}

function isValueLike(token: Token): boolean {
  return !isKeyword(token) && ![AndAnd, OrOr, Bang, LParen, RParen, LBracket, RBracket, Comma].includes(token.tokenType);
}

/** The innermost opening token without its closer. */
function unclosed(tokens: Token[], open: Token['tokenType'], close: Token['tokenType']): Token | undefined {
  const stack: Token[] = [];
  for (const token of tokens) {
    if (token.tokenType === open) stack.push(token);
    else if (token.tokenType === close) stack.pop();
  }
  return stack[stack.length - 1];
}

/** Whether the token before `index` is a predicate's field (so an operator is due at `index`). */
function followsField(tokens: Token[], index: number): boolean {
  if (tokens[index - 1]?.tokenType !== Identifier) return false;
  const before = tokens[index - 2];
  if (!before) return true;
  const type = before.tokenType;
  if (type === And || type === AndAnd || type === Or || type === OrOr) return true;
  const third = tokens[index - 3]?.tokenType;
  // `( X`: a group, unless the '(' opens a list after an operator; `NOT X`, unless `X NOT in`.
  if (type === LParen) return third !== Identifier && third !== SymbolOperator;
  if (type === Not || type === Bang) return third !== Identifier;
  return false;
}

/** Whether `index` follows the NOT or ! of a negated operator (`X not 5`): the operator's word is due. */
function negationAfterField(tokens: Token[], index: number): boolean {
  const previous = tokens[index - 1];
  return (previous?.tokenType === Not || previous?.tokenType === Bang) && tokens[index - 2]?.tokenType === Identifier;
}
