/**
 * `logfilter test`: runs a filter over NDJSON log lines (plain or gzip, a file or standard input)
 * and prints the lines it lets through, exactly as read, with one of two engines: engines/lines.ts
 * streams line by line in this process, engines/duckdb.ts runs DuckDB over many files.
 */
import { existsSync } from 'node:fs';
import { DEFAULT_DATASET, type FilterJson, filterKeys, matcher } from '@logfilter/core';
import { type Command, Option } from 'commander';
import type { Context } from '../context.js';
import { checkFilter, exactFilter, readFilter } from '../input.js';
import type { EngineCounts } from '../engines/line-reader.js';
import { EXIT_OK, inCwd, type Io, UsageError } from '../io.js';

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
    .option('-d, --dataset <name>', `dataset whose fields the filter uses (default: the file's '# dataset:' line, the job's, else ${DEFAULT_DATASET})`)
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
  const { io } = context;
  if (flags.logs === '-' && (flags.file === '-' || filter === '-')) throw new UsageError('the filter and the logs cannot both come from standard input');
  if (flags.engine === 'duckdb' && flags.logs === '-') throw new UsageError('the duckdb engine reads files, not standard input (use --engine js)');
  if (flags.engine !== 'duckdb') refuseUnexpandedPattern(io, flags.logs);
  const json = compileFilter(context, filter, flags);
  if (typeof json === 'number') return json;
  const counts = flags.engine === 'duckdb' ? await runEngine(io, json, flags) : await runJs(io, json, flags);
  if (flags.count) {
    io.stdout.write(`${flags.invert ? 'dropped' : 'matched'} ${counts.printed} of ${counts.records}\n`);
    if (counts.skipped > 0) io.stdout.write(`skipped ${counts.skipped}\n`);
  } else if (counts.skipped > 0) {
    io.stderr.write(`logfilter: skipped ${counts.skipped} malformed line${counts.skipped === 1 ? '' : 's'}\n`);
  }
  return EXIT_OK;
}

/**
 * A quoted pattern (`--logs 'logs/*.ndjson'`) names no file for the JS engine, which reads one file
 * and expands nothing: instead of only "no such file", say which engine reads patterns and how the shell can.
 */
function refuseUnexpandedPattern(io: Io, logs: string): void {
  if (!/[*?[{]/.test(logs) || existsSync(inCwd(io, logs))) return;
  throw new UsageError(
    `cannot read ${logs}: no such file; the js engine reads one file and does not expand patterns: ` +
      `use --engine duckdb, which reads every file the pattern matches, or let the shell expand it: cat ${logs} | logfilter test ... --logs -`,
    'io-error',
  );
}

/** The JavaScript engine, loaded when the command runs. */
async function runJs(io: Io, filter: FilterJson, flags: TestFlags): Promise<EngineCounts> {
  const { runLines } = await import('../engines/lines.js');
  return runLines({ io, logs: flags.logs, test: matcher(filter), keys: filterKeys(filter), count: flags.count === true, invert: flags.invert === true });
}

/** The DuckDB engine, loaded only when asked for (it brings a native library). */
async function runEngine(io: Io, filter: FilterJson, flags: TestFlags): Promise<EngineCounts> {
  const { runDuckdb } = await import('../engines/duckdb.js');
  const { runLines } = await import('../engines/lines.js');
  const test = matcher(filter);
  return runDuckdb({
    io,
    patterns: [inCwd(io, flags.logs)],
    filter,
    count: flags.count === true,
    invert: flags.invert === true,
    write: (text) => new Promise((resolve) => (io.stdout.write(text) ? resolve() : io.stdout.once('drain', resolve))),
    progressTo: io.stderr.isTTY ? io.stderr : undefined,
    fallback: (path) =>
      runLines({ io, logs: path, test, keys: filterKeys(filter), count: flags.count === true, invert: flags.invert === true, listMalformed: false }),
  });
}

/** The filter, through the input layer (its `# dataset:` line, its job's dataset, -d); its diagnostics shown; a number is the exit code of a filter with errors. */
function compileFilter(context: Context, filter: string | undefined, flags: TestFlags): FilterJson | number {
  const source = readFilter(context.io, { inline: filter, file: flags.file, form: flags.fromJson ? 'json' : 'text' });
  const checked = checkFilter(context, source, flags, { command: flags.fromJson ? 'test --from-json' : 'test' });
  context.present('test', { exitCode: checked.exitCode, diagnostics: checked.diagnostics }, 'text');
  return exactFilter(checked) ?? checked.exitCode;
}
