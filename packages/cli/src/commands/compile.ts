/** `logfilter compile` and `logfilter check`: filter text to checked filter JSON. */
import { type CompileResult, type JobScope, prettyJson, type ValueStyle } from '@logfilter/core';
import { DEFAULT_DEEP_TOTAL_WORK, DEFAULT_DEEP_WORK } from '@logfilter/solver';
import { type Command, Option } from 'commander';
import type { Context } from '../context.js';
import { type CheckedFilter, checkFilterText, type FilterSource, readFilter } from '../input.js';
import { type Source, summary, UsageError } from '../io.js';
import {
  addWarningLimitOptions,
  datasetOption,
  formatOption,
  maxBytesOption,
  maxOperatorsOption,
  scopeOption,
  type WarningLimitFlags,
  warningLimit,
} from '../options.js';
import { applyWarningLimit, type Outcome, type OutputFormat } from '../outcome.js';
import { collect } from '../service.js';
import { type FileResult, filesOutcome, INPUT_RULE, inputsOf, readFiles } from './check-files.js';
import type { TerraformFlags } from '../terraform/command.js';
import { addDeepLint, checkJson, jsonencodeExpression, runTerraformCheck } from './compile-extras.js';

interface CompileFlags {
  /** -f, repeatable. */
  file?: string[];
  dataset?: string;
  scope?: JobScope;
  output: 'json' | 'pretty' | 'string' | 'hcl';
  values: ValueStyle;
  optimize: boolean;
  lint: boolean;
  maxBytes?: number;
  maxOperators?: number;
  json?: boolean;
  /** check only: how the diagnostics are reported. */
  format?: OutputFormat;
  /** check only: the solver's exact lint too, and its budgets. */
  deep?: boolean;
  budget?: string;
  totalBudget?: string;
  timeout?: string;
}

/** The options compile and check share. */
function addCompileOptions(command: Command): Command {
  return command
    .option('-f, --file <path>', 'read the filter from a file (- for standard input); repeat for several files', collect)
    .addOption(datasetOption())
    .addOption(scopeOption())
    .addOption(
      new Option('--values <style>', 'value typing: documented (all scalars as strings) or typed').choices(['documented', 'typed']).default('documented'),
    )
    .option('--no-optimize', 'keep the filter as written: no merging into in-lists, no de-duplication')
    .option('--no-lint', 'no lint warnings (never-matches, always-matches, value-case, not-a-timestamp)')
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
          .default('json'),
      ),
  )
    .addHelpText(
      'after',
      `\n${INPUT_RULE}\nPrints the filter on stdout; with several files, one compact JSON line per file, in the order given, and nothing when any file has errors (exit 1).`,
    )
    .action(context.action((positionals: string[], flags: CompileFlags) => run(context, positionals, flags, 'compile')));
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
    .action(
      context.action(
        async (positionals: string[], flags: CompileFlags & WarningLimitFlags & { fromJson?: boolean; terraform?: string[]; terraformPlan?: string }) => {
          const flag = flags.errorOnWarnings ? '--error-on-warnings' : `--max-warnings ${flags.maxWarnings}`;
          const first = positionals.length > 0 ? positionals.join(' ') : undefined;
          if (flags.terraform || flags.terraformPlan !== undefined)
            return applyWarningLimit(runTerraformCheck(context, first, { ...flags, file: flags.file?.[0] } as TerraformFlags), warningLimit(flags), flag);
          if (!flags.fromJson) return applyWarningLimit(await run(context, positionals, flags, 'check'), warningLimit(flags), flag);
          const inputs = inputsOf(context.io, positionals, flags.file);
          if (inputs.files !== undefined && inputs.files.length > 1) throw new UsageError('check --from-json reads one input: give one JSON text or one file');
          return applyWarningLimit(checkJson(context, inputs.inline, { ...flags, file: inputs.files?.[0] }), warningLimit(flags), flag);
        },
      ),
    );
}

function run(context: Context, positionals: string[], flags: CompileFlags, mode: 'compile' | 'check'): Outcome | Promise<Outcome> {
  const inputs = inputsOf(context.io, positionals, flags.file);
  if (mode === 'check' && flags.deep && flags.lint !== false) return runDeep(context, inputs, flags);
  if (inputs.files === undefined || inputs.files.length === 1) {
    const source = inputs.files ? readFiles(context.io, inputs.files)[0] : readFilter(context.io, { inline: inputs.inline, form: 'text' });
    return outcome(compileSource(context, source, flags, mode), flags, mode);
  }
  if (mode === 'compile' && flags.output === 'pretty')
    throw new UsageError('-o pretty prints several lines: with several files, use -o json, string or hcl (one line each)');
  const results = readFiles(context.io, inputs.files).map((source): FileResult => {
    const checked = compileSource(context, source, flags, mode);
    return { checked, output: checked.ok && mode === 'compile' ? outputOf(checked.compiled as CompileResult, flags) : undefined };
  });
  return filesOutcome(results, mode, machineOutput);
}

/** One filter compiled against its dataset (the input layer settles it: -d, the `# dataset:` line, the default). */
function compileSource(context: Context, source: FilterSource, flags: CompileFlags, mode: 'compile' | 'check'): CheckedFilter {
  return checkFilterText(context, source, flags, {
    command: mode,
    values: flags.values,
    optimize: flags.optimize,
    lint: flags.lint,
    maxBytes: flags.maxBytes,
    maxOperators: flags.maxOperators,
  });
}

/** `check --deep`: each filter checked as `check` does, then the solver's exact lint added to what passed. */
async function runDeep(context: Context, inputs: ReturnType<typeof inputsOf>, flags: CompileFlags): Promise<Outcome> {
  const sources = inputs.files ? readFiles(context.io, inputs.files) : [readFilter(context.io, { inline: inputs.inline, form: 'text' })];
  const results: FileResult[] = [];
  const notes: string[] = [];
  let undecided = 0;
  let byBudget = false;
  for (const source of sources) {
    const checked = compileSource(context, source, flags, 'check');
    if (checked.ok && checked.dataset) {
      const deep = await addDeepLint(context.io, source, checked.dataset, checked, flags);
      for (const note of deep.notes) if (!notes.includes(note)) notes.push(note);
      undecided += deep.undecided;
      byBudget ||= deep.byBudget;
    }
    results.push({ checked, output: undefined });
  }
  const answer = results.length > 1 ? filesOutcome(results, 'check', machineOutput) : outcome(results[0].checked, flags, 'check');
  const undecidedLine =
    undecided > 0
      ? `deep: ${undecided} question${undecided === 1 ? '' : 's'} not decided (notes above)${byBudget ? ': --budget and --total-budget raise the work budgets' : ''}\n`
      : '';
  if (notes.length > 0 || undecidedLine) answer.stderr = `${notes.join('')}${answer.stderr ?? ''}${undecidedLine}`;
  return answer;
}

/** One filter's outcome: the output (compile) or a summary (check) for people; for programs, the envelope. */
function outcome(checked: CheckedFilter, flags: CompileFlags, mode: 'compile' | 'check'): Outcome {
  const result = checked.compiled as CompileResult;
  // The JSON members are made only for the JSON answer: reading `filter` builds the object the text output does not need.
  const answer: Outcome = { exitCode: checked.exitCode, result: () => machineOutput(result), diagnostics: checked.diagnostics };
  if (!checked.ok) {
    if (mode === 'check')
      answer.stderr = failureSummary(
        checked.diagnostics.map((located) => located.diagnostic),
        checked.source,
      );
  } else if (mode === 'compile') answer.stdout = `${outputOf(result, flags)}\n`;
  else answer.stderr = summary(result.stats);
  return answer;
}

/** `check`'s last line when the filter has errors: how many, in what. */
function failureSummary(diagnostics: readonly { severity: string }[], source: Source): string {
  const errors = diagnostics.filter((diagnostic) => diagnostic.severity === 'error').length;
  const warnings = diagnostics.length - errors;
  const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
  return `failed: ${plural(errors, 'error')}, ${plural(warnings, 'warning')} in ${source.name === undefined ? 'the filter' : '1 file'}\n`;
}

/** What compile prints for a filter that compiled, in the format of -o. */
function outputOf(result: CompileResult, flags: CompileFlags): string {
  return flags.output === 'hcl' ? jsonencodeExpression(result.filter!) : formatOutput(result.json!, flags.output ?? 'json');
}

function formatOutput(json: string, output: CompileFlags['output']): string {
  if (output === 'pretty') return prettyJson(json);
  if (output === 'string') return JSON.stringify(json);
  return json;
}

/** compile's own members of its JSON answer. */
function machineOutput(result: CompileResult): Record<string, unknown> {
  return { filter: result.filter ?? null, json: result.json ?? null, stats: result.stats };
}
