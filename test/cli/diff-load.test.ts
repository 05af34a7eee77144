/**
 * `diff`'s answer does not depend on the machine's load (issue 26): the solver's budget is counted in
 * Z3's resource units, not wall time, so the pair that used to be "differ (not decided)" on a busy
 * machine and "new-wider" on a quiet one is new-wider beside CPU busy loops too.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';

/** Busy loops beside the diff: more than the cores this machine is given to the tests. */
const BUSY_LOOPS = 4;
/** A generous bound on the whole test: the diff is slow on a loaded machine, never undecided. */
const TEST_BUDGET_MS = 400_000;
/** diff's wall-clock safety net, raised for the test: what is tested is the work budget, which the load must not change. */
const SAFETY_NET = ['--timeout', '180'];

const PAIR = ['ClientRequestHost eq example.com OR ClientRequestHost endsWith .example.com', 'ClientRequestHost endsWith example.com'];

let loops: ChildProcess[] = [];

afterEach(() => {
  for (const loop of loops) loop.kill('SIGKILL');
  loops = [];
});

describe('diff beside busy loops', () => {
  it(
    'answers new-wider quietly and beside busy loops alike',
    async () => {
      const quiet = await runCli(['diff', ...PAIR, ...SAFETY_NET, '--json']);
      expect([quiet.code, JSON.parse(quiet.stdout).relation]).toEqual([1, 'new-wider']);
      // Each loop spins until killed (afterEach), and ends by itself after the test's bound anyway.
      loops = Array.from({ length: BUSY_LOOPS }, () =>
        spawn(process.execPath, ['-e', `const end = Date.now() + ${TEST_BUDGET_MS}; while (Date.now() < end) {}`], { stdio: 'ignore' }),
      );
      const busy = await runCli(['diff', ...PAIR, ...SAFETY_NET, '--json']);
      expect(loops.every((loop) => loop.exitCode === null)).toBe(true);
      expect([busy.code, JSON.parse(busy.stdout)]).toEqual([1, JSON.parse(quiet.stdout)]);
    },
    TEST_BUDGET_MS,
  );
});
