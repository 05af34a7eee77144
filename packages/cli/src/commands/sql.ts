/**
 * `logfilter sql`: the filter as an SQL boolean expression (or, with --table, a whole SELECT) for
 * DuckDB, ClickHouse, BigQuery or Postgres, meaning exactly what evaluate and `logfilter test` mean.
 */
import { type JobScope, SQL_DIALECTS, type SqlDialectName, toSql } from '@logfilter/core';
import { type Command, Option } from 'commander';
import type { Context } from '../context.js';
import { checkFilter, exactFilter, readFilter } from '../input.js';
import { EXIT_OK, UsageError } from '../io.js';
import { datasetOption, scopeOption } from '../options.js';
import type { Outcome } from '../outcome.js';

interface SqlFlags {
  file?: string;
  dataset?: string;
  scope?: JobScope;
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
    .addOption(
      datasetOption("dataset whose fields the filter uses, and the table's columns are (default: the file's '# dataset:' line, the job's, else http_requests)"),
    )
    .addOption(scopeOption())
    .option('--from-json', 'the filter is filter JSON (as a job holds it), not filter text')
    .option('--json-column <name>', 'test the members of this JSON column (the raw log line) instead of one column per field')
    .option('--table <name>', 'print a whole `SELECT * FROM <name> WHERE ...`')
    .option('--json', 'machine output: the JSON envelope with `sql` on stdout')
    .action(context.action((filter: string | undefined, flags: SqlFlags) => run(context, filter, flags)));
}

function run(context: Context, filter: string | undefined, flags: SqlFlags): Outcome {
  if (flags.jsonColumn !== undefined && flags.jsonColumn.trim() === '') throw new UsageError('--json-column needs a column name');
  if (flags.table !== undefined && flags.table.trim() === '') throw new UsageError('--table needs a table name');
  const source = readFilter(context.io, { inline: filter, file: flags.file, form: flags.fromJson ? 'json' : 'text' });
  const checked = checkFilter(context, source, flags, { command: flags.fromJson ? 'sql --from-json' : 'sql' });
  const json = exactFilter(checked);
  if (!json || !checked.dataset) return { exitCode: checked.exitCode, diagnostics: checked.diagnostics };
  // The columns are the dataset's the filter was checked against: its `# dataset:` line's, or its job's.
  const sql = toSql(json, { dialect: flags.dialect, dataset: checked.dataset, jsonColumn: flags.jsonColumn, table: flags.table });
  const text = flags.table === undefined ? sql : `${sql};`;
  return { exitCode: EXIT_OK, result: { sql: text, dialect: flags.dialect }, diagnostics: checked.diagnostics, stdout: `${text}\n` };
}
