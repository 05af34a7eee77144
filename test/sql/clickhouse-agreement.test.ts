/**
 * The ClickHouse text `toSql` writes means what evaluate means, in a real ClickHouse (26.x,
 * embedded through chdb: test/support/clickhouse.ts). The agreement test's generated filters and
 * roughened records are loaded three times: as typed tables with int columns Int64 and UInt64 (no
 * one ClickHouse type holds -2^63..2^64-1; a value a column cannot hold is left out of that
 * table), and as a String column holding each raw line. Each text runs in both forms: the
 * expression (with the settings the README says it assumes, for the JSON column) and the whole
 * `--table` SELECT exactly as printed. Odd lines join the raw ones: a well-formed record with an
 * integer outside -2^63..2^64-1 in another field, with a key given twice (the last value counts, as
 * in JSON.parse), and lines `logfilter test` skips (not an object, malformed, not valid UTF-8),
 * which must pass no filter, negated or not. Arrays cannot be Nullable in ClickHouse: a missing
 * array is loaded empty, which every operator treats alike.
 */
import { evaluate, type Field, parseJsonExact, toSql } from '@logfilter/core';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATASET } from '../support/arbitraries.js';
import { type ClickHouse, startClickHouse } from '../support/clickhouse.js';
import type { LogRecord } from '../support/records.js';
import { asTyped, recordJson, type SqlCase, sqlCase } from '../support/sql-records.js';

const CASES = fc.sample(sqlCase, { numRuns: 1500, seed: 16 });
const FILTERABLE = DATASET.fields.filter((field) => field.filterable);
/** The settings the JSON-column expression assumes (the --table text carries them itself). */
const JSON_SETTINGS = "SETTINGS allow_simdjson = 0, short_circuit_function_evaluation = 'disable'";
/** The filters whose bare JSON-column expression is run (every filter's --table text is). */
const EXPRESSION_CASES = 30;
/** The filters run over the lines that are no record. */
const NOT_RECORD_CASES = 300;
/** chdb answers synchronously, so a slow query holds vitest's own timer: each test's budget, generous. */
const BUDGET_MS = 1_200_000;
/** Row ids: a case's records, then its odd lines. */
const ROWS_PER_CASE = 20;

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

/** A raw line as bytes, and what `logfilter test` reads from it: a record, or nothing (skipped). */
interface RawLine {
  bytes: Buffer;
  record?: LogRecord;
}

const HUGE = ['18446744073709551616', '-9223372036854775809', '100000000000000000000000'];

/** A case's raw lines: its records as written, then odd lines made from them. */
function rawLines(one: SqlCase, caseId: number): RawLine[] {
  const lines: RawLine[] = one.records.map((record) => ({ bytes: Buffer.from(recordJson(record)), record }));
  const text = (record: LogRecord) => recordJson(record);
  const withHuge = (record: LogRecord, index: number) => {
    const body = text(record).slice(1);
    const line = `{"HugeValue":${HUGE[index % HUGE.length]}${body === '}' ? '}' : `,${body}`}`;
    return { bytes: Buffer.from(line), record: parseJsonExact(line) as LogRecord };
  };
  // A key given twice: the first value is another record's, the last is this one's.
  const duplicated = (first: LogRecord, last: LogRecord) => {
    const inner = (record: LogRecord) => text(record).slice(1, -1);
    const line = `{${[inner(first), inner(last)].filter((part) => part !== '').join(',')}}`;
    return { bytes: Buffer.from(line), record: parseJsonExact(line) as LogRecord };
  };
  const [a, b, c] = one.records;
  lines.push(withHuge(a, caseId), withHuge(b, caseId + 1), duplicated(a, b), duplicated(c, a));
  // Lines logfilter test skips, made to read as a matching record where the engine is lenient.
  const body = text(c).slice(1, -1);
  const skipped = [`[${text(a)}]`, `${text(b)} ${text(c)}`, `{${body},}`, text(a).replace(/}$/, ''), `{${body}${body === '' ? '' : ','}"Invalid":"\u0000"`].map(
    (line) => ({ bytes: Buffer.from(line) }),
  );
  // Not valid UTF-8: a lone continuation byte inside a string value.
  skipped.push({ bytes: Buffer.concat([Buffer.from(`{"InvalidUtf8":"`), Buffer.from([0xff]), Buffer.from(`"${body === '' ? '' : ','}${body}}`)]) });
  return [...lines, ...skipped];
}

/** Lines that are no record at all. */
const NOT_RECORDS = ['3', '"text"', 'null', 'true', '[]', '[1,2]', '', '{', '{"BotScore":30', '{BotScore:30}', '{"BotScore":01}', '{"BotScore":NaN}'];

const RAW = CASES.map((one, caseId) => rawLines(one, caseId));

let clickhouse: ClickHouse;

beforeAll(async () => {
  clickhouse = await startClickHouse();
  for (const table of ['signed', 'unsigned'] as const) {
    const columns = FILTERABLE.map((field) => `\`${field.name}\` ${columnType(field, table)}`);
    await clickhouse.query(`CREATE TABLE ${table} (row_id UInt32, case_id UInt32, ${columns.join(', ')}) ENGINE = Memory`);
    const rows = CASES.flatMap((one, caseId) =>
      one.records.map((record, index) => row(caseId * ROWS_PER_CASE + index, caseId, asTyped(record, DATASET, RANGE[table]))),
    );
    await clickhouse.query(`INSERT INTO ${table} FORMAT JSONEachRow`, rows.join('\n'));
  }
  // Raw lines as bytes (unhex), so that a line that is not valid UTF-8 arrives as it is.
  await clickhouse.query('CREATE TABLE raw (row_id UInt32, case_id UInt32, line String) ENGINE = Memory');
  const values = RAW.flatMap((lines, caseId) =>
    lines.map((line, index) => `(${caseId * ROWS_PER_CASE + index}, ${caseId}, unhex('${line.bytes.toString('hex')}'))`),
  );
  for (let start = 0; start < values.length; start += 2000) await clickhouse.query(`INSERT INTO raw VALUES ${values.slice(start, start + 2000).join(', ')}`);
  await clickhouse.query('CREATE TABLE not_records (line String) ENGINE = Memory');
  await clickhouse.query(`INSERT INTO not_records VALUES ${NOT_RECORDS.map((line) => `(unhex('${Buffer.from(line).toString('hex')}'))`).join(', ')}`);
}, 300_000);

afterAll(() => clickhouse?.stop());

/** The rows ClickHouse lets through, per case: `select(case, caseId)` lists the row ids passing. */
async function passing(select: (one: SqlCase, caseId: number) => string, settings = '', cases = CASES.length, batch = 50): Promise<Set<number>> {
  const passed = new Set<number>();
  for (let start = 0; start < cases; start += batch) {
    const selects = CASES.slice(start, Math.min(start + batch, cases)).map((one, offset) => select(one, start + offset));
    for (const line of (await clickhouse.query(`${selects.join('\nUNION ALL\n')}\n${settings}`)).split('\n')) if (line !== '') passed.add(Number(line));
  }
  return passed;
}

interface Disagreement {
  filter: string;
  line: string;
  evaluate: boolean;
  clickhouse: boolean;
}

/** Where ClickHouse's verdicts differ from evaluate's, and how many pairs were compared. */
function compare(passed: Set<number>, lines: (one: SqlCase, caseId: number) => Array<{ text: string; record?: LogRecord }>, cases = CASES.length) {
  const found: Disagreement[] = [];
  let pairs = 0;
  for (const [caseId, one] of CASES.slice(0, cases).entries()) {
    for (const [index, line] of lines(one, caseId).entries()) {
      pairs++;
      const expected = line.record !== undefined && evaluate(one.json, line.record);
      const answer = passed.has(caseId * ROWS_PER_CASE + index);
      if (answer !== expected) found.push({ filter: one.text, line: line.text, evaluate: expected, clickhouse: answer });
    }
  }
  return { pairs, found };
}

const typedLines = (table: Table) => (one: SqlCase) =>
  one.records.map((record) => {
    const typed = asTyped(record, DATASET, RANGE[table]);
    return { text: recordJson(typed), record: typed };
  });

const rawLinesOf = (_one: SqlCase, caseId: number) => RAW[caseId].map((line) => ({ text: line.bytes.toString('latin1'), record: line.record }));

describe('ClickHouse agrees with evaluate over typed columns', () => {
  it.each<Table>(['signed', 'unsigned'])('with %s int columns: the expression', async (table) => {
    const passed = await passing((one, caseId) => {
      const condition = toSql(one.json, { dialect: 'clickhouse', dataset: DATASET });
      return `SELECT row_id FROM ${table} WHERE case_id = ${caseId} AND ifNull(${condition}, 0)`;
    });
    const { pairs, found } = compare(passed, typedLines(table));
    expect(pairs).toBeGreaterThanOrEqual(12_000);
    expect(found.slice(0, 3)).toEqual([]);
  });

  it.each<Table>(['signed', 'unsigned'])('with %s int columns: the --table SELECT as printed', async (table) => {
    const passed = await passing((one, caseId) => {
      const select = toSql(one.json, { dialect: 'clickhouse', dataset: DATASET, table });
      return `SELECT row_id FROM (${select}) WHERE case_id = ${caseId}`;
    });
    const { found } = compare(passed, typedLines(table));
    expect(found.slice(0, 3)).toEqual([]);
  });

  it('an Int64 column wraps 2^64-1 to -1 when loaded (what the README warns of)', async () => {
    expect((await clickhouse.query("SELECT toInt64(toUInt64('18446744073709551615'))")).trim()).toBe('-1');
  });
});

describe('ClickHouse agrees with evaluate over a JSON column of raw lines', () => {
  it(
    'the --table SELECT as printed (its settings in the text)',
    async () => {
      const passed = await passing((one, caseId) => {
        const select = toSql(one.json, { dialect: 'clickhouse', jsonColumn: 'line', table: 'raw' });
        return `SELECT row_id FROM (${select}) WHERE case_id = ${caseId}`;
      });
      const { pairs, found } = compare(passed, rawLinesOf);
      expect(pairs).toBeGreaterThanOrEqual(20_000);
      expect({ disagreements: found.length, first: found.slice(0, 3) }).toEqual({ disagreements: 0, first: [] });
    },
    BUDGET_MS,
  );

  // The bare expression writes each member out at each use: ClickHouse takes long to read it, so a
  // sample of the filters, a few a query.
  it(
    'the expression, under the settings it assumes',
    async () => {
      const passed = await passing(
        (one, caseId) => {
          const condition = toSql(one.json, { dialect: 'clickhouse', jsonColumn: 'line' });
          return `SELECT row_id FROM raw WHERE case_id = ${caseId} AND ifNull(${condition}, 0)`;
        },
        JSON_SETTINGS,
        EXPRESSION_CASES,
        5,
      );
      const { pairs, found } = compare(passed, rawLinesOf, EXPRESSION_CASES);
      expect(pairs).toBe(RAW.slice(0, EXPRESSION_CASES).flat().length);
      expect(found.slice(0, 3)).toEqual([]);
    },
    BUDGET_MS,
  );

  it(
    'a line that is no record passes no filter',
    async () => {
      const passed = await passing(
        (one, caseId) => {
          const select = toSql(one.json, { dialect: 'clickhouse', jsonColumn: 'line', table: 'not_records' });
          return `SELECT ${caseId} FROM (${select})`;
        },
        '',
        NOT_RECORD_CASES,
      );
      expect([...passed].map((caseId) => CASES[caseId].text).slice(0, 3)).toEqual([]);
    },
    BUDGET_MS,
  );
});
