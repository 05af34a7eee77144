/**
 * How a record's field reads in SQL. evaluate tells a value's JSON kind apart (string, number,
 * boolean, array) and tests each kind its own way; a view gives one SQL expression per kind the
 * value may have, NULL when it has another. A typed column has one kind (asked of field-types.ts);
 * a member of a JSON column may have any.
 */
import { isArrayField, type Typed, valueType } from '../language/field-types.js';
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
  switch (field && valueType(field)) {
    case 'int':
      return { integers: [column], numberText: dialect.textOfNumber(column) };
    case 'float':
      return { double: column, numberText: dialect.textOfNumber(column) };
    case 'bool':
      return { boolean: column, booleanText: `CASE WHEN ${column} THEN 'true' WHEN NOT ${column} THEN 'false' END` };
    default:
      // string, `int or string` (held as written) and fields the catalog does not know
      return { text: column };
  }
}

/** A member of a JSON column: every kind, each guarded by the value's JSON type. */
export function jsonView(dialect: SqlDialect, value: string, element = false): ValueView {
  const when = (kind: Parameters<SqlDialect['jsonIs']>[1], then: string) => `CASE WHEN ${dialect.jsonIs(value, kind)} THEN ${then} END`;
  const scalar = dialect.jsonScalarText(value);
  const view: ValueView = {
    text: when('string', scalar),
    integers: dialect.jsonIntegers(value).map((integer) => when('number', integer)),
    double: when('number', dialect.jsonDouble(value)),
    numberText: when('number', scalar),
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
