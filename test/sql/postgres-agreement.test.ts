/**
 * The Postgres text `toSql` writes means what evaluate means, in a real Postgres server started
 * for this file (test/support/postgres.ts): the agreement test's generated filters and roughened
 * records, loaded as a typed table and as a jsonb column, with the server's
 * standard_conforming_strings on (the default) and off (older installs, some poolers), where a
 * backslash in '...' is an escape: the text means the same under both. Postgres text holds no NUL
 * character, so filters and records with one are left out. Int columns are numeric, to hold all of
 * -2^63..2^64-1.
 */
import { evaluate, toSql } from '@logfilter/core';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATASET } from '../support/arbitraries.js';
import { type Postgres, startPostgres } from '../support/postgres.js';
import type { LogRecord } from '../support/records.js';
import { asTyped, recordJson, type SqlCase, sqlCase } from '../support/sql-records.js';

/** The value that ended a '...' literal early with standard_conforming_strings off, and the filter that dropped the table. */
const INJECTION = "a\\'; DROP TABLE raw; --";
const INJECTED: SqlCase = {
  text: `ClientRequestPath eq ${JSON.stringify(INJECTION)}`,
  json: { where: { key: 'ClientRequestPath', operator: 'eq', value: INJECTION } },
  records: [{ ClientRequestPath: INJECTION }, { ClientRequestPath: 'a\\' }, { ClientRequestPath: "a'" }, {}],
};
const CASES = [INJECTED, ...fc.sample(sqlCase, { numRuns: 1500, seed: 15 })].filter((one) => !recordJson(one).includes('\\u0000'));
const FILTERABLE = DATASET.fields.filter((field) => field.filterable);

function columnType(kind: string | undefined): string {
  return ({ int: 'numeric', float: 'double precision', bool: 'boolean' } as Record<string, string>)[kind ?? ''] ?? 'text';
}

function literal(value: unknown): string {
  return `'${recordJson(value).replace(/'/g, "''")}'::jsonb`;
}

let postgres: Postgres;

beforeAll(async () => {
  postgres = await startPostgres();
  const columns = FILTERABLE.map((field) => `"${field.name}" ${field.kind === 'array' ? `${columnType(field.element)}[]` : columnType(field.kind)}`);
  const rows = CASES.flatMap((one, caseId) => one.records.map((record, index) => ({ rowId: caseId * 8 + index, caseId, record })));
  postgres.query(`
CREATE TABLE raw (row_id int, case_id int, line jsonb);
CREATE TABLE fields (${columns.join(', ')});
CREATE TABLE typed_json (row_id int, case_id int, record jsonb);
INSERT INTO raw VALUES ${rows.map(({ rowId, caseId, record }) => `(${rowId}, ${caseId}, ${literal(record)})`).join(',\n')};
INSERT INTO typed_json VALUES ${rows.map(({ rowId, caseId, record }) => `(${rowId}, ${caseId}, ${literal(asTyped(record, DATASET))})`).join(',\n')};
CREATE TABLE typed AS SELECT row_id, case_id, (jsonb_populate_record(NULL::fields, record)).* FROM typed_json;
`);
}, 120_000);

afterAll(() => postgres?.stop());

type Setting = 'on' | 'off';

/** Postgres's verdicts on every record of every case, keyed by row, under one standard_conforming_strings. */
function verdicts(setting: Setting, table: 'raw' | 'typed', sqlOf: (one: SqlCase) => string): Map<number, boolean> {
  const script = `SET standard_conforming_strings = ${setting};\nSET escape_string_warning = off;\n${CASES.map((one, caseId) => `SELECT row_id, COALESCE(${sqlOf(one)}, FALSE) FROM ${table} WHERE case_id = ${caseId};`).join('\n')}\nSELECT -1, count(*) = 2 FROM pg_tables WHERE tablename IN ('raw', 'typed');`;
  const answers = new Map<number, boolean>();
  for (const line of postgres.query(script)) {
    const [rowId, verdict] = line.split('|');
    answers.set(Number(rowId), verdict === 't');
  }
  // The tables are still there afterwards.
  expect(answers.get(-1)).toBe(true);
  answers.delete(-1);
  return answers;
}

function disagreements(answers: Map<number, boolean>, recordOf: (record: LogRecord) => LogRecord): unknown[] {
  const found: unknown[] = [];
  for (const [caseId, one] of CASES.entries()) {
    for (const [index, record] of one.records.entries()) {
      const expected = evaluate(one.json, recordOf(record));
      const answer = answers.get(caseId * 8 + index);
      if (answer !== expected) found.push({ filter: one.text, record: recordOf(record), evaluate: expected, postgres: answer });
    }
  }
  return found;
}

describe.each<Setting>(['on', 'off'])('Postgres agrees with evaluate, standard_conforming_strings %s', (setting) => {
  it('over a jsonb column holding each raw record', () => {
    const answers = verdicts(setting, 'raw', (one) => toSql(one.json, { dialect: 'postgres', jsonColumn: 'line' }));
    expect(answers.size).toBeGreaterThanOrEqual(10_000);
    expect(disagreements(answers, (record) => record).slice(0, 3)).toEqual([]);
    expect([0, 1, 2, 3].map((row) => answers.get(row))).toEqual([true, false, false, false]);
  });

  it('over a table with a typed column per field', () => {
    const answers = verdicts(setting, 'typed', (one) => toSql(one.json, { dialect: 'postgres', dataset: DATASET }));
    expect(answers.size).toBeGreaterThanOrEqual(10_000);
    expect(disagreements(answers, (record) => asTyped(record, DATASET)).slice(0, 3)).toEqual([]);
    expect([0, 1, 2, 3].map((row) => answers.get(row))).toEqual([true, false, false, false]);
  });
});
