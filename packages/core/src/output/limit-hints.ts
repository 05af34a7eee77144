/**
 * The hints of the limit diagnostics, from what the filter actually holds: what could still be
 * merged into a list (and what that saves), or, when nothing can, what the filter is made of and
 * why it cannot shrink by merging. A fixed "merge values into 'in' lists" misled users whose
 * values were already one list, or whose predicates (`!contains`, `startsWith`) have no list form.
 */
import type { Criterion, FilterNode } from '../check/checked.js';
import { hasListForm, MERGE_RULES } from '../language/operators.js';

/** Predicates of one field, in one group, that one list could replace. */
interface Mergeable {
  key: string;
  /** The list operator they would become. */
  into: 'in' | '!in';
  /** How many criteria would become one. */
  count: number;
}

function mergeableGroups(root: FilterNode): Mergeable[] {
  const found: Mergeable[] = [];
  const visit = (node: FilterNode) => {
    if (node.kind === 'criterion') return;
    const counts = new Map<string, number>();
    for (const member of node.operands) {
      if (member.kind !== 'criterion') {
        visit(member);
        continue;
      }
      const { one, to: into } = MERGE_RULES[node.kind];
      if (member.operator === one || member.operator === into) counts.set(`${member.key}\u0000${into}`, (counts.get(`${member.key}\u0000${into}`) ?? 0) + 1);
    }
    for (const [id, count] of counts) {
      const [key, into] = id.split('\u0000') as [string, 'in' | '!in'];
      if (count > 1) found.push({ key, into, count });
    }
  };
  visit(root);
  return found.sort((a, b) => b.count - a.count);
}

function criteria(root: FilterNode): Criterion[] {
  return root.kind === 'criterion' ? [root] : root.operands.flatMap(criteria);
}

/** `40 '!contains' on ClientRequestPath, 2 'eq' on ClientCountry`: the commonest kinds first. */
function composition(all: Criterion[], top = 3): string {
  const counts = new Map<string, number>();
  for (const criterion of all) {
    const id = `'${criterion.operator}' on ${criterion.key}`;
    counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  const sorted = [...counts].sort((a, b) => b[1] - a[1]);
  const shown = sorted.slice(0, top).map(([id, count]) => `${count} ${id}`);
  return sorted.length > top ? `${shown.join(', ')} and ${sorted.length - top} more kinds` : shown.join(', ');
}

function mergeAdvice(merges: Mergeable[]): string {
  const [first] = merges;
  const others = merges.length > 1 ? ` (and ${merges.length - 1} more such groups)` : '';
  const group = first.into === MERGE_RULES.or.to ? 'or' : 'and';
  const from = `'${MERGE_RULES[group].one}'/'${first.into}' predicates`;
  return `${first.count} ${from} on ${first.key} in one ${group.toUpperCase()} group can become one '${first.into}' list${others}`;
}

/** Why nothing merges: lists are already lists, and some operators have no list form. */
function whyNotMergeable(all: Criterion[]): string {
  const noList = [...new Set(all.filter((c) => !hasListForm(c.operator)).map((c) => `'${c.operator}'`))];
  const lists = all.filter((c) => Array.isArray(c.value));
  const reasons: string[] = [];
  if (lists.length > 0) reasons.push(`its ${lists.length === 1 ? "'in' list is" : `${lists.length} lists are`} already merged`);
  if (noList.length > 0) reasons.push(`${noList.join(', ')} ${noList.length === 1 ? 'has' : 'have'} no list form`);
  return reasons.length > 0 ? `nothing can be merged (${reasons.join('; ')})` : 'nothing can be merged';
}

/** The remedy `too-many-operators`'s hint ends with (the message table words the rest): merge, split or drop. */
export function operatorsLimitRemedy(root: FilterNode): string {
  const merges = mergeableGroups(root);
  if (merges.length > 0) return `${mergeAdvice(merges)}; or split the job`;
  const all = criteria(root);
  return `the filter holds ${composition(all)}; ${whyNotMergeable(all)}: split the job into several, or drop criteria`;
}

/** The remedy `filter-too-large`'s hint ends with, after naming `largestMember`: merge, shorten or split. */
export function bytesLimitRemedy(root: FilterNode, largestMember: FilterNode): string {
  const merges = mergeableGroups(root);
  if (merges.length > 0) return `${mergeAdvice(merges)}, saving the repeated key and operator; or shorten values, or split the job`;
  const longList = criteria(largestMember).find((c) => Array.isArray(c.value) && c.value.length > 1);
  const values = longList && Array.isArray(longList.value) ? longList.value.length : 0;
  if (longList) {
    return `its '${longList.operator}' list on ${longList.key} holds ${values} values, already one list: shorten values, or split the values over several jobs`;
  }
  const all = criteria(root);
  return `the filter holds ${composition(all)}; ${whyNotMergeable(all)}: shorten values, or split the job`;
}
