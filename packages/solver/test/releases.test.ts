/**
 * Z3's objects released by the garbage collector while a check runs. z3-solver releases a Z3 object
 * from a FinalizationRegistry callback on the main thread, also while `solver.check()` runs on one of
 * Z3's worker threads in the same (not thread-safe) context; the solver holds those releases until
 * the check ends (solve.ts). Here the collector runs every millisecond while pairs with arithmetic,
 * strings and arrays are compared one after another, each comparison leaving the last one's Z3
 * objects to be collected: without the hold, Z3's memory was corrupted within a few dozen pairs and a
 * check never answered.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { builtinCatalog, compile, type FilterJson, parseJsonExact } from '@logfilter/core';
import { compareFilters, loadSolver } from '@logfilter/solver';
import { afterAll, describe, expect, it } from 'vitest';

const HTTP = builtinCatalog().get('http_requests')!;

function filter(text: string): FilterJson {
  const result = compile(text);
  if (!result.ok) throw new Error(`${text}: ${result.diagnostics.map((d) => d.message).join('; ')}`);
  return parseJsonExact(result.json!) as FilterJson;
}

/**
 * The garbage collector as a function, without starting node with --expose-gc. The flag is set back
 * once the function is made: V8's flags are the worker's, which runs other files after this one, and
 * a code cache made under a changed flag is refused by a process with the usual ones (v8-flags.test.ts).
 */
function collector(): () => void {
  setFlagsFromString('--expose-gc');
  try {
    return runInNewContext('gc') as () => void;
  } finally {
    setFlagsFromString('--no-expose-gc');
  }
}

const PAIRS: Array<[string, string]> = [
  ['BotScore lt 30 AND EdgeResponseStatus geq 500', 'BotScore leq 30 AND EdgeResponseStatus gt 499'],
  ['EdgeResponseStatus in (500, 502, 503)', 'EdgeResponseStatus geq 500 AND EdgeResponseStatus leq 503 AND EdgeResponseStatus !eq 501'],
  ['ClientRequestPath startsWith /api/ OR BotScore gt 90', 'ClientRequestPath startsWith /api AND BotScore lt 95'],
  ['ClientASN eq 18446744073709551615', 'ClientASN geq 18446744073709551614'],
  ['BotDetectionTags contains api AND OriginResponseDurationMs gt 250', 'BotDetectionTags in (api, web) OR OriginResponseDurationMs geq 250'],
];

afterAll(async () => (await loadSolver()).release());

describe('Z3 objects collected while a check runs', { timeout: 120_000 }, () => {
  it('leave every check to answer, and the answers the same as without collection', async () => {
    const expected = [];
    for (const [a, b] of PAIRS) expected.push((await compareFilters(filter(a), filter(b), HTTP)).relation);
    const gc = collector();
    const timer = setInterval(gc, 1);
    try {
      for (let round = 0; round < 30; round++) {
        for (const [index, [a, b]] of PAIRS.entries()) {
          const result = await compareFilters(filter(a), filter(b), HTTP);
          expect(result.relation, `${a} against ${b}, round ${round}`).toBe(expected[index]);
        }
      }
    } finally {
      clearInterval(timer);
    }
  });
});
