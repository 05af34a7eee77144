/** The four dialects `toSql` writes. */
import { childPointer } from '../base/json-source.js';
import {
  CONTROL_CHARACTER,
  doubleQuote,
  EXACT_RANGE,
  FRACTION_PATTERN,
  INTEGER_PATTERN,
  standardBoolean,
  type JsonKind,
  type SqlDialect,
  type SqlDialectName,
} from './dialect.js';
import { doubleLiteral } from './numbers.js';

const CONTROLS = /([\u0000-\u001f\u007f])/;

/** Standard literals (DuckDB: a backslash is always just a character), control characters spliced in with chr(n) so that the SQL text stays printable. */
function standardText(text: string): string {
  if (!CONTROL_CHARACTER.test(text)) return doubleQuote(text, "'");
  const parts = text.split(CONTROLS).filter((part) => part !== '');
  return `(${parts.map((part) => (CONTROL_CHARACTER.test(part) ? `chr(${part.charCodeAt(0)})` : doubleQuote(part, "'"))).join(' || ')})`;
}

/**
 * Postgres reads a backslash in '...' literally or as an escape depending on the server's
 * standard_conforming_strings (off on older installs and some poolers): text with a backslash
 * written '...' means one thing under one setting and another (an early end of the literal) under
 * the other. An escape string E'...' reads backslash escapes under either setting, so text holding
 * a backslash or a control character is written E'...' with `\\` for a backslash, `''` for a quote
 * (accepted whatever backslash_quote says, unlike `\'`) and `\xHH` for a control; text with neither
 * is written '...', which both settings read alike.
 */
function postgresText(text: string): string {
  if (!/[\\\u0000-\u001f\u007f]/.test(text)) return doubleQuote(text, "'");
  const escaped = text.replace(/[\\'\u0000-\u001f\u007f]/g, (char) => (char === '\\' ? '\\\\' : char === "'" ? "''" : hexEscape(char)));
  return `E'${escaped}'`;
}

function hexEscape(char: string): string {
  return `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`;
}

/**
 * Backslash-escaped quoting (ClickHouse and BigQuery literals in '...', identifiers in backticks,
 * which both read with the same escapes): the backslash and the quote escaped, controls as \xHH.
 */
function backslashQuote(text: string, quote: "'" | '`'): string {
  const special = quote === "'" ? /[\\'\u0000-\u001f\u007f]/g : /[\\`\u0000-\u001f\u007f]/g;
  return quote + text.replace(special, (char) => (char === '\\' || char === quote ? `\\${char}` : hexEscape(char))) + quote;
}

/** A standard quoted identifier; DuckDB and Postgres read no NUL character in SQL text, so a name holding one is refused. */
function standardIdentifier(name: string): string {
  if (name.includes('\u0000')) throw new TypeError(`an SQL name cannot hold a NUL character: ${JSON.stringify(name)}`);
  return doubleQuote(name, '"');
}

const backslashText = (text: string): string => backslashQuote(text, "'");
const backtickIdentifier = (name: string): string => backslashQuote(name, '`');

const plainInteger = (value: bigint): string => String(value);

/** How an engine tests a text against a pattern and reads it as its exact integer type and as a double (neither may fail). */
interface TextNumbers {
  matches(text: string, pattern: string): string;
  exact(text: string): string;
  double(text: string): string;
  integerLiteral(value: bigint): string;
}

/** integersOfText, doubleOfText and a JSON number's double, for an engine with one exact type holding -2^63..2^64-1. */
function textNumbers(spell: TextNumbers): Pick<SqlDialect, 'integersOfText' | 'doubleOfText'> & { doubleOfNumberText: (text: string) => string } {
  // Nested CASEs: Postgres does not promise to evaluate AND's operands in order, and a cast of a non-number fails there.
  const inRange = (text: string) =>
    `${spell.exact(text)} BETWEEN ${spell.integerLiteral(BigInt(EXACT_RANGE.min))} AND ${spell.integerLiteral(BigInt(EXACT_RANGE.max))}`;
  const notExact = (text: string) => `CASE WHEN ${inRange(text)} THEN NULL ELSE ${spell.double(text)} END`;
  return {
    integersOfText: (text) => [`CASE WHEN ${spell.matches(text, INTEGER_PATTERN)} THEN CASE WHEN ${inRange(text)} THEN ${spell.exact(text)} END END`],
    doubleOfText: (text) =>
      `CASE WHEN ${spell.matches(text, FRACTION_PATTERN)} THEN ${spell.double(text)} WHEN ${spell.matches(text, INTEGER_PATTERN)} THEN ${notExact(text)} END`,
    doubleOfNumberText: (text) => `CASE WHEN ${spell.matches(text, INTEGER_PATTERN)} THEN ${notExact(text)} ELSE ${spell.double(text)} END`,
  };
}

const DUCKDB_JSON_TYPES: Record<JsonKind, string> = {
  string: "= 'VARCHAR'",
  number: "IN ('BIGINT', 'UBIGINT', 'HUGEINT', 'DOUBLE')",
  boolean: "= 'BOOLEAN'",
  array: "= 'ARRAY'",
};

const duckdbNumbers = textNumbers({
  matches: (text, pattern) => `regexp_full_match(${text}, '${pattern}')`,
  exact: (text) => `TRY_CAST(${text} AS HUGEINT)`,
  double: (text) => `TRY_CAST(${text} AS DOUBLE)`,
  integerLiteral: plainInteger,
});

const duckdb: SqlDialect = {
  name: 'duckdb',
  quoteIdentifier: standardIdentifier,
  quoteText: standardText,
  booleanLiteral: standardBoolean,
  integerLiteral: plainInteger,
  doubleLiteral,
  startsWith: (text, prefix) => `starts_with(${text}, ${prefix})`,
  endsWith: (text, suffix) => `ends_with(${text}, ${suffix})`,
  containsText: (text, needle) => `contains(${text}, ${needle})`,
  integersOfText: duckdbNumbers.integersOfText,
  doubleOfText: duckdbNumbers.doubleOfText,
  textOfNumber: (number) => `CAST(${number} AS VARCHAR)`,
  anyElement: (list, test) => `len(list_filter(${list}, lambda e: ${test('e')})) > 0`,
  jsonMember: (json, key) => `(${json} -> ${standardText(childPointer('', key))})`,
  jsonIs: (value, kind) => `json_type(${value}) ${DUCKDB_JSON_TYPES[kind]}`,
  jsonScalarText: (value) => `(${value} ->> '$')`,
  // DuckDB's JSON reader keeps int64 and uint64 integers as such and makes every other number a DOUBLE.
  jsonIntegers: (value) => [`CASE WHEN json_type(${value}) IN ('BIGINT', 'UBIGINT') THEN TRY_CAST(${value} ->> '$' AS HUGEINT) END`],
  jsonDouble: (value) => `CASE WHEN json_type(${value}) = 'DOUBLE' THEN TRY_CAST(${value} ->> '$' AS DOUBLE) END`,
  anyJsonElement: (value, test) => `len(list_filter(json_extract(${value}, '$[*]'), lambda e: ${test('e')})) > 0`,
};

const postgresNumbers = textNumbers({
  matches: (text, pattern) => `${text} ~ '${pattern}'`,
  exact: (text) => `CAST(${text} AS numeric)`,
  double: (text) => `CAST(${text} AS double precision)`,
  integerLiteral: plainInteger,
});

const postgres: SqlDialect = {
  name: 'postgres',
  quoteIdentifier: standardIdentifier,
  quoteText: postgresText,
  booleanLiteral: standardBoolean,
  integerLiteral: plainInteger,
  doubleLiteral,
  startsWith: (text, prefix) => `starts_with(${text}, ${prefix})`,
  endsWith: (text, suffix) => `right(${text}, char_length(${suffix})) = ${suffix}`,
  containsText: (text, needle) => `strpos(${text}, ${needle}) > 0`,
  integersOfText: postgresNumbers.integersOfText,
  doubleOfText: postgresNumbers.doubleOfText,
  textOfNumber: (number) => `CAST(${number} AS text)`,
  anyElement: (list, test) => `EXISTS (SELECT 1 FROM unnest(${list}) AS element(e) WHERE ${test('e')})`,
  jsonMember: (json, key) => `(${json} -> ${postgresText(key)})`,
  jsonIs: (value, kind) => `jsonb_typeof(${value}) = '${kind}'`,
  jsonScalarText: (value) => `(${value} #>> '{}')`,
  // jsonb holds a number as numeric and writes it back in plain digits.
  jsonIntegers: (value) => postgresNumbers.integersOfText(`(${value} #>> '{}')`),
  jsonDouble: (value) => postgresNumbers.doubleOfNumberText(`(${value} #>> '{}')`),
  anyJsonElement: (value, test) =>
    `EXISTS (SELECT 1 FROM jsonb_array_elements(CASE WHEN jsonb_typeof(${value}) = 'array' THEN ${value} END) AS element(e) WHERE ${test('e')})`,
};

/** A member's kind, from the first character of its text as ClickHouse writes it back ('' when missing). */
const CLICKHOUSE_JSON_KINDS: Record<JsonKind, (value: string) => string> = {
  string: (value) => `startsWith(${value}, '"')`,
  number: (value) => `match(${value}, '^-?[0-9]')`,
  boolean: (value) => `${value} IN ('true', 'false')`,
  array: (value) => `startsWith(${value}, '[')`,
};

/**
 * ClickHouse has no one type for -2^63..2^64-1, and its toUInt64OrNull wraps past 2^64 instead
 * of failing: a text is read as UInt64 or Int64 only when its digits (leading zeros dropped) are
 * in that type's range: fewer than 20 characters, or 20 compared as text with the bounds.
 */
const clickhouseInRange = (digits: string, low: string, high: string) =>
  `(length(${digits}) < 20 OR (length(${digits}) = 20 AND ${digits} BETWEEN '${low}' AND '${high}'))`;
const clickhouseUnsigned = (text: string) =>
  `(match(${text}, '^[0-9]+$') AND ${clickhouseInRange(`replaceRegexpOne(${text}, '^0+([0-9])', '\\\\1')`, '10000000000000000000', '18446744073709551615')})`;
const clickhouseSigned = (text: string) =>
  `(match(${text}, '^-[0-9]+$') AND ${clickhouseInRange(`replaceRegexpOne(${text}, '^-0+([0-9])', '-\\\\1')`, '-1000000000000000000', '-9223372036854775808')})`;
const clickhouseExact = (text: string) => `(${clickhouseUnsigned(text)} OR ${clickhouseSigned(text)})`;

/** A JSON string; a number; a run of other text; a `-` or `"` that begins neither (so no character is left out). */
const JSON_TOKENS = '"(?:[^"\\\\]|\\\\.)*"|-?[0-9][0-9.eE+-]*|[^"0-9-]+|-|"';

/** Whether a token is an integer outside -2^63..2^64-1, which simdjson refuses (leading zeros are not JSON). */
const clickhouseBigInteger = (token: string) =>
  `(match(${token}, '${INTEGER_PATTERN}') AND (length(${token}) > 20 OR (length(${token}) = 20 AND ${token} > if(startsWith(${token}, '-'), '-9223372036854775808', '18446744073709551615'))))`;

/**
 * JSON text simdjson reads as evaluate does. Text it refuses is split into tokens (strings,
 * numbers, the rest) and each integer outside -2^63..2^64-1 gets `.0`, so that it reads as the
 * double evaluate reads; the tokens put back together are the text with only that changed. Text
 * simdjson reads (most lines) is left as it is, and the split is paid only where needed
 * (`if(…, '', …)`: under short_circuit_function_evaluation = 'disable' both branches are computed).
 */
function clickhouseReadable(json: string): string {
  const tokens = `extractAll(if(isValidJSON(${json}), '', ${json}), ${backslashText(JSON_TOKENS)})`;
  return `if(isValidJSON(${json}), ${json}, arrayStringConcat(arrayMap(t -> if(${clickhouseBigInteger('t')}, concat(t, '.0'), t), ${tokens})))`;
}

/**
 * ClickHouse reads the JSON column as text: a member is its JSON text as ClickHouse writes it back
 * ('' when missing), whose first character tells its kind.
 *
 * - Its default JSON parser (simdjson) reads numbers exactly, but refuses a whole line holding an
 *   integer outside -2^63..2^64-1 anywhere, and every field of that line would then read as
 *   missing: such a line is first rewritten (clickhouseReadable). Its other parser
 *   (allow_simdjson = 0) reads such an integer but may read a fraction as a neighbouring double
 *   (-98161226209.97209 as -98161226209.97208): the --table text asks for simdjson.
 * - ClickHouse writes a double from 2^63 to 1e21 back as plain digits (18446744073709552000), which
 *   simdjson would refuse to read again: such a number text gets `.0` before JSONExtractFloat, and an
 *   array member holding one is made readable (clickhouseReadable) before its elements are listed.
 * - A member is the last of the line's members with that key, as JSON.parse reads a key given
 *   twice (JSONExtractRaw would give the first): the line's members are listed once
 *   (JSONExtractKeysAndValuesRaw, one parse) and each field looked up in the list, once: a lambda
 *   over one-element arrays names the readable line, then each member (a WITH alias would be
 *   copied into each use, and each copy analysed again).
 * - A line that is not a JSON object, or not valid UTF-8, reads as an object without fields:
 *   the guard keeps it from passing a negated test (`logfilter test` skips it).
 * - Under ClickHouse's default short-circuit evaluation the nested if/CASE of a member's kinds
 *   is evaluated branch by branch (1.6x the CPU); the --table text turns it off. No function here
 *   throws on any input, so no branch needs the guard short-circuit gives.
 */
const clickhouse: SqlDialect = {
  name: 'clickhouse',
  quoteIdentifier: backtickIdentifier,
  quoteText: backslashText,
  booleanLiteral: (value) => (value ? '1' : '0'),
  integerLiteral: plainInteger,
  doubleLiteral,
  startsWith: (text, prefix) => `startsWith(${text}, ${prefix})`,
  endsWith: (text, suffix) => `endsWith(${text}, ${suffix})`,
  containsText: (text, needle) => `position(${text}, ${needle}) > 0`,
  integersOfText: (text) => [`if(${clickhouseUnsigned(text)}, toUInt64OrNull(${text}), NULL)`, `if(${clickhouseSigned(text)}, toInt64OrNull(${text}), NULL)`],
  doubleOfText: (text) =>
    `if(match(${text}, '${FRACTION_PATTERN}') OR (match(${text}, '${INTEGER_PATTERN}') AND NOT ${clickhouseExact(text)}), toFloat64OrNull(${text}), NULL)`,
  textOfNumber: (number) => `toString(${number})`,
  // arrayExists wants a UInt8, not a Nullable one: NULL for an element is no.
  anyElement: (list, test) => `arrayExists(e -> ifNull(${test('e')}, 0), ${list})`,
  jsonMember: (json, key) => `arrayLast(m -> m.1 = ${backslashText(key)}, JSONExtractKeysAndValuesRaw(${clickhouseReadable(json)})).2`,
  // No LET in ClickHouse: a lambda over one-element arrays names the readable line, then each member.
  jsonMembersOnce: (json, keys) => {
    const names = new Map(keys.map((key, index) => [key, `\`logfilter member ${index + 1}\``]));
    const line = '`logfilter line`';
    const members = keys.map((key) => `[arrayLast(m -> m.1 = ${backslashText(key)}, JSONExtractKeysAndValuesRaw(${line})).2]`);
    const bound = (condition: string) =>
      keys.length === 0 ? `ifNull(${condition}, 0)` : `arrayExists((${[...names.values()].join(', ')}) -> ifNull(${condition}, 0), ${members.join(', ')})`;
    return {
      names,
      bind: (condition) =>
        `isValidUTF8(${json})\n  AND arrayExists(${line} -> JSONType(${line}) = 'Object' AND ${bound(condition)}, [${clickhouseReadable(json)}])`,
    };
  },
  jsonRecordGuard: (json) => `isValidUTF8(${json}) AND JSONType(${clickhouseReadable(json)}) = 'Object'`,
  jsonQuerySettings: "SETTINGS allow_simdjson = 1, short_circuit_function_evaluation = 'disable'",
  jsonIs: (value, kind) => CLICKHOUSE_JSON_KINDS[kind](value),
  jsonScalarText: (value) => `if(startsWith(${value}, '"'), JSONExtractString(${value}), ${value})`,
  // ClickHouse writes -0 and 1e+21 as `-0` and `1e21`; String(number) as `0` and `1e+21`.
  jsonNumberText: (value) => `if(${value} = '-0', '0', replaceRegexpOne(${value}, 'e([0-9])', 'e+\\\\1'))`,
  jsonIntegers: (value) => [
    `if(${clickhouseUnsigned(value)}, toUInt64OrNull(${value}), NULL)`,
    `if(${clickhouseSigned(value)}, toInt64OrNull(${value}), NULL)`,
  ],
  jsonDouble: (value) => `if(${clickhouseExact(value)}, NULL, JSONExtractFloat(if(match(${value}, '${INTEGER_PATTERN}'), concat(${value}, '.0'), ${value})))`,
  anyJsonElement: (value, test) => `arrayExists(e -> ifNull(${test('e')}, 0), JSONExtractArrayRaw(${clickhouseReadable(value)}))`,
};

const bigqueryInteger = (value: bigint): string => (value > 9223372036854775807n || value < -9223372036854775807n ? `NUMERIC '${value}'` : String(value));

const bigqueryNumbers = textNumbers({
  matches: (text, pattern) => `REGEXP_CONTAINS(${text}, r'${pattern}')`,
  exact: (text) => `SAFE_CAST(${text} AS NUMERIC)`,
  double: (text) => `SAFE_CAST(${text} AS FLOAT64)`,
  integerLiteral: bigqueryInteger,
});

/** BigQuery: a JSON column; JSON_VALUE gives a scalar's text, JSON_QUERY_ARRAY an array's elements. */
const bigquery: SqlDialect = {
  name: 'bigquery',
  quoteIdentifier: backtickIdentifier,
  quoteText: backslashText,
  booleanLiteral: standardBoolean,
  integerLiteral: bigqueryInteger,
  doubleLiteral,
  startsWith: (text, prefix) => `STARTS_WITH(${text}, ${prefix})`,
  endsWith: (text, suffix) => `ENDS_WITH(${text}, ${suffix})`,
  containsText: (text, needle) => `STRPOS(${text}, ${needle}) > 0`,
  integersOfText: bigqueryNumbers.integersOfText,
  doubleOfText: bigqueryNumbers.doubleOfText,
  textOfNumber: (number) => `CAST(${number} AS STRING)`,
  anyElement: (list, test) => `EXISTS (SELECT 1 FROM UNNEST(${list}) AS e WHERE ${test('e')})`,
  jsonMember: (json, key) => `${json}[${backslashText(key)}]`,
  jsonIs: (value, kind) => `JSON_TYPE(${value}) = '${kind}'`,
  jsonScalarText: (value) => `JSON_VALUE(${value})`,
  jsonIntegers: (value) => bigqueryNumbers.integersOfText(`JSON_VALUE(${value})`),
  jsonDouble: (value) => bigqueryNumbers.doubleOfNumberText(`JSON_VALUE(${value})`),
  anyJsonElement: (value, test) => `EXISTS (SELECT 1 FROM UNNEST(JSON_QUERY_ARRAY(${value})) AS e WHERE ${test('e')})`,
};

const DIALECTS: Record<SqlDialectName, SqlDialect> = { duckdb, postgres, clickhouse, bigquery };

export function sqlDialect(name: SqlDialectName): SqlDialect {
  return DIALECTS[name];
}
