/**
 * A hand-written recursive-descent parser for well-formed filters, standing in for `lex` and the
 * Chevrotain parser where the text parses: it reads tokens from the lexer's scanner without making
 * token objects, and builds the same AST (ast-parts.ts) in a fraction of the time. At anything it
 * does not accept (a character no token starts with, a syntax error, nesting near the limit) it
 * gives up, and `parseInto` runs the lexer and the Chevrotain parser, which stays the reference
 * grammar and words every error. test/properties/parse.test.ts checks that the two give the same
 * trees, comments and diagnostics over the corpus and over generated text.
 */
import type { TokenType } from 'chevrotain';
import type { DiagnosticBag, Span } from '../base/diagnostics.js';
import type { Comment, Expr, List, Predicate, Scalar } from './ast.js';
import { group, negateAt, scalarOf } from './ast-parts.js';
import {
  And,
  AndAnd,
  Bang,
  Comma,
  Comment as CommentToken,
  DoubleQuoted,
  Identifier,
  LBracket,
  LParen,
  Not,
  Or,
  OrOr,
  RBracket,
  RParen,
  Scanner,
  SingleQuoted,
  SymbolOperator,
  Word,
} from './lex.js';

/** Deepest recursion the fast parser goes to; deeper text takes the Chevrotain path (and its limit). */
const MAX_FAST_DEPTH = 64;

/** Thrown (and caught in `fastParse`) to give up on a text; one object, so giving up allocates nothing. */
const GIVE_UP = new Error('not parsed by the fast parser');

/**
 * The AST of `text` as `lex` and the Chevrotain parser build it, with its comments, or undefined when
 * the text does not lex or parse, holds no token, or nests deeper than `maxDepth` (or than this parser
 * goes): the caller then runs the full path. String escape problems go into `escapes`, which the
 * caller discards when this gives up.
 */
export function fastParse(text: string, maxDepth: number, escapes: DiagnosticBag): { ast: Expr; comments: Comment[] } | undefined {
  const parser = new FastParser(text, Math.min(maxDepth, MAX_FAST_DEPTH), escapes);
  try {
    parser.advance();
    const ast = parser.expr(0);
    return parser.type === undefined ? { ast, comments: parser.comments } : undefined;
  } catch (error) {
    if (error === GIVE_UP) return undefined;
    throw error;
  }
}

/** One token of lookahead, read from the scanner: its type (undefined at the end) and offsets. */
class FastParser {
  type: TokenType | undefined;
  private start = 0;
  private end = 0;
  readonly comments: Comment[] = [];
  private readonly scanner: Scanner;

  constructor(
    private readonly text: string,
    private readonly maxDepth: number,
    private readonly escapes: DiagnosticBag,
  ) {
    this.scanner = new Scanner(text);
  }

  /** Moves to the next token, keeping comments aside; gives up where the text does not lex. */
  advance(): void {
    const scanner = this.scanner;
    let type = scanner.next();
    while (type === CommentToken) {
      this.comments.push({ text: this.text.slice(scanner.start, scanner.end), span: { start: scanner.start, end: scanner.end } });
      type = scanner.next();
    }
    if (type === null) throw GIVE_UP;
    this.type = type;
    this.start = scanner.start;
    this.end = scanner.end;
  }

  private image(): string {
    return this.text.slice(this.start, this.end);
  }

  private span(): Span {
    return { start: this.start, end: this.end };
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
      const type = this.type;
      if (type !== And && type !== Or && type !== AndAnd && type !== OrOr) break;
      this.advance();
      const next = this.unary(depth);
      if (type === Or || type === OrOr) {
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
    let nots: number[] | undefined;
    while (this.type === Not || this.type === Bang) {
      (nots ??= []).push(this.start);
      if (++depth >= this.maxDepth) throw GIVE_UP;
      this.advance();
    }
    let operand: Expr;
    if (this.type === LParen) {
      if (depth + 1 >= this.maxDepth) throw GIVE_UP;
      this.advance();
      operand = this.expr(depth + 1);
      if (this.type !== RParen) throw GIVE_UP;
      this.advance();
    } else {
      operand = this.predicate();
    }
    return nots === undefined ? operand : negateAt(operand, nots);
  }

  private predicate(): Predicate {
    if (this.type !== Identifier) throw GIVE_UP;
    const fieldSpan = this.span();
    const name = this.image();
    this.advance();
    let operator: Predicate['operator'];
    if (this.type === SymbolOperator || this.type === Identifier) {
      operator = { spelling: this.image(), span: this.span() };
      this.advance();
    } else if (this.type === Not || this.type === Bang) {
      const negation = this.type;
      const start = this.start;
      this.advance();
      if (this.type !== Identifier) throw GIVE_UP;
      const word = this.image();
      operator = { spelling: negation === Bang ? `!${word}` : `not ${word}`, span: { start, end: this.end } };
      this.advance();
    } else {
      throw GIVE_UP;
    }
    const operand = this.operand();
    return {
      kind: 'predicate',
      field: { name, span: fieldSpan },
      operator,
      operand,
      span: { start: fieldSpan.start, end: operand.span.end },
    };
  }

  private operand(): Scalar | List {
    const type = this.type;
    if (type === LParen) return this.list(RParen, '(');
    if (type === LBracket) return this.list(RBracket, '[');
    if (!isValue(type)) throw GIVE_UP;
    const value = scalarOf(type!, this.image(), this.start, this.escapes);
    this.advance();
    return value;
  }

  /** `open [ value { "," value } [ "," ] ] close`, the open bracket next. */
  private list(close: TokenType, bracket: '(' | '['): List {
    const start = this.start;
    this.advance();
    const items: Scalar[] = [];
    if (isValue(this.type)) {
      items.push(scalarOf(this.type!, this.image(), this.start, this.escapes));
      this.advance();
      while (this.type === Comma) {
        this.advance();
        if (!isValue(this.type)) break;
        items.push(scalarOf(this.type!, this.image(), this.start, this.escapes));
        this.advance();
      }
    }
    if (this.type !== close) throw GIVE_UP;
    const end = this.end;
    this.advance();
    return { kind: 'list', items, bracket, span: { start, end } };
  }
}

/** The token types of the `Value` category. */
function isValue(type: TokenType | undefined): boolean {
  return type === Word || type === Identifier || type === DoubleQuoted || type === SingleQuoted;
}
