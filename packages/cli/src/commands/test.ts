/**
 * `logfilter test`: runs a filter over NDJSON log lines (plain or gzip, a file or standard input)
 * and prints the lines it lets through, exactly as read. Streamed line by line, so memory stays flat
 * on a file of any size; a malformed line is reported on stderr and skipped.
 */
import { compile, decompile, DEFAULT_DATASET, escapeControlCharacters, type FilterJson, matcher, type RecordTest } from '@logfilter/core';
import { closeSync, createReadStream, openSync, readSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { pipeline, type Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { type Command, Option } from 'commander';
import type { Context } from '../context.js';
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

/** Malformed lines reported one by one; past this, only the total. */
const MAX_REPORTED = 100;
/** Output is gathered into writes of about this many characters. */
const OUTPUT_CHUNK = 64 * 1024;

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
  if (flags.logs === '-' && flags.file === '-') throw new UsageError('the filter and the logs cannot both come from standard input');
  if (flags.engine === 'duckdb' && flags.logs === '-') throw new UsageError('the duckdb engine reads files, not standard input (use --engine js)');
  const json = compileFilter(context, filter, flags);
  if (!json) return EXIT_INVALID;
  const name = flags.logs === '-' ? '<stdin>' : flags.logs;
  const counts = flags.engine === 'duckdb' ? await runEngine(json, flags) : await runLines(await openLogs(flags.logs), name, matcher(json), flags);
  if (flags.count) {
    process.stdout.write(`${flags.invert ? 'dropped' : 'matched'} ${counts.printed} of ${counts.records}\n`);
    if (counts.skipped > 0) process.stdout.write(`skipped ${counts.skipped}\n`);
  } else if (counts.skipped > 0) {
    process.stderr.write(`logfilter: skipped ${counts.skipped} malformed line${counts.skipped === 1 ? '' : 's'}\n`);
  }
  return EXIT_OK;
}

/** The DuckDB engine, loaded only when asked for (it brings a native library). */
async function runEngine(filter: FilterJson, flags: TestFlags): Promise<Counts> {
  const { runDuckdb } = await import('../engines/duckdb.js');
  return runDuckdb({
    patterns: [flags.logs],
    filter,
    count: flags.count === true,
    invert: flags.invert === true,
    write: (text) => new Promise((resolve) => (process.stdout.write(text) ? resolve() : process.stdout.once('drain', resolve))),
    progressTo: process.stderr.isTTY ? process.stderr : undefined,
  });
}

function compileFilter(context: Context, filter: string | undefined, flags: TestFlags): FilterJson | undefined {
  const source = readSource(filter, flags.file);
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

/** The log stream, gunzipped when it starts with the gzip magic bytes. */
async function openLogs(path: string): Promise<Readable> {
  if (path === '-') {
    const head = await peek(process.stdin);
    return isGzip(head) ? gunzip(process.stdin) : process.stdin;
  }
  let head: Buffer;
  try {
    const fd = openSync(path, 'r');
    head = Buffer.alloc(2);
    const read = readSync(fd, head, 0, 2, 0);
    closeSync(fd);
    head = head.subarray(0, read);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(
      `cannot read ${path}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : (code ?? (error as Error).message)}`,
      'io-error',
    );
  }
  const stream = createReadStream(path, { highWaterMark: 256 * 1024 });
  return isGzip(head) || path.endsWith('.gz') ? gunzip(stream) : stream;
}

/** The decompressed stream; an error of the source (or of the data) surfaces on it. */
function gunzip(source: Readable): Readable {
  const output = createGunzip();
  pipeline(source, output, () => {});
  return output;
}

function isGzip(head: Buffer): boolean {
  return head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b;
}

/** The first bytes of a stream, put back so that the reader still sees them. */
function peek(stream: Readable): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const finish = (head: Buffer) => {
      stream.off('readable', onReadable).off('end', onEnd).off('error', onError);
      resolve(head);
    };
    const onReadable = () => {
      const chunk = stream.read() as Buffer | null;
      if (chunk !== null) {
        stream.unshift(chunk);
        finish(chunk);
      }
    };
    const onEnd = () => finish(Buffer.alloc(0));
    const onError = (error: Error) => reject(new UsageError(`cannot read standard input: ${error.message}`, 'io-error'));
    stream.on('readable', onReadable).on('end', onEnd).on('error', onError);
  });
}

interface Counts {
  records: number;
  printed: number;
  skipped: number;
}

function runLines(input: Readable, name: string, test: RecordTest, flags: TestFlags): Promise<Counts> {
  const counts: Counts = { records: 0, printed: 0, skipped: 0 };
  const lines = createInterface({ input, crlfDelay: Infinity });
  const output = new Output(
    () => lines.pause(),
    () => lines.resume(),
  );
  let lineNumber = 0;
  lines.on('line', (line) => {
    lineNumber++;
    const verdict = judge(line, lineNumber, test);
    if (verdict === undefined) return;
    if (verdict instanceof Error) {
      counts.skipped++;
      if (counts.skipped <= MAX_REPORTED)
        process.stderr.write(`logfilter: ${name}:${lineNumber}: malformed line skipped: ${escapeControlCharacters(verdict.message)}\n`);
      if (counts.skipped === MAX_REPORTED + 1) process.stderr.write('logfilter: further malformed lines are counted, not shown\n');
      return;
    }
    counts.records++;
    if (verdict !== !flags.invert) return;
    counts.printed++;
    if (!flags.count) output.line(line);
  });
  return new Promise((resolve, reject) => {
    const fail = (error: Error) => reject(new UsageError(`cannot read ${name}: ${error.message}`, 'io-error'));
    // readline passes its input's errors on; either way the run ends with the reason.
    input.on('error', fail);
    lines.on('error', fail);
    lines.on('close', () => {
      output.flush();
      resolve(counts);
    });
  });
}

/** Whether the filter lets a line through; an Error for a malformed line; undefined for a blank one. */
function judge(line: string, lineNumber: number, test: RecordTest): boolean | Error | undefined {
  let record: unknown;
  try {
    record = JSON.parse(lineNumber === 1 && line.charCodeAt(0) === 0xfeff ? line.slice(1) : line);
  } catch (error) {
    if (line.trim() === '') return undefined;
    return new Error((error as Error).message);
  }
  if (typeof record !== 'object' || record === null || Array.isArray(record)) return new Error('not a JSON object');
  return test(record as Record<string, unknown>);
}

/** Lines gathered into large writes; reading pauses while stdout is full, so memory stays flat. */
class Output {
  private pending = '';

  constructor(
    private readonly pause: () => void,
    private readonly resume: () => void,
  ) {}

  line(text: string): void {
    this.pending += `${text}\n`;
    if (this.pending.length >= OUTPUT_CHUNK) this.flush();
  }

  flush(): void {
    if (this.pending === '') return;
    const drained = process.stdout.write(this.pending);
    this.pending = '';
    if (!drained) {
      this.pause();
      process.stdout.once('drain', this.resume);
    }
  }
}
