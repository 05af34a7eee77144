/** The CST -> AST walk: spans from tokens, string escapes checked, words told apart. */
import type { CstNode, IToken } from 'chevrotain';
import type { Expr, List, Predicate, Scalar } from './ast.js';
import type { DiagnosticBag, Span } from './diagnostics.js';
import { Bang, DoubleQuoted, LParen, SingleQuoted } from './lex.js';
import { unescapeString } from './strings.js';

export function tokenSpan(token: IToken): Span {
  return { start: token.startOffset, end: token.startOffset + token.image.length };
}

export function join(a: Span, b: Span): Span {
  return { start: a.start, end: b.end };
}

type Ctx = Record<string, Array<IToken | CstNode> | undefined>;
const children = (node: CstNode): Ctx => node.children as Ctx;
const tokensOf = (ctx: Ctx, key: string): IToken[] => (ctx[key] as IToken[] | undefined) ?? [];
const nodesOf = (ctx: Ctx, key: string): CstNode[] => (ctx[key] as CstNode[] | undefined) ?? [];

/** Walks the CST into the AST; string escapes are checked here. */
export function buildAst(cst: CstNode, bag: DiagnosticBag): Expr {
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
