/**
 * `logfilter compile FILTER`: one filter given inline, and no option. It is the most common line, and
 * the one whose start-up counts. With nothing to parse it needs no program: building commander's, and
 * loading commander at all, is about a third of such a run's start-up. So bin/logfilter.cjs runs it
 * from a bundle of its own (dist/compile.cjs, from bin-compile.ts) that holds no commander.
 *
 * It runs what `main` runs for that line: compile's action with compile's default flags and the
 * default global options, answered and failing as main answers and fails.
 * test/cli/plain-compile.test.ts runs both on the same lines, and checks the defaults are commander's.
 */
import { COMPILE_DEFAULTS, runCompile } from './commands/compile-run.js';
import { Context, NO_GLOBAL_OPTIONS } from './context.js';
import type { Io } from './io.js';
import { presentError } from './outcome.js';

/** The options a plain compile line runs with: the default global options and compile's defaults, as commander gives them to compile's action. */
export const PLAIN_COMPILE_OPTIONS = { globals: NO_GLOBAL_OPTIONS, compile: COMPILE_DEFAULTS } as const;

/** Whether `argv` (as process.argv) is `compile FILTER`: the command word, then one word that is not an option. */
export function isPlainCompile(argv: readonly string[]): boolean {
  return argv.length === 4 && argv[2] === 'compile' && !argv[3].startsWith('-');
}

/** Runs a plain compile line (see isPlainCompile) with `io`, as `main` runs it, and returns the exit code. */
export async function plainCompile(argv: readonly string[], io: Io): Promise<number> {
  const context = new Context(() => PLAIN_COMPILE_OPTIONS.globals, io);
  try {
    if (!isPlainCompile(argv)) throw new Error(`not a plain compile line: ${argv.slice(2).join(' ')}`);
    await context.perform('compile', 'text', () => runCompile(context, [argv[3]], { ...PLAIN_COMPILE_OPTIONS.compile }, 'compile'));
    return context.exitCode;
  } catch (error) {
    return presentError('compile', error, 'text', io);
  }
}
