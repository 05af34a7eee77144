/**
 * The SQL `toSql` writes for DuckDB means what evaluate means: generated filters with roughened
 * records (missing fields, nulls, numbers as text, arrays, quotes, backslashes, LIKE wildcards,
 * non-ASCII), run through the real DuckDB engine with the records loaded both as a typed table
 * (one column per field) and as a JSON column holding each raw record, agree with evaluate on
 * every filter/record pair.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { evaluate, type FilterCriterion, type FilterJson, type FilterObject, toSql } from '@logfilter/core';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATASET } from '../support/arbitraries.js';
import { tempFiles } from '../support/cli.js';
import type { LogRecord } from '../support/records.js';
import { asTyped, duckdbColumnType, recordJson, type SqlCase, sqlCase } from '../support/sql-records.js';

/** 1,300 filters of 8 records each: more than 10,000 pairs per loading. */
const CASES = fc.sample(sqlCase, { numRuns: 1300, seed: 14 });
const FILTERABLE = DATASET.fields.filter((field) => field.filterable);

let connection: DuckDBConnection;

beforeAll(async () => {
  connection = await (await DuckDBInstance.create(':memory:')).connect();
  const files = tempFiles('sql-agreement');
  const raw: string[] = [];
  const typed: string[] = [];
  for (const [caseId, one] of CASES.entries()) {
    for (const [index, record] of one.records.entries()) {
      const rowId = caseId * 8 + index;
      raw.push(recordJson({ row_id: rowId, case_id: caseId, record }));
      typed.push(recordJson({ row_id: rowId, case_id: caseId, ...asTyped(record, DATASET) }));
    }
  }
  const rawPath = join(files.dir, 'raw.ndjson');
  const typedPath = join(files.dir, 'typed.ndjson');
  writeFileSync(rawPath, `${raw.join('\n')}\n`);
  writeFileSync(typedPath, `${typed.join('\n')}\n`);
  await connection.run(
    `CREATE TABLE raw AS SELECT CAST(json ->> '$.row_id' AS INTEGER) AS row_id, CAST(json ->> '$.case_id' AS INTEGER) AS case_id, json -> '$.record' AS line FROM read_ndjson_objects('${rawPath}')`,
  );
  const columns = [`row_id: 'INTEGER'`, `case_id: 'INTEGER'`, ...FILTERABLE.map((field) => `"${field.name}": '${duckdbColumnType(field)}'`)];
  await connection.run(`CREATE TABLE typed AS SELECT * FROM read_json('${typedPath}', format = 'newline_delimited', columns = {${columns.join(', ')}})`);
});

afterAll(() => connection?.closeSync());

/** DuckDB's verdict on each record of a case, in record order. */
async function verdicts(table: 'raw' | 'typed', caseId: number, condition: string): Promise<boolean[]> {
  const reader = await connection.runAndReadAll(`SELECT COALESCE(${condition}, FALSE) FROM ${table} WHERE case_id = ${caseId} ORDER BY row_id`);
  return reader.getRows().map((row) => row[0] as boolean);
}

interface Disagreement {
  filter: string;
  sql: string;
  record: LogRecord;
  evaluate: boolean;
  duckdb: boolean;
}

async function disagreements(
  table: 'raw' | 'typed',
  sqlOf: (json: FilterJson) => string,
  recordOf: (record: LogRecord) => LogRecord,
): Promise<{ pairs: number; found: Disagreement[] }> {
  const found: Disagreement[] = [];
  let pairs = 0;
  for (const [caseId, one] of CASES.entries()) {
    const sql = sqlOf(one.json);
    const answers = await verdicts(table, caseId, sql);
    expect(answers).toHaveLength(one.records.length);
    one.records.forEach((record, index) => {
      pairs++;
      const expected = evaluate(one.json, recordOf(record));
      if (answers[index] !== expected) found.push({ filter: one.text, sql, record: recordOf(record), evaluate: expected, duckdb: answers[index] });
    });
  }
  return { pairs, found };
}

describe('DuckDB agrees with evaluate', () => {
  it('over a JSON column holding each raw record', async () => {
    const { pairs, found } = await disagreements(
      'raw',
      (json) => toSql(json, { dialect: 'duckdb', jsonColumn: 'line' }),
      (record) => record,
    );
    expect(pairs).toBeGreaterThanOrEqual(10_000);
    expect(found.slice(0, 3)).toEqual([]);
  });

  it('over a table with a typed column per field', async () => {
    const { pairs, found } = await disagreements(
      'typed',
      (json) => toSql(json, { dialect: 'duckdb', dataset: DATASET }),
      (record) => asTyped(record, DATASET),
    );
    expect(pairs).toBeGreaterThanOrEqual(10_000);
    expect(found.slice(0, 3)).toEqual([]);
  });

  it('the generated pairs make filters both pass and fail, with missing, null and text-number values', () => {
    const records = CASES.flatMap((one: SqlCase) => one.records.map((record) => ({ json: one.json, record })));
    const outcomes = new Set(records.map(({ json, record }) => evaluate(json, record)));
    const values = records.flatMap(({ record }) => Object.values(record));
    expect(outcomes).toEqual(new Set([true, false]));
    expect(values).toContain(null);
    expect(values.some((value) => typeof value === 'string' && /^-?\d/.test(value))).toBe(true);
    expect(values.some((value) => Array.isArray(value))).toBe(true);
    // Records holding, in a field the filter compares with an integer past 2^53, that integer or a neighbour (equal as doubles).
    const big = (value: unknown): bigint[] =>
      Array.isArray(value) ? value.flatMap(big) : typeof value === 'bigint' || (typeof value === 'string' && /^-?\d{16,}$/.test(value)) ? [BigInt(value)] : [];
    const criteria = (node: FilterObject): FilterCriterion[] =>
      'and' in node ? node.and.flatMap(criteria) : 'or' in node ? node.or.flatMap(criteria) : [node];
    const exactMatters = records.filter(({ json, record }) =>
      criteria(json.where).some(({ key, value }) => big(value).some((bound) => big(record[key]).some((held) => held - bound <= 1n && bound - held <= 1n))),
    );
    expect(exactMatters.length).toBeGreaterThan(20);
  });
});
