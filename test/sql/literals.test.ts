/**
 * Each dialect's text literals and quoted identifiers, as toSql writes them, read back in the real
 * engine as exactly the text they quote: generated strings of any code point (quotes, backslashes,
 * backticks, control characters, non-BMP), compared against the same text decoded from its UTF-8
 * hex in the engine, so that no quoting of ours is on the other side. Postgres is asked with
 * standard_conforming_strings on and off, and holds no NUL character; its names stop at 63 bytes.
 */
import { DuckDBInstance } from '@duckdb/node-api';
import { type SqlDialectName, toSql } from '@logfilter/core';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ClickHouse, startClickHouse } from '../support/clickhouse.js';
import { type Postgres, startPostgres } from '../support/postgres.js';

const AWKWARD = fc.constantFrom(
  "'",
  "''",
  '\\',
  "\\'",
  '"',
  '`',
  '\0',
  '\n',
  '\r',
  '\t',
  '\x1b',
  '\x7f',
  '%',
  '_',
  '$$',
  '😀',
  'é',
  '\u2028',
  '?',
  ':x',
  '--',
  '/*',
);
const unit = fc.oneof(AWKWARD, fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }));
const TEXTS = fc.sample(fc.string({ unit, maxLength: 12 }), { numRuns: 400, seed: 21 });
const NAMES = [...new Set(fc.sample(fc.string({ unit, minLength: 1, maxLength: 8 }), { numRuns: 200, seed: 22 }))];

const hex = (text: string) => Buffer.from(text, 'utf8').toString('hex');
const noNul = (text: string) => !text.includes('\0');

/** The literal and the quoted identifier toSql writes, cut out of `"x" = LITERAL` and `NAME = ''`. */
function literal(dialect: SqlDialectName, text: string): string {
  const sql = toSql({ where: { key: 'x', operator: 'eq', value: text } }, { dialect });
  const prefix = toSql({ where: { key: 'x', operator: 'eq', value: '' } }, { dialect }).slice(0, -2);
  expect(sql.startsWith(prefix)).toBe(true);
  return sql.slice(prefix.length);
}

function identifier(dialect: SqlDialectName, name: string): string {
  const sql = toSql({ where: { key: name, operator: 'eq', value: '' } }, { dialect });
  expect(sql.endsWith(" = ''")).toBe(true);
  return sql.slice(0, -" = ''".length);
}

describe('text literals and identifiers read back as the text', () => {
  it('the generated texts hold what quoting must get right', () => {
    const all = TEXTS.join('');
    for (const char of ["'", '\\', '\0', '\n', '`', '"']) expect(all).toContain(char);
    expect(TEXTS.some((text) => /[\u{10000}-\u{10ffff}]/u.test(text))).toBe(true);
  });

  it('in DuckDB', async () => {
    const connection = await (await DuckDBInstance.create(':memory:')).connect();
    const selects = TEXTS.map((text) => `${literal('duckdb', text)} = decode(unhex('${hex(text)}'))`);
    const row = (await connection.runAndReadAll(`SELECT [${selects.join(', ')}]`)).getRows()[0][0] as { items: boolean[] };
    expect(row.items).toEqual(TEXTS.map(() => true));
    for (const name of NAMES.filter(noNul)) {
      const reader = await connection.runAndReadAll(`SELECT 1 AS ${identifier('duckdb', name)}`);
      expect(reader.columnNames()).toEqual([name]);
    }
    connection.closeSync();
  });

  it('a name holding NUL, which DuckDB and Postgres cannot read, is refused', () => {
    for (const dialect of ['duckdb', 'postgres'] as const) expect(() => identifier(dialect, 'a\0b')).toThrow('cannot hold a NUL character');
  });

  describe('in Postgres', () => {
    let postgres: Postgres;
    beforeAll(async () => {
      postgres = await startPostgres();
    }, 60_000);
    afterAll(() => postgres?.stop());

    it.each(['on', 'off'])('with standard_conforming_strings %s', (setting) => {
      const decoded = (text: string) => `convert_from(decode('${hex(text)}', 'hex'), 'UTF8')`;
      const texts = TEXTS.filter(noNul);
      const names = NAMES.filter((name) => noNul(name) && Buffer.byteLength(name) <= 63);
      const script = [
        `SET standard_conforming_strings = ${setting};`,
        'SET escape_string_warning = off;',
        ...texts.map((text) => `SELECT ${literal('postgres', text)} = ${decoded(text)};`),
        ...names.map(
          (name, index) =>
            `CREATE TEMP TABLE t${index} (${identifier('postgres', name)} int); SELECT attname = ${decoded(name)} FROM pg_attribute WHERE attrelid = 't${index}'::regclass AND attnum = 1;`,
        ),
      ].join('\n');
      expect(postgres.query(script)).toEqual([...texts, ...names].map(() => 't'));
    });
  });

  describe('in ClickHouse', () => {
    let clickhouse: ClickHouse;
    beforeAll(async () => {
      clickhouse = await startClickHouse();
    }, 60_000);
    afterAll(() => clickhouse?.stop());

    it('literals and identifiers', async () => {
      const selects = TEXTS.map((text) => `${literal('clickhouse', text)} = unhex('${hex(text)}')`);
      expect((await clickhouse.query(`SELECT [${selects.join(', ')}]`)).trim()).toBe(`[${TEXTS.map(() => 1).join(',')}]`);
      const columns = NAMES.map((name, index) => `${index} AS ${identifier('clickhouse', name)}`);
      const answer = JSON.parse(await clickhouse.query(`SELECT ${columns.join(', ')} FORMAT JSON`)) as { meta: Array<{ name: string }> };
      expect(answer.meta.map((column) => column.name)).toEqual(NAMES);
    });
  });
});
