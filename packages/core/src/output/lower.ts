/** Lowering: NOT pushed to the leaves (De Morgan and the operator pairs), groups flattened. */
import type { CheckedExpr, Criterion, FilterNode, Group } from '../check/checked.js';
import { NEGATION } from '../language/operators.js';

export function lower(expr: CheckedExpr, negated = false): FilterNode {
  switch (expr.kind) {
    case 'criterion':
      return negated ? { ...expr, operator: NEGATION[expr.operator] } : expr;
    case 'not':
      return lower(expr.operand, !negated);
    default: {
      const kind = negated ? (expr.kind === 'and' ? 'or' : 'and') : expr.kind;
      const operands = expr.operands.map((operand) => lower(operand, negated));
      // A group without NOT or nested groups of its kind is already lowered: keep it.
      if (!negated && operands.every((operand, i) => operand === expr.operands[i] && operand.kind !== kind)) return expr as Group;
      return group(kind, operands, expr.span);
    }
  }
}

/** A group with same-kind members spliced in; a group of one is its member. */
export function group(kind: Group['kind'], operands: FilterNode[], span: Group['span']): FilterNode {
  if (operands.length > 1 && !operands.some((operand) => operand.kind === kind)) return { kind, operands, span };
  const flat: FilterNode[] = [];
  for (const operand of operands) {
    if (operand.kind === kind) flat.push(...operand.operands);
    else flat.push(operand);
  }
  return flat.length === 1 ? flat[0] : { kind, operands: flat, span };
}

export function isCriterion(node: FilterNode): node is Criterion {
  return node.kind === 'criterion';
}
