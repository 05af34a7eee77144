// Compile throughput against JSON.parse of the output, and CLI start-up against a bare node.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compile } from '@logfilter/core';
import { instructionsPair, row, timeCommandPair, timePerCallPair } from '../lib.mjs';

export const title = 'compile';

/** Every row this suite prints (the README's performance table and its test go by these names). */
export const rowNames = [
  'compile design card example',
  'compile ~900-byte filter',
  'one `logfilter compile` process',
  'the same, in CPU time',
  'the same, in instructions (valgrind)',
  'heap after 100,000 compiles',
];

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
export const DESIGN_CARD = 'ClientCountry in (us,ca) AND (BotScore lt 30 OR EdgeResponseStatus geq 500)';

/** A realistic filter whose output is about 900 bytes. */
export const LARGE = [
  'ClientRequestHost in (example.com, www.example.com, api.example.com, static.example.com)',
  'AND ClientCountry !in (cn, ru, kp, ir)',
  'AND NOT (ClientRequestPath startsWith /health OR ClientRequestPath startsWith /metrics OR ClientRequestPath endsWith .ico)',
  'AND (EdgeResponseStatus geq 500 OR (EdgeResponseStatus geq 400 AND BotScore lt 30) OR WAFAttackScore leq 20)',
  'AND ClientRequestMethod in (GET, POST, PUT, DELETE)',
  'AND (CacheCacheStatus eq miss OR CacheCacheStatus eq expired OR CacheCacheStatus eq bypass)',
  'AND EdgeResponseBytes gt 1024 AND OriginResponseDurationMs geq 250',
].join('\n');

export async function run() {
  const rows = [];
  for (const [name, text] of [
    ['design card example', DESIGN_CARD],
    ['~900-byte filter', LARGE],
  ]) {
    const result = compile(text);
    if (!result.ok) throw new Error(`bench filter does not compile: ${JSON.stringify(result.diagnostics)}`);
    const json = result.json;
    const [compileNs, parseNs] = timePerCallPair(
      () => compile(text),
      () => JSON.parse(json),
    );
    const r = row(`compile ${name}`, compileNs / 1000, 'µs', 'JSON.parse of its output', parseNs / 1000, 2);
    r.note = `(${result.stats.bytes} B of output)`;
    rows.push(r);
  }
  const cli = join(root, 'packages/cli/bin/logfilter.cjs');
  // 201 interleaved pairs, each run timed by bash's `time` (lib.mjs). Read from /proc's 10 ms ticks
  // over 61 pairs, the CPU ratio of one build read 1.12x, 1.17x and 1.21x in three runs of the suite
  // within an hour; timed so, it still moves by a few percent with the machine's load.
  const [cliMs, nodeMs, cliCpu, nodeCpu] = timeCommandPair([process.execPath, [cli, 'compile', DESIGN_CARD]], [process.execPath, ['-e', '0']], {
    runs: 201,
  });
  rows.push(row('one `logfilter compile` process', cliMs, 'ms', '`node -e 0`', nodeMs, 1.1));
  // Issue 28's own measure: CPU time (here the mean over the runs).
  if (Number.isFinite(cliCpu)) rows.push(row('  the same, in CPU time', cliCpu, 'ms', '`node -e 0`', nodeCpu, 1.1));
  else rows.push({ name: '  the same, in CPU time', skipped: 'no /proc/self/stat on this system' });
  // The same pair counted in instructions: steady where wall time on a shared machine is not.
  const counted = instructionsPair([process.execPath, [cli, 'compile', DESIGN_CARD]], [process.execPath, ['-e', '0']]);
  if (counted) rows.push(row('  the same, in instructions (valgrind)', counted[0], 'M', '`node -e 0`', counted[1], 1.1));
  else rows.push({ name: '  the same, in instructions (valgrind)', skipped: 'valgrind is not installed' });

  // Memory: 100,000 compiles in one process keep the heap flat.
  global.gc?.();
  const before = process.memoryUsage().heapUsed;
  for (let i = 0; i < 100_000; i++) compile(i % 2 ? DESIGN_CARD : `BotScore lt ${i % 100} AND ClientCountry eq c${i}`);
  global.gc?.();
  const after = process.memoryUsage().heapUsed;
  const heap = row('heap after 100,000 compiles', after / 1048576, 'MiB', 'heap before', before / 1048576, global.gc ? 1.5 : undefined);
  heap.note = global.gc ? undefined : '(run node with --expose-gc for a settled heap figure)';
  rows.push(heap);
  return rows;
}
