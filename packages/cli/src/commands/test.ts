/**
 * `logfilter test`: runs a filter over NDJSON log lines (plain or gzip, a file or standard input)
 * and prints the lines it lets through, exactly as read, with one of two engines: engines/lines.ts
 * streams line by line in this process, engines/duckdb.ts runs DuckDB over many files.
 */
import { existsSync } from 'node:fs';
import { compile, decompile, DEFAULT_DATASET, type FilterJson, filterKeys, matcher } from '@logfilter/core';
import { type Command, Option } from 'commander';
import type { Context } from '../context.js';
import type { EngineCounts } from '../engines/line-reader.js';
import { withFileArgumentNote } from '../file-argument.js';
import { EXIT_INVALID, EXIT_OK, readSource, UsageError } from '../io.js';

interface TestFlags {
  file?: string;
  logs: string;
  dataset?: string;
  count?: boolean;
  invert?: boolean;
  fromJson?: boolean;
  engine: 'js' | 'duckdb';
}

export function registerTest(program: Command, context: Context): void {
  program
    .command('test')
    .description('run a filter over NDJSON log lines and print the lines it lets through')
    .argument('[filter]', 'the filter text (or use --file)')
    .option('-f, --file <path>', 'read the filter from a file (- for standard input)')
    .requiredOption('--logs <path>', 'NDJSON log lines, optionally gzip-compressed (- for standard input)')
    .option('-d, --dataset <name>', `dataset whose fields the filter uses (default: ${DEFAULT_DATASET})`)
    .option('--count', 'print `matched N of M` (and `skipped K`) instead of the lines')
    .option('--invert', 'print the lines the filter drops instead')
    .option('--from-json', 'the filter is filter JSON (as a job holds it), not filter text')
    .addOption(
      new Option('--engine <name>', 'js: streamed line by line in this process; duckdb: DuckDB over many files in parallel (--logs may be a glob)')
        .choices(['js', 'duckdb'])
        .default('js'),
    )
    .action(context.action((filter: string | undefined, flags: TestFlags) => run(context, filter, flags)));
}

async function run(context: Context, filter: string | undefined, flags: TestFlags): Promise<number> {
  if (flags.logs === '-' && (flags.file === '-' || filter === '-')) throw new UsageError('the filter and the logs cannot both come from standard input');
  if (flags.engine === 'duckdb' && flags.logs === '-') throw new UsageError('the duckdb engine reads files, not standard input (use --engine js)');
  if (flags.engine !== 'duckdb') refuseUnexpandedPattern(flags.logs);
  const json = compileFilter(context, filter, flags);
  if (!json) return EXIT_INVALID;
  const counts = flags.engine === 'duckdb' ? await runEngine(json, flags) : await runJs(json, flags);
  if (flags.count) {
    process.stdout.write(`${flags.invert ? 'dropped' : 'matched'} ${counts.printed} of ${counts.records}\n`);
    if (counts.skipped > 0) process.stdout.write(`skipped ${counts.skipped}\n`);
  } else if (counts.skipped > 0) {
    process.stderr.write(`logfilter: skipped ${counts.skipped} malformed line${counts.skipped === 1 ? '' : 's'}\n`);
  }
  return EXIT_OK;
}

/**
 * A quoted pattern (`--logs 'logs/*.ndjson'`) names no file for the JS engine, which reads one file
 * and expands nothing: instead of only "no such file", say which engine reads patterns and how the shell can.
 */
function refuseUnexpandedPattern(logs: string): void {
  if (!/[*?[{]/.test(logs) || existsSync(logs)) return;
  throw new UsageError(
    `cannot read ${logs}: no such file; the js engine reads one file and does not expand patterns: ` +
      `use --engine duckdb, which reads every file the pattern matches, or let the shell expand it: cat ${logs} | logfilter test ... --logs -`,
    'io-error',
  );
}

/** The JavaScript engine, loaded when the command runs. */
async function runJs(filter: FilterJson, flags: TestFlags): Promise<EngineCounts> {
  const { runLines } = await import('../engines/lines.js');
  return runLines({ logs: flags.logs, test: matcher(filter), keys: filterKeys(filter), count: flags.count === true, invert: flags.invert === true });
}

/** The DuckDB engine, loaded only when asked for (it brings a native library). */
async function runEngine(filter: FilterJson, flags: TestFlags): Promise<EngineCounts> {
  const { runDuckdb } = await import('../engines/duckdb.js');
  const { runLines } = await import('../engines/lines.js');
  const test = matcher(filter);
  return runDuckdb({
    patterns: [flags.logs],
    filter,
    count: flags.count === true,
    invert: flags.invert === true,
    write: (text) => new Promise((resolve) => (process.stdout.write(text) ? resolve() : process.stdout.once('drain', resolve))),
    progressTo: process.stderr.isTTY ? process.stderr : undefined,
    fallback: (path) =>
      runLines({ logs: path, test, keys: filterKeys(filter), count: flags.count === true, invert: flags.invert === true, listMalformed: false }),
  });
}

function compileFilter(context: Context, filter: string | undefined, flags: TestFlags): FilterJson | undefined {
  const source = readSource(filter, flags.file, flags.fromJson ? 'json' : 'filter');
  const dataset = context.dataset(flags.dataset);
  if (flags.fromJson) {
    const result = decompile(source.text, { dataset, catalog: context.catalog(), explicitDataset: flags.dataset !== undefined });
    context.printDiagnostics(withFileArgumentNote(result.diagnostics, filter, 'test --from-json'), source.text, source.name);
    return result.ok ? result.filter : undefined;
  }
  const result = compile(source.text, { dataset });
  context.printDiagnostics(withFileArgumentNote(result.diagnostics, filter, 'test'), source.text, source.name);
  return result.ok ? result.filter : undefined;
}
