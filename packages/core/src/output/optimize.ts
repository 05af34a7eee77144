/**
 * Optimisations that keep the meaning and shrink the filter: duplicate siblings and duplicate list
 * values go; sibling `X eq a OR X eq b` becomes `X in [a, b]` and `X !eq a AND X !eq b` becomes
 * `X !in [a, b]` (an existing `in`/`!in` sibling on the same field joins in). The merged criterion
 * takes the place of the first one merged, values in source order, first of duplicates kept.
 */
import type { Criterion, FilterNode, TypedValue } from '../check/checked.js';
import { group } from './lower.js';
import { MERGE_RULES } from '../language/operators.js';
import { writeNode } from './serialize.js';

/** Groups longer than this find duplicates through a set of keys rather than pairwise. */
const PAIRWISE = 16;

export function optimize(node: FilterNode): FilterNode {
  if (node.kind === 'criterion') return dedupeValues(node);
  // Members first; a new array only once one of them changes.
  let optimized = node.operands;
  for (let i = 0; i < node.operands.length; i++) {
    const member = optimize(node.operands[i]);
    if (optimized !== node.operands) optimized.push(member);
    else if (member !== node.operands[i]) {
      optimized = node.operands.slice(0, i);
      optimized.push(member);
    }
  }
  const current = optimized === node.operands ? node : group(node.kind, optimized, node.span);
  if (current.kind !== node.kind) return current;
  const members = dedupeAndMerge(current.kind, current.operands);
  return members === current.operands ? current : group(node.kind, members, node.span);
}

function dedupeValues(criterion: Criterion): Criterion {
  const values = criterion.value;
  if (!Array.isArray(values) || values.length < 2) return criterion;
  const unique = uniqueValues(values);
  // Written out rather than spread, so that every criterion has the checker's shape (see lower.ts).
  return unique === values ? criterion : { kind: 'criterion', key: criterion.key, operator: criterion.operator, value: unique, span: criterion.span };
}

/** The values without later duplicates of their text, first kept; the same array when there are none. */
function uniqueValues(values: TypedValue[]): TypedValue[] {
  let unique: TypedValue[] | undefined;
  if (values.length <= PAIRWISE) {
    for (let i = 1; i < values.length; i++) {
      let duplicate = false;
      for (let j = 0; j < i && !duplicate; j++) duplicate = values[i].text === values[j].text;
      if (duplicate) unique ??= values.slice(0, i);
      else unique?.push(values[i]);
    }
    return unique ?? values;
  }
  const seen = new Set<string>();
  for (let i = 0; i < values.length; i++) {
    const text = values[i].text;
    if (!seen.has(text)) {
      seen.add(text);
      unique?.push(values[i]);
    } else {
      unique ??= values.slice(0, i);
    }
  }
  return unique ?? values;
}

/**
 * One walk over a group's members: a member equal to an earlier one goes, and criteria that
 * merge (same field, one JSON type of values) are gathered under the first of them. The same
 * array when nothing goes and nothing merges.
 */
function dedupeAndMerge(kind: 'and' | 'or', operands: FilterNode[]): FilterNode[] {
  const { one, to } = MERGE_RULES[kind];
  // Most groups have nothing to drop or merge: that is found by looking at each pair once, before
  // anything is made.
  if (operands.length <= PAIRWISE && !anyPairMeets(operands, one, to)) return operands;
  const keys = operands.length > PAIRWISE ? new Set<string>() : undefined;
  /** The members kept, once one has gone: until then, `operands` up to the current one. */
  let kept: FilterNode[] | undefined;
  /** The first criterion of each field and type that could merge, and what merges into it. */
  let leaders: Criterion[] | undefined;
  let merging: Array<Criterion[] | undefined> | undefined;
  for (let i = 0; i < operands.length; i++) {
    const member = operands[i];
    if (keys ? isRepeated(member, keys) : hasEqual(member, kept ?? operands, kept ? kept.length : i)) {
      kept ??= operands.slice(0, i);
      continue;
    }
    kept?.push(member);
    if (member.kind !== 'criterion' || (member.operator !== one && member.operator !== to)) continue;
    const type = mergeType(member);
    if (type === undefined) continue;
    leaders ??= [];
    merging ??= [];
    let j = 0;
    while (j < leaders.length && !(leaders[j].key === member.key && mergeType(leaders[j]) === type)) j++;
    if (j === leaders.length) leaders.push(member);
    else (merging[j] ??= [leaders[j]]).push(member);
  }
  const members = kept ?? operands;
  if (!merging || merging.length === 0) return members;
  // The criterion each field's merging criteria become, at the index of their list.
  const merged: Array<Criterion | undefined> = [];
  for (let j = 0; j < merging.length; j++) {
    const criteria = merging[j];
    if (!criteria) continue;
    const values: TypedValue[] = [];
    for (const criterion of criteria) {
      if (Array.isArray(criterion.value)) for (const value of criterion.value) values.push(value);
      else values.push(criterion.value);
    }
    const first = criteria[0];
    // The merged criterion stands for all of them: its span runs from the first to the last.
    const span = { start: first.span.start, end: criteria[criteria.length - 1].span.end };
    merged[j] = { kind: 'criterion', key: first.key, operator: to, value: uniqueValues(values), span };
  }
  // The merged criterion takes the place of the first it stands for; the others go. Each list of
  // merging criteria holds members in their order, so a member is the next of one list or of none:
  // one place per list finds it, with no search of the lists (a group of thousands that all merge
  // stays linear).
  const next: number[] = new Array(merging.length).fill(0);
  const result: FilterNode[] = [];
  for (const member of members) {
    let j = 0;
    while (j < merging.length && merging[j]?.[next[j]] !== member) j++;
    if (j === merging.length) result.push(member);
    else if (next[j]++ === 0) result.push(merged[j]!);
  }
  return result;
}

/**
 * Whether two members may be equal or merge: equal criteria, two criteria of one field whose
 * operators both merge, or equal groups. False means `dedupeAndMerge` would keep every member.
 */
function anyPairMeets(operands: FilterNode[], one: string, to: string): boolean {
  for (let i = 1; i < operands.length; i++) {
    const a = operands[i];
    for (let j = 0; j < i; j++) {
      const b = operands[j];
      if (a.kind !== b.kind) continue;
      if (a.kind !== 'criterion') {
        if (sameNode(a, b)) return true;
        continue;
      }
      const other = b as Criterion;
      if (a.key !== other.key) continue;
      if (mergesWith(a, one, to) && mergesWith(other, one, to)) return true;
      if (a.operator === other.operator && sameValue(a.value, other.value)) return true;
    }
  }
  return false;
}

const mergesWith = (criterion: Criterion, one: string, to: string): boolean => criterion.operator === one || criterion.operator === to;

/** Whether `node` equals one of the first `count` of `earlier`. */
function hasEqual(node: FilterNode, earlier: FilterNode[], count: number): boolean {
  for (let j = 0; j < count; j++) if (sameNode(node, earlier[j])) return true;
  return false;
}

/** Whether a node equal to `node` was seen before (its typed JSON is the key); remembers it. */
function isRepeated(node: FilterNode, keys: Set<string>): boolean {
  const key = writeNode(node, 'typed').json;
  if (keys.has(key)) return true;
  keys.add(key);
  return false;
}

function sameNode(a: FilterNode, b: FilterNode): boolean {
  if (a.kind !== b.kind) return false;
  if (a.kind === 'criterion') {
    const other = b as Criterion;
    return a.key === other.key && a.operator === other.operator && sameValue(a.value, other.value);
  }
  const operands = (b as typeof a).operands;
  if (a.operands.length !== operands.length) return false;
  for (let i = 0; i < operands.length; i++) if (!sameNode(a.operands[i], operands[i])) return false;
  return true;
}

function sameValue(a: TypedValue | TypedValue[], b: TypedValue | TypedValue[]): boolean {
  if (!Array.isArray(a) || !Array.isArray(b)) {
    return !Array.isArray(a) && !Array.isArray(b) && a.type === b.type && a.text === b.text;
  }
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i].type !== b[i].type || a[i].text !== b[i].text) return false;
  return true;
}

/**
 * The JSON type of a criterion's values when it can merge: they name one type, and not boolean
 * (`in` is not allowed on bool fields).
 */
function mergeType(criterion: Criterion): TypedValue['type'] | undefined {
  const value = criterion.value;
  if (!Array.isArray(value)) return value.type === 'boolean' ? undefined : value.type;
  const type = value[0].type;
  if (type === 'boolean') return undefined;
  for (let i = 1; i < value.length; i++) if (value[i].type !== type) return undefined;
  return type;
}
