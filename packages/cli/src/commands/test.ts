/**
 * `logfilter test`: runs a filter over NDJSON log lines (plain or gzip, a file or standard input)
 * and prints the lines it lets through, exactly as read (engines/lines.ts).
 */
import { existsSync } from 'node:fs';
import { DEFAULT_DATASET, type FilterJson } from '@logfilter/core';
import { type Command, Option } from 'commander';
import type { Context } from '../context.js';
import { checkFilter, exactFilter, readFilter } from '../input.js';
import { type EngineCounts, MAX_LINE_BYTES } from '../engines/line-reader.js';
import { EXIT_OK, inCwd, type Io, UsageError } from '../io.js';

interface TestFlags {
  file?: string;
  logs: string[];
  dataset?: string;
  count?: boolean;
  invert?: boolean;
  fromJson?: boolean;
  engine: 'js';
  threads?: number;
}

export function registerTest(program: Command, context: Context): void {
  program
    .command('test')
    .description('run a filter over NDJSON log lines and print the lines it lets through')
    .argument('[filter]', 'the filter text (or use --file)')
    .option('-f, --file <path>', 'read the filter from a file (- for standard input)')
    .requiredOption(
      '--logs <path>',
      `NDJSON log lines, optionally gzip-compressed (- for standard input); given again, the next file, read in order; a line longer than ${MAX_LINE_BYTES / 1048576} MiB is skipped and reported`,
      (path: string, paths: string[] | undefined) => [...(paths ?? []), path],
    )
    .option('-d, --dataset <name>', `dataset whose fields the filter uses (default: the file's '# dataset:' line, the job's, else ${DEFAULT_DATASET})`)
    .option('--count', 'print `matched N of M` (and `skipped K`) instead of the lines')
    .option('--invert', 'print the lines the filter drops instead')
    .option('--from-json', 'the filter is filter JSON (as a job holds it), not filter text')
    .option('--threads <n>', 'worker threads for one large file (default: the cores present; 1 reads on one thread)', threadCount)
    .addOption(new Option('--engine <name>', 'js, the one engine (duckdb was retired: see the README)').argParser(engineName).default('js'))
    .action(context.action((filter: string | undefined, flags: TestFlags) => run(context, filter, flags)));
}

async function run(context: Context, filter: string | undefined, flags: TestFlags): Promise<number> {
  const { io } = context;
  if (flags.logs.includes('-') && (flags.file === '-' || filter === '-')) throw new UsageError('the filter and the logs cannot both come from standard input');
  if (flags.logs.filter((path) => path === '-').length > 1) throw new UsageError('--logs - (standard input) can be given once');
  for (const path of flags.logs) refuseUnexpandedPattern(io, path);
  const json = compileFilter(context, filter, flags);
  if (typeof json === 'number') return json;
  const counts = await runJs(io, json, flags);
  if (flags.count) {
    io.stdout.write(`${flags.invert ? 'dropped' : 'matched'} ${counts.printed} of ${counts.records}\n`);
    if (counts.skipped > 0) io.stdout.write(`skipped ${counts.skipped}\n`);
  } else if (counts.skipped > 0) {
    io.stderr.write(`logfilter: skipped ${counts.skipped} malformed line${counts.skipped === 1 ? '' : 's'}\n`);
  }
  return EXIT_OK;
}

/**
 * A quoted pattern (`--logs 'logs/*.ndjson'`) names no file: `test` reads the files it is given and expands
 * nothing. Instead of only "no such file", say how the shell can read them all.
 */
function refuseUnexpandedPattern(io: Io, logs: string): void {
  if (!/[*?[{]/.test(logs) || existsSync(inCwd(io, logs))) return;
  throw new UsageError(
    `cannot read ${logs}: no such file; logfilter test does not expand patterns: ` + `let the shell expand it: cat ${logs} | logfilter test ... --logs -`,
    'io-error',
  );
}

/** `--engine js` still reads; `--engine duckdb`, retired, says why. */
function engineName(value: string): 'js' {
  if (value === 'js') return value;
  if (value === 'duckdb')
    throw new UsageError(
      '--engine duckdb was retired: read as exactly as the default engine reads each line, DuckDB was slower than it on every file measured; ' +
        'for logs already in DuckDB, `logfilter sql --dialect duckdb` prints the filter as SQL',
    );
  throw new UsageError(`--engine takes js, not '${value}'`);
}

function threadCount(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 256) throw new UsageError(`--threads takes a whole number from 1 to 256, not '${value}'`);
  return n;
}

/** The JavaScript engine, loaded when the command runs. */
async function runJs(io: Io, filter: FilterJson, flags: TestFlags): Promise<EngineCounts> {
  const { runLines } = await import('../engines/lines.js');
  return runLines({
    io,
    logs: flags.logs,
    filter,
    count: flags.count === true,
    invert: flags.invert === true,
    threads: flags.threads,
    progressTo: io.stderr.isTTY ? io.stderr : undefined,
  });
}

/** The filter, through the input layer (its `# dataset:` line, its job's dataset, -d); its diagnostics shown; a number is the exit code of a filter with errors. */
function compileFilter(context: Context, filter: string | undefined, flags: TestFlags): FilterJson | number {
  const source = readFilter(context.io, { inline: filter, file: flags.file, form: flags.fromJson ? 'json' : 'text' });
  const checked = checkFilter(context, source, flags, { command: flags.fromJson ? 'test --from-json' : 'test' });
  context.present('test', { exitCode: checked.exitCode, diagnostics: checked.diagnostics }, 'text');
  return exactFilter(checked) ?? checked.exitCode;
}
