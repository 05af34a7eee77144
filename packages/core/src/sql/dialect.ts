/**
 * What differs between SQL engines: quoting, the text functions, the array and JSON functions. The
 * shapes of the expressions (which branch tests what) are the same everywhere and live in
 * criteria.ts; a dialect only spells them.
 */
import { INT64_MIN, UINT64_MAX } from '../base/exact-numbers.js';
import type { NumberLiterals } from './numbers.js';

/** The JSON value kinds a record value can have, as evaluate tells them apart. */
export type JsonKind = 'string' | 'number' | 'boolean' | 'array';

export interface SqlDialect extends NumberLiterals {
  readonly name: SqlDialectName;
  quoteIdentifier(name: string): string;
  /** A text literal matched literally (no escape or wildcard character left active). */
  quoteText(text: string): string;
  /** TRUE or FALSE (ClickHouse before 21.x knows neither word: 1 and 0 there). */
  booleanLiteral(value: boolean): string;
  startsWith(text: string, prefix: string): string;
  endsWith(text: string, suffix: string): string;
  containsText(text: string, needle: string): string;
  /**
   * The exact integers a text reads as when it is a plain integer in -2^63..2^64-1, each NULL
   * otherwise (one expression, or one per integer type when no one type holds the range).
   */
  integersOfText(text: string): string[];
  /** The double a text reads as when it is any other plain decimal (`3.5`, `-12.0`, past 2^64), else NULL. */
  doubleOfText(text: string): string;
  /** The text of a number column, as evaluate's String(n) writes it for integers. */
  textOfNumber(number: string): string;
  /** Whether some element of a list column passes `test` (given the element's expression). */
  anyElement(list: string, test: (element: string) => string): string;
  /** The part of a JSON column holding a record's field. */
  jsonMember(json: string, key: string): string;
  /** Whether a JSON value is of `kind` (false or NULL for a missing one). */
  jsonIs(value: string, kind: JsonKind): string;
  /** The text of a JSON scalar as written (a string unquoted), or NULL. */
  jsonScalarText(value: string): string;
  /** A JSON number's text as evaluate writes it (String(number)), where the engine writes it otherwise; only asked under a jsonIs(value, 'number') guard. */
  jsonNumberText?(value: string): string;
  /** A JSON number as integersOfText and doubleOfText read its text; only asked under a jsonIs(value, 'number') guard. */
  jsonIntegers(value: string): string[];
  jsonDouble(value: string): string;
  /** Whether some element of a JSON array (none for a non-array) passes `test`. */
  anyJsonElement(value: string, test: (element: string) => string): string;
  /**
   * Whether a JSON column holds what `logfilter test` reads as a record (a JSON object, valid
   * UTF-8), for an engine that reads any other text as an object without fields (so that a
   * negated test would let it through). Absent where loading the column already refuses it.
   */
  jsonRecordGuard?(json: string): string;
  /**
   * The test of a JSON column with each of `keys`' members extracted once, for an engine that
   * would otherwise extract a member again at each use: the condition reads each member by its
   * name in `names`, and `bind(condition)` is the whole test, jsonRecordGuard's included.
   */
  jsonMembersOnce?(json: string, keys: readonly string[]): { names: Map<string, string>; bind(condition: string): string };
  /** The settings a whole query over a JSON column needs for the text to mean what it says (`SETTINGS ...`). */
  jsonQuerySettings?: string;
}

export type SqlDialectName = 'duckdb' | 'postgres' | 'clickhouse' | 'bigquery';

export const SQL_DIALECTS: readonly SqlDialectName[] = ['duckdb', 'postgres', 'clickhouse', 'bigquery'];

/** A plain integer, read exactly when in -2^63..2^64-1 (base/exact-numbers.ts). */
export const INTEGER_PATTERN = '^-?[0-9]+$';
/** A plain decimal with a fraction: always a double. */
export const FRACTION_PATTERN = '^-?[0-9]+[.][0-9]+$';
export const EXACT_RANGE = { min: String(INT64_MIN), max: String(UINT64_MAX) };

/** Standard SQL quoting: the quote doubled, every other character literal. */
export function doubleQuote(text: string, quote: string): string {
  return quote + text.split(quote).join(quote + quote) + quote;
}

/** Characters some engines cannot hold in a literal as they are: control characters. */
export const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

/** The standard words for the two booleans. */
export function standardBoolean(value: boolean): string {
  return value ? 'TRUE' : 'FALSE';
}
