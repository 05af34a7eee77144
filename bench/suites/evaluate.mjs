// Evaluation throughput of `logfilter test` over a generated NDJSON file of 128 MiB, beside
// JSON.parse of the same lines alone in the same run. LOGFILTER_BENCH_1GB=1 adds one run over a
// 1 GiB file for time and peak resident memory (flat memory: it streams).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compile, exactRecordParser, filterKeys, matcher, parseJsonExact } from '@logfilter/core';
import { ensureLogs } from '../make-logs.mjs';
import { median, row, timeCommand } from '../lib.mjs';
import { DESIGN_CARD, LARGE } from './compile.mjs';

export const title = 'evaluate (logfilter test)';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const cli = join(root, 'packages/cli/bin/logfilter.cjs');

/** The baseline process: the same streamed reading, JSON.parse of every line, nothing else. */
const PARSE_ONLY = `
const { createReadStream } = require('node:fs');
const { createInterface } = require('node:readline');
let n = 0;
const lines = createInterface({ input: createReadStream(process.argv[1], { highWaterMark: 256 * 1024 }), crlfDelay: Infinity });
lines.on('line', (line) => { JSON.parse(line); n++; });
lines.on('close', () => process.stdout.write(n + '\\n'));
`;

/**
 * Milliseconds for one pass over all lines of each of `works`, median of `passes` after a warm-up
 * pass; the passes alternate so that a busy moment of the machine falls on both alike.
 */
function timePasses(lines, works, passes = 5) {
  const times = works.map(() => []);
  for (let p = 0; p <= passes; p++) {
    works.forEach((work, w) => {
      const start = performance.now();
      work(lines);
      if (p > 0) times[w].push(performance.now() - start);
    });
  }
  return times.map(median);
}

function parseOnly(lines) {
  let n = 0;
  for (let i = 0; i < lines.length; i++) if (JSON.parse(lines[i]) !== null) n++;
  return n;
}

/** The JS engine's work per line: its parser (JSON.parse, exact again only for a tested integer past 2^53) and the test. */
function parseAndTest(test, keys) {
  const parse = exactRecordParser(keys);
  return (lines) => {
    let matched = 0;
    for (let i = 0; i < lines.length; i++) if (test(parse(lines[i]))) matched++;
    return matched;
  };
}

export async function run() {
  const path = await ensureLogs(128);
  const text = readFileSync(path, 'utf8');
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  const mib = Buffer.byteLength(text) / 1048576;
  const rows = [];

  for (const [name, filter] of [
    ['design card', DESIGN_CARD],
    ['~900-byte filter', LARGE],
  ]) {
    const compiled = compile(filter);
    if (!compiled.ok) throw new Error(`bench filter does not compile: ${JSON.stringify(compiled.diagnostics)}`);
    const work = parseAndTest(matcher(compiled.json), filterKeys(parseJsonExact(compiled.json)));
    const [parseMs, testMs] = timePasses(lines, [parseOnly, work]);
    const r = row(
      `parse + evaluate (${name}), per line`,
      (testMs * 1e6) / lines.length,
      'ns',
      'JSON.parse alone, per line',
      (parseMs * 1e6) / lines.length,
      1.5,
    );
    r.note = `${lines.length} lines, ${mib.toFixed(0)} MiB in memory: ${(mib / (testMs / 1000)).toFixed(0)} MiB/s evaluated, ${(mib / (parseMs / 1000)).toFixed(0)} MiB/s parsed`;
    rows.push(r);
  }

  const baselineMs = timeCommand(process.execPath, ['-e', PARSE_ONLY, path], { runs: 3 });
  const countMs = timeCommand(process.execPath, [cli, 'test', DESIGN_CARD, '--logs', path, '--count'], { runs: 3 });
  rows.push(row(`\`logfilter test --count\` over ${mib.toFixed(0)} MiB`, countMs, 'ms', 'streamed read + JSON.parse', baselineMs, 1.5));
  const printMs = timeCommand(process.execPath, [cli, 'test', DESIGN_CARD, '--logs', path, '--invert'], { runs: 3 });
  rows.push(row('`logfilter test --invert` (prints most lines)', printMs, 'ms', 'streamed read + JSON.parse', baselineMs, 1.5));

  if (process.env.LOGFILTER_BENCH_1GB === '1') rows.push(...(await oneGigabyte()));
  return rows;
}

/** One run each over 1 GiB under /usr/bin/time: wall time and peak resident size. */
async function oneGigabyte() {
  if (!existsSync('/usr/bin/time')) return [];
  const path = await ensureLogs(1024);
  const measure = (args) => {
    const child = spawnSync('/usr/bin/time', ['-v', process.execPath, ...args], { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
    if (child.status !== 0) throw new Error(`${args.join(' ')} failed: ${child.stderr}`);
    const field = (label) => new RegExp(`${label}: (.+)`).exec(child.stderr)?.[1] ?? '';
    const seconds = field('Elapsed \\(wall clock\\) time \\(h:mm:ss or m:ss\\)')
      .split(':')
      .reduce((total, part) => total * 60 + Number(part), 0);
    return { ms: seconds * 1000, rssMiB: Number(field('Maximum resident set size \\(kbytes\\)')) / 1024 };
  };
  const baseline = measure(['-e', PARSE_ONLY, path]);
  const test = measure([cli, 'test', DESIGN_CARD, '--logs', path, '--count']);
  const time = row('`logfilter test --count` over 1 GiB', test.ms, 'ms', 'streamed read + JSON.parse', baseline.ms, 1.5);
  const memory = row('peak RSS of that run', test.rssMiB, 'MiB', 'peak RSS of the baseline', baseline.rssMiB, 1.5);
  memory.note = `flat memory: ${test.rssMiB.toFixed(0)} MiB resident at most while reading 1024 MiB`;
  return [time, memory];
}
