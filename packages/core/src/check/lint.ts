/**
 * Lint warnings on the lowered tree (NOT pushed to the leaves): filters that compile but cannot
 * do what was meant. An AND group that never matches (the job delivers nothing), an OR group that
 * always matches (it filters nothing), a value whose case the service never logs, a timestamp
 * compared with something that is not one, a network compared with a field that holds one address,
 * a `*` at an end of a text value, which the service compares as a character (not a wildcard).
 * Warnings only; `lint: false` turns them off.
 */
import { filterMessage } from '../base/filter-messages.js';
import type { DiagnosticBag, FixSpans, Span } from '../base/diagnostics.js';
import type { Dataset } from '../language/catalog.js';
import { isArrayField } from '../language/field-types.js';
import { isAddressField, isLoggedLowerCase, isTimestampField, networkOf, readsAsTimestamp } from '../language/logged-values.js';
import { type Facts, factsOf } from '../language/operators.js';
import { criterionText, globCriterion, hasEdgeStar } from '../language/operator-suggest.js';
import { type Criterion, type FilterNode, type Group, keyBit, type TypedValue } from './checked.js';

export function lint(root: FilterNode, dataset: Dataset, bag: DiagnosticBag): void {
  if (root.kind === 'criterion') {
    lintValues(root, dataset, bag);
    return;
  }
  // The bits of the field names met (`keyBit`), and of those met twice: most groups name each field
  // once, and their pairs are never looked at.
  let met = 0;
  let twice = 0;
  const members = root.operands;
  for (let i = 0; i < members.length; i++) {
    const member = members[i];
    if (member.kind !== 'criterion') {
      lint(member, dataset, bag);
      continue;
    }
    lintValues(member, dataset, bag);
    const bit = keyBit(member.key);
    twice |= met & bit;
    met |= bit;
  }
  if (twice !== 0) lintFields(root, twice, dataset, bag);
}

/** The warnings on criteria of one field, in a group where some field may be named twice or more (its bit in `twice`). */
function lintFields(root: Group, twice: number, dataset: Dataset, bag: DiagnosticBag): void {
  // The criteria of each field named twice or more, in order of the field's first criterion: a
  // group names few fields, so lists searched cost less than a map of lists.
  const members = root.operands;
  const groups: Criterion[][] = [];
  for (let i = 0; i < members.length; i++) {
    const member = members[i];
    if (member.kind !== 'criterion' || (keyBit(member.key) & twice) === 0) continue;
    let seen = false;
    for (let g = 0; g < groups.length && !seen; g++) {
      if (groups[g][0].key === member.key) {
        groups[g].push(member);
        seen = true;
      }
    }
    if (seen) continue;
    let later = false;
    for (let j = i + 1; j < members.length && !later; j++) later = members[j].kind === 'criterion' && (members[j] as Criterion).key === member.key;
    if (later) groups.push([member]);
  }
  for (const criteria of groups) {
    const key = criteria[0].key;
    const field = dataset.field(key);
    if (root.kind === 'and' && field && !isArrayField(field) && neverMatches(criteria)) reportNever(key, criteria, bag);
    if (root.kind === 'or' && alwaysMatches(criteria)) reportAlways(key, criteria, bag);
  }
}

const valuesOf = (criterion: Criterion): TypedValue[] => (Array.isArray(criterion.value) ? criterion.value : [criterion.value]);
const texts = (criterion: Criterion) => new Set(valuesOf(criterion).map((value) => value.text));
const around = (criteria: Criterion[]): Span => ({ start: criteria[0].span.start, end: criteria[criteria.length - 1].span.end });

/** The number a range criterion compares with (NaN for none). */
const bound = (criterion: Criterion): number => Number((Array.isArray(criterion.value) ? criterion.value[0] : criterion.value)?.text ?? 'x');

/** Whether no one value of a scalar field satisfies every criterion of an AND group. */
function neverMatches(criteria: Criterion[]): boolean {
  let allowed: Set<string> | undefined;
  // Made at the first negated whole-value criterion: most fields named twice have none.
  let excluded: Set<string> | undefined;
  let low = Number.NEGATIVE_INFINITY;
  let high = Number.POSITIVE_INFINITY;
  let lowStrict = false;
  let highStrict = false;
  for (const criterion of criteria) {
    const facts = factsOf(criterion.operator);
    if (wholeValue(facts)) {
      if (facts.negated) {
        excluded ??= new Set();
        for (const text of texts(criterion)) excluded.add(text);
      } else allowed = allowed ? new Set([...allowed].filter((text) => texts(criterion).has(text))) : texts(criterion);
    } else if (facts.comparison !== undefined) {
      const number = bound(criterion);
      const strict = facts.comparison === '<' || facts.comparison === '>';
      if (facts.comparison === '>' || facts.comparison === '>=') {
        if (number > low || (number === low && strict)) [low, lowStrict] = [number, strict];
      } else if (number < high || (number === high && strict)) [high, highStrict] = [number, strict];
    }
  }
  if (low > high || (low === high && (lowStrict || highStrict))) return true;
  if (!allowed) return false;
  const inRange = (text: string) => {
    const number = Number(text);
    return Number.isNaN(number)
      ? low === Number.NEGATIVE_INFINITY && high === Number.POSITIVE_INFINITY
      : number > low || (number === low && !lowStrict)
        ? number < high || (number === high && !highStrict)
        : false;
  };
  return [...allowed].every((text) => excluded?.has(text) || !inRange(text));
}

/** Operators that compare the whole value (`eq`, `in` and their negations). */
const wholeValue = (facts: Facts): boolean => facts.test === 'equal' || facts.test === 'member';

/**
 * Whether a criterion and its negation on one field cover every record (missing field included).
 * Only a negated operator passes a record that lacks the field, so a group without one never does;
 * a `!eq`/`!in` covers the rest when its values are listed positively, and a text test (prefix,
 * suffix, contains) when its negation of the same value is there.
 */
function alwaysMatches(criteria: Criterion[]): boolean {
  let negated = false;
  for (let i = 0; i < criteria.length && !negated; i++) negated = factsOf(criteria[i].operator).negated;
  if (!negated) return false;
  const positive = criteria.filter((c) => wholeValue(factsOf(c.operator)) && !factsOf(c.operator).negated).flatMap((c) => [...texts(c)]);
  const covered = new Set(positive);
  return criteria.some((criterion) => {
    const facts = factsOf(criterion.operator);
    if (wholeValue(facts)) return facts.negated && [...texts(criterion)].every((text) => covered.has(text));
    return (
      facts.comparison === undefined && criteria.some((other) => other.operator === facts.negation && valuesOf(other)[0]?.text === valuesOf(criterion)[0]?.text)
    );
  });
}

function reportNever(key: string, criteria: Criterion[], bag: DiagnosticBag): void {
  bag.report('warning', filterMessage('never-matches', 'andGroup', { key }), around(criteria));
}

function reportAlways(key: string, criteria: Criterion[], bag: DiagnosticBag): void {
  bag.report('warning', filterMessage('always-matches', 'orGroup', { key }), around(criteria));
}

function lintValues(criterion: Criterion, dataset: Dataset, bag: DiagnosticBag): void {
  const field = dataset.field(criterion.key);
  if (!field) return;
  const lowerCase = isLoggedLowerCase(field);
  const timestamp = isTimestampField(field) && wholeValue(factsOf(criterion.operator));
  const address = isAddressField(field);
  const star = field.kind === 'string' && hasStar(criterion.value);
  // Most criteria are on none of these fields, and hold no star: their values are not looked at.
  if (!lowerCase && !timestamp && !address && !star) return;
  const values = valuesOf(criterion).filter((value) => value.type === 'string');
  if (star) reportStar(criterion, values, bag);
  if (lowerCase) {
    const upper = values.find((value) => hasUpperCase(value.text));
    if (upper) {
      const data = { key: criterion.key, value: JSON.stringify(upper.text), lower: JSON.stringify(upper.text.toLowerCase()) };
      bag.report('warning', filterMessage('value-case', 'upperCase', data), criterion.span, lowerCaseFix(criterion, values, bag.source?.text));
    }
  }
  if (timestamp) {
    const odd = values.find((value) => !readsAsTimestamp(value.text));
    if (odd) {
      bag.report('warning', filterMessage('not-a-timestamp', 'notATime', { key: criterion.key, value: JSON.stringify(odd.text) }), criterion.span);
    }
  }
  if (address) {
    for (const value of values) {
      const network = networkOf(value.text);
      if (!network) continue;
      bag.report('warning', filterMessage('not-an-address', 'network', { key: criterion.key, value: JSON.stringify(value.text), ...network }), criterion.span);
      return;
    }
  }
}

/** Whether a value (or a value of the list) has a `*` at either end: a loop, which makes no array for the usual criterion. */
function hasStar(value: TypedValue | TypedValue[]): boolean {
  if (!Array.isArray(value)) return value.type === 'string' && hasEdgeStar(value.text);
  for (let i = 0; i < value.length; i++) if (value[i].type === 'string' && hasEdgeStar(value[i].text)) return true;
  return false;
}

/** A value written as a wildcard pattern: what it means, as the language writes it (the first such value of a list). */
function reportStar(criterion: Criterion, values: TypedValue[], bag: DiagnosticBag): void {
  for (const value of values) {
    const meant = hasEdgeStar(value.text) ? globCriterion(criterion.operator, value.text) : undefined;
    if (!meant) continue;
    const data = { value: JSON.stringify(value.text), criterion: criterionText(criterion.key, meant) };
    bag.report('warning', filterMessage('not-a-wildcard', 'star', data), criterion.span);
    return;
  }
}

/** Whether lower-casing changes `text`: a loop over ASCII text, which makes no string for the usual lower-case value. */
function hasUpperCase(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0x80) return text !== text.toLowerCase();
    if (code >= 0x41 && code <= 0x5a) return true;
  }
  return false;
}

/**
 * Lower-cases, in the text, every value of the criterion that has upper-case letters: each found in
 * turn after the field's name (several when merged criteria span several predicates); no fix when one
 * is not written as its own text (an escape in a quoted value).
 */
function lowerCaseFix(criterion: Criterion, values: TypedValue[], text: string | undefined): FixSpans | undefined {
  if (text === undefined) return undefined;
  const { start, end } = criterion.span;
  let from = text.indexOf(criterion.key, start);
  if (from === -1 || from >= end) return undefined;
  from += criterion.key.length;
  const edits: Array<{ span: Span; newText: string }> = [];
  for (const value of values) {
    const at = text.indexOf(value.text, from);
    if (at === -1 || at + value.text.length > end) return undefined;
    from = at + value.text.length;
    if (value.text !== value.text.toLowerCase()) edits.push({ span: { start: at, end: from }, newText: value.text.toLowerCase() });
  }
  return edits.length === 0 ? undefined : { title: edits.length === 1 ? `Write ${JSON.stringify(edits[0].newText)}` : 'Write the values in lower case', edits };
}
