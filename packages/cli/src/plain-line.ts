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

/**
 * The options a plain line runs with: the default global options, and the defaults of each command
 * that has a plain line, as commander gives them to the action. Its commands are the plain lines'
 * (bin/logfilter.cjs holds the same list: scripts/bundle.mjs checks the two agree).
 */
export const PLAIN_LINE_OPTIONS = { globals: NO_GLOBAL_OPTIONS, commands: { compile: COMPILE_DEFAULTS, check: CHECK_DEFAULTS } } as const;

type PlainCommand = keyof typeof PLAIN_LINE_OPTIONS.commands;

/** Whether `argv` (as process.argv) is a plain line: `compile` or `check`, then one word that is not an option. */
export function isPlainLine(argv: readonly string[]): boolean {
  return argv.length === 4 && Object.hasOwn(PLAIN_LINE_OPTIONS.commands, argv[2]) && !argv[3].startsWith('-');
}

/** Runs a plain line (see isPlainLine) with `io`, as `main` runs it, and returns the exit code. */
export async function plainLine(argv: readonly string[], io: Io): Promise<number> {
  const context = new Context(() => PLAIN_LINE_OPTIONS.globals, io);
  try {
    if (!isPlainLine(argv)) throw new Error(`not a plain line: ${argv.slice(2).join(' ')}`);
    const command = argv[2] as PlainCommand;
    await context.perform(command, 'text', () =>
      command === 'check'
        ? runCheck(context, [argv[3]], { ...PLAIN_LINE_OPTIONS.commands.check })
        : runCompile(context, [argv[3]], { ...PLAIN_LINE_OPTIONS.commands.compile }, 'compile'),
    );
    return context.exitCode;
  } catch (error) {
    return presentError(argv[2] ?? '', error, 'text', io);
  }
}
