/**
 * One criterion as SQL, with evaluate's meaning (output/evaluate.ts): equality exact and
 * case-sensitive, a number equal to a filter value reading as the same number, comparisons
 * numeric, text tests on the value's text, `contains` and `in` on an array true when some element
 * is, and a missing value failing every positive operator and passing every negated one.
 */
import { positiveOf } from '../language/operators.js';
import { type Target, toTarget } from '../output/evaluate.js';
import type { FilterValue } from '../output/serialize.js';
import type { SqlDialect } from './dialect.js';
import type { ValueView } from './views.js';

/** Parts that each hold for one kind of value: any of them (a part that is never true left out). */
function anyOf(parts: Array<string | undefined>): string {
  const present = parts.filter((part): part is string => part !== undefined && part !== 'FALSE');
  if (present.length === 0) return 'FALSE';
  return present.length === 1 ? present[0] : `(${present.join(' OR ')})`;
}

export function criterionSql(dialect: SqlDialect, view: ValueView, operator: string, value: FilterValue): string {
  const positive = positiveOf(operator);
  if (positive === undefined) return positiveSql(dialect, view, operator, value);
  const test = positiveSql(dialect, view, positive, value);
  // With a column, the positive test is NULL only for a missing value; elsewhere NULL means false.
  return view.missing ? `(${view.missing} OR NOT (${test}))` : `NOT COALESCE(${test}, FALSE)`;
}

function positiveSql(dialect: SqlDialect, view: ValueView, operator: string, value: FilterValue): string {
  switch (operator) {
    case 'eq':
      return equalsSql(dialect, view, toTarget(value));
    case 'lt':
    case 'leq':
    case 'gt':
    case 'geq':
      return compareSql(dialect, view, COMPARISONS[operator], value);
    case 'startsWith':
      return textSql(view, String(value), (text) => dialect.startsWith(text, dialect.quoteText(String(value))));
    case 'endsWith':
      return textSql(view, String(value), (text) => dialect.endsWith(text, dialect.quoteText(String(value))));
    case 'contains': {
      const target = toTarget(value);
      const elements = view.anyElement?.((element) => equalsSql(dialect, element, target));
      return anyOf([elements, textSql(view, target.text, (text) => dialect.containsText(text, dialect.quoteText(target.text)))]);
    }
    case 'in': {
      const targets = (Array.isArray(value) ? value : [value]).map(toTarget);
      return anyOf([view.anyElement?.((element) => inSql(dialect, element, targets)), inSql(dialect, view, targets)]);
    }
    default:
      throw new TypeError(`not a compiled filter: unknown operator '${operator}'`);
  }
}

const COMPARISONS = { lt: '<', leq: '<=', gt: '>', geq: '>=' } as const;

function equalsSql(dialect: SqlDialect, view: ValueView, target: Target): string {
  return anyOf([
    view.text && `${view.text} = ${dialect.quoteText(target.text)}`,
    view.number && target.number !== undefined ? `${view.number} = ${dialect.number(target.number)}` : undefined,
    view.boolean && target.boolean !== undefined ? `${view.boolean} = ${target.boolean ? 'TRUE' : 'FALSE'}` : undefined,
  ]);
}

function compareSql(dialect: SqlDialect, view: ValueView, comparison: string, value: FilterValue): string {
  const bound = toTarget(value).number ?? Number.NaN;
  // A bound that is no number fails every comparison, as NaN does in evaluate.
  if (Number.isNaN(bound)) return 'FALSE';
  const limit = dialect.number(bound);
  return anyOf([view.number && `${view.number} ${comparison} ${limit}`, view.text && `${dialect.numberOfText(view.text)} ${comparison} ${limit}`]);
}

/** A test on the value's text: a string as it is, a number or boolean as written. */
function textSql(view: ValueView, needle: string, test: (text: string) => string): string {
  // An empty needle is in every text; said outright so that no engine's edge case decides it.
  const apply = (text: string | undefined) => text && (needle === '' ? `${text} IS NOT NULL` : test(text));
  return anyOf([apply(view.text), apply(view.numberText), apply(view.booleanText)]);
}

function inSql(dialect: SqlDialect, view: ValueView, targets: Target[]): string {
  const texts = targets.map((target) => dialect.quoteText(target.text)).join(', ');
  const numbers = targets.flatMap((target) => (target.number === undefined ? [] : [dialect.number(target.number)]));
  return anyOf([
    view.text && `${view.text} IN (${texts})`,
    view.number && numbers.length > 0 ? `${view.number} IN (${numbers.join(', ')})` : undefined,
    view.booleanText && `${view.booleanText} IN (${texts})`,
  ]);
}
