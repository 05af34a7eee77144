/**
 * The ClickHouse text `toSql` writes means what evaluate means, in a real ClickHouse (26.x,
 * embedded through chdb: test/support/clickhouse.ts). The agreement test's generated filters and
 * roughened records are loaded three times: as typed tables with int columns Int64 and UInt64 (no
 * one ClickHouse type holds -2^63..2^64-1; a value a column cannot hold is left out of that
 * table), and as a String column holding each raw line. Each text runs in both forms: the
 * expression (the JSON-column one under ClickHouse's defaults, as a user pastes it) and the whole
 * `--table` SELECT exactly as printed. Odd lines join the raw ones: a well-formed record with an
 * integer outside -2^63..2^64-1 in another field, with a key given twice (the last value counts, as
 * in JSON.parse), and lines `logfilter test` skips (not an object, malformed, not valid UTF-8),
 * which must pass no filter, negated or not. Chosen lines join the generated ones: numbers one of
 * ClickHouse's JSON parsers reads otherwise (fractions of 17 digits, integers past 64 bits, doubles
 * ClickHouse writes back as plain digits, -0, exponents) under filters naming those very numbers.
 * Arrays cannot be Nullable in ClickHouse: a missing array is loaded empty, which every operator
 * treats alike.
 *
 * Cost: ClickHouse spends its time reading the SQL (a JSON-column text is several KB a filter), so
 * the generated cases are fewer than the DuckDB and Postgres agreement tests' and the chosen lines
 * cover what they would find only by chance.
 */
import { compile, evaluate, type Field, type FilterJson, parseJsonExact, toSql } from '@logfilter/core';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATASET } from '../support/arbitraries.js';
import { type ClickHouse, startClickHouse } from '../support/clickhouse.js';
import type { LogRecord } from '../support/records.js';
import { asTyped, recordJson, type SqlCase, sqlCase } from '../support/sql-records.js';

const CASES = fc.sample(sqlCase, { numRuns: 400, seed: 16 });
const FILTERABLE = DATASET.fields.filter((field) => field.filterable);
/** The filters whose JSON-column text (several KB each, which ClickHouse takes about 0.1 s of CPU to read) runs over the raw lines. */
const JSON_CASES = 300;
/** The filters run over the lines that are no record. */
const NOT_RECORD_CASES = 60;
/** chdb answers synchronously, so a slow query holds vitest's own timer: each test's budget, generous. */
const BUDGET_MS = 600_000;
/** Row ids: a case's records, then its odd lines. */
const ROWS_PER_CASE = 20;

/** Filters naming numbers that are hard to read exactly, over the chosen lines below. */
const PRECISE_FILTERS = [
  'EdgeResponseCompressionRatio eq -98161226209.97209',
  'EdgeResponseCompressionRatio lt -98161226209.97209',
  'EdgeResponseCompressionRatio geq 123456789.12345679',
  'EdgeResponseCompressionRatio in (9007199254740993.5, 1.5875945153403381, -38.227291486356684)',
  'NOT EdgeResponseCompressionRatio eq 1.5875945153403381',
  'EdgeResponseCompressionRatio gt 18446744073709551615',
  'BotScore eq 18446744073709551615',
  'BotScore gt 18446744073709551615',
  'BotScore eq 9223372036854775808',
  'NOT BotScore lt 9223372036854775807',
  'BotDetectionIDs contains 18446744073709551615',
  'BotDetectionIDs in (9223372036854775808, 1)',
  'NOT BotDetectionIDs contains 1',
  'EdgeStartTimestamp geq 18446744073709551615',
  'EdgeStartTimestamp startsWith "1844674407370955"',
  'EdgeStartTimestamp startsWith "1e+" OR EdgeStartTimestamp endsWith "e-7" OR EdgeStartTimestamp startsWith "-"',
  'EdgeStartTimestamp eq "0" OR EdgeStartTimestamp contains "0000"',
  'ClientRequestHost contains "18446744073709551616"',
];

/**
 * Lines holding such numbers: fractions of 17 digits that ClickHouse's other JSON parser
 * (allow_simdjson = 0) reads as a neighbouring double, integers outside -2^63..2^64-1 (which its
 * default parser refuses, with the whole line), doubles it writes back as plain digits past 2^63,
 * exponents, -0, and the same digits inside strings.
 */
const PRECISE_LINES = [
  '{"EdgeResponseCompressionRatio":-98161226209.97209,"BotScore":18446744073709551616}',
  '{"EdgeResponseCompressionRatio":-98161226209.97208}',
  '{"EdgeResponseCompressionRatio":123456789.12345679,"BotScore":18446744073709551615}',
  '{"EdgeResponseCompressionRatio":123456789.1234568,"BotScore":9223372036854775807}',
  '{"EdgeResponseCompressionRatio":9007199254740993.5,"BotDetectionIDs":[18446744073709551616,18446744073709551615,-9223372036854775809]}',
  '{"EdgeResponseCompressionRatio":1.5875945153403381,"BotScore":-9223372036854775809}',
  '{"EdgeResponseCompressionRatio":-38.227291486356684,"BotScore":9223372036854775808}',
  '{"EdgeResponseCompressionRatio":-3.8227291486356684e1,"BotScore":9223372036854775806}',
  '{"EdgeResponseCompressionRatio":1.8446744073709552e19,"BotScore":1.8446744073709552e19}',
  '{"EdgeResponseCompressionRatio":18446744073709551616,"EdgeStartTimestamp":18446744073709551616}',
  '{"EdgeStartTimestamp":"18446744073709551616","BotScore":"18446744073709551615"}',
  '{"EdgeStartTimestamp":1e23,"BotDetectionIDs":[1.8446744073709552e19,1]}',
  '{"EdgeStartTimestamp":-1.2345678901234567e-7,"BotDetectionIDs":[9223372036854775808,-1.2345678901234567e-7]}',
  '{"EdgeStartTimestamp":-0,"BotDetectionIDs":[-0.0]}',
  '{"EdgeStartTimestamp":100000000000000000000,"ClientRequestHost":"18446744073709551616"}',
  '{"ClientRequestHost":"a\\"18446744073709551616,","Huge":[100000000000000000000000,-100000000000000000000000],"BotScore":1}',
  '{"BotScore":18446744073709551615,"BotScore":18446744073709551616}',
  '{ "BotScore" : 99999999999999999999 , "EdgeResponseCompressionRatio" : -98161226209.97209 }',
];

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
  await clickhouse.query('CREATE TABLE precise (row_id UInt32, line String) ENGINE = Memory');
  await clickhouse.query(
    `INSERT INTO precise VALUES ${PRECISE_LINES.map((line, index) => `(${index}, unhex('${Buffer.from(line).toString('hex')}'))`).join(', ')}`,
  );
}, BUDGET_MS);

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

/** Runs the SQL `select` builds over the first JSON_CASES filters' raw lines and expects it to pass exactly the lines `logfilter test` passes. */
async function expectRawLinesAgree(select: (one: SqlCase, caseId: number) => string): Promise<void> {
  const passed = await passing(select, '', JSON_CASES);
  const { pairs, found } = compare(passed, rawLinesOf, JSON_CASES);
  expect(pairs).toBe(RAW.slice(0, JSON_CASES).flat().length);
  expect({ disagreements: found.length, first: found.slice(0, 3) }).toEqual({ disagreements: 0, first: [] });
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
    expect(pairs).toBe(CASES.length * 8);
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
    () =>
      expectRawLinesAgree((one, caseId) => {
        const select = toSql(one.json, { dialect: 'clickhouse', jsonColumn: 'line', table: 'raw' });
        return `SELECT row_id FROM (${select}) WHERE case_id = ${caseId}`;
      }),
    BUDGET_MS,
  );

  it(
    "the expression, under ClickHouse's defaults",
    () =>
      expectRawLinesAgree((one, caseId) => {
        const condition = toSql(one.json, { dialect: 'clickhouse', jsonColumn: 'line' });
        return `SELECT row_id FROM raw WHERE case_id = ${caseId} AND ifNull(${condition}, 0)`;
      }),
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

describe('ClickHouse agrees with evaluate on numbers that are hard to read exactly', () => {
  const filters = PRECISE_FILTERS.map((text) => {
    const compiled = compile(text, { dataset: DATASET });
    if (!compiled.ok) throw new Error(`${text}: ${compiled.diagnostics.map((diagnostic) => diagnostic.message).join('; ')}`);
    return { text, json: parseJsonExact(compiled.json!) as FilterJson };
  });

  /** Each filter's text run over the chosen lines: the disagreements, and how many pairs. */
  async function disagreements(sql: (json: FilterJson, index: number) => string) {
    const answer = await clickhouse.query(filters.map((filter, index) => sql(filter.json, index)).join('\nUNION ALL\n'));
    const passed = new Set(answer.split('\n').filter((line) => line !== ''));
    const found: Disagreement[] = [];
    for (const [index, filter] of filters.entries())
      for (const [row, line] of PRECISE_LINES.entries()) {
        const expected = evaluate(filter.json, parseJsonExact(line) as LogRecord);
        const answer = passed.has(`${index}\t${row}`);
        if (answer !== expected) found.push({ filter: filter.text, line, evaluate: expected, clickhouse: answer });
      }
    return found;
  }

  it('the --table SELECT as printed', async () => {
    const found = await disagreements((json, index) => {
      const select = toSql(json, { dialect: 'clickhouse', jsonColumn: 'line', table: 'precise' });
      return `SELECT ${index}, row_id FROM (${select})`;
    });
    expect({ disagreements: found.length, first: found.slice(0, 3) }).toEqual({ disagreements: 0, first: [] });
  });

  it("the expression, under ClickHouse's defaults", async () => {
    const found = await disagreements(
      (json, index) => `SELECT ${index}, row_id FROM precise WHERE ifNull(${toSql(json, { dialect: 'clickhouse', jsonColumn: 'line' })}, 0)`,
    );
    expect({ disagreements: found.length, first: found.slice(0, 3) }).toEqual({ disagreements: 0, first: [] });
  });

  // Why the text asks for simdjson: the lines test what the other parser gets wrong.
  it('the lines hold numbers that ClickHouse reads otherwise with allow_simdjson = 0', async () => {
    const read = await clickhouse.query(
      "SELECT number, toString(JSONExtractFloat(concat('[', number, ']'), 1)) FROM precise ARRAY JOIN extractAll(line, '-?[0-9]+[.][0-9]{14,}') AS number SETTINGS allow_simdjson = 0",
    );
    const misread = read
      .trim()
      .split('\n')
      .map((line) => line.split('\t'))
      .filter(([number, asRead]) => Number(number) !== Number(asRead));
    expect(misread.length).toBeGreaterThanOrEqual(3);
  });
});
