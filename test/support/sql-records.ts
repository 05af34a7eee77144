/**
 * Filters with records for the SQL agreement tests: the property tests' filters and records, the
 * records then roughed up as real logs are: fields missing or null, numbers delivered as text,
 * text holding quotes, backslashes, LIKE wildcards and non-ASCII, integers at the edges of 2^53,
 * int64 and uint64 (and the filter's own integers, give or take one), as numbers and as text.
 * A record's integer past 2^53 is a bigint, as the JS engine reads it (parseJsonExact).
 */
import { check, compile, type Dataset, type ExactNumber, type Field, type FilterJson, parse, parseJsonExact, print } from '@logfilter/core';
import fc from 'fast-check';
import { DATASET, FIELDS, NO_LIMITS, wellTypedExpr } from './arbitraries.js';
import { type LogRecord, recordFor } from './records.js';

export interface SqlCase {
  text: string;
  json: FilterJson;
  records: LogRecord[];
}

const AWKWARD_TEXT = ["'", "''", '\\', '%', '_', '%_', 'é', '東京', '😀', '"', '\\%'];

/** Integers where doubles, int64 and uint64 end, the first two past what is exact. */
const EDGE_INTEGERS: readonly bigint[] = [
  0n,
  2n ** 53n - 1n,
  2n ** 53n,
  2n ** 53n + 1n,
  2n ** 63n - 1n,
  2n ** 63n,
  2n ** 63n + 1n,
  2n ** 64n - 2n,
  2n ** 64n - 1n,
  -(2n ** 53n) - 1n,
  -(2n ** 63n),
  2n ** 64n,
  -(2n ** 63n) - 1n,
];

/** An integer as evaluate holds it read from JSON: a number while safe, else a bigint (a double past the 64-bit range). */
function jsonInteger(value: bigint): ExactNumber {
  return parseJsonExact(String(value)) as ExactNumber;
}

/** A record's values, each now and then missing, null, a number as text, text with awkward characters, or an edge integer. */
function roughen(record: LogRecord, near: readonly bigint[]): fc.Arbitrary<LogRecord> {
  const edges = [...EDGE_INTEGERS, ...near];
  const edge = fc
    .tuple(fc.constantFrom(...edges), fc.boolean(), fc.constantFrom('', '0', '00'))
    .map(([value, asText, zeros]) => (asText ? (value < 0n ? `-${zeros}${-value}` : `${zeros}${value}`) : jsonInteger(value)));
  const entries = Object.entries(record).map(([key, value]) =>
    fc
      .oneof(
        { weight: 8, arbitrary: fc.constant<unknown>(value) },
        { weight: 1, arbitrary: fc.constant<unknown>(undefined) },
        { weight: 1, arbitrary: fc.constant<unknown>(null) },
        { weight: 1, arbitrary: fc.constant<unknown>(numbersAsText(value)) },
        { weight: 1, arbitrary: fc.constantFrom(...AWKWARD_TEXT).map((extra) => withText(value, extra)) },
        { weight: 1, arbitrary: edge.map((integer) => withInteger(value, integer)) },
      )
      .map((rough) => [key, rough] as const),
  );
  return fc.tuple(...entries).map((pairs) => Object.fromEntries(pairs.filter(([, value]) => value !== undefined)));
}

function numbersAsText(value: unknown): unknown {
  if (typeof value === 'number') return String(value);
  return Array.isArray(value) ? value.map(numbersAsText) : value;
}

/** A number (or a list's numbers) replaced by an edge integer. */
function withInteger(value: unknown, integer: unknown): unknown {
  if (typeof value === 'number' || typeof value === 'bigint') return integer;
  return Array.isArray(value) ? value.map((element) => withInteger(element, integer)) : value;
}

/** The integers a filter names past 2^53, and their neighbours. */
function bigIntegers(json: FilterJson): bigint[] {
  const found: bigint[] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (typeof value === 'bigint') found.push(value - 1n, value, value + 1n);
    else if (typeof value === 'string' && /^\d{16,}$/.test(value)) visit(BigInt(value));
    else if (typeof value === 'object' && value !== null) Object.values(value).forEach(visit);
  };
  visit(json.where);
  return found;
}

function withText(value: unknown, extra: string): unknown {
  if (typeof value === 'string') return value + extra;
  return Array.isArray(value) ? value.map((element) => withText(element, extra)) : value;
}

/** SQL text is UTF-8: a lone surrogate half has no spelling there. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Filters on numeric fields naming integers where doubles, int64 and uint64 end (the ones an int field takes). */
const edgeFilter: fc.Arbitrary<string> = (() => {
  const inUint64 = EDGE_INTEGERS.filter((value) => value >= 0n && value < 2n ** 64n).map(String);
  const numeric = [...FIELDS.int, ...FIELDS.float, ...FIELDS.intOrString];
  const criterion = fc.oneof(
    fc.tuple(fc.constantFrom(...numeric), fc.constantFrom('eq', 'lt', 'leq', 'gt', 'geq'), fc.constantFrom(...inUint64)).map((parts) => parts.join(' ')),
    fc
      .tuple(fc.constantFrom(...numeric), fc.uniqueArray(fc.constantFrom(...inUint64), { minLength: 1, maxLength: 3 }))
      .map(([field, values]) => `${field} in (${values.join(', ')})`),
    fc.tuple(fc.constantFrom(...FIELDS.arrayInt), fc.constantFrom(...inUint64)).map(([field, value]) => `${field} contains ${value}`),
  );
  return fc.tuple(criterion, fc.boolean()).map(([text, negated]) => (negated ? `NOT (${text})` : text));
})();

export const sqlCase: fc.Arbitrary<SqlCase> = fc
  .oneof({ weight: 5, arbitrary: wellTypedExpr.map((expr) => print(expr)) }, { weight: 1, arbitrary: edgeFilter })
  .filter((text) => !LONE_SURROGATE.test(text))
  .chain((text) => {
    const checked = check(parse(text).ast!, DATASET, text).checked!;
    const compiled = compile(text, NO_LIMITS);
    const json = parseJsonExact(compiled.json!) as FilterJson;
    const near = bigIntegers(json);
    const records = fc.array(
      recordFor(checked, DATASET).chain((record) => roughen(record, near)),
      { minLength: 8, maxLength: 8 },
    );
    return records.map((generated) => ({ text, json, records: generated }));
  })
  // A value may spell a lone surrogate with an escape (`"\ud800"`), which the printed text does not show.
  .filter(({ json, records }) => isWellFormed(Object.values(json.where)) && records.every((record) => Object.values(record).every(isWellFormed)));

function isWellFormed(value: unknown): boolean {
  if (typeof value === 'string') return !LONE_SURROGATE.test(value);
  if (Array.isArray(value)) return value.every(isWellFormed);
  return typeof value === 'object' && value !== null ? Object.values(value).every(isWellFormed) : true;
}

/** JSON text of a record, or anything, its bigints written as the integers they are. */
export function recordJson(value: unknown): string {
  return JSON.stringify(value, (_key, member) => (typeof member === 'bigint' ? `\u0000bigint:${member}` : member)).replace(/"\\u0000bigint:(-?\d+)"/g, '$1');
}

/** The DuckDB column type holding a field's catalog type (int: all of -2^63..2^64-1). */
export function duckdbColumnType(field: Field): string {
  const scalar = (type: string | undefined) => ({ int: 'HUGEINT', float: 'DOUBLE', bool: 'BOOLEAN' })[type ?? ''] ?? 'VARCHAR';
  return field.kind === 'array' ? `${scalar(field.element)}[]` : scalar(field.kind);
}

/**
 * The record as a typed table holds it: numbers delivered as text read as numbers, numbers in text
 * columns as text. An int column holds integers in `range` (-2^63..2^64-1 unless the table's type
 * holds less): a value beyond it is left out, as a column that cannot hold it would.
 */
export function asTyped(record: LogRecord, dataset: Dataset, range: readonly [bigint, bigint] = [-(2n ** 63n), 2n ** 64n - 1n]): LogRecord {
  const typed: LogRecord = {};
  for (const [key, value] of Object.entries(record)) {
    if (value === null) continue;
    const field = dataset.field(key)!;
    const column = Array.isArray(value) ? value.map((element) => toColumn(element, field.element, range)) : toColumn(value, field.kind, range);
    if (column !== OUT_OF_RANGE && !(Array.isArray(column) && column.includes(OUT_OF_RANGE))) typed[key] = column;
  }
  return typed;
}

const OUT_OF_RANGE = Symbol('out of range');

function toColumn(value: unknown, kind: string | undefined, [min, max]: readonly [bigint, bigint]): unknown {
  if (kind === 'int') {
    const integerText = typeof value === 'string' && /^-?\d+$/.test(value);
    const exact = integerText ? (parseJsonExact(value.replace(/^(-?)0+(?=\d)/, '$1')) as ExactNumber) : typeof value === 'string' ? Number(value) : value;
    if (typeof exact === 'number' && !Number.isSafeInteger(exact)) return OUT_OF_RANGE;
    return (typeof exact === 'number' || typeof exact === 'bigint') && (BigInt(exact) < min || BigInt(exact) > max) ? OUT_OF_RANGE : exact;
  }
  if (kind === 'float') return typeof value === 'string' || typeof value === 'bigint' ? Number(value) : value;
  if (kind === 'bool') return value === 'true' ? true : value === 'false' ? false : value;
  return typeof value === 'number' || typeof value === 'bigint' ? String(value) : value;
}
