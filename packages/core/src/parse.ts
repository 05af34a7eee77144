/**
 * The parser: tokens -> CST (Chevrotain CstParser) -> AST with source spans.
 *
 *   filter     = orExpr EOF
 *   orExpr     = andExpr { ( "OR" | "||" ) andExpr }
 *   andExpr    = notExpr { ( "AND" | "&&" ) notExpr }
 *   notExpr    = ( "NOT" | "!" ) notExpr | primary
 *   primary    = "(" orExpr ")" | predicate
 *   predicate  = field operator operand
 *   operator   = symbol | "!" word | "NOT" word | word
 *   operand    = list | scalar
 *   list       = "(" [ scalar { "," scalar } [ "," ] ] ")" | "[" [ scalar { "," scalar } [ "," ] ] "]"
 *   scalar     = string | bareword
 *
 * Keywords are case-insensitive; numbers and booleans are bare words told apart by the parser and
 * read by the field's type in the checker.
 */
import { CstParser, type CstNode, type IToken, type IRecognitionException } from 'chevrotain';
import type { Comment, Expr, List, Predicate, Scalar } from './ast.js';
import { DiagnosticBag, SourceMap, type Diagnostic, type Span } from './diagnostics.js';
import {
  allTokens, And, AndAnd, Bang, Comma, DoubleQuoted, Identifier, LBracket, lex, LParen, Not, Or, OrOr,
  RBracket, RParen, SingleQuoted, SymbolOperator, Word,
} from './lex.js';
import { parseErrorDiagnostic } from './parse-errors.js';
import { unescapeString } from './strings.js';

export const DEFAULT_MAX_DEPTH = 100;

class FilterParser extends CstParser {
  constructor(validate: boolean) {
    super(allTokens, { maxLookahead: 2, skipValidations: !validate, recoveryEnabled: false });
    this.performSelfAnalysis();
  }

  filter = this.RULE('filter', () => {
    this.SUBRULE(this.orExpr);
  });

  orExpr = this.RULE('orExpr', () => {
    this.SUBRULE(this.andExpr);
    this.MANY(() => {
      this.OR([{ ALT: () => this.CONSUME(Or) }, { ALT: () => this.CONSUME(OrOr) }]);
      this.SUBRULE2(this.andExpr);
    });
  });

  andExpr = this.RULE('andExpr', () => {
    this.SUBRULE(this.notExpr);
    this.MANY(() => {
      this.OR([{ ALT: () => this.CONSUME(And) }, { ALT: () => this.CONSUME(AndAnd) }]);
      this.SUBRULE2(this.notExpr);
    });
  });

  notExpr = this.RULE('notExpr', () => {
    this.OR([
      {
        ALT: () => {
          this.OR2([{ ALT: () => this.CONSUME(Not) }, { ALT: () => this.CONSUME(Bang) }]);
          this.SUBRULE(this.notExpr);
        },
      },
      { ALT: () => this.SUBRULE(this.primary) },
    ]);
  });

  primary = this.RULE('primary', () => {
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
    this.CONSUME(Identifier);
    this.SUBRULE(this.operator);
    this.SUBRULE(this.operand);
  });

  operator = this.RULE('operator', () => {
    this.OR([
      { ALT: () => this.CONSUME(SymbolOperator) },
      {
        ALT: () => {
          this.OR2([{ ALT: () => this.CONSUME(Bang) }, { ALT: () => this.CONSUME(Not) }]);
          this.CONSUME(Identifier, { LABEL: 'negated' });
        },
      },
      { ALT: () => this.CONSUME2(Identifier) },
    ]);
  });

  operand = this.RULE('operand', () => {
    this.OR([{ ALT: () => this.SUBRULE(this.list) }, { ALT: () => this.SUBRULE(this.scalar) }]);
  });

  list = this.RULE('list', () => {
    this.OR([
      {
        ALT: () => {
          this.CONSUME(LParen);
          this.SUBRULE(this.listItems);
          this.CONSUME(RParen);
        },
      },
      {
        ALT: () => {
          this.CONSUME(LBracket);
          this.SUBRULE2(this.listItems);
          this.CONSUME(RBracket);
        },
      },
    ]);
  });

  listItems = this.RULE('listItems', () => {
    this.OPTION(() => {
      this.SUBRULE(this.scalar);
      this.MANY(() => {
        this.CONSUME(Comma);
        this.SUBRULE2(this.scalar);
      });
      this.OPTION2(() => this.CONSUME2(Comma));
    });
  });

  scalar = this.RULE('scalar', () => {
    this.OR([
      { ALT: () => this.CONSUME(DoubleQuoted) },
      { ALT: () => this.CONSUME(SingleQuoted) },
      { ALT: () => this.CONSUME(Word) },
      { ALT: () => this.CONSUME(Identifier) },
    ]);
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
  const result = parseInto(text, bag, options);
  return { ...result, diagnostics: bag.items };
}

export function parseInto(text: string, bag: DiagnosticBag, options: ParseOptions = {}): Omit<ParseResult, 'diagnostics'> {
  const lexed = lex(text);
  const comments = lexed.comments.map((token) => ({ text: token.image, span: tokenSpan(token) }));
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
  if (!checkDepth(tokens, options.maxDepth ?? DEFAULT_MAX_DEPTH, bag)) return { ast: undefined, comments };

  const parser = getParser();
  parser.input = tokens;
  const cst = parser.filter();
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
  return orExpr(nodesOf(children(cst), 'orExpr')[0]);

  function logical(node: CstNode, kind: 'and' | 'or', childRule: string, next: (n: CstNode) => Expr): Expr {
    const operands = nodesOf(children(node), childRule).map(next);
    if (operands.length === 1) return operands[0];
    return { kind, operands, span: join(operands[0].span, operands[operands.length - 1].span) };
  }

  function orExpr(node: CstNode): Expr {
    return logical(node, 'or', 'andExpr', andExpr);
  }

  function andExpr(node: CstNode): Expr {
    return logical(node, 'and', 'notExpr', notExpr);
  }

  function notExpr(node: CstNode): Expr {
    const ctx = children(node);
    const primaries = nodesOf(ctx, 'primary');
    if (primaries.length > 0) return primary(primaries[0]);
    const keyword = tokensOf(ctx, 'Not')[0] ?? tokensOf(ctx, 'Bang')[0];
    const operand = notExpr(nodesOf(ctx, 'notExpr')[0]);
    return { kind: 'not', operand, span: join(tokenSpan(keyword), operand.span) };
  }

  function primary(node: CstNode): Expr {
    const ctx = children(node);
    const inner = nodesOf(ctx, 'orExpr');
    if (inner.length > 0) return orExpr(inner[0]);
    return predicate(nodesOf(ctx, 'predicate')[0]);
  }

  function predicate(node: CstNode): Predicate {
    const ctx = children(node);
    const fieldToken = tokensOf(ctx, 'Identifier')[0];
    const opCtx = children(nodesOf(ctx, 'operator')[0]);
    const opTokens = [
      ...tokensOf(opCtx, 'SymbolOperator'), ...tokensOf(opCtx, 'Bang'), ...tokensOf(opCtx, 'Not'),
      ...tokensOf(opCtx, 'negated'), ...tokensOf(opCtx, 'Identifier'),
    ];
    const first = opTokens[0];
    const last = opTokens[opTokens.length - 1];
    const spelling =
      opTokens.length === 1 ? first.image
      : first.tokenType === Bang ? `!${last.image}`
      : `not ${last.image}`;
    const operatorSpan = join(tokenSpan(first), tokenSpan(last));
    const operandNode = children(nodesOf(ctx, 'operand')[0]);
    const operand = nodesOf(operandNode, 'list').length > 0 ? list(nodesOf(operandNode, 'list')[0]) : scalar(nodesOf(operandNode, 'scalar')[0]);
    const fieldSpan = tokenSpan(fieldToken);
    return {
      kind: 'predicate',
      field: { name: fieldToken.image, span: fieldSpan },
      operator: { spelling, span: operatorSpan },
      operand,
      span: join(fieldSpan, operand.span),
    };
  }

  function list(node: CstNode): List {
    const ctx = children(node);
    const open = tokensOf(ctx, 'LParen')[0] ?? tokensOf(ctx, 'LBracket')[0];
    const close = tokensOf(ctx, 'RParen')[0] ?? tokensOf(ctx, 'RBracket')[0];
    const itemsNode = nodesOf(ctx, 'listItems')[0];
    const items = nodesOf(children(itemsNode), 'scalar').map(scalar);
    return { kind: 'list', items, bracket: open.tokenType === LParen ? '(' : '[', span: join(tokenSpan(open), tokenSpan(close)) };
  }

  function scalar(node: CstNode): Scalar {
    const ctx = children(node);
    const token = (Object.values(ctx)[0] as IToken[])[0];
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
