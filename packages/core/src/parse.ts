/**
 * The parser: tokens -> CST (Chevrotain CstParser) -> AST with source spans.
 *
 *   filter     = orExpr EOF
 *   orExpr     = andExpr { ( "OR" | "||" ) andExpr }
 *   andExpr    = unary { ( "AND" | "&&" ) unary }
 *   unary      = { "NOT" | "!" } ( "(" orExpr ")" | predicate )
 *   predicate  = field operator ( list | value )
 *   operator   = symbol | ( "!" | "NOT" ) word | word
 *   list       = "(" [ items ] ")" | "[" [ items ] "]"
 *   items      = value { "," value } [ "," ]
 *   value      = string | bareword
 *
 * (language.md writes `notExpr = NOT notExpr | primary`; a loop of NOTs means the same and parses
 * with less recursion.)
 * Keywords are case-insensitive; numbers and booleans are bare words told apart by the parser and
 * read by the field's type in the checker.
 */
import { CstParser, type CstNode, type IToken, type IRecognitionException } from 'chevrotain';
import type { Comment, Expr, List, Predicate, Scalar } from './ast.js';
import { DiagnosticBag, SourceMap, type Diagnostic, type Span } from './diagnostics.js';
import {
  allTokens, And, AndAnd, AndOperator, Bang, Comma, DoubleQuoted, Identifier, LBracket, lex, LParen, Not,
  NotOperator, Or, OrOperator, OrOr, RBracket, RParen, SingleQuoted, SymbolOperator, Value,
} from './lex.js';
import { parseErrorDiagnostic } from './parse-errors.js';
import { unescapeString } from './strings.js';

export const DEFAULT_MAX_DEPTH = 100;

class FilterParser extends CstParser {
  constructor(validate: boolean) {
    super(allTokens, { maxLookahead: 2, skipValidations: !validate, recoveryEnabled: false });
    this.performSelfAnalysis();
  }

  // Few rules on purpose: each rule invocation builds a CST node, the main cost of parsing.
  orExpr = this.RULE('orExpr', () => {
    this.SUBRULE(this.andExpr);
    this.MANY(() => {
      this.CONSUME(OrOperator);
      this.SUBRULE2(this.andExpr);
    });
  });

  andExpr = this.RULE('andExpr', () => {
    this.SUBRULE(this.unary);
    this.MANY(() => {
      this.CONSUME(AndOperator);
      this.SUBRULE2(this.unary);
    });
  });

  unary = this.RULE('unary', () => {
    this.MANY(() => this.CONSUME(NotOperator));
    this.OR([
      {
        ALT: () => {
          this.CONSUME(LParen);
          this.SUBRULE(this.orExpr);
          this.CONSUME(RParen);
        },
      },
      { ALT: () => this.SUBRULE(this.predicate) },
    ]);
  });

  predicate = this.RULE('predicate', () => {
    this.CONSUME(Identifier, { LABEL: 'field' });
    this.SUBRULE(this.operator);
    this.OR([
      {
        ALT: () => {
          this.CONSUME(LParen, { LABEL: 'open' });
          this.SUBRULE(this.items);
          this.CONSUME(RParen, { LABEL: 'close' });
        },
      },
      {
        ALT: () => {
          this.CONSUME(LBracket, { LABEL: 'open' });
          this.SUBRULE2(this.items);
          this.CONSUME(RBracket, { LABEL: 'close' });
        },
      },
      { ALT: () => this.CONSUME(Value) },
    ]);
  });

  operator = this.RULE('operator', () => {
    this.OR([
      { ALT: () => this.CONSUME(SymbolOperator) },
      {
        ALT: () => {
          this.CONSUME(NotOperator);
          this.CONSUME(Identifier, { LABEL: 'negated' });
        },
      },
      { ALT: () => this.CONSUME2(Identifier) },
    ]);
  });

  items = this.RULE('items', () => {
    this.OPTION(() => {
      this.CONSUME(Value);
      this.MANY(() => {
        this.CONSUME(Comma);
        this.CONSUME2(Value);
      });
      this.OPTION2(() => this.CONSUME2(Comma));
    });
  });
}

let productionParser: FilterParser | undefined;

function getParser(): FilterParser {
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
  const bag = new DiagnosticBag(new SourceMap(text));
  const { ast, comments } = parseInto(text, bag, options);
  return { ast, comments, diagnostics: bag.items };
}

export function parseInto(text: string, bag: DiagnosticBag, options: ParseOptions = {}): Omit<ParseResult, 'diagnostics'> {
  const lexed = lex(text);
  const comments = lexed.comments.length === 0 ? [] : lexed.comments.map((token) => ({ text: token.image, span: tokenSpan(token) }));
  if (lexed.errors.length > 0) {
    for (const error of lexed.errors) reportLexError(text, error, bag);
    return { ast: undefined, comments };
  }
  const tokens = lexed.tokens;
  if (tokens.length === 0) {
    const at = text.length === 0 ? 0 : text.length;
    bag.error(
      'empty-filter',
      { start: at, end: at },
      'the filter is empty',
      'write at least one predicate such as `ClientCountry eq us`; a job with no filter delivers every line, so leave the filter out for that',
    );
    return { ast: undefined, comments };
  }
  const maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH;
  // Fewer tokens than levels cannot nest too deep.
  if (tokens.length > maxDepth && !checkDepth(tokens, maxDepth, bag)) return { ast: undefined, comments };

  const parser = getParser();
  parser.input = tokens;
  const cst = parser.orExpr();
  if (parser.errors.length > 0) {
    bag.add(parseErrorDiagnostic(parser.errors[0] as IRecognitionException, tokens, bag.source));
    return { ast: undefined, comments };
  }
  const ast = buildAst(cst, bag);
  return { ast, comments };
}

function reportLexError(text: string, error: { offset: number; length: number }, bag: DiagnosticBag): void {
  const char = text[error.offset];
  if (char === '"' || char === "'") {
    let end = error.offset + 1;
    while (end < text.length && text[end] !== '\n' && text[end] !== '\r') end++;
    bag.error('unterminated-string', { start: error.offset, end }, 'this string is not closed', `add the closing ${char} before the end of the line`);
    return;
  }
  const span = { start: error.offset, end: error.offset + error.length };
  const shown = text.slice(span.start, Math.min(span.end, span.start + 20));
  const hint =
    char === '&' ? "write AND (or '&&') to join predicates"
    : char === '|' ? "write OR (or '||') to join predicates"
    : 'put the value in quotes if it holds this character';
  bag.error('unexpected-character', span, `unexpected character${error.length > 1 ? 's' : ''} '${shown}'`, hint);
}

/**
 * Refuses input nested deeper than `maxDepth` before the recursive parser sees it: parentheses and
 * NOT chains each add a level. A '(' right after an operator opens a list, which never nests.
 */
function checkDepth(tokens: IToken[], maxDepth: number, bag: DiagnosticBag): boolean {
  const notsPerLevel: number[] = [0];
  let nots = 0;
  let inList = false;
  let previous: IToken | undefined;
  for (const token of tokens) {
    const type = token.tokenType;
    if (type === LParen) {
      inList = previous !== undefined && (previous.tokenType === Identifier || previous.tokenType === SymbolOperator);
      if (!inList) notsPerLevel.push(0);
    } else if (type === RParen) {
      if (inList) inList = false;
      else if (notsPerLevel.length > 1) nots -= notsPerLevel.pop()!;
    } else if ((type === Not || type === Bang) && previous?.tokenType !== Identifier) {
      notsPerLevel[notsPerLevel.length - 1]++;
      nots++;
    } else if (type === And || type === AndAnd || type === Or || type === OrOr) {
      nots -= notsPerLevel[notsPerLevel.length - 1];
      notsPerLevel[notsPerLevel.length - 1] = 0;
    }
    if (notsPerLevel.length - 1 + nots > maxDepth) {
      bag.error(
        'nesting-too-deep',
        tokenSpan(token),
        `the filter is nested more than ${maxDepth} levels deep`,
        'remove redundant parentheses or NOTs; nested groups of the same kind mean the same flattened',
      );
      return false;
    }
    previous = token;
  }
  return true;
}

export function tokenSpan(token: IToken): Span {
  return { start: token.startOffset, end: token.startOffset + token.image.length };
}

function join(a: Span, b: Span): Span {
  return { start: a.start, end: b.end };
}

type Ctx = Record<string, Array<IToken | CstNode> | undefined>;
const children = (node: CstNode): Ctx => node.children as Ctx;
const tokensOf = (ctx: Ctx, key: string): IToken[] => (ctx[key] as IToken[] | undefined) ?? [];
const nodesOf = (ctx: Ctx, key: string): CstNode[] => (ctx[key] as CstNode[] | undefined) ?? [];

/** Walks the CST into the AST; string escapes are checked here. */
function buildAst(cst: CstNode, bag: DiagnosticBag): Expr {
  return orExpr(cst);

  function logical(node: CstNode, kind: 'and' | 'or', childRule: string, next: (n: CstNode) => Expr): Expr {
    const nodes = nodesOf(children(node), childRule);
    if (nodes.length === 1) return next(nodes[0]);
    const operands = nodes.map(next);
    return { kind, operands, span: join(operands[0].span, operands[operands.length - 1].span) };
  }

  function orExpr(node: CstNode): Expr {
    return logical(node, 'or', 'andExpr', andExpr);
  }

  function andExpr(node: CstNode): Expr {
    return logical(node, 'and', 'unary', unary);
  }

  function unary(node: CstNode): Expr {
    const ctx = children(node);
    const inner = nodesOf(ctx, 'orExpr');
    let expr: Expr = inner.length > 0 ? orExpr(inner[0]) : predicate(nodesOf(ctx, 'predicate')[0]);
    const nots = tokensOf(ctx, 'NotOperator');
    for (let i = nots.length - 1; i >= 0; i--) {
      expr = { kind: 'not', operand: expr, span: join(tokenSpan(nots[i]), expr.span) };
    }
    return expr;
  }

  function predicate(node: CstNode): Predicate {
    const ctx = children(node);
    const fieldToken = tokensOf(ctx, 'field')[0];
    const operator = operatorOf(children(nodesOf(ctx, 'operator')[0]));
    const open = tokensOf(ctx, 'open')[0];
    let operand: Scalar | List;
    if (open) {
      const close = tokensOf(ctx, 'close')[0];
      const items = tokensOf(children(nodesOf(ctx, 'items')[0]), 'Value').map(scalar);
      operand = { kind: 'list', items, bracket: open.tokenType === LParen ? '(' : '[', span: join(tokenSpan(open), tokenSpan(close)) };
    } else {
      operand = scalar(tokensOf(ctx, 'Value')[0]);
    }
    const fieldSpan = tokenSpan(fieldToken);
    return {
      kind: 'predicate',
      field: { name: fieldToken.image, span: fieldSpan },
      operator,
      operand,
      span: join(fieldSpan, operand.span),
    };
  }

  function operatorOf(ctx: Ctx): Predicate['operator'] {
    const symbol = tokensOf(ctx, 'SymbolOperator')[0] ?? tokensOf(ctx, 'Identifier')[0];
    if (symbol) return { spelling: symbol.image, span: tokenSpan(symbol) };
    const negation = tokensOf(ctx, 'NotOperator')[0];
    const word = tokensOf(ctx, 'negated')[0];
    const spelling = negation.tokenType === Bang ? `!${word.image}` : `not ${word.image}`;
    return { spelling, span: join(tokenSpan(negation), tokenSpan(word)) };
  }

  function scalar(token: IToken): Scalar {
    const span = tokenSpan(token);
    const type = token.tokenType;
    if (type === DoubleQuoted || type === SingleQuoted) {
      const quote = type === DoubleQuoted ? '"' : "'";
      const value = unescapeString(token.image, span.start, bag);
      return { kind: 'string', value, quote, span };
    }
    return { kind: classifyWord(token.image), value: token.image, span };
  }
}

const NUMBER = /^-?\d+(?:\.\d+)?$/;

export function classifyWord(word: string): Scalar['kind'] {
  if (NUMBER.test(word)) return 'number';
  if (word === 'true' || word === 'false') return 'boolean';
  return 'word';
}
