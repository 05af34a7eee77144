/**
 * Did-you-mean for an operator spelling the language does not take. A negated spelling from
 * another language (`neq`, `nin`, `notcontains`, `<>`) must suggest the negated operator: the
 * plain edit distance would pick the positive one, the opposite of what the user meant.
 */
import { madeOnFirstUse } from '../base/first-use.js';
import { closest } from '../base/suggest.js';
import { factsOf, negationOf, type Operator, OPERATORS, operatorFromSpelling } from './operators.js';

/** Spellings of other languages that no edit distance leads from, with the operator they mean. */
const FOREIGN_SPELLINGS: ReadonlyMap<string, Operator> = new Map<string, Operator>([
  ['<>', '!eq'],
  ['!==', '!eq'],
  ['===', 'eq'],
  ['ne', '!eq'],
  ['neq', '!eq'],
  ['nin', '!in'],
  ['lte', 'leq'],
  ['gte', 'geq'],
]);

/** `!`, `not`, `not_`, `not-`, `not ` before a positive operator's name. */
const NEGATION_PREFIX = /^(?:!|not[\s_-]*)/i;

/**
 * The operators spelled as words, and the positive ones among them: made on the first suggestion,
 * since only a filter with a misspelt operator asks (making them tests each name against a regular
 * expression, which every start of the CLI would otherwise compile).
 */
const wordOperators = /*@__PURE__*/ madeOnFirstUse(() => {
  const all: readonly Operator[] = OPERATORS.filter((op) => /^[a-z]/i.test(op));
  return { all, positive: all.filter((op) => !op.startsWith('!')) };
});

/** The operator a spelling most likely means, or undefined when nothing is close. */
export function suggestOperator(spelling: string): Operator | undefined {
  const lower = spelling.toLowerCase();
  const foreign = FOREIGN_SPELLINGS.get(lower);
  if (foreign) return foreign;
  const prefix = lower.match(NEGATION_PREFIX)?.[0];
  if (prefix && prefix.length < lower.length) {
    const rest = spelling.slice(prefix.length);
    const positive = positiveOperator(rest);
    return positive && negationOf(positive);
  }
  return (closest(spelling, wordOperators().all) as Operator | undefined) ?? undefined;
}

function positiveOperator(spelling: string): Operator | undefined {
  const exact = FOREIGN_SPELLINGS.get(spelling.toLowerCase()) ?? operatorFromSpelling(spelling);
  if (exact) return exact;
  return closest(spelling, wordOperators().positive) as Operator | undefined;
}

/** The symbol spelling the language also takes (`!=` for `!eq`), shown beside a suggestion so `<>` users see it. */
export const operatorSymbol = (operator: Operator): string | undefined => factsOf(operator).aliases.find((alias) => /^[^a-z]/i.test(alias));

/** Spellings of a range in other languages (`X between 1 and 5`), which the language writes as two criteria. */
const RANGE_SPELLING = /^between$/i;

/**
 * A range written as another language writes it (`field between low and high`), as this language
 * writes it: `field geq low AND field leq high`; undefined when `spelling` is no range's.
 */
export function rangeCriteria(spelling: string, field: string, low: string, high: string): string | undefined {
  if (!RANGE_SPELLING.test(spelling)) return undefined;
  const from: Operator = 'geq';
  const to: Operator = 'leq';
  return `${field} ${from} ${low} AND ${field} ${to} ${high}`;
}

/** A `*` at either end of a text value, which other tools read as a wildcard (42 is `*`). */
export function hasEdgeStar(text: string): boolean {
  return text.length > 1 && (text.charCodeAt(0) === 42 || text.charCodeAt(text.length - 1) === 42);
}

/**
 * A text value written as a wildcard pattern (`*.example.com`, `/api/*`, `*bot*`) with `operator`,
 * as this language writes what the pattern means: the operator of the same polarity that tests a
 * suffix, a prefix or a part, and the text without its stars. Undefined when a star is left inside
 * or nothing is left.
 */
export function globCriterion(operator: Operator, text: string): { operator: Operator; text: string } | undefined {
  const leading = text.startsWith('*');
  const trailing = text.endsWith('*');
  const rest = text.slice(leading ? 1 : 0, trailing ? -1 : undefined);
  if (rest === '' || rest.includes('*')) return undefined;
  const facts = factsOf(operator);
  // What the pattern asks of a value, by the operator's own test and where its stars are.
  const anyEnd = (leading && trailing) || facts.test === 'contains';
  const test =
    anyEnd || (facts.test === 'prefix' && leading) || (facts.test === 'suffix' && trailing)
      ? 'contains'
      : leading || facts.test === 'suffix'
        ? 'suffix'
        : 'prefix';
  const found = OPERATORS.find((candidate) => {
    const other = factsOf(candidate);
    return other.test === test && other.negated === facts.negated;
  });
  return found && { operator: found, text: rest };
}
