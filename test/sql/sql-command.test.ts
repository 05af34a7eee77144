/**
 * `logfilter sql` as a user runs it: the text it prints is the text the agreement test runs in
 * DuckDB (core's toSql), run here through the real engine as printed; bad input exits 1 with the
 * filter's diagnostics, bad usage exits 2.
 */
import { DuckDBInstance } from '@duckdb/node-api';
import { compile, evaluate, type FilterJson, toSql } from '@logfilter/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DATASET } from '../support/arbitraries.js';
import { mapLimited, runCli } from '../support/cli.js';
import { recordJson, sqlCase } from '../support/sql-records.js';

/** Generated filters that fit the service's limits, as the CLI enforces them. */
const CASES = fc.sample(sqlCase, { numRuns: 120, seed: 1414 }).filter(({ text }) => compile(text).ok);

describe('logfilter sql', () => {
  it('prints what toSql writes, and DuckDB runs it with evaluate`s answers', async () => {
    expect(CASES.length).toBeGreaterThan(40);
    const printed = await mapLimited(CASES.slice(0, 40), ({ text }) => runCli(['sql', text, '--dialect', 'duckdb', '--json-column', 'line']), 4);
    const connection = await (await DuckDBInstance.create(':memory:')).connect();
    for (const [index, { json, records }] of CASES.slice(0, 40).entries()) {
      expect(printed[index].stderr).not.toContain('error');
      expect(printed[index].code).toBe(0);
      expect(printed[index].stdout).toBe(`${toSql(json, { dialect: 'duckdb', jsonColumn: 'line' })}\n`);
      const rows = records.map((record) => `(${index}, '${recordJson(record).replace(/'/g, "''")}'::JSON)`);
      const reader = await connection.runAndReadAll(`SELECT COALESCE(${printed[index].stdout}, FALSE) FROM (VALUES ${rows.join(', ')}) AS t(n, line)`);
      expect(reader.getRows().map((row) => row[0])).toEqual(records.map((record) => evaluate(json as FilterJson, record)));
    }
    connection.closeSync();
  });

  it('with --table, a whole statement over the typed columns', async () => {
    const { code, stdout } = await runCli(['sql', 'ClientCountry eq us', '--dialect', 'postgres', '--table', 'logs.requests']);
    expect(code).toBe(0);
    expect(stdout).toBe(`SELECT *\nFROM "logs"."requests"\nWHERE "ClientCountry" = 'us';\n`);
    expect(toSql({ where: { key: 'ClientCountry', operator: '!eq', value: 'us' } }, { dialect: 'duckdb', dataset: DATASET })).toBe(
      `("ClientCountry" IS NULL OR NOT ("ClientCountry" = 'us'))`,
    );
  });

  it('an invalid filter exits 1 with its diagnostics; a bad dialect exits 2', async () => {
    const invalid = await runCli(['sql', 'NoSuchField eq 1', '--dialect', 'duckdb']);
    expect(invalid).toMatchObject({ code: 1, stdout: '' });
    expect(invalid.stderr).toContain("unknown field 'NoSuchField'");
    const dialect = await runCli(['sql', 'ClientCountry eq us', '--dialect', 'oracle']);
    expect(dialect).toMatchObject({ code: 2, stdout: '' });
    expect(dialect.stderr).toContain('oracle');
    const missing = await runCli(['sql', 'ClientCountry eq us']);
    expect(missing.code).toBe(2);
  });
});
