/**
 * One criterion as SQL, with evaluate's meaning (output/evaluate.ts): equality exact and
 * case-sensitive, a number equal to a filter value reading as the same number, comparisons
 * numeric, text tests on the value's text, `contains` and `in` on an array true when some element
 * is, and a missing value failing every positive operator and passing every negated one.
 */
import type { ExactNumber } from '../base/exact-numbers.js';
import { type Facts, factsOf, type OperatorTest } from '../language/operators.js';
import { comparisonOf, compiledOperator, type Target, toTarget } from '../output/evaluate.js';
import type { FilterValue } from '../output/serialize.js';
import type { SqlDialect } from './dialect.js';
import { type Comparison, doubleMembers, doubleTest, integerMembers, integerTest } from './numbers.js';
import type { ValueView } from './views.js';

/**
 * Parts that each hold for one kind of value: any of them (a part that is never true left out).
 * 'FALSE' stands for a test that never holds; it is only ever a whole test, spelled in the
 * dialect's words when the criterion is written.
 */
function anyOf(parts: Array<string | undefined>): string {
  const present = parts.filter((part): part is string => part !== undefined && part !== 'FALSE');
  if (present.length === 0) return 'FALSE';
  return present.length === 1 ? present[0] : `(${present.join(' OR ')})`;
}

export function criterionSql(dialect: SqlDialect, view: ValueView, operator: string, value: FilterValue): string {
  const never = dialect.booleanLiteral(false);
  const spell = (test: string) => (test === 'FALSE' ? never : test);
  const facts = compiledOperator(operator);
  if (!facts.negated) return spell(positiveSql(dialect, view, facts, value));
  const test = spell(positiveSql(dialect, view, factsOf(facts.negation), value));
  // With a column, the positive test is NULL only for a missing value; elsewhere NULL means false.
  return view.missing ? `(${view.missing} OR NOT (${test}))` : `NOT COALESCE(${test}, ${never})`;
}

function positiveSql(dialect: SqlDialect, view: ValueView, facts: Facts, value: FilterValue): string {
  return POSITIVE_SQL[facts.test](dialect, view, value, facts);
}

type PositiveSql = (dialect: SqlDialect, view: ValueView, value: FilterValue, facts: Facts) => string;

/** Each kind of test an operator makes, as evaluate's POSITIVE_TESTS means it: a new kind does not compile until it is here. */
const POSITIVE_SQL: Readonly<Record<OperatorTest, PositiveSql>> = {
  equal: (dialect, view, value) => equalsSql(dialect, view, toTarget(value)),
  compare: (dialect, view, value, facts) => compareSql(dialect, view, comparisonOf(facts), value),
  prefix: (dialect, view, value) => textSql(view, String(value), (text) => dialect.startsWith(text, dialect.quoteText(String(value)))),
  suffix: (dialect, view, value) => textSql(view, String(value), (text) => dialect.endsWith(text, dialect.quoteText(String(value)))),
  contains: (dialect, view, value) => {
    const target = toTarget(value);
    const elements = view.anyElement?.((element) => equalsSql(dialect, element, target));
    return anyOf([elements, textSql(view, target.text, (text) => dialect.containsText(text, dialect.quoteText(target.text)))]);
  },
  member: (dialect, view, value) => {
    const targets = (Array.isArray(value) ? value : [value]).map(toTarget);
    return anyOf([view.anyElement?.((element) => inSql(dialect, element, targets)), inSql(dialect, view, targets)]);
  },
};

/** `value op bound` on every numeric reading of the value (numbers.ts makes each exact). */
function numericSql(dialect: SqlDialect, view: ValueView, op: Comparison, bound: ExactNumber, withText: boolean): string {
  const integers = [...(view.integers ?? []), ...(withText && view.text ? dialect.integersOfText(view.text) : [])];
  const doubles = [view.double, withText && view.text ? dialect.doubleOfText(view.text) : undefined];
  return anyOf([
    ...integers.map((integer) => integerTest(dialect, integer, op, bound)),
    ...doubles.map((double) => double && doubleTest(dialect, double, op, bound)),
  ]);
}

function equalsSql(dialect: SqlDialect, view: ValueView, target: Target): string {
  return anyOf([
    view.text && `${view.text} = ${dialect.quoteText(target.text)}`,
    target.number !== undefined ? numericSql(dialect, view, '=', target.number, false) : undefined,
    view.boolean && target.boolean !== undefined ? `${view.boolean} = ${dialect.booleanLiteral(target.boolean)}` : undefined,
  ]);
}

function compareSql(dialect: SqlDialect, view: ValueView, comparison: Comparison, value: FilterValue): string {
  const bound = toTarget(value).number;
  // A bound that is no number fails every comparison, as NaN does in evaluate.
  if (bound === undefined) return 'FALSE';
  return numericSql(dialect, view, comparison, bound, true);
}

/** A test on the value's text: a string as it is, a number or boolean as written. */
function textSql(view: ValueView, needle: string, test: (text: string) => string): string {
  // An empty needle is in every text; said outright so that no engine's edge case decides it.
  const apply = (text: string | undefined) => text && (needle === '' ? `${text} IS NOT NULL` : test(text));
  return anyOf([apply(view.text), apply(view.numberText), apply(view.booleanText)]);
}

function inSql(dialect: SqlDialect, view: ValueView, targets: Target[]): string {
  const texts = targets.map((target) => dialect.quoteText(target.text)).join(', ');
  const numbers = targets.flatMap((target) => (target.number === undefined ? [] : [target.number]));
  const integers = integerMembers(dialect, numbers);
  const doubles = doubleMembers(dialect, numbers);
  return anyOf([
    view.text && `${view.text} IN (${texts})`,
    ...(integers.length > 0 ? (view.integers ?? []).map((integer) => `${integer} IN (${integers.join(', ')})`) : []),
    view.double && doubles.length > 0 ? `${view.double} IN (${doubles.join(', ')})` : undefined,
    view.booleanText && `${view.booleanText} IN (${texts})`,
  ]);
}
