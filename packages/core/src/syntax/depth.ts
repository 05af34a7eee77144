/** The nesting limit, checked on the tokens before the recursive parser sees them. */
import { filterMessage } from '../base/filter-messages.js';
import { tokenSpan } from './ast-parts.js';
import type { DiagnosticBag } from '../base/diagnostics.js';
import { And, AndAnd, Bang, Identifier, LParen, Not, Or, OrOr, RParen, SymbolOperator, type Token } from './lex.js';

/**
 * Refuses input nested deeper than `maxDepth` before the recursive parser sees it: parentheses and
 * NOT chains each add a level. A '(' right after an operator opens a list, which never nests.
 */
export function checkDepth(tokens: Token[], maxDepth: number, bag: DiagnosticBag): boolean {
  const notsPerLevel: number[] = [0];
  let nots = 0;
  let inList = false;
  let previous: Token | undefined;
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
      bag.report('error', filterMessage('nesting-too-deep', 'tooDeep', { maxDepth }), tokenSpan(token));
      return false;
    }
    previous = token;
  }
  return true;
}
