/**
 * Filters with records for the SQL agreement tests: the property tests' filters and records, the
 * records then roughed up as real logs are: fields missing or null, numbers delivered as text,
 * text holding quotes, backslashes, LIKE wildcards and non-ASCII.
 */
import { check, compile, type Dataset, type Field, type FilterJson, parse, print } from '@logfilter/core';
import fc from 'fast-check';
import { DATASET, NO_LIMITS, wellTypedExpr } from './arbitraries.js';
import { type LogRecord, recordFor } from './records.js';

export interface SqlCase {
  text: string;
  json: FilterJson;
  records: LogRecord[];
}

const AWKWARD_TEXT = ["'", "''", '\\', '%', '_', '%_', 'é', '東京', '😀', '"', '\\%'];

/** A record's values, each now and then missing, null, a number as text, or text with awkward characters. */
function roughen(record: LogRecord): fc.Arbitrary<LogRecord> {
  const entries = Object.entries(record).map(([key, value]) =>
    fc
      .oneof(
        { weight: 8, arbitrary: fc.constant<unknown>(value) },
        { weight: 1, arbitrary: fc.constant<unknown>(undefined) },
        { weight: 1, arbitrary: fc.constant<unknown>(null) },
        { weight: 1, arbitrary: fc.constant<unknown>(numbersAsText(value)) },
        { weight: 1, arbitrary: fc.constantFrom(...AWKWARD_TEXT).map((extra) => withText(value, extra)) },
      )
      .map((rough) => [key, rough] as const),
  );
  return fc.tuple(...entries).map((pairs) => Object.fromEntries(pairs.filter(([, value]) => value !== undefined)));
}

function numbersAsText(value: unknown): unknown {
  if (typeof value === 'number') return String(value);
  return Array.isArray(value) ? value.map(numbersAsText) : value;
}

function withText(value: unknown, extra: string): unknown {
  if (typeof value === 'string') return value + extra;
  return Array.isArray(value) ? value.map((element) => withText(element, extra)) : value;
}

/** SQL text is UTF-8: a lone surrogate half has no spelling there. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const sqlCase: fc.Arbitrary<SqlCase> = wellTypedExpr
  .map((expr) => print(expr))
  .filter((text) => !LONE_SURROGATE.test(text))
  .chain((text) => {
    const checked = check(parse(text).ast!, DATASET, text).checked!;
    const compiled = compile(text, NO_LIMITS);
    const records = fc.array(recordFor(checked, DATASET).chain(roughen), { minLength: 8, maxLength: 8 });
    return records.map((generated) => ({ text, json: JSON.parse(compiled.json!) as FilterJson, records: generated }));
  })
  .filter(({ records }) => records.every((record) => Object.values(record).every(isWellFormed)));

function isWellFormed(value: unknown): boolean {
  if (typeof value === 'string') return !LONE_SURROGATE.test(value);
  return Array.isArray(value) ? value.every(isWellFormed) : true;
}

/** The DuckDB column type holding a field's catalog type. */
export function duckdbColumnType(field: Field): string {
  const scalar = (type: string | undefined) => ({ int: 'BIGINT', float: 'DOUBLE', bool: 'BOOLEAN' })[type ?? ''] ?? 'VARCHAR';
  return field.kind === 'array' ? `${scalar(field.element)}[]` : scalar(field.kind);
}

/** The record as a typed table holds it: numbers delivered as text read as numbers, numbers in text columns as text. */
export function asTyped(record: LogRecord, dataset: Dataset): LogRecord {
  const typed: LogRecord = {};
  for (const [key, value] of Object.entries(record)) {
    if (value === null) continue;
    const field = dataset.field(key)!;
    typed[key] = Array.isArray(value) ? value.map((element) => toColumn(element, field.element)) : toColumn(value, field.kind);
  }
  return typed;
}

function toColumn(value: unknown, kind: string | undefined): unknown {
  if (kind === 'int' || kind === 'float') return typeof value === 'string' ? Number(value) : value;
  if (kind === 'bool') return value === 'true' ? true : value === 'false' ? false : value;
  return typeof value === 'number' ? String(value) : value;
}
