/** The `logfilter` command. Each command's action returns its exit code through the context. */
import { DEFAULT_BASE_URL, DEFAULT_PRODUCT_SEGMENT, ENV } from '@logfilter/api';
import { escapeControlCharacters } from '@logfilter/core';
import { Command, CommanderError } from 'commander';
import { registerCatalog } from './commands/catalog.js';
import { machineFailure, registerCompile } from './commands/compile.js';
import { registerCustomFields } from './commands/custom-fields.js';
import { registerEmulator } from './commands/emulator.js';
import { registerJobs } from './commands/jobs.js';
import { registerLsp } from './commands/lsp.js';
import { registerDecompile } from './commands/decompile.js';
import { registerFmt } from './commands/fmt.js';
import { registerSql } from './commands/sql.js';
import { registerTest } from './commands/test.js';
import { registerExplain } from './commands/explain.js';
import { Context, type GlobalOptions } from './context.js';
import { EXIT_USAGE, UsageError } from './io.js';

export function createProgram(): { program: Command; context: Context } {
  const program = new Command('logfilter');
  const context = new Context(() => program.opts<GlobalOptions>());
  program
    .description('compile readable log delivery filters to the checked JSON the service takes')
    .version('0.1.0', '-V, --version')
    .option('--catalog <file>', 'a field catalog file (one dataset, or an array of them) used beside the built-in one')
    .option('--no-color', 'never colour the output')
    .option('--base-url <url>', `the service base URL (default: $${ENV.baseUrl}, else ${DEFAULT_BASE_URL})`)
    .option('--product-segment <segment>', `the job path segment (default: $${ENV.productSegment}, else ${DEFAULT_PRODUCT_SEGMENT})`)
    .showHelpAfterError('(run with --help for usage)');
  registerCompile(program, context);
  registerCatalog(program, context);
  registerCustomFields(program, context);
  registerJobs(program, context);
  registerEmulator(program, context);
  registerDecompile(program, context);
  registerFmt(program, context);
  registerTest(program, context);
  registerSql(program, context);
  registerLsp(program, context);
  registerExplain(program, context);
  exitOverrideEverywhere(program);
  return { program, context };
}

function exitOverrideEverywhere(command: Command): void {
  command.exitOverride();
  for (const sub of command.commands) exitOverrideEverywhere(sub);
}

/** Runs the CLI on `argv` (as process.argv) and returns the exit code. */
export async function main(argv: string[]): Promise<number> {
  const { program, context } = createProgram();
  try {
    await program.parseAsync(argv);
    return context.exitCode;
  } catch (error) {
    return failure(error, argv);
  }
}

function failure(error: unknown, argv: string[]): number {
  if (error instanceof CommanderError) {
    // Help and version exit 0; commander has printed its message already.
    return error.exitCode === 0 ? 0 : EXIT_USAGE;
  }
  if (error instanceof UsageError) {
    if (argv.includes('--json')) process.stdout.write(`${JSON.stringify(machineFailure(error))}\n`);
    else process.stderr.write(`logfilter: ${escapeControlCharacters(error.message)}\n`);
    return EXIT_USAGE;
  }
  process.stderr.write(`logfilter: internal error: ${error instanceof Error ? error.message : String(error)}\nplease report this as a bug\n`);
  return 70;
}
