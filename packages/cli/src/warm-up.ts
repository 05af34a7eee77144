/**
 * What a bundle of bin/logfilter.cjs runs before its V8 code cache is taken.
 *
 * A cache holds the functions that had run when it was taken, and a function it lacks is compiled
 * from its source on every start after (twenty times what reading it from the cache costs). Taken
 * after the line of the run that found no cache, it would hold what that line happened to need:
 * after a first compile whose filter had a typo, every compile of a good filter compiled its output
 * path again (about a twelfth of its start-up beyond Node's own). So that run, its own work done,
 * also runs a few common lines, on an io that keeps nothing, and the cache is the same whatever the
 * first line was. Only lines whose filter compiles are run: a filter's error path is for runs that
 * print errors, and what the cache holds every start reads.
 */
import type { Io, Output } from './io.js';

/** The kinds of criterion most filters hold: a list, a negated group, numbers, a quoted prefix and a negated list. */
export const WARM_UP_FILTER =
  'ClientCountry in (us, ca) AND NOT (BotScore lt 30 OR EdgeResponseStatus geq 500) AND ClientRequestPath startsWith "/api/" AND ClientRequestHost !in (a.example.com, b.example.com)';

const nowhere: Output = {
  write: () => true,
  once: () => nowhere,
  isTTY: false,
  columns: undefined,
  stream: () => {
    throw new Error('warm-up: no stream');
  },
};

/** An io that keeps nothing and reads nothing: what a warm-up line writes goes nowhere. */
const nowhereIo = (): Io => ({
  stdout: nowhere,
  stderr: nowhere,
  stdin: {
    readAll: () => Buffer.alloc(0),
    stream: () => {
      throw new Error('warm-up: no standard input');
    },
  },
  env: {},
  cwd: process.cwd(),
  onInterrupt: () => () => {},
  exit: () => {},
});

/** Runs each of `lines` (the words after `logfilter`) through `run` (main, or a bundle's own entry) on an io that keeps nothing. */
export async function warmUp(run: (argv: string[], io: Io) => Promise<number>, lines: ReadonlyArray<readonly string[]>): Promise<void> {
  for (const line of lines) await run(['node', 'logfilter', ...line], nowhereIo());
}
