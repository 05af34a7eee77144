/**
 * Z3 starts with V8 validating WebAssembly lazily (solve.ts), a flag of the whole process. The CLI's
 * bin makes its code cache as a run ends, and a process that starts with V8's usual flags refuses a
 * cache made while a flag is changed: the flag must be set back once Z3 has started, or every later
 * run would refuse the cache of a run that asked Z3 something.
 */
import { spawnSync } from 'node:child_process';
import { Script } from 'node:vm';
import { loadSolver } from '@logfilter/solver';
import { afterAll, expect, it } from 'vitest';

afterAll(async () => (await loadSolver()).release());

const SOURCE = 'function add(a, b) { return a + b; }\nadd(1, 2);';

/** Whether a new process, started with V8's usual flags, refuses `cachedData` for SOURCE. */
function refusedElsewhere(cachedData: Buffer): boolean {
  const check = `const { Script } = require('node:vm');
process.stdout.write(String(new Script(${JSON.stringify(SOURCE)}, { filename: 'cached.js', cachedData: Buffer.from(process.argv[1], 'base64') }).cachedDataRejected));`;
  const run = spawnSync(process.execPath, ['-e', check, cachedData.toString('base64')], { encoding: 'utf8' });
  expect(run.stderr).toBe('');
  return run.stdout === 'true';
}

function cacheOfSource(): Buffer {
  const script = new Script(SOURCE, { filename: 'cached.js' });
  script.runInThisContext();
  return script.createCachedData();
}

it('leaves V8 flags as they were once Z3 has started: a code cache made after is taken by a new process', async () => {
  expect(refusedElsewhere(cacheOfSource())).toBe(false);
  await loadSolver();
  expect(refusedElsewhere(cacheOfSource())).toBe(false);
});
