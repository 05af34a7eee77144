/**
 * The parser: a hand-written recursive descent from the lexer's scanner straight to the AST, without
 * token objects. At the first syntax error it stops and says where, in what rule and how, as the
 * reference parser (reference/parser.ts, Chevrotain's, with recovery off) reports its first error;
 * parse-errors.ts words it. test/properties/parse.test.ts holds the two to the same trees, comments
 * and diagnostics over the corpus, edits of it and generated text.
 */
import type { DiagnosticBag, Span } from '../base/diagnostics.js';
import type { Comment, Expr, List, Predicate, Scalar } from './ast.js';
import type { ParseError } from './parse-errors.js';
import { group, negateAt, scalarAt } from './ast-parts.js';
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
  type TokenType,
} from './lex.js';

/**
 * Where and how a text stops parsing. `trailing`: a whole filter was read and more follows;
 * `mismatched`: one token was due and another came; `noAlternative`: none of a rule's choices starts
 * here (the reference parser's NotAllInputParsed, MismatchedToken and NoViableAlt exceptions).
 * `tooDeep`: nesting past the limit; `unlexed`: a character no token starts with. `offset` is where
 * the token it stopped at starts, -1 at the end of the text.
 */
export interface Fault {
  kind: ParseError['kind'] | 'tooDeep' | 'unlexed';
  /** The rule the reference parser was in: `unary` for a group or its operand, `predicate` for the rest. */
  rule: ParseError['rule'];
  offset: number;
}

/** Thrown (and caught in `readTree`) at the first fault, which the parser keeps. */
const STOP = new Error('the filter does not parse');

/**
 * The AST of `text` with its comments, or the fault it stops at. String escape problems go into
 * `escapes`, which the caller keeps only when the text parses.
 */
export function readTree(text: string, maxDepth: number, escapes: DiagnosticBag): { ast: Expr; comments: Comment[]; plain: boolean } | { fault: Fault } {
  const parser = new Parser(text, maxDepth, escapes);
  try {
    parser.advance();
    const ast = parser.expr(0);
    if (parser.type !== undefined) parser.stop('trailing', 'expr');
    return { ast, comments: parser.comments, plain: parser.scanner.plain };
  } catch (error) {
    if (error === STOP) return { fault: parser.fault! };
    throw error;
  }
}

/** One token of lookahead, read from the scanner: its type (undefined at the end) and offsets. */
class Parser {
  fault: Fault | undefined;
  type: TokenType | undefined;
  private start = 0;
  private end = 0;
  readonly comments: Comment[] = [];
  readonly scanner: Scanner;

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
    if (type === null) {
      this.start = scanner.start;
      this.stop('unlexed', 'expr');
    }
    this.type = type;
    this.start = scanner.start;
    this.end = scanner.end;
  }

  /** Keeps the fault at the current token and stops. */
  stop(kind: Fault['kind'], rule: Fault['rule']): never {
    this.fault = { kind, rule, offset: this.type === undefined ? -1 : this.start };
    throw STOP;
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
    // The current run of AND-ed unaries is its first member alone until a second comes: an OR
    // operand of one unary, the usual kind, makes no array.
    let first = this.unary(depth);
    let run: Expr[] | undefined;
    let alternatives: Expr[] | undefined;
    for (;;) {
      const type = this.type;
      if (type !== And && type !== Or && type !== AndAnd && type !== OrOr) break;
      this.advance();
      const next = this.unary(depth);
      if (type === Or || type === OrOr) {
        (alternatives ??= []).push(run ? group('and', run) : first);
        first = next;
        run = undefined;
      } else if (run) {
        run.push(next);
      } else {
        run = [first, next];
      }
    }
    const last = run ? group('and', run) : first;
    if (!alternatives) return last;
    alternatives.push(last);
    return group('or', alternatives);
  }

  private unary(depth: number): Expr {
    let nots: number[] | undefined;
    while (this.type === Not || this.type === Bang) {
      (nots ??= []).push(this.start);
      if (++depth > this.maxDepth) this.stop('tooDeep', 'unary');
      this.advance();
    }
    let operand: Expr;
    if (this.type === LParen) {
      if (depth + 1 > this.maxDepth) this.stop('tooDeep', 'unary');
      this.advance();
      operand = this.expr(depth + 1);
      if (this.type !== RParen) this.stop('mismatched', 'unary');
      this.advance();
    } else if (this.type === Identifier) {
      operand = this.predicate();
    } else {
      this.stop('noAlternative', 'unary');
    }
    return nots === undefined ? operand : negateAt(operand, nots);
  }

  /** `field operator operand`, the field next. */
  private predicate(): Predicate {
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
      if (this.type !== Identifier) this.stop('mismatched', 'predicate');
      const word = this.image();
      operator = { spelling: negation === Bang ? `!${word}` : `not ${word}`, span: { start, end: this.end } };
      this.advance();
    } else {
      this.stop('noAlternative', 'predicate');
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
    if (!isValue(type)) this.stop('noAlternative', 'predicate');
    const value = scalarAt(type!, this.text, this.start, this.end, this.escapes);
    this.advance();
    return value;
  }

  /** `open [ value { "," value } [ "," ] ] close`, the open bracket next. */
  private list(close: TokenType, bracket: '(' | '['): List {
    const start = this.start;
    this.advance();
    const items: Scalar[] = [];
    if (isValue(this.type)) {
      items.push(scalarAt(this.type!, this.text, this.start, this.end, this.escapes));
      this.advance();
      while (this.type === Comma) {
        this.advance();
        if (!isValue(this.type)) break;
        items.push(scalarAt(this.type!, this.text, this.start, this.end, this.escapes));
        this.advance();
      }
    }
    if (this.type !== close) this.stop('mismatched', 'predicate');
    const end = this.end;
    this.advance();
    return { kind: 'list', items, bracket, span: { start, end } };
  }
}

/** The token types of the `Value` category. */
function isValue(type: TokenType | undefined): boolean {
  return type === Word || type === Identifier || type === DoubleQuoted || type === SingleQuoted;
}
