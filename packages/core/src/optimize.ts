/**
 * Optimisations that keep the meaning and shrink the filter: duplicate siblings and duplicate list
 * values go; sibling `X eq a OR X eq b` becomes `X in [a, b]` and `X !eq a AND X !eq b` becomes
 * `X !in [a, b]` (an existing `in`/`!in` sibling on the same field joins in). The merged criterion
 * takes the place of the first one merged, values in source order, first of duplicates kept.
 */
import type { Criterion, FilterNode, TypedValue } from './checked.js';
import { group } from './lower.js';
import type { Operator } from './operators.js';
import { writeNode } from './serialize.js';

const MERGES: Record<'and' | 'or', { from: ReadonlySet<Operator>; to: Operator }> = {
  or: { from: new Set<Operator>(['eq', 'in']), to: 'in' },
  and: { from: new Set<Operator>(['!eq', '!in']), to: '!in' },
};

export function optimize(node: FilterNode): FilterNode {
  if (node.kind === 'criterion') return dedupeValues(node);
  const operands = group(node.kind, node.operands.map(optimize), node.span);
  if (operands.kind !== node.kind) return operands;
  const members = mergeSiblings(node.kind, dropDuplicates(operands.operands));
  return group(node.kind, members, node.span);
}

function dedupeValues(criterion: Criterion): Criterion {
  if (!Array.isArray(criterion.value) || criterion.value.length < 2) return criterion;
  const seen = new Set<string>();
  const values = criterion.value.filter((value) => !seen.has(value.text) && (seen.add(value.text), true));
  return values.length === criterion.value.length ? criterion : { ...criterion, value: values };
}

function dropDuplicates(operands: FilterNode[]): FilterNode[] {
  const seen = new Set<string>();
  return operands.filter((operand) => {
    const key = writeNode(operand, 'typed');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function mergeSiblings(kind: 'and' | 'or', operands: FilterNode[]): FilterNode[] {
  const { from, to } = MERGES[kind];
  const byField = new Map<string, Criterion[]>();
  for (const operand of operands) {
    const key = operand.kind === 'criterion' && from.has(operand.operator) ? mergeKey(operand) : undefined;
    if (key === undefined) continue;
    const list = byField.get(key);
    if (list) list.push(operand as Criterion);
    else byField.set(key, [operand as Criterion]);
  }
  const replaced = new Map<FilterNode, FilterNode | null>();
  for (const criteria of byField.values()) {
    if (criteria.length < 2) continue;
    const seen = new Set<string>();
    const values: TypedValue[] = [];
    for (const criterion of criteria) {
      for (const value of valuesOf(criterion)) {
        if (!seen.has(value.text)) {
          seen.add(value.text);
          values.push(value);
        }
      }
    }
    const [first, ...rest] = criteria;
    replaced.set(first, { kind: 'criterion', key: first.key, operator: to, value: values, span: first.span });
    for (const criterion of rest) replaced.set(criterion, null);
  }
  if (replaced.size === 0) return operands;
  const result: FilterNode[] = [];
  for (const operand of operands) {
    const replacement = replaced.get(operand);
    if (replacement === undefined) result.push(operand);
    else if (replacement !== null) result.push(replacement);
  }
  return result;
}

function valuesOf(criterion: Criterion): TypedValue[] {
  return Array.isArray(criterion.value) ? criterion.value : [criterion.value];
}

/**
 * Criteria merge when they name the same field and their values are of one JSON type; booleans
 * never merge (`in` is not allowed on bool fields).
 */
function mergeKey(criterion: Criterion): string | undefined {
  const values = valuesOf(criterion);
  const type = values[0].type;
  if (type === 'boolean' || values.some((value) => value.type !== type)) return undefined;
  return `${criterion.key}\u0000${type}`;
}
