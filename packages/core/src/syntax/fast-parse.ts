/**
 * A hand-written recursive-descent parser for well-formed filters, standing in for the Chevrotain
 * parser where the text parses: it builds the same AST with the same helpers (ast-parts.ts) in a
 * fraction of the time and with no per-rule closures. At anything it does not accept (a syntax
 * error, nesting near the limit) it gives up, and `parseInto` runs the Chevrotain parser, which
 * stays the reference grammar and words every syntax error. test/properties/parse.test.ts checks
 * that the two give the same trees and diagnostics over the corpus and over generated text.
 */
import type { IToken, TokenType } from 'chevrotain';
import type { DiagnosticBag } from '../base/diagnostics.js';
import type { Expr, List, Predicate, Scalar } from './ast.js';
import { group, isOrConnective, join, negate, operatorOf, scalar, tokenSpan } from './ast-parts.js';
import {
  And,
  AndAnd,
  Bang,
  Comma,
  DoubleQuoted,
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
  Word,
} from './lex.js';

/** Deepest recursion the fast parser goes to; deeper text takes the Chevrotain path (and its limit). */
const MAX_FAST_DEPTH = 64;

/** Thrown (and caught in `fastParse`) to give up on a text; one object, so giving up allocates nothing. */
const GIVE_UP = new Error('not parsed by the fast parser');

/**
 * The AST of `tokens` as the Chevrotain parser builds it, or undefined when the tokens do not parse
 * or nest deeper than `maxDepth` (or than this parser goes): the caller then runs the full parser.
 * String escape problems go into `escapes`, which the caller discards when this gives up.
 */
export function fastParse(tokens: IToken[], maxDepth: number, escapes: DiagnosticBag): Expr | undefined {
  const parser = new FastParser(tokens, Math.min(maxDepth, MAX_FAST_DEPTH), escapes);
  try {
    const ast = parser.expr(0);
    return parser.atEnd() ? ast : undefined;
  } catch (error) {
    if (error === GIVE_UP) return undefined;
    throw error;
  }
}

class FastParser {
  private next = 0;

  constructor(
    private readonly tokens: IToken[],
    private readonly maxDepth: number,
    private readonly escapes: DiagnosticBag,
  ) {}

  atEnd(): boolean {
    return this.next === this.tokens.length;
  }

  private peekType(): TokenType | undefined {
    return this.next < this.tokens.length ? this.tokens[this.next].tokenType : undefined;
  }

  private take(type: TokenType): IToken {
    const token = this.tokens[this.next];
    if (token === undefined || token.tokenType !== type) throw GIVE_UP;
    this.next++;
    return token;
  }

  /**
   * `unary { connective unary }`, grouped by precedence as the Chevrotain rule's actions group it.
   * `depth` counts the levels `checkDepth` (depth.ts) counts around this point: enclosing parentheses
   * and the NOTs before them.
   */
  expr(depth: number): Expr {
    let run: Expr[] = [this.unary(depth)];
    let alternatives: Expr[] | undefined;
    for (;;) {
      const type = this.peekType();
      if (type !== And && type !== Or && type !== AndAnd && type !== OrOr) break;
      const connective = this.tokens[this.next++];
      const next = this.unary(depth);
      if (isOrConnective(connective)) {
        (alternatives ??= []).push(group('and', run));
        run = [];
      }
      run.push(next);
    }
    if (!alternatives) return group('and', run);
    alternatives.push(group('and', run));
    return group('or', alternatives);
  }

  private unary(depth: number): Expr {
    let nots: IToken[] | undefined;
    for (let type = this.peekType(); type === Not || type === Bang; type = this.peekType()) {
      (nots ??= []).push(this.tokens[this.next++]);
      if (++depth >= this.maxDepth) throw GIVE_UP;
    }
    let operand: Expr;
    if (this.peekType() === LParen) {
      this.next++;
      if (depth + 1 >= this.maxDepth) throw GIVE_UP;
      operand = this.expr(depth + 1);
      this.take(RParen);
    } else {
      operand = this.predicate();
    }
    return nots === undefined ? operand : negate(operand, nots);
  }

  private predicate(): Predicate {
    const field = this.take(Identifier);
    let negation: IToken | undefined;
    let word: IToken;
    const type = this.peekType();
    if (type === SymbolOperator || type === Identifier) {
      word = this.tokens[this.next++];
    } else if (type === Not || type === Bang) {
      negation = this.tokens[this.next++];
      word = this.take(Identifier);
    } else {
      throw GIVE_UP;
    }
    const operand = this.operand();
    const fieldSpan = tokenSpan(field);
    return {
      kind: 'predicate',
      field: { name: field.image, span: fieldSpan },
      operator: operatorOf(word, negation),
      operand,
      span: join(fieldSpan, operand.span),
    };
  }

  private operand(): Scalar | List {
    const type = this.peekType();
    if (type === LParen) return this.list(RParen, '(');
    if (type === LBracket) return this.list(RBracket, '[');
    if (isValue(type)) return scalar(this.tokens[this.next++], this.escapes);
    throw GIVE_UP;
  }

  /** `open [ value { "," value } [ "," ] ] close`, the open bracket next. */
  private list(close: TokenType, bracket: '(' | '['): List {
    const openToken = this.tokens[this.next++];
    const items: IToken[] = [];
    if (isValue(this.peekType())) {
      items.push(this.tokens[this.next++]);
      while (this.peekType() === Comma) {
        this.next++;
        if (!isValue(this.peekType())) break;
        items.push(this.tokens[this.next++]);
      }
    }
    const closeToken = this.take(close);
    const scalars: Scalar[] = new Array(items.length);
    for (let i = 0; i < items.length; i++) scalars[i] = scalar(items[i], this.escapes);
    return { kind: 'list', items: scalars, bracket, span: join(tokenSpan(openToken), tokenSpan(closeToken)) };
  }
}

/** The token types of the `Value` category. */
function isValue(type: TokenType | undefined): boolean {
  return type === Word || type === Identifier || type === DoubleQuoted || type === SingleQuoted;
}
