// The JS engine of `logfilter test --count` (the design card) over one generated file of wide
// lines (60 fields), beside anchors measured in the same run: a streamed read with JSON.parse of
// each line, `grep -cF` of one member, `wc -l`. Each command runs under /usr/bin/time for wall and
// CPU time (user + system); the rounds interleave the commands, and each figure is the median of
// the rounds. Throughput is given per wall second and per CPU-second (the figure that holds on a
// shared machine); the ratios are the anchor's time divided by the engine's (above 1: the engine is
// faster), as issue 28 states them.
//
// LOGFILTER_BENCH_LOGS names the file (say /tmp/logs-1gib.ndjson from `node bench/make-logs.mjs
// 1024 /tmp/logs-1gib.ndjson --wide`); otherwise a wide file of LOGFILTER_BENCH_ENGINE_MIB (256)
// MiB is made under bench/data/. LOGFILTER_BENCH_ROUNDS sets the rounds (3). LOGFILTER_BENCH_BEFORE
// names another CLI's bin/logfilter.cjs (an earlier build) to run beside this one, on one thread.
import { existsSync, statSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DATA_DIR, makeLogs } from '../make-logs.mjs';
import { median, row, timeRounds } from '../lib.mjs';
import { DESIGN_CARD } from './compile.mjs';

export const title = 'the JS engine of logfilter test, per wall second and per CPU-second';

const cli = join(dirname(fileURLToPath(import.meta.url)), '../../packages/cli/bin/logfilter.cjs');

/** The anchor process: a streamed read and JSON.parse of every line, nothing else. */
const PARSE_ONLY = `
const { createReadStream } = require('node:fs');
const { createInterface } = require('node:readline');
let n = 0;
const lines = createInterface({ input: createReadStream(process.argv[1], { highWaterMark: 256 * 1024 }), crlfDelay: Infinity });
lines.on('line', (line) => { JSON.parse(line); n++; });
lines.on('close', () => process.stdout.write(n + '\\n'));
`;

async function logsFile() {
  if (process.env.LOGFILTER_BENCH_LOGS) return process.env.LOGFILTER_BENCH_LOGS;
  const mebibytes = Number(process.env.LOGFILTER_BENCH_ENGINE_MIB ?? 256);
  const path = join(DATA_DIR, `logs-${mebibytes}mib-wide.ndjson`);
  if (!existsSync(path) || statSync(path).size < mebibytes * 1048576) await makeLogs(path, mebibytes, { wide: true });
  return path;
}

export async function run() {
  if (!existsSync('/usr/bin/time')) return [{ name: 'engine suite', skipped: 'needs /usr/bin/time' }];
  const path = await logsFile();
  const mb = statSync(path).size / 1e6;
  const cores = availableParallelism();
  const rounds = Number(process.env.LOGFILTER_BENCH_ROUNDS ?? 3);
  const count = (bin, threads) => [process.execPath, [bin, 'test', DESIGN_CARD, '--logs', path, '--count', ...(threads ? ['--threads', String(threads)] : [])]];
  const commands = {
    'JS engine, 1 thread': count(cli, 1),
    [`JS engine, ${cores} threads`]: count(cli, cores),
    'JSON.parse per line': [process.execPath, ['-e', PARSE_ONLY, path]],
    'grep -cF': ['grep', ['-cF', '"ClientCountry":"us"', path]],
    'wc -l': ['wc', ['-l', path]],
  };
  if (process.env.LOGFILTER_BENCH_BEFORE) commands['before: JS engine, 1 thread'] = count(process.env.LOGFILTER_BENCH_BEFORE, 1);
  const load = loadavg()[0];
  const { times, outputs } = timeRounds(commands, rounds);
  const engines = Object.keys(commands).filter((name) => name.includes('engine'));
  for (const name of engines)
    if (outputs[name] !== outputs['JS engine, 1 thread'])
      throw new Error(`${name} printed ${JSON.stringify(outputs[name])}, not ${JSON.stringify(outputs['JS engine, 1 thread'])}`);
  const wall = (name) => median(times[name].wall);
  const cpu = (name) => median(times[name].cpu);
  const rows = [];
  for (const name of Object.keys(commands)) {
    const r = row(`${name}: CPU time`, cpu(name), 'ms', 'the JS engine, 1 thread', cpu('JS engine, 1 thread'));
    r.note = `${name}: ${(mb / (wall(name) / 1000)).toFixed(0)} MB/s wall (${wall(name).toFixed(0)} ms), ${(mb / (cpu(name) / 1000)).toFixed(0)} MB/s per CPU-second; the JS engine's time over its own: wall ${(wall(name) / wall('JS engine, 1 thread')).toFixed(2)}x, CPU ${(cpu(name) / cpu('JS engine, 1 thread')).toFixed(2)}x`;
    rows.push(r);
  }
  // Issue 28's aim: 3x the engine of round 3 per core, where JSON.parse per line alone was 1.10x it:
  // the engine's CPU time at most 1.10 / 3 of JSON.parse's.
  rows.push(
    row('JS engine (1 thread) CPU vs JSON.parse per line', cpu('JS engine, 1 thread'), 'ms', 'JSON.parse per line, CPU', cpu('JSON.parse per line'), 1.1 / 3),
  );
  const parallel = row(`JS engine wall, ${cores} threads vs 1`, wall(`JS engine, ${cores} threads`), 'ms', 'wall, 1 thread', wall('JS engine, 1 thread'));
  parallel.note = `${mb.toFixed(0)} MB, ${outputs['JS engine, 1 thread'].trim()}; ${rounds} rounds; load average ${load.toFixed(1)} at the start, ${loadavg()[0].toFixed(1)} at the end, on ${cores} cores`;
  rows.push(parallel);
  return rows;
}
