/** The `logfilter` command. Each command's action returns its exit code through the context. */
import { DEFAULT_BASE_URL, DEFAULT_PRODUCT_SEGMENT, ENV } from '@logfilter/api';
import { DOCS_BASE_URL } from '@logfilter/core';
import { DOCS_URL_ENV } from './docs/docs-url.js';
import { Command, CommanderError } from 'commander';
import { registerCatalog } from './commands/catalog.js';
import { registerCheck, registerCompile } from './commands/compile.js';
import { registerCustomFields } from './commands/custom-fields.js';
import { registerEmulator } from './commands/emulator.js';
import { registerJobs } from './commands/jobs.js';
import { registerLsp } from './commands/lsp.js';
import { registerDecompile } from './commands/decompile.js';
import { registerFmt } from './commands/fmt.js';
import { registerSql } from './commands/sql.js';
import { registerTest } from './commands/test.js';
import { registerTail } from './commands/tail.js';
import { registerDiff } from './commands/diff.js';
import { registerExplain } from './commands/explain.js';
import { registerCompletion } from './commands/completion.js';
import { addHelpTexts, helpWidth } from './help.js';
import { Context, type GlobalOptions } from './context.js';
import { EXIT_USAGE, type Io, processIo } from './io.js';
import { failureOutcome, present, presentError } from './outcome.js';
import { version } from './version.js';

type Register = (program: Command, context: Context) => void;

/** Each command module's register function, with the top-level commands it adds (test/cli/program.test.ts keeps these true). */
export const COMMANDS: ReadonlyArray<readonly [names: readonly string[], register: Register]> = [
  [['compile'], registerCompile],
  [['check'], registerCheck],
  [['catalog', 'datasets', 'fields'], registerCatalog],
  [['custom-fields'], registerCustomFields],
  [['jobs'], registerJobs],
  [['emulator'], registerEmulator],
  [['decompile'], registerDecompile],
  [['fmt'], registerFmt],
  [['test'], registerTest],
  [['sql'], registerSql],
  [['lsp'], registerLsp],
  [['explain', 'operators'], registerExplain],
  [['diff'], registerDiff],
  [['tail'], registerTail],
  // The script is made from every command's definition, so it defines them all when it runs.
  [['completion'], (program, context) => registerCompletion(program, context, () => createProgram(undefined, context.io).program)],
];

/** The global options that take a value: the word after one is that value, not the command. */
const GLOBALS_WITH_VALUE = new Set(['--catalog', '--base-url', '--product-segment', '--docs-url']);

/** The command word of `argv` (as process.argv): the first word that is not a global option or its value. */
function commandWord(argv: readonly string[]): string | undefined {
  for (let i = 2; i < argv.length; i++) {
    if (GLOBALS_WITH_VALUE.has(argv[i])) i++;
    else if (!argv[i].startsWith('-')) return argv[i];
  }
  return undefined;
}

/**
 * The `logfilter` program. Given the arguments, it holds only the module of the command they name
 * (defining every command and its options is a sixth of a short run's work beyond Node's own start);
 * with no command, `help`, or a word that names none, it holds them all, for help and suggestions.
 */
export function createProgram(argv?: readonly string[], io: Io = processIo()): { program: Command; context: Context } {
  const program = new Command('logfilter');
  const context = new Context(() => program.opts<GlobalOptions>(), io);
  program
    .description('compile readable log delivery filters to the checked JSON the service takes')
    .version(version(), '-V, --version')
    .option('--catalog <file>', 'a field catalog file (one dataset, or an array of them) used beside the built-in one')
    .option('--no-color', 'never colour the output')
    .option('--base-url <url>', `the service base URL (default: $${ENV.baseUrl}, else ${DEFAULT_BASE_URL})`)
    .option('--product-segment <segment>', `the job path segment (default: $${ENV.productSegment}, else ${DEFAULT_PRODUCT_SEGMENT})`)
    .option('--docs-url <url>', `the documentation site diagnostics link to (default: $${DOCS_URL_ENV}, else ${DOCS_BASE_URL})`)
    .showHelpAfterError('(run with --help for usage)')
    // Help and commander's errors go to the run's io. The width is asked only when help is shown:
    // wrapped to the terminal (or $COLUMNS), commander's 40-column floor lowered so long tables wrap too.
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
      getOutHelpWidth: () => helpWidth(io, io.stdout),
      getErrHelpWidth: () => helpWidth(io, io.stderr),
    })
    .configureHelp({ minWidthToWrap: 20 });
  const word = argv && commandWord(argv);
  const named = COMMANDS.find(([names]) => word !== undefined && names.includes(word));
  // `--version` alone is answered before any command is looked at: defining them all for it was two
  // fifths of its run.
  const versionAlone = argv?.length === 3 && (argv[2] === '--version' || argv[2] === '-V');
  if (!versionAlone) for (const [, register] of named ? [named] : COMMANDS) register(program, context);
  addHelpTexts(program);
  exitOverrideEverywhere(program);
  return { program, context };
}

function exitOverrideEverywhere(command: Command): void {
  command.exitOverride();
  for (const sub of command.commands) exitOverrideEverywhere(sub);
}

/**
 * Runs the CLI on `argv` (as process.argv: the arguments start at the third word) with `io` (the
 * process's, by default) and returns the exit code. It never ends the process, sets no exit code
 * and leaves no listener behind, so that it can run many times in one process (the tests do).
 */
export async function main(argv: string[], io: Io): Promise<number> {
  const { program, context } = createProgram(argv, io);
  try {
    await program.parseAsync(argv);
    return context.exitCode;
  } catch (error) {
    return failure(io, error, argv);
  }
}

function failure(io: Io, error: unknown, argv: string[]): number {
  const json = argv.includes('--json') || argv.some((word, i) => word === '--format=json' || (word === '--format' && argv[i + 1] === 'json'));
  if (error instanceof CommanderError) {
    // Help and version exit 0; commander has printed its message already (on stderr), and with --json the envelope says it too.
    if (error.exitCode === 0) return 0;
    const message = error.message.replace(/^error: /, '');
    if (json) present(commandWord(argv) ?? '', failureOutcome({ message, code: 'usage' }), 'json', io);
    return EXIT_USAGE;
  }
  return presentError(commandWord(argv) ?? '', error, json ? 'json' : 'text', io);
}
