/**
 * How a record's field reads in SQL. evaluate tells a value's JSON kind apart (string, number,
 * boolean, array) and tests each kind its own way; a view gives one SQL expression per kind the
 * value may have, NULL when it has another. A typed column has one kind (its value type's `column`
 * in field-types.ts); a member of a JSON column may have any.
 */
import { isArrayField, type Typed, VALUE_TYPES, type ValueTypeFacts, valueFacts } from '../language/field-types.js';
import type { SqlDialect } from './dialect.js';

export interface ValueView {
  /** Whether the field is missing or null, when that is what makes every positive test NULL. */
  missing?: string;
  /** The value when it is text. */
  text?: string;
  /**
   * The value when it is a number: as exact integers when written as an integer in -2^63..2^64-1
   * (each expression NULL otherwise), as a double when any other number (base/exact-numbers.ts),
   * and its text as written.
   */
  integers?: string[];
  double?: string;
  numberText?: string;
  /** The value as an SQL boolean when it is a boolean, and its text (`true`, `false`). */
  boolean?: string;
  booleanText?: string;
  /** Whether some element passes a test, when the value is an array. */
  anyElement?: (test: (element: ValueView) => string) => string;
}

/** A column of the field's catalog type (its elements' type for arrays). */
export function columnView(dialect: SqlDialect, column: string, field: Typed | undefined): ValueView {
  const view =
    field && isArrayField(field)
      ? {
          anyElement: (test: (element: ValueView) => string) =>
            someElement(
              (each) => dialect.anyElement(column, each),
              (e) => test(scalarColumnView(dialect, e, field)),
            ),
        }
      : scalarColumnView(dialect, column, field);
  return { ...view, missing: `${column} IS NULL` };
}

function scalarColumnView(dialect: SqlDialect, column: string, field: Typed | undefined): ValueView {
  // A field the catalog does not know is held as text.
  const facts = field ? valueFacts(field) : VALUE_TYPES.string;
  return COLUMN_VIEWS[facts.column](dialect, column, facts);
}

/** How each kind of typed column reads: a new kind of column does not compile until it is here. */
const COLUMN_VIEWS: Readonly<Record<ValueTypeFacts['column'], (dialect: SqlDialect, column: string, facts: ValueTypeFacts) => ValueView>> = {
  // string, `int or string` (held as written), object
  text: (_dialect, column) => ({ text: column }),
  // an integer column holds exact integers; any other number column, doubles
  number: (dialect, column, facts) => ({
    ...(facts.reads === 'integer' ? { integers: [column] } : { double: column }),
    numberText: dialect.textOfNumber(column),
  }),
  boolean: (_dialect, column) => ({ boolean: column, booleanText: `CASE WHEN ${column} THEN 'true' WHEN NOT ${column} THEN 'false' END` }),
};

/** A member of a JSON column: every kind, each guarded by the value's JSON type. */
export function jsonView(dialect: SqlDialect, value: string, element = false): ValueView {
  const when = (kind: Parameters<SqlDialect['jsonIs']>[1], then: string) => `CASE WHEN ${dialect.jsonIs(value, kind)} THEN ${then} END`;
  const scalar = dialect.jsonScalarText(value);
  const view: ValueView = {
    text: when('string', scalar),
    integers: dialect.jsonIntegers(value).map((integer) => when('number', integer)),
    double: when('number', dialect.jsonDouble(value)),
    numberText: when('number', dialect.jsonNumberText?.(value) ?? scalar),
    boolean: when('boolean', `${scalar} = 'true'`),
    booleanText: when('boolean', scalar),
  };
  // evaluate looks into an array's elements, never into an element's own elements.
  if (!element)
    view.anyElement = (test) =>
      someElement(
        (each) => dialect.anyJsonElement(value, each),
        (e) => test(jsonView(dialect, e, true)),
      );
  return view;
}

/** Whether some element passes `test`: FALSE outright when the test is (criteria.ts's FALSE), never written inside. */
function someElement(exists: (each: (element: string) => string) => string, test: (element: string) => string): string {
  let never = false;
  const sql = exists((element) => {
    const one = test(element);
    never = one === 'FALSE';
    return one;
  });
  return never ? 'FALSE' : sql;
}
