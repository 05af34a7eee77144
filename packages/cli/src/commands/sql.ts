/**
 * `logfilter sql`: the filter as an SQL boolean expression (or, with --table, a whole SELECT) for
 * DuckDB, ClickHouse, BigQuery or Postgres, meaning exactly what evaluate and `logfilter test` mean.
 */
import { compile, decompile, DEFAULT_DATASET, type FilterJson, SQL_DIALECTS, type SqlDialectName, toSql } from '@logfilter/core';
import { type Command, Option } from 'commander';
import type { Context } from '../context.js';
import { EXIT_INVALID, EXIT_OK, readSource, UsageError } from '../io.js';

interface SqlFlags {
  file?: string;
  dataset?: string;
  fromJson?: boolean;
  dialect: SqlDialectName;
  jsonColumn?: string;
  table?: string;
}

export function registerSql(program: Command, context: Context): void {
  program
    .command('sql')
    .description('print the filter as SQL for a query engine, with the meaning `logfilter test` gives it')
    .argument('[filter]', 'the filter text (or use --file)')
    .addOption(new Option('--dialect <name>', 'the SQL dialect').choices([...SQL_DIALECTS]).makeOptionMandatory())
    .option('-f, --file <path>', 'read the filter from a file (- for standard input)')
    .option('-d, --dataset <name>', `dataset whose fields the filter uses, and the table columns are (default: ${DEFAULT_DATASET})`)
    .option('--from-json', 'the filter is filter JSON (as a job holds it), not filter text')
    .option('--json-column <name>', 'test the members of this JSON column (the raw log line) instead of one column per field')
    .option('--table <name>', 'print a whole `SELECT * FROM <name> WHERE ...`')
    .action(context.action((filter: string | undefined, flags: SqlFlags) => run(context, filter, flags)));
}

function run(context: Context, filter: string | undefined, flags: SqlFlags): number {
  if (flags.jsonColumn !== undefined && flags.jsonColumn.trim() === '') throw new UsageError('--json-column needs a column name');
  if (flags.table !== undefined && flags.table.trim() === '') throw new UsageError('--table needs a table name');
  const dataset = context.dataset(flags.dataset);
  const json = compiledFilter(context, filter, flags);
  if (!json) return EXIT_INVALID;
  const sql = toSql(json, { dialect: flags.dialect, dataset, jsonColumn: flags.jsonColumn, table: flags.table });
  process.stdout.write(flags.table === undefined ? `${sql}\n` : `${sql};\n`);
  return EXIT_OK;
}

/**
 * The filter as compile writes it, from filter text or (with --from-json) filter JSON; undefined
 * after reporting its errors. Read from the JSON text with integers past 2^53 kept exact (the
 * result's `filter` object holds them as doubles).
 */
export function compiledFilter(
  context: Context,
  filter: string | undefined,
  flags: { file?: string; dataset?: string; fromJson?: boolean },
): FilterJson | undefined {
  const source = readSource(filter, flags.file);
  const dataset = context.dataset(flags.dataset);
  if (flags.fromJson) {
    const result = decompile(source.text, { dataset });
    context.printDiagnostics(result.diagnostics, source.text, source.name);
    return result.ok ? result.filter : undefined;
  }
  const result = compile(source.text, { dataset });
  context.printDiagnostics(result.diagnostics, source.text, source.name);
  return result.ok ? result.filter : undefined;
}
