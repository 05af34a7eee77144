// `logfilter diff`: a whole process beside `node -e 0` (Z3's WebAssembly start is most of it), and the
// time per pair in one running process, beside compiling the same two filters (the work diff does first).
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { builtinCatalog, compile, parseJsonExact } from '@logfilter/core';
import { median, row, timeCommandPair } from '../lib.mjs';
import { DESIGN_CARD } from './compile.mjs';

export const title = 'diff';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Pairs a reviewer meets: rewrites of the same meaning, narrower and wider edits, uint64 bounds, text
 * tests. No pair is one filter in another order (checked as the suite starts), so the solver answers each.
 */
const PAIRS = [
  [DESIGN_CARD, 'ClientCountry in (ca, us) AND (EdgeResponseStatus geq 500 OR BotScore leq 29)'],
  ['ClientRequestPath startsWith /api/', 'ClientRequestPath startsWith /api'],
  ['BotScore lt 30', 'BotScore leq 30'],
  [
    'NOT (ClientCountry in (us, ca, mx) OR ClientRequestHost endsWith .internal)',
    'ClientRequestHost !endsWith .internal AND ClientCountry !in (mx, us, ca, de)',
  ],
  ['ClientASN eq 18446744073709551615', 'ClientASN geq 18446744073709551614'],
  [
    'ClientRequestPath contains admin OR ClientRequestUserAgent contains bot',
    'ClientRequestUserAgent contains bot OR ClientRequestPath contains admin AND EdgeResponseStatus geq 400',
  ],
  ['EdgeResponseStatus in (500, 502, 503, 504)', 'EdgeResponseStatus geq 500 AND EdgeResponseStatus leq 504 AND EdgeResponseStatus !eq 501'],
  ['BotDetectionTags contains api', 'BotDetectionTags in (api, web)'],
];

/** A rewrite the optimiser and the NOTs' lowering turn back into the design card's JSON. */
const ALIKE = [DESIGN_CARD, '(ClientCountry eq us OR ClientCountry eq ca) AND NOT (BotScore geq 30 AND EdgeResponseStatus lt 500)'];

export async function run() {
  const rows = [];
  const cli = join(root, 'packages/cli/bin/logfilter.cjs');
  // A pair of the same meaning that Z3 proves: exit 0 (timeCommandPair refuses other exits).
  const [diffMs, nodeMs] = timeCommandPair([process.execPath, [cli, 'diff', PAIRS[0][0], PAIRS[0][1]]], [process.execPath, ['-e', '0']], { runs: 9 });
  rows.push(row('one `logfilter diff` process (same meaning)', diffMs, 'ms', '`node -e 0`', nodeMs, 7));
  // A rewrite that compiles to the very JSON of the other side: answered without starting Z3. The
  // full bundle's start is most of it (about 1.45x, as for `logfilter --version`); the budget is
  // there to catch a change that starts Z3 again (10x and more).
  const [alikeMs, alikeNodeMs] = timeCommandPair([process.execPath, [cli, 'diff', ...ALIKE]], [process.execPath, ['-e', '0']], { runs: 21 });
  rows.push(row('  the same, two sides that compile alike', alikeMs, 'ms', '`node -e 0`', alikeNodeMs, 2));

  const { compareFilters, loadSolver } = await import('@logfilter/solver');
  const dataset = builtinCatalog().get('http_requests');
  const filter = (text) => parseJsonExact(compile(text).json);
  // A pair that is one filter, in any order, is answered without Z3 (the solver's same-filter.ts): it
  // would time nothing here. With no time at all, any question put to Z3 is stopped: "same" says none was.
  for (const [a, b] of PAIRS) {
    if ((await compareFilters(filter(a), filter(b), dataset, { work: 1e12, safetyMs: 0 })).relation === 'same')
      throw new Error(`bench: ${a} and ${b} are one filter: not a question to Z3`);
  }
  await compareFilters(filter(PAIRS[0][0]), filter(PAIRS[0][1]), dataset);
  const perPair = [];
  const compiles = [];
  /** Each pair's times over the rounds. */
  const byPair = PAIRS.map(() => []);
  for (let round = 0; round < 5; round++) {
    for (const [index, [a, b]] of PAIRS.entries()) {
      let start = performance.now();
      const [older, newer] = [filter(a), filter(b)];
      compiles.push(performance.now() - start);
      start = performance.now();
      await compareFilters(older, newer, dataset);
      const ms = performance.now() - start;
      perPair.push(ms);
      byPair[index].push(ms);
    }
  }
  rows.push(row('one pair in a running process (median)', median(perPair), 'ms', 'compiling the two filters', median(compiles), 150));
  // A pair's own median, so that one round's pause (Z3 first meets a string question in round one:
  // 250 ms, then 70-110 ms) does not stand for the pair; the single slowest time is in the note.
  const medians = byPair.map(median);
  const slowest = medians.indexOf(Math.max(...medians));
  const slowestRow = row('  slowest of the pairs (its median)', medians[slowest], 'ms', 'the median pair', median(perPair), 15);
  slowestRow.note = `(${JSON.stringify(PAIRS[slowest][0])} against ${JSON.stringify(PAIRS[slowest][1])}; the single slowest time of any pair: ${Math.max(...perPair).toFixed(0)} ms)`;
  rows.push(slowestRow);
  (await loadSolver()).release();
  return rows;
}
