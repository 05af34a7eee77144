/** `logfilter compile` and `logfilter check`: their options and arguments, defined for commander; what they do is compile-run.ts. */
import { DEFAULT_DEEP_TOTAL_WORK, DEFAULT_DEEP_WORK } from '@logfilter/solver';
import { type Command, Option } from 'commander';
import type { Context } from '../context.js';
import { addWarningLimitOptions, datasetOption, formatOption, maxBytesOption, maxOperatorsOption, noLintOption, scopeOption } from '../options.js';
import { collect } from '../service.js';
import { INPUT_RULE } from './check-files.js';
import { type CheckFlags, COMPILE_DEFAULTS, type CompileFlags, runCheck, runCompile } from './compile-run.js';

/** The options compile and check share. */
function addCompileOptions(command: Command): Command {
  return command
    .option('-f, --file <path>', 'read the filter from a file (- for standard input); repeat for several files', collect)
    .addOption(datasetOption())
    .addOption(scopeOption())
    .addOption(
      new Option('--values <style>', 'value typing: documented (all scalars as strings) or typed')
        .choices(['documented', 'typed'])
        .default(COMPILE_DEFAULTS.values),
    )
    .option('--no-optimize', 'keep the filter as written: no merging into in-lists, no de-duplication')
    .addOption(noLintOption())
    .addOption(maxBytesOption())
    .addOption(maxOperatorsOption())
    .option('--json', 'machine output: the JSON envelope {ok, command, exitCode, diagnostics, filter, json, stats} on stdout');
}

export function registerCompile(program: Command, context: Context): void {
  addCompileOptions(
    program
      .command('compile')
      .description('compile a filter to the JSON a log delivery job takes')
      .argument('[filter...]', 'the filter text, or two or more filter files (or use --file)')
      .addOption(
        new Option(
          '-o, --output <format>',
          'json: compact, one line; pretty: indented; string: the compact JSON as a JSON string literal; hcl: a jsonencode({...}) expression for a Terraform resource',
        )
          .choices(['json', 'pretty', 'string', 'hcl'])
          .default(COMPILE_DEFAULTS.output),
      ),
  )
    .addHelpText(
      'after',
      `\n${INPUT_RULE}\nPrints the filter on stdout; with several files, one compact JSON line per file, in the order given, and nothing when any file has errors (exit 1).`,
    )
    .action(context.action((positionals: string[], flags: CompileFlags) => runCompile(context, positionals, flags, 'compile')));
}

/** `check`: registered apart from compile, so that a compile run defines only its own command and options. */
export function registerCheck(program: Command, context: Context): void {
  addCompileOptions(
    addWarningLimitOptions(program.command('check'))
      .description('check a filter and report its diagnostics, without printing the output')
      .argument('[filter...]', 'the filter text, or two or more filter files (or use --file)')
      .option('--from-json', 'the input is filter JSON (the object, its escaped string, or a job holding it)')
      .option('--terraform <paths...>', 'check the filter of every cloudflare_logpush_job resource in these .tf files or folders')
      .option('--terraform-plan <file>', 'check every cloudflare_logpush_job of a plan in JSON (terraform show -json plan.out > plan.json)')
      .option('--deep', 'also decide never-matches, always-matches and redundant criteria exactly, with the solver (needs z3-solver)')
      .option('--budget <units>', `with --deep: work budget of each question, in Z3's resource units (default ${DEFAULT_DEEP_WORK})`)
      .option('--total-budget <units>', `with --deep: work budget of all questions of a filter together (default ${DEFAULT_DEEP_TOTAL_WORK})`)
      .option('--timeout <seconds>', 'with --deep: wall-clock safety net of each filter, far above what the budgets take (default 120)')
      .addOption(formatOption()),
  )
    .addHelpText(
      'after',
      `\n${INPUT_RULE}\nPrints the diagnostics and a summary line on stderr, nothing on stdout (but with --json or --format).\nWith --deep, each question the solver did not decide is a note on stderr (note[undecided]) with its range and why;\nnotes do not change the exit code (0 for a filter without errors).\nWith --max-warnings N (or --error-on-warnings, N = 0), more than N warnings exit 1, also with --deep, --from-json, --terraform and --terraform-plan.`,
    )
    .action(context.action((positionals: string[], flags: CheckFlags) => runCheck(context, positionals, flags)));
}
