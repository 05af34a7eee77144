/** Lowering: NOT pushed to the leaves (De Morgan and the operator pairs), groups flattened. */
import type { CheckedExpr, FilterNode, Group } from '../check/checked.js';
import { negationOf } from '../language/operators.js';

export function lower(expr: CheckedExpr, negated = false): FilterNode {
  switch (expr.kind) {
    case 'criterion':
      // Written out rather than spread: a spread copy gets a map of its own, and the later stages,
      // which read criteria of both kinds, would read each property through two shapes.
      return negated ? { kind: 'criterion', key: expr.key, operator: negationOf(expr.operator), value: expr.value, span: expr.span } : expr;
    case 'not':
      return lower(expr.operand, !negated);
    default: {
      const kind = negated ? (expr.kind === 'and' ? 'or' : 'and') : expr.kind;
      // A group without NOT or nested groups of its kind is already lowered: keep it. Until a
      // member differs, `operands` is undefined: the members so far are the group's own. A lowered
      // member of the group's kind (AND in AND) is spliced in as it comes: its own members are
      // lowered, so none of them is of that kind.
      let operands: FilterNode[] | undefined = negated ? [] : undefined;
      for (let i = 0; i < expr.operands.length; i++) {
        const operand = expr.operands[i];
        const lowered = lower(operand, negated);
        if (!operands && (lowered !== operand || lowered.kind === kind)) operands = expr.operands.slice(0, i) as FilterNode[];
        if (!operands) continue;
        if (lowered.kind === kind) for (const member of lowered.operands) operands.push(member);
        else operands.push(lowered);
      }
      if (!operands) return expr as Group;
      // A group of one is its member (as `group` makes it).
      return operands.length === 1 ? operands[0] : { kind, operands, span: expr.span };
    }
  }
}

/** A group with same-kind members spliced in; a group of one is its member. */
export function group(kind: Group['kind'], operands: FilterNode[], span: Group['span']): FilterNode {
  let nested = false;
  for (let i = 0; i < operands.length && !nested; i++) nested = operands[i].kind === kind;
  if (operands.length > 1 && !nested) return { kind, operands, span };
  const flat: FilterNode[] = [];
  for (const operand of operands) {
    if (operand.kind === kind) flat.push(...operand.operands);
    else flat.push(operand);
  }
  return flat.length === 1 ? flat[0] : { kind, operands: flat, span };
}
