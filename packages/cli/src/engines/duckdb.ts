/**
 * The DuckDB engine of `logfilter test --engine duckdb`: the filter as SQL (core's toSql, which
 * means what evaluate means) run by DuckDB over many NDJSON files, plain or gzip, read in parallel.
 * The native library is loaded by a dynamic import, so that the other commands never pay for it.
 *
 * Lines are read as text (a control character no valid JSON line holds as the column delimiter),
 * so that a let-through line is printed byte for byte as read. A file DuckDB's reader would alter
 * (exact-read.ts) goes to the JS engine instead (`fallback`). Each line is parsed once, for the
 * members the filter names; a line DuckDB's parser might read otherwise than JSON.parse (not an
 * object starting with `{`, a syntax JSON.parse refuses, a key the filter names given twice or
 * spelled with an escape) is judged by line-reader.ts's judgeLine, so both engines mean the same.
 */
import { availableParallelism } from 'node:os';
import { type FilterJson, filterKeys, matcher, type RecordTest, toSql } from '@logfilter/core';
import type { DuckDBConnection } from '@duckdb/node-api';
import { type Io, type Output, UsageError } from '../io.js';
import { doubtSql } from './doubt.js';
import { readsExactly } from './exact-read.js';
import { type EngineCounts, judgeLine } from './line-reader.js';

import { startProgress } from './progress.js';

export interface EngineRun {
  /** Where a file DuckDB's reader would alter is read from again (exact-read.ts). */
  io: Io;
  /** File paths or glob patterns (`logs/**\/*.log.gz`). */
  patterns: string[];
  filter: FilterJson;
  count: boolean;
  invert: boolean;
  /** Lines let through are handed here (not called with `count`). */
  write: (text: string) => Promise<void>;
  /** Show a progress bar on this stream (a terminal) when the run lasts. */
  progressTo?: Output;
  /** Runs the JS engine over one file DuckDB cannot read exactly (its output in place of DuckDB's). */
  fallback: (path: string) => Promise<EngineCounts>;
}

/**
 * The native library, an optional peer of the CLI (most users never need its 70 MB): when it is
 * absent, a usage error that says how to install it or which engine needs nothing more.
 */
async function loadDuckdb(): Promise<typeof import('@duckdb/node-api')> {
  try {
    return await import('@duckdb/node-api');
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    if ((code !== 'MODULE_NOT_FOUND' && code !== 'ERR_MODULE_NOT_FOUND') || !message.includes('@duckdb/')) throw error;
    throw new UsageError(
      '--engine duckdb needs the optional package @duckdb/node-api, which is not installed: ' +
        'install @duckdb/node-api beside logfilter (`npm install -g @duckdb/node-api` for a global logfilter, ' +
        '`npx -p @logfilter/cli -p @duckdb/node-api logfilter ...` with npx) or use the default engine (--engine js)',
      'configuration',
    );
  }
}

export async function runDuckdb(run: EngineRun): Promise<EngineCounts> {
  const { DuckDBInstance } = await loadDuckdb();
  const instance = await DuckDBInstance.create(':memory:', { threads: String(availableParallelism()) });
  const connection = await instance.connect();
  const total: EngineCounts = { records: 0, printed: 0, skipped: 0 };
  const add = (counts: EngineCounts) => {
    total.records += counts.records;
    total.printed += counts.printed;
    total.skipped += counts.skipped;
  };
  try {
    const files = await matchingFiles(connection, run.patterns);
    await connection.run('SET enable_progress_bar = true; SET enable_progress_bar_print = false; SET preserve_insertion_order = true');
    // Runs of files DuckDB reads exactly go to one query each, in file order; the others to the JS engine.
    let exact: string[] = [];
    for (const file of files) {
      if (await readsExactly(run.io, file)) {
        exact.push(file);
        continue;
      }
      if (exact.length > 0) add(await query(connection, run, exact));
      exact = [];
      add(await run.fallback(file));
    }
    if (exact.length > 0) add(await query(connection, run, exact));
    return total;
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`the DuckDB engine failed: ${(error as Error).message.split('\n')[0]}`, 'io-error');
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

async function query(connection: DuckDBConnection, run: EngineRun, files: string[]): Promise<EngineCounts> {
  const lines = linesQuery(files, run.filter);
  const verdict = run.invert ? 'NOT COALESCE(verdict, FALSE)' : 'COALESCE(verdict, FALSE)';
  const judge = judgeWith(matcher(run.filter), run.invert);
  const stopProgress = run.progressTo ? startProgress(run.progressTo, () => connection.progress.percentage) : () => {};
  try {
    if (run.count) return await countOnly(connection, lines, verdict, judge);
    return await streamLines(connection, lines, verdict, judge, run.write);
  } finally {
    stopProgress();
  }
}

/** What the JS engine makes of a line DuckDB left in doubt: 'printed', 'dropped', 'skipped' or 'blank'. */
type Judged = 'printed' | 'dropped' | 'skipped' | 'blank';

function judgeWith(test: RecordTest, invert: boolean): (line: string) => Judged {
  return (line) => {
    const verdict = judgeLine(line, test);
    if (verdict === undefined) return 'blank';
    if (verdict instanceof Error) return 'skipped';
    return verdict !== invert ? 'printed' : 'dropped';
  };
}

function sqlText(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

/** Every file the patterns name, in order; a pattern naming none is a usage error. */
async function matchingFiles(connection: DuckDBConnection, patterns: string[]): Promise<string[]> {
  const files: string[] = [];
  for (const pattern of patterns) {
    const reader = await connection.runAndReadAll(`SELECT file FROM glob(${sqlText(pattern)}) ORDER BY file`);
    const found = reader.getRows().map((row) => String(row[0]));
    if (found.length === 0) throw new UsageError(`cannot read ${pattern}: no such file`, 'io-error');
    files.push(...found);
  }
  return files;
}

/**
 * One row per line but empty ones: the line, whether DuckDB's reading of it is sure (it starts with
 * `{`, parses, and nothing in it is in doubt), and for a sure line the verdict.
 */
function linesQuery(files: string[], filter: FilterJson): string {
  const keys = filterKeys(filter);
  const pointers = keys.map((key) => sqlText(`/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`)).join(', ');
  const condition = toSql(filter, { dialect: 'duckdb', jsonMember: (key) => `members[${keys.indexOf(key) + 1}]` });
  const source = `read_csv([${files.map(sqlText).join(', ')}], columns = {'line': 'VARCHAR'}, header = false, delim = chr(1), quote = '', escape = '', new_line = '\\n', auto_detect = false, strict_mode = false, ignore_errors = true, max_line_size = 268435456)`;
  return `WITH source AS (
  SELECT line FROM ${source} WHERE line IS NOT NULL
), parsed AS (
  SELECT line, CASE WHEN line[1] = '{' AND NOT ${doubtSql('line', keys)} THEN try(json_extract(line, [${pointers}])) END AS members FROM source
)
SELECT line, members IS NOT NULL AS sure, CASE WHEN members IS NOT NULL THEN (${condition}) END AS verdict FROM parsed`;
}

/** Adds `n` lines the JS engine judged so to the counts. */
function addJudged(counts: EngineCounts, judged: Judged, n: number): void {
  if (judged === 'skipped') counts.skipped += n;
  else if (judged !== 'blank') counts.records += n;
  if (judged === 'printed') counts.printed += n;
}

/** The sure lines counted by DuckDB; each distinct doubtful line once, with how often it occurs, judged here. */
async function countOnly(connection: DuckDBConnection, lines: string, verdict: string, judge: (line: string) => Judged): Promise<EngineCounts> {
  const reader = await connection.runAndReadAll(
    `SELECT CASE WHEN NOT sure THEN line END, count(*) FILTER (WHERE sure), count(*) FILTER (WHERE sure AND ${verdict}), count(*) FROM (${lines}) GROUP BY 1`,
  );
  const counts: EngineCounts = { records: 0, printed: 0, skipped: 0 };
  for (const [doubt, records, printed, all] of reader.getRows()) {
    if (doubt === null) {
      counts.records += Number(records);
      counts.printed += Number(printed);
    } else addJudged(counts, judge(String(doubt)), Number(all));
  }
  return counts;
}

async function streamLines(
  connection: DuckDBConnection,
  lines: string,
  verdict: string,
  judge: (line: string) => Judged,
  write: (text: string) => Promise<void>,
): Promise<EngineCounts> {
  const counts: EngineCounts = { records: 0, printed: 0, skipped: 0 };
  const result = await connection.stream(`SELECT sure, CASE WHEN NOT sure OR ${verdict} THEN line END, sure AND ${verdict} FROM (${lines})`);
  for (;;) {
    const chunk = await result.fetchChunk();
    if (!chunk || chunk.rowCount === 0) break;
    let out = '';
    for (const [sure, line, printed] of chunk.getRows()) {
      const judged: Judged = sure ? (printed ? 'printed' : 'dropped') : judge(String(line));
      addJudged(counts, judged, 1);
      if (judged === 'printed') out += `${line}\n`;
    }
    if (out !== '') await write(out);
  }
  return counts;
}
