/**
 * The ClickHouse text `toSql` writes over typed columns means what evaluate means, in a real
 * ClickHouse server started for this file (test/support/clickhouse.ts, Debian's 18.16): the
 * agreement test's generated filters and roughened records, loaded twice, with int columns Int64
 * and UInt64 (no one ClickHouse type holds -2^63..2^64-1; a value a column cannot hold is left
 * out of that table). Its JSON functions predate JSONExtract, so the --json-column text is held to
 * golden files only. Arrays cannot be Nullable here: a missing array is loaded empty, which every
 * operator treats alike.
 */
import { evaluate, type Field, toSql } from '@logfilter/core';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATASET } from '../support/arbitraries.js';
import { type ClickHouse, startClickHouse } from '../support/clickhouse.js';
import type { LogRecord } from '../support/records.js';
import { asTyped, recordJson, sqlCase } from '../support/sql-records.js';

const CASES = fc.sample(sqlCase, { numRuns: 1500, seed: 16 });
const FILTERABLE = DATASET.fields.filter((field) => field.filterable);

type Table = 'signed' | 'unsigned';
const INT_TYPE: Record<Table, string> = { signed: 'Int64', unsigned: 'UInt64' };
const RANGE: Record<Table, readonly [bigint, bigint]> = { signed: [-(2n ** 63n), 2n ** 63n - 1n], unsigned: [0n, 2n ** 64n - 1n] };

function columnType(field: Field, table: Table): string {
  const scalar = (type: string | undefined) => ({ int: INT_TYPE[table], float: 'Float64', bool: 'UInt8' })[type ?? ''] ?? 'String';
  return field.kind === 'array' ? `Array(${scalar(field.element)})` : `Nullable(${scalar(field.kind)})`;
}

/** A typed record as a JSONEachRow row: booleans as 1 and 0, a missing array empty. */
function row(rowId: number, caseId: number, typed: LogRecord): string {
  const columns: Record<string, unknown> = { row_id: rowId, case_id: caseId };
  for (const field of FILTERABLE) {
    const value = typed[field.name];
    const bit = (v: unknown) => (typeof v === 'boolean' ? Number(v) : v);
    columns[field.name] = Array.isArray(value) ? value.map(bit) : value === undefined && field.kind === 'array' ? [] : bit(value);
  }
  return recordJson(columns);
}

let clickhouse: ClickHouse;

beforeAll(async () => {
  clickhouse = await startClickHouse();
  for (const table of ['signed', 'unsigned'] as const) {
    const columns = FILTERABLE.map((field) => `\`${field.name}\` ${columnType(field, table)}`);
    await clickhouse.query(`CREATE TABLE ${table} (row_id UInt32, case_id UInt32, ${columns.join(', ')}) ENGINE = Memory`);
    const rows = CASES.flatMap((one, caseId) => one.records.map((record, index) => row(caseId * 8 + index, caseId, asTyped(record, DATASET, RANGE[table]))));
    await clickhouse.query(`INSERT INTO ${table} FORMAT JSONEachRow`, rows.join('\n'));
  }
}, 120_000);

afterAll(() => clickhouse?.stop());

/** ClickHouse's verdicts on every record of every case, keyed by row, asked 50 cases a query. */
async function verdicts(table: Table): Promise<Map<number, boolean>> {
  const answers = new Map<number, boolean>();
  for (let start = 0; start < CASES.length; start += 50) {
    const selects = CASES.slice(start, start + 50).map((one, offset) => {
      const condition = toSql(one.json, { dialect: 'clickhouse', dataset: DATASET });
      return `SELECT row_id, ifNull(${condition}, 0) FROM ${table} WHERE case_id = ${start + offset}`;
    });
    for (const line of (await clickhouse.query(selects.join('\nUNION ALL\n'))).split('\n')) {
      if (line === '') continue;
      const [rowId, verdict] = line.split('\t');
      answers.set(Number(rowId), verdict === '1');
    }
  }
  return answers;
}

describe('ClickHouse agrees with evaluate over typed columns', () => {
  it.each<Table>(['signed', 'unsigned'])('with %s int columns', async (table) => {
    const answers = await verdicts(table);
    expect(answers.size).toBeGreaterThanOrEqual(10_000);
    const found: unknown[] = [];
    for (const [caseId, one] of CASES.entries()) {
      for (const [index, record] of one.records.entries()) {
        const typed = asTyped(record, DATASET, RANGE[table]);
        const expected = evaluate(one.json, typed);
        const answer = answers.get(caseId * 8 + index);
        if (answer !== expected) found.push({ filter: one.text, record: recordJson(typed), evaluate: expected, clickhouse: answer });
      }
    }
    expect(found.slice(0, 3)).toEqual([]);
  });
});
