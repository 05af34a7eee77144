/**
 * What differs between SQL engines: quoting, the text functions, the array and JSON functions. The
 * shapes of the expressions (which branch tests what) are the same everywhere and live in
 * criteria.ts; a dialect only spells them.
 */

/** The JSON value kinds a record value can have, as evaluate tells them apart. */
export type JsonKind = 'string' | 'number' | 'boolean' | 'array';

export interface SqlDialect {
  readonly name: SqlDialectName;
  quoteIdentifier(name: string): string;
  /** A text literal matched literally (no escape or wildcard character left active). */
  quoteText(text: string): string;
  /** A finite number literal the engine reads as that number. */
  number(value: number): string;
  startsWith(text: string, prefix: string): string;
  endsWith(text: string, suffix: string): string;
  containsText(text: string, needle: string): string;
  /** The number a text reads as when it is a plain decimal (`-12`, `3.5`), else NULL. */
  numberOfText(text: string): string;
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
  /** A JSON number as a double; only asked under a jsonIs(value, 'number') guard. */
  jsonNumber(value: string): string;
  /** Whether some element of a JSON array (none for a non-array) passes `test`. */
  anyJsonElement(value: string, test: (element: string) => string): string;
}

export type SqlDialectName = 'duckdb' | 'postgres' | 'clickhouse' | 'bigquery';

export const SQL_DIALECTS: readonly SqlDialectName[] = ['duckdb', 'postgres', 'clickhouse', 'bigquery'];

/** A plain decimal, exactly as evaluate reads numbers out of text. ASCII digits only. */
export const DECIMAL_PATTERN = '^-?[0-9]+([.][0-9]+)?$';

/** Standard SQL quoting: the quote doubled, every other character literal. */
export function doubleQuote(text: string, quote: string): string {
  return quote + text.split(quote).join(quote + quote) + quote;
}

/** A number as SQL reads it: integers and decimals as written, the rest in exponent form. */
export function numberLiteral(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`not a finite number: ${value}`);
  const text = String(value);
  return text.includes('e') ? value.toExponential() : text;
}

/** Characters some engines cannot hold in a literal as they are: control characters. */
export const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;
