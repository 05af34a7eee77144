/**
 * The plain lines: `logfilter compile FILTER` and `logfilter check FILTER`, one argument (filter
 * text, or a file's name) and no option. They are the most common lines, and the ones whose
 * start-up counts. With nothing to parse they need no program: building commander's, and loading
 * commander at all, is about a third of such a run's start-up. So bin/logfilter.cjs runs them from
 * a bundle of their own (dist/plain.cjs, from bin-plain.ts) that holds no commander.
 *
 * A plain line runs what `main` runs for it: the command's action with its default flags and the
 * default global options, answered and failing as main answers and fails.
 * test/cli/plain-line.test.ts runs both on the same lines, and checks the defaults are commander's.
 */
import { CHECK_DEFAULTS, COMPILE_DEFAULTS, runCheck, runCompile } from './commands/compile-run.js';
import { Context, NO_GLOBAL_OPTIONS } from './context.js';
import type { Io } from './io.js';
import { presentError } from './outcome.js';

/** The options a plain line runs with: the default global options and its command's defaults, as commander gives them to the action. */
export const PLAIN_LINE_OPTIONS = { globals: NO_GLOBAL_OPTIONS, compile: COMPILE_DEFAULTS, check: CHECK_DEFAULTS } as const;

/** Whether `argv` (as process.argv) is a plain line: `compile` or `check`, then one word that is not an option. */
export function isPlainLine(argv: readonly string[]): boolean {
  return argv.length === 4 && (argv[2] === 'compile' || argv[2] === 'check') && !argv[3].startsWith('-');
}

/** Runs a plain line (see isPlainLine) with `io`, as `main` runs it, and returns the exit code. */
export async function plainLine(argv: readonly string[], io: Io): Promise<number> {
  const context = new Context(() => PLAIN_LINE_OPTIONS.globals, io);
  const command = argv[2] === 'check' ? 'check' : 'compile';
  try {
    if (!isPlainLine(argv)) throw new Error(`not a plain line: ${argv.slice(2).join(' ')}`);
    await context.perform(command, 'text', () =>
      command === 'check'
        ? runCheck(context, [argv[3]], { ...PLAIN_LINE_OPTIONS.check })
        : runCompile(context, [argv[3]], { ...PLAIN_LINE_OPTIONS.compile }, 'compile'),
    );
    return context.exitCode;
  } catch (error) {
    return presentError(command, error, 'text', io);
  }
}
