/**
 * The DuckDB engine of `logfilter test --engine duckdb`: the filter as SQL (core's toSql, which
 * means what evaluate means) run by DuckDB over many NDJSON files, plain or gzip, read in parallel.
 * The native library is loaded by a dynamic import, so that the other commands never pay for it.
 *
 * Lines are read as text (a control character no valid JSON line holds as the column delimiter),
 * so that a let-through line is printed byte for byte as read, and a malformed one is counted, not
 * fatal. Each line is parsed once, for the members the filter names: a line that does not parse
 * gives NULL members (try), and one that parses to anything but an object does not start with `{`.
 */
import { availableParallelism } from 'node:os';
import { type FilterJson, filterKeys, toSql } from '@logfilter/core';
import type { DuckDBConnection } from '@duckdb/node-api';
import { UsageError } from '../io.js';
import { startProgress } from './progress.js';

export interface EngineRun {
  /** File paths or glob patterns (`logs/**\/*.log.gz`). */
  patterns: string[];
  filter: FilterJson;
  count: boolean;
  invert: boolean;
  /** Lines let through are handed here (not called with `count`). */
  write: (text: string) => Promise<void>;
  /** Show a progress bar on this stream (a terminal) when the run lasts. */
  progressTo?: NodeJS.WriteStream;
}

export interface EngineCounts {
  records: number;
  printed: number;
  skipped: number;
}

export async function runDuckdb(run: EngineRun): Promise<EngineCounts> {
  const { DuckDBInstance } = await import('@duckdb/node-api');
  const instance = await DuckDBInstance.create(':memory:', { threads: String(availableParallelism()) });
  const connection = await instance.connect();
  try {
    const files = await matchingFiles(connection, run.patterns);
    await connection.run('SET enable_progress_bar = true; SET enable_progress_bar_print = false; SET preserve_insertion_order = true');
    const lines = linesQuery(files, run.filter);
    const verdict = run.invert ? 'NOT COALESCE(verdict, FALSE)' : 'COALESCE(verdict, FALSE)';
    const stopProgress = run.progressTo ? startProgress(run.progressTo, () => connection.progress.percentage) : () => {};
    try {
      if (run.count) return await countOnly(connection, lines, verdict);
      return await streamLines(connection, lines, verdict, run.write);
    } finally {
      stopProgress();
    }
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`the DuckDB engine failed: ${(error as Error).message.split('\n')[0]}`, 'io-error');
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
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
 * One row per non-blank line (a line starting with `{`, the usual case, skips the slower tests):
 * the line, the members the filter names (NULL for a malformed line), the verdict.
 */
function linesQuery(files: string[], filter: FilterJson): string {
  const keys = filterKeys(filter);
  const pointers = keys.map((key) => sqlText(`/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`)).join(', ');
  const condition = toSql(filter, { dialect: 'duckdb', jsonMember: (key) => `members[${keys.indexOf(key) + 1}]` });
  const source = `read_csv([${files.map(sqlText).join(', ')}], columns = {'line': 'VARCHAR'}, header = false, delim = chr(1), quote = '', escape = '', new_line = '\\n', auto_detect = false, strict_mode = false, ignore_errors = true, max_line_size = 268435456)`;
  return `WITH source AS (
  SELECT line FROM ${source} WHERE line IS NOT NULL AND (line[1] = '{' OR NOT regexp_full_match(line, '\\s*'))
), parsed AS (
  SELECT line, CASE WHEN line[1] = '{' OR starts_with(ltrim(line, chr(32) || chr(9) || chr(13)), '{') THEN try(json_extract(line, [${pointers}])) END AS members FROM source
)
SELECT line, members IS NOT NULL AS is_record, CASE WHEN members IS NOT NULL THEN (${condition}) END AS verdict FROM parsed`;
}

async function countOnly(connection: DuckDBConnection, lines: string, verdict: string): Promise<EngineCounts> {
  const reader = await connection.runAndReadAll(
    `SELECT count(*) FILTER (WHERE is_record), count(*) FILTER (WHERE is_record AND ${verdict}), count(*) FILTER (WHERE NOT is_record) FROM (${lines})`,
  );
  const [records, printed, skipped] = reader.getRows()[0].map(Number);
  return { records, printed, skipped };
}

async function streamLines(connection: DuckDBConnection, lines: string, verdict: string, write: (text: string) => Promise<void>): Promise<EngineCounts> {
  const counts: EngineCounts = { records: 0, printed: 0, skipped: 0 };
  const result = await connection.stream(`SELECT line, is_record, is_record AND ${verdict} FROM (${lines})`);
  for (;;) {
    const chunk = await result.fetchChunk();
    if (!chunk || chunk.rowCount === 0) break;
    let out = '';
    for (const [line, isRecord, printed] of chunk.getRows()) {
      if (!isRecord) counts.skipped++;
      else counts.records++;
      if (printed) {
        counts.printed++;
        out += `${line}\n`;
      }
    }
    if (out !== '') await write(out);
  }
  return counts;
}
