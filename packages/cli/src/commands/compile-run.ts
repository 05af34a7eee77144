/**
 * What `logfilter compile` and `logfilter check` do with their arguments and flags, apart from how
 * commander defines them (compile.ts): the plain `compile FILTER` and `check FILTER` lines (plain-line.ts)
 * run this without building a program, so this module imports nothing of commander.
 */
import { type CompileResult, type JobScope, prettyJson, type ValueStyle } from '@logfilter/core';
import type { Context } from '../context.js';
import { type CheckedFilter, checkFilterText, type FilterSource, readFilter } from '../input.js';
import { type Source, summary, UsageError } from '../io.js';
import { applyWarningLimit, type Outcome, type OutputFormat, type WarningLimitFlags } from '../outcome.js';
import type { TerraformFlags } from '../terraform/command.js';
import { type FileResult, filesOutcome, inputsOf, readFiles } from './check-files.js';
import { addDeepLint, checkJson, jsonencodeExpression, runTerraformCheck } from './compile-extras.js';

export interface CompileFlags {
  /** -f, repeatable. */
  file?: string[];
  dataset?: string;
  scope?: JobScope;
  /** compile only (check has no -o). */
  output?: 'json' | 'pretty' | 'string' | 'hcl';
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

/** check's flags: compile's but -o, with its warning limit and its other inputs. */
export interface CheckFlags extends CompileFlags, WarningLimitFlags {
  fromJson?: boolean;
  terraform?: string[];
  terraformPlan?: string;
}

/**
 * compile's flags when none is given: its options' defaults, as commander gives them to the action
 * (compile.ts declares the options with these; test/cli/plain-line.test.ts checks the two agree).
 */
export const COMPILE_DEFAULTS = { output: 'json', values: 'documented', optimize: true, lint: true } as const satisfies CompileFlags;

/** check's flags when none is given, as commander gives them: compile's, without -o. */
export const CHECK_DEFAULTS = { values: COMPILE_DEFAULTS.values, optimize: true, lint: true } as const satisfies CheckFlags;

/** check: filter text (or, with their options, filter JSON and Terraform), with its warning limit. */
export async function runCheck(context: Context, positionals: string[], flags: CheckFlags): Promise<Outcome> {
  const first = positionals.length > 0 ? positionals.join(' ') : undefined;
  if (flags.terraform || flags.terraformPlan !== undefined)
    return applyWarningLimit(runTerraformCheck(context, first, { ...flags, file: flags.file?.[0] } as TerraformFlags), flags);
  if (!flags.fromJson) return applyWarningLimit(await runCompile(context, positionals, flags, 'check'), flags);
  const inputs = inputsOf(context.io, positionals, flags.file);
  if (inputs.files !== undefined && inputs.files.length > 1) throw new UsageError('check --from-json reads one input: give one JSON text or one file');
  return applyWarningLimit(checkJson(context, inputs.inline, { ...flags, file: inputs.files?.[0] }), flags);
}

/** compile or check: each filter read through the input layer, checked by core, and answered as an outcome. */
export function runCompile(context: Context, positionals: string[], flags: CompileFlags, mode: 'compile' | 'check'): Outcome | Promise<Outcome> {
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
