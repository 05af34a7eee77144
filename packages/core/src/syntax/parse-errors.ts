/** Turns Chevrotain's recognition exceptions into diagnostics that speak the user's language. */
import { EOF, type IRecognitionException, type IToken } from 'chevrotain';
import type { Diagnostic, DiagnosticCode, Fix, SourceMap, Span } from '../base/diagnostics.js';
import { And, AndAnd, Bang, Comma, Identifier, LBracket, LParen, Not, Or, OrOr, RBracket, RParen, SymbolOperator } from './lex.js';
import { OPERATORS, operatorFromSpelling } from '../language/operators.js';
import { operatorSuggestionHint, suggestOperator } from '../language/operator-suggest.js';

const OPERATOR_LIST = OPERATORS.join(', ');

function spanOf(token: IToken): Span {
  return { start: token.startOffset, end: token.startOffset + token.image.length };
}

function describe(token: IToken): string {
  return `'${token.image.length > 30 ? `${token.image.slice(0, 30)}…` : token.image}'`;
}

const isKeyword = (token: IToken) => [And, Or, Not].includes(token.tokenType);

export function parseErrorDiagnostic(error: IRecognitionException, tokens: IToken[], source: SourceMap): Diagnostic {
  const token = error.token;
  const atEnd = token.tokenType === EOF;
  const index = atEnd ? tokens.length : tokens.indexOf(token);
  const previous = index > 0 ? tokens[index - 1] : undefined;
  const endOfInput = tokens.length > 0 ? spanOf(tokens[tokens.length - 1]).end : 0;
  const span: Span = atEnd ? { start: endOfInput, end: endOfInput } : spanOf(token);
  const found = atEnd ? 'the end of the filter' : describe(token);
  const rule = error.context.ruleStack[error.context.ruleStack.length - 1];
  const make = (code: DiagnosticCode, message: string, hint: string, fix?: Fix, at: Span = span): Diagnostic => {
    const diagnostic: Diagnostic = { code, severity: 'error', message, range: source.range(at), hint };
    if (fix) diagnostic.fixes = [fix];
    return diagnostic;
  };
  /** Quotes a value that runs on past where the parser stopped (`/a(b)` -> `"/a(b)"`). */
  const quoting = (whole: Span | undefined): Fix | undefined => {
    if (!whole) return undefined;
    const quoted = JSON.stringify(source.text.slice(whole.start, whole.end));
    return { title: `Quote the value: ${quoted}`, edits: [{ range: source.range(whole), newText: quoted }] };
  };
  const shownWhole = (whole: Span) => JSON.stringify(source.text.slice(whole.start, whole.end));

  if (error.name === 'NotAllInputParsedException') {
    if (token.tokenType === RParen) return make('unexpected-token', "unmatched ')'", "remove it, or add the '(' it closes");
    const whole = previous && isValueLike(previous) ? wholeValue(tokens, index, source.text) : undefined;
    const quoteWhole = whole === undefined ? undefined : `quote the whole value: ${shownWhole(whole)}`;
    if (previous && spanOf(previous).end === token.startOffset && isValueLike(previous)) {
      const glued = whole ?? { start: previous.startOffset, end: spanOf(token).end };
      return make('unexpected-token', `unexpected ${found} in a value`, `quote the whole value: ${shownWhole(glued)}`, quoting(glued));
    }
    const hint =
      isValueLike(token) || token.tokenType === LParen
        ? `${quoteWhole ? `${quoteWhole}; ` : ''}to match any of several values write \`in (a, b)\`; to join predicates write AND or OR`
        : 'join predicates with AND or OR';
    return make('unexpected-token', `expected AND, OR or the end of the filter, found ${found}`, hint, quoting(whole));
  }

  if (rule !== 'predicate') {
    // unary (or expr): a field or '(' was due, or the ')' of a group.
    if (error.name === 'MismatchedTokenException') return closeGroup();
    const after = previous ? ` after ${describe(previous)}` : '';
    const hint =
      atEnd && previous
        ? `finish the filter with a predicate such as \`ClientCountry eq us\`, or remove ${describe(previous)}`
        : token.tokenType === RParen && previous?.tokenType === LParen
          ? 'an empty group means nothing: remove the parentheses'
          : token.tokenType === RParen
            ? "remove the ')', or add the '(' it closes"
            : isKeyword(token)
              ? 'a predicate reads `Field operator value`'
              : /[=<>!]/.test(token.image)
                ? `put spaces around the operator: \`${token.image.replace(/(==|=|!=)/, ' $1 ')}\``
                : "a field name is letters, digits and '_', starting with a letter or '_'";
    return make('expected-field', `expected a field name or '('${after}, found ${found}`, hint);
  }
  if (error.name === 'MismatchedTokenException' && !negationAfterField(tokens, index)) {
    if (previous?.tokenType === Comma && token.tokenType === Comma) {
      return make('expected-value', `expected a value in the list, found ${found}`, "remove the extra ','");
    }
    return closeList();
  }
  if (followsField(tokens, index) || negationAfterField(tokens, index)) {
    return make('expected-operator', `expected an operator after ${describe(previous!)}, found ${found}`, `operators are ${OPERATOR_LIST}`);
  }
  if (previous && previous.tokenType === Identifier && !operatorFromSpelling(previous.image)) {
    const hint = operatorSuggestionHint(previous.image) ?? `operators are ${OPERATOR_LIST}`;
    const guess = suggestOperator(previous.image);
    const at = spanOf(previous);
    const fix = guess && { title: `Change to '${guess}'`, edits: [{ range: source.range(at), newText: guess }] };
    return make('expected-operator', `${describe(previous)} is not an operator`, hint, fix, at);
  }
  const hint = isKeyword(token)
    ? `to compare with the word ${describe(token)}, quote it: "${token.image}"`
    : 'write the value to compare with; quote it if it holds spaces or any of ( ) [ ] , # \' " < > ! |';
  return make('expected-value', `expected a value after ${describe(previous!)}, found ${found}`, hint);

  function closeGroup(): Diagnostic {
    const open = unclosed(tokens.slice(0, index), LParen, RParen);
    if (atEnd && open) {
      const at = source.position(open.startOffset);
      return make('unclosed-paren', `the '(' at ${at.line}:${at.column} is not closed`, "add ')' at the end of the group");
    }
    const valueGoesOn = previous && isValueLike(previous) && (isValueLike(token) || token.tokenType === LParen);
    const whole = valueGoesOn ? wholeValue(tokens, index, source.text) : undefined;
    const quoteWhole = whole === undefined ? '' : `quote the whole value: ${shownWhole(whole)}; or `;
    return make(
      'unexpected-token',
      `expected ')', AND or OR, found ${found}`,
      `${quoteWhole}close the group with ')' or join predicates with AND or OR`,
      quoting(whole),
    );
  }

  function closeList(): Diagnostic {
    const open = unclosed(tokens.slice(0, index), LParen, RParen) ?? unclosed(tokens.slice(0, index), LBracket, RBracket);
    const closer = open?.tokenType === LBracket ? ']' : ')';
    if (atEnd && open) {
      const at = source.position(open.startOffset);
      return make('unclosed-paren', `the list opened at ${at.line}:${at.column} is not closed`, `add '${closer}' after the last value`);
    }
    return make('unexpected-token', `expected ',' or '${closer}' in the list, found ${found}`, 'separate the values of a list with commas');
  }
}

/**
 * The text a user most likely meant as one value: from the value before `index` up to the next
 * AND, OR, comment or unmatched ')', so that a hint quotes `/a,b` or `Mozilla/5.0 Windows` whole.
 */
function wholeValue(tokens: IToken[], index: number, text: string): Span | undefined {
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

function isValueLike(token: IToken): boolean {
  return !isKeyword(token) && ![AndAnd, OrOr, Bang, LParen, RParen, LBracket, RBracket, Comma].includes(token.tokenType);
}

/** The innermost opening token without its closer. */
function unclosed(tokens: IToken[], open: IToken['tokenType'], close: IToken['tokenType']): IToken | undefined {
  const stack: IToken[] = [];
  for (const token of tokens) {
    if (token.tokenType === open) stack.push(token);
    else if (token.tokenType === close) stack.pop();
  }
  return stack[stack.length - 1];
}

/** Whether the token before `index` is a predicate's field (so an operator is due at `index`). */
function followsField(tokens: IToken[], index: number): boolean {
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
function negationAfterField(tokens: IToken[], index: number): boolean {
  const previous = tokens[index - 1];
  return (previous?.tokenType === Not || previous?.tokenType === Bang) && tokens[index - 2]?.tokenType === Identifier;
}
