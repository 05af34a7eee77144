/**
 * Filters that are one filter written in another order: the same meaning, known without Z3. AND and
 * OR take their members in any order and any number of times, a group nested in a group of its kind
 * is part of it, and a group of one member is that member; a membership operator (`in`, `!in`: test
 * `member` in core's operator table) takes its values as a set. A rewrite often differs from what it
 * replaces in these alone (the optimiser merges, NOTs are pushed to the criteria, lists and groups are
 * written in another order), and Z3's start is most of a diff's time.
 *
 * Anything else that differs, even what means nothing (a number written as text, `eq` against `in` of
 * one value), says no: the solver decides then. So this answers yes only for a pair that is one filter.
 */
import { type FilterJson, OPERATOR_TABLE } from '@logfilter/core';

/** Whether `a` and `b` are one filter up to order and repetition (`undefined`: no filter, which lets every record through). */
export function sameFilter(a: FilterJson | undefined, b: FilterJson | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return canonical(a) === canonical(b);
}

/**
 * The value's text in one order: members of a group and values of a membership criterion sorted by
 * their own canonical text, once each; every object's members by name. Values are as parseJsonExact
 * reads them: an integer past 2^53 (a bigint) is written with its digits, as JSON writes a number.
 */
function canonical(value: unknown): string {
  if (typeof value === 'bigint') return value.toString();
  if (typeof value !== 'object' || value === null) return JSON.stringify(value) ?? 'undefined';
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const object = value as Record<string, unknown>;
  const kind = groupKind(object);
  if (kind !== undefined) {
    const members = setOf(membersOf(kind, object[kind] as unknown[], []));
    return members.length === 1 ? members[0] : `{"${kind}":[${members.join(',')}]}`;
  }
  // A criterion of a membership operator holds its values as a set.
  const values = isMembership(object.operator) && Array.isArray(object.value) ? object.value : undefined;
  const members = Object.keys(object)
    .sort()
    .map((name) => {
      const text = name === 'value' && values ? `[${setOf(values.map(canonical)).join(',')}]` : canonical(object[name]);
      return `${JSON.stringify(name)}:${text}`;
    });
  return `{${members.join(',')}}`;
}

/** `and` or `or` when the object is a group: that one member, holding an array. */
function groupKind(object: Record<string, unknown>): 'and' | 'or' | undefined {
  const names = Object.keys(object);
  if (names.length !== 1 || !Array.isArray(object[names[0]])) return undefined;
  return names[0] === 'and' || names[0] === 'or' ? names[0] : undefined;
}

/** The canonical texts of a group's members, with those of nested groups of the same kind in their place. */
function membersOf(kind: 'and' | 'or', members: unknown[], into: string[]): string[] {
  for (const member of members) {
    const nested = typeof member === 'object' && member !== null && !Array.isArray(member) ? (member as Record<string, unknown>) : undefined;
    if (nested && groupKind(nested) === kind) membersOf(kind, nested[kind] as unknown[], into);
    else into.push(canonical(member));
  }
  return into;
}

/** Sorted, each once. */
function setOf(texts: string[]): string[] {
  texts.sort();
  return texts.filter((text, i) => i === 0 || text !== texts[i - 1]);
}

/** Whether the operator tests membership of a set of values (core's operator table says which). */
function isMembership(operator: unknown): boolean {
  return typeof operator === 'string' && Object.hasOwn(OPERATOR_TABLE, operator) && OPERATOR_TABLE[operator as keyof typeof OPERATOR_TABLE].test === 'member';
}
