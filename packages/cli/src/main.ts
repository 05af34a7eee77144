/** The `logfilter` command. Each command's action returns its exit code through the context. */
import { DEFAULT_BASE_URL, DEFAULT_PRODUCT_SEGMENT, ENV } from '@logfilter/api';
import { escapeControlCharacters } from '@logfilter/core';
import { Command, CommanderError } from 'commander';
import { registerCatalog } from './commands/catalog.js';
import { registerCompile } from './commands/compile.js';
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
import { EXIT_INTERNAL, EXIT_USAGE, UsageError } from './io.js';
import { failureOutcome, present, processOutput } from './outcome.js';
import { version } from './version.js';

type Register = (program: Command, context: Context) => void;

/** Each command module's register function, with the top-level commands it adds (test/cli/program.test.ts keeps these true). */
export const COMMANDS: ReadonlyArray<readonly [names: readonly string[], register: Register]> = [
  [['compile', 'check'], registerCompile],
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
  [['completion'], (program, context) => registerCompletion(program, context, () => createProgram().program)],
];

/** The global options that take a value: the word after one is that value, not the command. */
const GLOBALS_WITH_VALUE = new Set(['--catalog', '--base-url', '--product-segment']);

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
export function createProgram(argv?: readonly string[]): { program: Command; context: Context } {
  const program = new Command('logfilter');
  const context = new Context(() => program.opts<GlobalOptions>());
  program
    .description('compile readable log delivery filters to the checked JSON the service takes')
    .version(version(), '-V, --version')
    .option('--catalog <file>', 'a field catalog file (one dataset, or an array of them) used beside the built-in one')
    .option('--no-color', 'never colour the output')
    .option('--base-url <url>', `the service base URL (default: $${ENV.baseUrl}, else ${DEFAULT_BASE_URL})`)
    .option('--product-segment <segment>', `the job path segment (default: $${ENV.productSegment}, else ${DEFAULT_PRODUCT_SEGMENT})`)
    .showHelpAfterError('(run with --help for usage)')
    // Asked only when help is shown: wrapped to the terminal (or $COLUMNS), commander's 40-column floor lowered so long tables wrap too.
    .configureOutput({ getOutHelpWidth: () => helpWidth(process.stdout), getErrHelpWidth: () => helpWidth(process.stderr) })
    .configureHelp({ minWidthToWrap: 20 });
  const word = argv && commandWord(argv);
  const named = COMMANDS.find(([names]) => word !== undefined && names.includes(word));
  for (const [, register] of named ? [named] : COMMANDS) register(program, context);
  addHelpTexts(program);
  exitOverrideEverywhere(program);
  return { program, context };
}

function exitOverrideEverywhere(command: Command): void {
  command.exitOverride();
  for (const sub of command.commands) exitOverrideEverywhere(sub);
}

/** Runs the CLI on `argv` (as process.argv) and returns the exit code. */
export async function main(argv: string[]): Promise<number> {
  const { program, context } = createProgram(argv);
  try {
    await program.parseAsync(argv);
    return context.exitCode;
  } catch (error) {
    return failure(error, argv);
  }
}

function failure(error: unknown, argv: string[]): number {
  const json = argv.includes('--json') || argv.some((word, i) => word === '--format=json' || (word === '--format' && argv[i + 1] === 'json'));
  if (error instanceof CommanderError) {
    // Help and version exit 0; commander has printed its message already (on stderr), and with --json the envelope says it too.
    if (error.exitCode === 0) return 0;
    const message = error.message.replace(/^error: /, '');
    if (json) present(commandWord(argv) ?? '', failureOutcome({ message, code: 'usage' }), 'json', processOutput(false));
    return EXIT_USAGE;
  }
  if (error instanceof UsageError) {
    // Outside an action (the catalog read before the command ran): the envelope names the command word.
    if (json) present(commandWord(argv) ?? '', failureOutcome(error), 'json', processOutput(false));
    else process.stderr.write(`logfilter: ${escapeControlCharacters(error.message)}\n${error.hint ? `  = hint: ${error.hint}\n` : ''}`);
    return error.exitCode;
  }
  process.stderr.write(`logfilter: internal error: ${error instanceof Error ? error.message : String(error)}\nplease report this as a bug\n`);
  return EXIT_INTERNAL;
}
