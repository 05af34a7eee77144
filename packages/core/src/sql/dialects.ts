/** The four dialects `toSql` writes. */
import { childPointer } from '../base/json-source.js';
import { CONTROL_CHARACTER, DECIMAL_PATTERN, doubleQuote, type JsonKind, numberLiteral, type SqlDialect, type SqlDialectName } from './dialect.js';

/** Standard literals, control characters spliced in with chr(n) so that the SQL text stays printable. */
function standardText(text: string): string {
  if (!CONTROL_CHARACTER.test(text)) return doubleQuote(text, "'");
  const parts = text.split(/([\u0000-\u001f\u007f])/).filter((part) => part !== '');
  return `(${parts.map((part) => (CONTROL_CHARACTER.test(part) ? `chr(${part.charCodeAt(0)})` : doubleQuote(part, "'"))).join(' || ')})`;
}

/** Backslash-escaped literals (ClickHouse, BigQuery): the backslash and the quote escaped, controls as \xHH. */
function backslashText(text: string): string {
  const escaped = text.replace(/[\\'\u0000-\u001f\u007f]/g, (char) =>
    char === '\\' || char === "'" ? `\\${char}` : `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`,
  );
  return `'${escaped}'`;
}

/** ClickHouse and BigQuery quote identifiers in backticks, escaping the backslash and the backtick. */
function backtickIdentifier(name: string): string {
  return `\`${name.replace(/\\/g, '\\\\').replace(/`/g, '\\`')}\``;
}

const DUCKDB_JSON_TYPES: Record<JsonKind, string> = {
  string: "= 'VARCHAR'",
  number: "IN ('BIGINT', 'UBIGINT', 'HUGEINT', 'DOUBLE')",
  boolean: "= 'BOOLEAN'",
  array: "= 'ARRAY'",
};

const duckdb: SqlDialect = {
  name: 'duckdb',
  quoteIdentifier: (name) => doubleQuote(name, '"'),
  quoteText: standardText,
  number: numberLiteral,
  startsWith: (text, prefix) => `starts_with(${text}, ${prefix})`,
  endsWith: (text, suffix) => `ends_with(${text}, ${suffix})`,
  containsText: (text, needle) => `contains(${text}, ${needle})`,
  numberOfText: (text) => `CASE WHEN regexp_full_match(${text}, '${DECIMAL_PATTERN}') THEN TRY_CAST(${text} AS DOUBLE) END`,
  textOfNumber: (number) => `CAST(${number} AS VARCHAR)`,
  anyElement: (list, test) => `len(list_filter(${list}, lambda e: ${test('e')})) > 0`,
  jsonMember: (json, key) => `(${json} -> ${standardText(childPointer('', key))})`,
  jsonIs: (value, kind) => `json_type(${value}) ${DUCKDB_JSON_TYPES[kind]}`,
  jsonScalarText: (value) => `(${value} ->> '$')`,
  jsonNumber: (value) => `TRY_CAST(${value} ->> '$' AS DOUBLE)`,
  anyJsonElement: (value, test) => `len(list_filter(json_extract(${value}, '$[*]'), lambda e: ${test('e')})) > 0`,
};

const postgres: SqlDialect = {
  name: 'postgres',
  quoteIdentifier: (name) => doubleQuote(name, '"'),
  quoteText: standardText,
  number: numberLiteral,
  startsWith: (text, prefix) => `starts_with(${text}, ${prefix})`,
  endsWith: (text, suffix) => `right(${text}, char_length(${suffix})) = ${suffix}`,
  containsText: (text, needle) => `strpos(${text}, ${needle}) > 0`,
  numberOfText: (text) => `CASE WHEN ${text} ~ '${DECIMAL_PATTERN}' THEN CAST(${text} AS double precision) END`,
  textOfNumber: (number) => `CAST(${number} AS text)`,
  anyElement: (list, test) => `EXISTS (SELECT 1 FROM unnest(${list}) AS element(e) WHERE ${test('e')})`,
  jsonMember: (json, key) => `(${json} -> ${standardText(key)})`,
  jsonIs: (value, kind) => `jsonb_typeof(${value}) = '${kind}'`,
  jsonScalarText: (value) => `(${value} #>> '{}')`,
  jsonNumber: (value) => `CAST(${value} #>> '{}' AS double precision)`,
  anyJsonElement: (value, test) =>
    `EXISTS (SELECT 1 FROM jsonb_array_elements(CASE WHEN jsonb_typeof(${value}) = 'array' THEN ${value} END) AS element(e) WHERE ${test('e')})`,
};

const CLICKHOUSE_JSON_TYPES: Record<JsonKind, string> = {
  string: "= 'String'",
  number: "IN ('Int64', 'UInt64', 'Double')",
  boolean: "= 'Bool'",
  array: "= 'Array'",
};

/** ClickHouse reads the JSON column as text: a member is its raw JSON text ('' when missing). */
const clickhouse: SqlDialect = {
  name: 'clickhouse',
  quoteIdentifier: backtickIdentifier,
  quoteText: backslashText,
  number: numberLiteral,
  startsWith: (text, prefix) => `startsWith(${text}, ${prefix})`,
  endsWith: (text, suffix) => `endsWith(${text}, ${suffix})`,
  containsText: (text, needle) => `position(${text}, ${needle}) > 0`,
  numberOfText: (text) => `if(match(${text}, '${DECIMAL_PATTERN}'), toFloat64OrNull(${text}), NULL)`,
  textOfNumber: (number) => `toString(${number})`,
  anyElement: (list, test) => `arrayExists(e -> ${test('e')}, ${list})`,
  jsonMember: (json, key) => `JSONExtractRaw(${json}, ${backslashText(key)})`,
  jsonIs: (value, kind) => `${value} != '' AND toString(JSONType(${value})) ${CLICKHOUSE_JSON_TYPES[kind]}`,
  jsonScalarText: (value) => `if(JSONType(${value}) = 'String', JSONExtractString(${value}), ${value})`,
  jsonNumber: (value) => `JSONExtractFloat(${value})`,
  anyJsonElement: (value, test) => `arrayExists(e -> ${test('e')}, JSONExtractArrayRaw(${value}))`,
};

/** BigQuery: a JSON column; JSON_VALUE gives a scalar's text, JSON_QUERY_ARRAY an array's elements. */
const bigquery: SqlDialect = {
  name: 'bigquery',
  quoteIdentifier: backtickIdentifier,
  quoteText: backslashText,
  number: numberLiteral,
  startsWith: (text, prefix) => `STARTS_WITH(${text}, ${prefix})`,
  endsWith: (text, suffix) => `ENDS_WITH(${text}, ${suffix})`,
  containsText: (text, needle) => `STRPOS(${text}, ${needle}) > 0`,
  numberOfText: (text) => `IF(REGEXP_CONTAINS(${text}, r'${DECIMAL_PATTERN}'), SAFE_CAST(${text} AS FLOAT64), NULL)`,
  textOfNumber: (number) => `CAST(${number} AS STRING)`,
  anyElement: (list, test) => `EXISTS (SELECT 1 FROM UNNEST(${list}) AS e WHERE ${test('e')})`,
  jsonMember: (json, key) => `${json}[${backslashText(key)}]`,
  jsonIs: (value, kind) => `JSON_TYPE(${value}) = '${kind}'`,
  jsonScalarText: (value) => `JSON_VALUE(${value})`,
  jsonNumber: (value) => `SAFE_CAST(JSON_VALUE(${value}) AS FLOAT64)`,
  anyJsonElement: (value, test) => `EXISTS (SELECT 1 FROM UNNEST(JSON_QUERY_ARRAY(${value})) AS e WHERE ${test('e')})`,
};

const DIALECTS: Record<SqlDialectName, SqlDialect> = { duckdb, postgres, clickhouse, bigquery };

export function sqlDialect(name: SqlDialectName): SqlDialect {
  return DIALECTS[name];
}
