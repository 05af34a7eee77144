// The DuckDB engine (`logfilter test --engine duckdb`) against the JS engine on the same generated
// files: 1 GiB as 8 files, plain and gzip. The JS engine reads one file per run, so its figure is
// one run per file, one after another (what a user of one process does); DuckDB takes the glob.
// Each figure is one run under /usr/bin/time (wall time and peak resident memory). The counts must
// agree: DuckDB's `--count` text is checked against the JS engine's counts, summed over the files.
// LOGFILTER_BENCH_DUCKDB_MIB sets the total size (default 1024).
import { spawnSync } from 'node:child_process';
import { copyFileSync, createReadStream, createWriteStream, existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { createGzip } from 'node:zlib';
import { DATA_DIR, ensureLogs } from '../make-logs.mjs';
import { row } from '../lib.mjs';
import { DESIGN_CARD } from './compile.mjs';

export const title = 'DuckDB engine against the JS engine (logfilter test --count)';

const cli = join(dirname(fileURLToPath(import.meta.url)), '../../packages/cli/bin/logfilter.cjs');
const FILES = 8;

/** FILES copies of one generated file, plain and gzip, under bench/data/multi-<size>/. */
async function ensureFiles(totalMiB) {
  const part = await ensureLogs(Math.max(1, Math.round(totalMiB / FILES)));
  const dir = join(DATA_DIR, `multi-${totalMiB}mib`);
  mkdirSync(dir, { recursive: true });
  const gzipped = join(dir, 'part.ndjson.gz.partial');
  if (!existsSync(join(dir, 'part-0.ndjson.gz'))) await pipeline(createReadStream(part), createGzip({ level: 6 }), createWriteStream(gzipped));
  const plain = [];
  const gz = [];
  for (let i = 0; i < FILES; i++) {
    const [p, g] = [join(dir, `part-${i}.ndjson`), join(dir, `part-${i}.ndjson.gz`)];
    if (!existsSync(p) || statSync(p).size !== statSync(part).size) copyFileSync(part, p);
    if (!existsSync(g)) copyFileSync(gzipped, g);
    plain.push(p);
    gz.push(g);
  }
  return { dir, plain, gz };
}

/** One run under /usr/bin/time: wall milliseconds, peak resident MiB, stdout. */
function measure(args) {
  const child = spawnSync('/usr/bin/time', ['-v', process.execPath, cli, ...args], { encoding: 'utf8', maxBuffer: 1 << 20 });
  if (child.status !== 0) throw new Error(`logfilter ${args.join(' ')} failed: ${child.stderr}`);
  const field = (label) => new RegExp(`${label}: (.+)`).exec(child.stderr)?.[1] ?? '';
  const seconds = field('Elapsed \\(wall clock\\) time \\(h:mm:ss or m:ss\\)')
    .split(':')
    .reduce((total, part) => total * 60 + Number(part), 0);
  return { ms: seconds * 1000, rssMiB: Number(field('Maximum resident set size \\(kbytes\\)')) / 1024, stdout: child.stdout };
}

/** The JS engine over each file in turn: summed time and counts, the largest peak memory. */
function jsEngine(files) {
  const runs = files.map((path) => measure(['test', DESIGN_CARD, '--logs', path, '--count']));
  const counts = runs.map((run) => run.stdout.match(/\d+/g).map(Number)).reduce((a, b) => a.map((value, i) => value + b[i]));
  return {
    ms: runs.reduce((sum, run) => sum + run.ms, 0),
    rssMiB: Math.max(...runs.map((run) => run.rssMiB)),
    count: `matched ${counts[0]} of ${counts[1]}\n`,
  };
}

export async function run() {
  if (!existsSync('/usr/bin/time')) return [];
  const totalMiB = Number(process.env.LOGFILTER_BENCH_DUCKDB_MIB ?? 1024);
  const { dir, plain, gz } = await ensureFiles(totalMiB);
  const rows = [];
  for (const [kind, files, glob] of [
    ['plain', plain, join(dir, 'part-*.ndjson')],
    ['gzip', gz, join(dir, 'part-*.ndjson.gz')],
  ]) {
    const js = jsEngine(files);
    const duckdb = measure(['test', DESIGN_CARD, '--logs', glob, '--count', '--engine', 'duckdb']);
    if (duckdb.stdout !== js.count) throw new Error(`the engines disagree on ${kind}: duckdb ${JSON.stringify(duckdb.stdout)}, js ${JSON.stringify(js.count)}`);
    const time = row(`--engine duckdb, ${totalMiB} MiB ${kind} in ${FILES} files`, duckdb.ms, 'ms', 'the JS engine, file by file', js.ms, 0.33);
    time.note = `${(js.ms / duckdb.ms).toFixed(2)}x the JS engine's throughput; both print ${JSON.stringify(js.count.trim())}`;
    const memory = row(`peak RSS of the DuckDB run (${kind})`, duckdb.rssMiB, 'MiB', 'peak RSS of a JS run', js.rssMiB, 10);
    rows.push(time, memory);
  }
  return rows;
}
