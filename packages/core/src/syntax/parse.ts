/**
 * The parser: tokens -> AST with source spans (Chevrotain EmbeddedActionsParser).
 *
 *   filter     = expr EOF
 *   expr       = unary { connective unary }
 *   connective = "AND" | "&&" | "OR" | "||"
 *   unary      = { "NOT" | "!" } ( "(" expr ")" | predicate )
 *   predicate  = field operator ( list | value )
 *   operator   = symbol | ( "!" | "NOT" ) word | word
 *   list       = "(" [ items ] ")" | "[" [ items ] "]"
 *   items      = value { "," value } [ "," ]
 *   value      = string | bareword
 *
 * language.md writes `orExpr = andExpr { OR andExpr }`, `andExpr = notExpr { AND notExpr }` and
 * `notExpr = NOT notExpr | primary`. This parser reads a flat run of unaries and connectives and its
 * actions group it by precedence (AND before OR), a loop of NOTs stands for the recursion, and
 * operator, list and items are parts of the predicate rule: the same trees with a third of the rule
 * calls. The rules build the AST as they go (an EmbeddedActionsParser): no CST is made and walked.
 * Keywords are case-insensitive; numbers and booleans are bare words told apart by the parser and
 * read by the field's type in the checker.
 */
import { filterMessage } from '../base/filter-messages.js';
import { notTextBag, optionsOf, refuseTooLarge } from '../base/arguments.js';
import { EmbeddedActionsParser, type IOrAlt, type IRecognitionException, type IToken, type TokenType } from 'chevrotain';
import type { Comment, Expr, List, Predicate, Scalar } from './ast.js';
import { group, isOrConnective, join, negate, operatorOf, scalar, tokenSpan } from './ast-parts.js';
import { endRecording } from './chevrotain-recording.js';
import { checkDepth } from './depth.js';
import { DiagnosticBag, SourceMap, type Diagnostic } from '../base/diagnostics.js';
import { allTokens, Comma, Connective, Identifier, LBracket, lex, LParen, NotOperator, RBracket, RParen, SymbolOperator, Value } from './lex.js';
import { parseErrorDiagnostic } from './parse-errors.js';
import { fastParse } from './fast-parse.js';
import { PrecomputedLookahead } from './lookahead.js';
import { LOOKAHEAD_TABLE } from './lookahead-table.js';

export const DEFAULT_MAX_DEPTH = 100;

/** Tokens the parser may look ahead (the trailing comma of a list needs two). */
export const MAX_LOOKAHEAD = 2;

/**
 * Rule bodies run twice over: once while Chevrotain records the grammar (tokens and subrule results
 * are placeholders then, so work on them sits in ACTION) and then on every parse.
 */
class FilterParser extends EmbeddedActionsParser {
  /** String escape problems of the current parse, reported only if the whole parse succeeds. */
  escapes = new DiagnosticBag(new SourceMap(''));

  /**
   * The validating parser runs Chevrotain's own LL(k) analysis and checks; the production parser
   * reads the analysis' result from lookahead-table.ts, which a test keeps equal to it.
   */
  constructor(validate: boolean) {
    super(allTokens, {
      maxLookahead: MAX_LOOKAHEAD,
      skipValidations: !validate,
      recoveryEnabled: false,
      ...(validate ? {} : { lookaheadStrategy: new PrecomputedLookahead(LOOKAHEAD_TABLE, allTokens) }),
    });
    this.performSelfAnalysis();
  }

  /** Ends grammar recording without Chevrotain's deletes (chevrotain-recording.ts says why). */
  protected disableRecording(): void {
    endRecording(this);
  }

  /** `(a, b,)` or `[a, b,]` inside the predicate rule; `n` keeps Chevrotain's occurrence indices apart. */
  private list(open: TokenType, close: TokenType, n: 1 | 2): List {
    const openToken = this.consume(n, open, { LABEL: 'open' });
    const items: IToken[] = [];
    this.option(2 * n, () => {
      items.push(this.consume(2 * n, Value, { LABEL: 'item' }));
      this.many(n, () => {
        this.consume(n, Comma);
        items.push(this.consume(2 * n + 1, Value, { LABEL: 'item' }));
      });
      this.option(2 * n + 1, () => this.consume(n + 2, Comma));
    });
    const closeToken = this.consume(n, close, { LABEL: 'close' });
    return this.ACTION(() => ({
      kind: 'list' as const,
      items: items.map((item) => scalar(item, this.escapes)),
      bracket: open === LParen ? ('(' as const) : ('[' as const),
      span: join(tokenSpan(openToken), tokenSpan(closeToken)),
    }));
  }

  /** A flat run `u0 c1 u1 c2 u2 ...` grouped by precedence: AND runs first, then OR between them. */
  expr = this.RULE('expr', (): Expr => {
    let run: Expr[] = [this.SUBRULE(this.unary)];
    let alternatives: Expr[] | undefined;
    this.MANY(() => {
      const connective = this.CONSUME(Connective);
      const next = this.SUBRULE2(this.unary);
      this.ACTION(() => {
        if (isOrConnective(connective)) {
          (alternatives ??= []).push(group('and', run));
          run = [];
        }
        run.push(next);
      });
    });
    return this.ACTION(() => {
      if (!alternatives) return group('and', run);
      alternatives.push(group('and', run));
      return group('or', alternatives);
    });
  });

  unary = this.RULE('unary', (): Expr => {
    const nots: IToken[] = [];
    this.MANY(() => nots.push(this.CONSUME(NotOperator)));
    const operand = this.OR(this.unaryOperand);
    return this.ACTION(() => (nots.length === 0 ? operand : negate(operand, nots)));
  });

  /**
   * The unary operand's alternatives. Each OR's alternatives are made once, not on every call
   * (Chevrotain's performance guide; about a tenth off a parse here), so they close over nothing but
   * the parser.
   */
  private readonly unaryOperand: IOrAlt<Expr>[] = [
    {
      ALT: () => {
        this.CONSUME(LParen);
        const inner = this.SUBRULE(this.expr);
        this.CONSUME(RParen);
        return inner;
      },
    },
    { ALT: () => this.SUBRULE(this.predicate) },
  ];

  predicate = this.RULE('predicate', (): Predicate => {
    const field = this.CONSUME(Identifier, { LABEL: 'field' });
    this.negation = undefined;
    const word = this.OR(this.operator);
    const negation = this.negation;
    const operand: Scalar | List = this.OR2(this.listOrValue);
    return this.ACTION(() => {
      const fieldSpan = tokenSpan(field);
      return {
        kind: 'predicate',
        field: { name: field.image, span: fieldSpan },
        operator: operatorOf(word, negation),
        operand,
        span: join(fieldSpan, operand.span),
      };
    });
  });

  /** The `!` or NOT of the predicate being parsed, set by its operator alternatives. */
  private negation: IToken | undefined;

  /** The predicate's operator: a symbol, `!` or NOT and a word, or a word. */
  private readonly operator: IOrAlt<IToken>[] = [
    { ALT: () => this.CONSUME(SymbolOperator, { LABEL: 'operator' }) },
    {
      ALT: () => {
        this.negation = this.CONSUME(NotOperator, { LABEL: 'negation' });
        return this.CONSUME2(Identifier, { LABEL: 'operator' });
      },
    },
    { ALT: () => this.CONSUME3(Identifier, { LABEL: 'operator' }) },
  ];

  /** The predicate's operand: a list in either bracket, or a value. */
  private readonly listOrValue: IOrAlt<Scalar | List>[] = [
    { ALT: () => this.list(LParen, RParen, 1) },
    { ALT: () => this.list(LBracket, RBracket, 2) },
    {
      ALT: () => {
        const value = this.CONSUME(Value);
        return this.ACTION(() => scalar(value, this.escapes));
      },
    },
  ];
}

let productionParser: FilterParser | undefined;

/** The parser `parse` uses: lookahead from the table, recording ended by chevrotain-recording.ts. */
export function getParser(): FilterParser {
  return (productionParser ??= new FilterParser(false));
}

/** A parser with Chevrotain's grammar validations on, for tests and for the grammar artefacts. */
export function createValidatingParser(): FilterParser {
  return new FilterParser(true);
}

export type { FilterParser };

export interface ParseOptions {
  /** Deepest nesting of parentheses and NOTs accepted (default 100). */
  maxDepth?: number;
}

export interface ParseResult {
  ast: Expr | undefined;
  comments: Comment[];
  diagnostics: Diagnostic[];
}

/** Parses filter text into an AST. Never throws on user input: problems come back as diagnostics. */
export function parse(text: string, options: ParseOptions = {}): ParseResult {
  const notText = notTextBag(text);
  if (notText) return { ast: undefined, comments: [], diagnostics: notText.items };
  const bag = new DiagnosticBag(new SourceMap(text));
  const { ast, comments } = parseInto(text, bag, optionsOf(options));
  return { ast, comments, diagnostics: bag.items };
}

export function parseInto(text: string, bag: DiagnosticBag, options: ParseOptions = {}): Omit<ParseResult, 'diagnostics'> {
  if (refuseTooLarge(text, 'filter', bag)) return { ast: undefined, comments: [] };
  const maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH;
  // Most filters parse: the hand-written parser reads their text straight into a tree, and the
  // lexer and the Chevrotain parser run only on the rest, to find and word the error (fast-parse.ts).
  const fastEscapes = new DiagnosticBag(bag.source);
  const fast = fastParse(text, maxDepth, fastEscapes);
  if (fast) {
    for (const diagnostic of fastEscapes.items) bag.add(diagnostic);
    return fast;
  }
  const lexed = lex(text);
  const comments = lexed.comments.length === 0 ? [] : lexed.comments.map((token) => ({ text: token.image, span: tokenSpan(token) }));
  if (lexed.errors.length > 0) {
    let lineEnd = -1;
    for (const error of lexed.errors) lineEnd = reportLexError(text, error, bag, lineEnd);
    return { ast: undefined, comments };
  }
  const tokens = lexed.tokens;
  if (tokens.length === 0) {
    const at = text.length === 0 ? 0 : text.length;
    bag.report('error', filterMessage('empty-filter', 'empty', {}), { start: at, end: at });
    return { ast: undefined, comments };
  }
  return { ast: chevrotainParseInto(tokens, bag, maxDepth), comments };
}

/** The tree of `tokens` by the Chevrotain parser (after the depth check), or undefined with the error in `bag`. */
function chevrotainParseInto(tokens: IToken[], bag: DiagnosticBag, maxDepth: number): Expr | undefined {
  // Fewer tokens than levels cannot nest too deep.
  if (tokens.length > maxDepth && !checkDepth(tokens, maxDepth, bag)) return undefined;

  const parser = getParser();
  const escapes = new DiagnosticBag(bag.source);
  parser.escapes = escapes;
  parser.input = tokens;
  const ast = parser.expr();
  const errors = parser.errors; // a copy on every read
  if (errors.length > 0) {
    bag.add(parseErrorDiagnostic(errors[0] as IRecognitionException, tokens, bag.source!));
    return undefined;
  }
  for (const diagnostic of escapes.items) bag.add(diagnostic);
  return ast;
}

/**
 * `parse` by the Chevrotain parser alone, for the tests that hold the fast parser to it: the same
 * lexing, empty-filter and depth checks, then the Chevrotain parser on every text.
 */
export function chevrotainParse(text: string, options: ParseOptions = {}): ParseResult {
  const bag = new DiagnosticBag(new SourceMap(text));
  if (typeof text !== 'string' || refuseTooLarge(text, 'filter', bag)) return parse(text, options);
  const lexed = lex(text);
  if (lexed.errors.length > 0 || lexed.tokens.length === 0) return parse(text, options);
  const ast = chevrotainParseInto(lexed.tokens, bag, options.maxDepth ?? DEFAULT_MAX_DEPTH);
  const comments = lexed.comments.map((token) => ({ text: token.image, span: tokenSpan(token) }));
  return { ast, comments, diagnostics: bag.items };
}

/**
 * Reports one lexer error. Returns the end of the line an unclosed string ran to (else `lineEnd`):
 * a later unclosed string before it ends there too, so a line of them is not scanned once each.
 */
function reportLexError(text: string, error: { offset: number; length: number }, bag: DiagnosticBag, lineEnd: number): number {
  const char = text[error.offset];
  if (char === '"' || char === "'") {
    let end = error.offset + 1;
    if (end < lineEnd) end = lineEnd;
    else while (end < text.length && text[end] !== '\n' && text[end] !== '\r') end++;
    bag.report(
      'error',
      filterMessage('unterminated-string', 'notClosed', { char }),
      { start: error.offset, end },
      {
        title: `Close the string with ${char}`,
        edits: [{ span: { start: end, end }, newText: char }],
      },
    );
    return end;
  }
  const span = { start: error.offset, end: error.offset + error.length };
  const shown = text.slice(span.start, Math.min(span.end, span.start + 20));
  bag.report('error', filterMessage('unexpected-character', 'unexpected', { shown, several: error.length > 1 }), span);
  return lineEnd;
}

export { classifyWord } from './ast-parts.js';
