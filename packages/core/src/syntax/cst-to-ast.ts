/** The CST -> AST walk: spans from tokens, string escapes checked, words told apart. */
import type { CstNode, IToken } from 'chevrotain';
import type { Expr, List, Predicate, Scalar } from './ast.js';
import type { DiagnosticBag, Span } from '../base/diagnostics.js';
import { Bang, DoubleQuoted, LParen, Or, OrOr, SingleQuoted } from './lex.js';
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
  return expr(cst);

  /** A flat run `u0 c1 u1 c2 u2 ...` grouped by precedence: AND runs first, then OR between them. */
  function expr(node: CstNode): Expr {
    const ctx = children(node);
    const unaries = nodesOf(ctx, 'unary');
    if (unaries.length === 1) return unary(unaries[0]);
    const connectives = tokensOf(ctx, 'Connective');
    const alternatives: Expr[] = [];
    let run: Expr[] = [unary(unaries[0])];
    for (let i = 1; i < unaries.length; i++) {
      const type = connectives[i - 1].tokenType;
      if (type === Or || type === OrOr) {
        alternatives.push(group('and', run));
        run = [];
      }
      run.push(unary(unaries[i]));
    }
    alternatives.push(group('and', run));
    return group('or', alternatives);
  }

  function group(kind: 'and' | 'or', operands: Expr[]): Expr {
    return operands.length === 1 ? operands[0] : { kind, operands, span: join(operands[0].span, operands[operands.length - 1].span) };
  }

  function unary(node: CstNode): Expr {
    const ctx = children(node);
    const inner = nodesOf(ctx, 'expr');
    let result: Expr = inner.length > 0 ? expr(inner[0]) : predicate(nodesOf(ctx, 'predicate')[0]);
    const nots = tokensOf(ctx, 'NotOperator');
    for (let i = nots.length - 1; i >= 0; i--) {
      result = { kind: 'not', operand: result, span: join(tokenSpan(nots[i]), result.span) };
    }
    return result;
  }

  function predicate(node: CstNode): Predicate {
    const ctx = children(node);
    const fieldToken = tokensOf(ctx, 'field')[0];
    const operator = operatorOf(ctx);
    const open = tokensOf(ctx, 'open')[0];
    let operand: Scalar | List;
    if (open) {
      const close = tokensOf(ctx, 'close')[0];
      const items = tokensOf(ctx, 'item').map(scalar);
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
    const word = tokensOf(ctx, 'operator')[0];
    const negation = tokensOf(ctx, 'negation')[0];
    if (!negation) return { spelling: word.image, span: tokenSpan(word) };
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
