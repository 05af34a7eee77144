/**
 * Optimisations that keep the meaning and shrink the filter: duplicate siblings and duplicate list
 * values go; sibling `X eq a OR X eq b` becomes `X in [a, b]` and `X !eq a AND X !eq b` becomes
 * `X !in [a, b]` (an existing `in`/`!in` sibling on the same field joins in). The merged criterion
 * takes the place of the first one merged, values in source order, first of duplicates kept.
 */
import type { Criterion, FilterNode, TypedValue } from '../check/checked.js';
import { group } from './lower.js';
import type { Operator } from '../language/operators.js';
import { writeNode } from './serialize.js';

const MERGES: Record<'and' | 'or', { from: ReadonlySet<Operator>; to: Operator }> = {
  or: { from: new Set<Operator>(['eq', 'in']), to: 'in' },
  and: { from: new Set<Operator>(['!eq', '!in']), to: '!in' },
};

export function optimize(node: FilterNode): FilterNode {
  if (node.kind === 'criterion') return dedupeValues(node);
  const optimized = node.operands.map(optimize);
  const unchanged = optimized.every((operand, i) => operand === node.operands[i]);
  const operands = unchanged ? node : group(node.kind, optimized, node.span);
  if (operands.kind !== node.kind) return operands;
  const members = mergeSiblings(node.kind, dropDuplicates(operands.operands));
  return members === operands.operands ? operands : group(node.kind, members, node.span);
}

function dedupeValues(criterion: Criterion): Criterion {
  const values = criterion.value;
  if (!Array.isArray(values) || values.length < 2) return criterion;
  const unique = uniqueBy(
    values,
    (value) => value.text,
    (a, b) => a.text === b.text,
  );
  return unique === values ? criterion : { ...criterion, value: unique };
}

/**
 * The items without later duplicates, first kept; the same array when there are none. Short
 * arrays (nearly all of them) are compared pairwise, long ones through a set of keys.
 */
function uniqueBy<T>(items: T[], key: (item: T) => string, same: (a: T, b: T) => boolean): T[] {
  let unique: T[] | undefined;
  if (items.length <= 16) {
    for (let i = 1; i < items.length; i++) {
      let duplicate = false;
      for (let j = 0; j < i && !duplicate; j++) duplicate = same(items[i], items[j]);
      if (duplicate) unique ??= items.slice(0, i);
      else unique?.push(items[i]);
    }
    return unique ?? items;
  }
  const seen = new Set<string>();
  for (let i = 0; i < items.length; i++) {
    const k = key(items[i]);
    if (!seen.has(k)) {
      seen.add(k);
      unique?.push(items[i]);
    } else {
      unique ??= items.slice(0, i);
    }
  }
  return unique ?? items;
}

function dropDuplicates(operands: FilterNode[]): FilterNode[] {
  return uniqueBy(operands, identity, sameNode);
}

/** Equal for structurally equal nodes. */
function identity(node: FilterNode): string {
  return writeNode(node, 'typed').json;
}

function sameNode(a: FilterNode, b: FilterNode): boolean {
  if (a.kind !== b.kind) return false;
  if (a.kind === 'criterion') {
    const other = b as Criterion;
    return a.key === other.key && a.operator === other.operator && sameValue(a.value, other.value);
  }
  const operands = (b as typeof a).operands;
  return a.operands.length === operands.length && a.operands.every((operand, i) => sameNode(operand, operands[i]));
}

function sameValue(a: TypedValue | TypedValue[], b: TypedValue | TypedValue[]): boolean {
  if (!Array.isArray(a) || !Array.isArray(b)) {
    return !Array.isArray(a) && !Array.isArray(b) && a.type === b.type && a.text === b.text;
  }
  return a.length === b.length && a.every((value, i) => value.type === b[i].type && value.text === b[i].text);
}

function mergeSiblings(kind: 'and' | 'or', operands: FilterNode[]): FilterNode[] {
  const { from, to } = MERGES[kind];
  let candidates = 0;
  for (const operand of operands) if (operand.kind === 'criterion' && from.has(operand.operator)) candidates++;
  if (candidates < 2) return operands;
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
    const values = uniqueBy(
      criteria.flatMap(valuesOf),
      (value) => value.text,
      (a, b) => a.text === b.text,
    );
    const [first, ...rest] = criteria;
    // The merged criterion stands for all of them: its span runs from the first to the last.
    const span = { start: first.span.start, end: criteria[criteria.length - 1].span.end };
    replaced.set(first, { kind: 'criterion', key: first.key, operator: to, value: values, span });
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
