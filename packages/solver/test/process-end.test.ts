/**
 * Z3's check thread is started as Z3 starts (solve.ts), before anything asks for it. A process that
 * loads the solver and asks it nothing, and never releases it, must still end by itself.
 */
import { spawnSync } from 'node:child_process';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

/** Far above the second or so a process takes to start Z3 and end, on a machine shared with other work. */
const END_BUDGET_MS = 120_000;

it('ends a process that starts Z3 and asks it nothing', () => {
  const script = "const { loadSolver } = await import('@logfilter/solver'); await loadSolver(); process.stdout.write('started');";
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: dirname(fileURLToPath(import.meta.url)),
    encoding: 'utf8',
    timeout: END_BUDGET_MS,
  });
  expect(run.error).toBeUndefined();
  expect(run.stderr).toBe('');
  expect(run.stdout).toBe('started');
  expect(run.status).toBe(0);
});
