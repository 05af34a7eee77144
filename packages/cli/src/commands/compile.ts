/** `logfilter compile` and `logfilter check`: filter text to checked filter JSON. */
import {
  compile,
  type CompileResult,
  Dataset,
  type Diagnostic,
  diagnosticAt,
  NOWHERE,
  resolveDataset,
  SourceMap,
  DEFAULT_DATASET,
  DEFAULT_MAX_BYTES,
  DEFAULT_MAX_OPERATORS,
  type JobScope,
  prettyJson,
  type ValueStyle,
} from '@logfilter/core';
import { DEFAULT_DEEP_TOTAL_WORK, DEFAULT_DEEP_WORK } from '@logfilter/solver';
import { type Command, Option } from 'commander';
import type { Context } from '../context.js';
import { datasetComment } from '@logfilter/core';
import { EXIT_INVALID, EXIT_OK, EXIT_USAGE, type Io, parsePositiveInt, readSource, type Source, summary, UsageError } from '../io.js';
import { collect } from '../service.js';
import { type FileResult, INPUT_RULE, inputsOf, readFiles, reportFiles } from './check-files.js';
import { checkJson, scopeOption } from '../filter-json.js';
import { formatOption, writeReport } from '../report/cli.js';
import type { ReportDiagnostic, ReportFormat } from '../report/report.js';
import { jsonencodeExpression } from '@logfilter/terraform';
import { runTerraformCheck, type TerraformFlags } from '../terraform/command.js';
import { withFileArgumentNote } from '../file-argument.js';

interface CompileFlags {
  /** -f, repeatable. */
  file?: string[];
  dataset?: string;
  scope?: JobScope;
  output: 'json' | 'pretty' | 'string' | 'hcl';
  values: ValueStyle;
  optimize: boolean;
  lint: boolean;
  maxBytes?: string;
  maxOperators?: string;
  json?: boolean;
  /** check only: how the diagnostics are reported. */
  format?: ReportFormat;
  /** check only: the solver's exact lint too, and its budgets. */
  deep?: boolean;
  budget?: string;
  totalBudget?: string;
  timeout?: string;
}

/** The options compile and check share. */
export function addCompileOptions(command: Command): Command {
  return command
    .option('-f, --file <path>', 'read the filter from a file (- for standard input); repeat for several files', collect)
    .option('-d, --dataset <name>', `dataset whose fields the filter uses (default: ${DEFAULT_DATASET})`)
    .addOption(scopeOption())
    .addOption(
      new Option('--values <style>', 'value typing: documented (all scalars as strings) or typed').choices(['documented', 'typed']).default('documented'),
    )
    .option('--no-optimize', 'keep the filter as written: no merging into in-lists, no de-duplication')
    .option('--no-lint', 'no lint warnings (never-matches, always-matches, value-case, not-a-timestamp)')
    .option('--max-bytes <n>', `size limit of the output in bytes (default: ${DEFAULT_MAX_BYTES})`)
    .option('--max-operators <n>', `limit on the number of operators (default: ${DEFAULT_MAX_OPERATORS})`)
    .option('--json', 'machine output: one JSON object {ok, filter, json, diagnostics, stats} on stdout');
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

  addCompileOptions(
    program
      .command('check')
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
      `\n${INPUT_RULE}\nPrints the diagnostics and a summary line on stderr, nothing on stdout (but with --json or --format).\nWith --deep, each question the solver did not decide is a note on stderr (note[undecided]) with its range and why;\nnotes do not change the exit code (0 for a filter without errors).`,
    )
    .action(
      context.action((positionals: string[], flags: CompileFlags & { fromJson?: boolean; terraform?: string[]; terraformPlan?: string }) => {
        const first = positionals.length > 0 ? positionals.join(' ') : undefined;
        if (flags.terraform || flags.terraformPlan !== undefined)
          return runTerraformCheck(context, first, { ...flags, file: flags.file?.[0] } as TerraformFlags);
        if (!flags.fromJson) return run(context, positionals, flags, 'check');
        const inputs = inputsOf(context.io, positionals, flags.file);
        if (inputs.files !== undefined && inputs.files.length > 1) throw new UsageError('check --from-json reads one input: give one JSON text or one file');
        return checkJson(context, inputs.inline, { ...flags, file: inputs.files?.[0] });
      }),
    );
}

function run(context: Context, positionals: string[], flags: CompileFlags, mode: 'compile' | 'check'): number | Promise<number> {
  const { io } = context;
  const inputs = inputsOf(context.io, positionals, flags.file);
  if (mode === 'check' && flags.deep && flags.lint !== false) return runDeep(context, inputs, flags);
  if (inputs.files === undefined || inputs.files.length === 1) {
    const source = inputs.files ? readFiles(io, inputs.files)[0] : readSource(io, inputs.inline, undefined);
    const { result, exit } = compileSource(context, source, inputs.inline, flags, mode);
    const reported = report(context, source, flags, mode, result);
    return exit === EXIT_USAGE ? exit : reported;
  }
  if (mode === 'compile' && flags.output === 'pretty')
    throw new UsageError('-o pretty prints several lines: with several files, use -o json, string or hcl (one line each)');
  const results = readFiles(io, inputs.files).map((source): FileResult => {
    const { result, exit } = compileSource(context, source, undefined, flags, mode);
    return { source, result, exit, output: result.ok && mode === 'compile' ? outputOf(result, flags) : undefined };
  });
  return reportFiles(context, results, flags, mode, machineOutput);
}

/** One filter compiled; the exit is 2 for an unknown dataset named by the file's `# dataset:` line. */
function compileSource(
  context: Context,
  source: Source,
  inline: string | undefined,
  flags: CompileFlags,
  mode: 'compile' | 'check',
): { result: CompileResult; exit: number; dataset?: Dataset } {
  const { io } = context;
  // -d wins over the file's own `# dataset: NAME` first line.
  const dataset = flags.dataset !== undefined ? context.dataset(flags.dataset) : commentedDataset(context, source.text);
  // An unknown dataset is a usage error (exit 2) wherever it is named; named in the file, it is shown at its place there.
  if (!(dataset instanceof Dataset)) return { result: failed(dataset), exit: EXIT_USAGE };
  const compiled = compile(source.text, {
    dataset,
    scope: flags.scope,
    values: flags.values,
    optimize: flags.optimize,
    lint: flags.lint,
    maxBytes: flags.maxBytes === undefined ? undefined : parsePositiveInt(flags.maxBytes, '--max-bytes'),
    maxOperators: flags.maxOperators === undefined ? undefined : parsePositiveInt(flags.maxOperators, '--max-operators'),
  });
  // Assigned, not spread: a spread would build the filter object that the result builds only when read.
  const result = compiled;
  result.diagnostics = withFileArgumentNote(io, compiled.diagnostics, inline, mode);
  return { result, exit: result.ok ? EXIT_OK : EXIT_INVALID, dataset };
}

/** `check --deep`: each filter checked as `check` does, then the solver's exact lint added to what passed. */
async function runDeep(context: Context, inputs: ReturnType<typeof inputsOf>, flags: CompileFlags): Promise<number> {
  const { io } = context;
  const sources = inputs.files ? readFiles(io, inputs.files) : [readSource(io, inputs.inline, undefined)];
  const results: FileResult[] = [];
  let undecided = 0;
  let byBudget = false;
  for (const source of sources) {
    const { result, exit, dataset } = compileSource(context, source, inputs.inline, flags, 'check');
    if (result.ok && dataset) {
      const deep = await addDeepLint(io, source, dataset, result, flags);
      undecided += deep.undecided;
      byBudget ||= deep.byBudget;
    }
    results.push({ source, result, exit, output: undefined });
  }
  const undecidedLine = () => {
    if (undecided > 0)
      io.stderr.write(
        `deep: ${undecided} question${undecided === 1 ? '' : 's'} not decided (notes above)${byBudget ? ': --budget and --total-budget raise the work budgets' : ''}\n`,
      );
  };
  if (results.length > 1) {
    const reported = reportFiles(context, results, flags, 'check', machineOutput);
    undecidedLine();
    return reported;
  }
  const [{ source, result, exit }] = results;
  const reported = report(context, source, flags, 'check', result);
  undecidedLine();
  return exit === EXIT_USAGE ? exit : reported;
}

/**
 * The solver's warnings beside the quick rules' (one of each at a place), and a note on stderr for
 * each question it did not decide, with its range; the quick rules alone, with a note, when
 * z3-solver is absent. Returns how many questions were not decided.
 */
async function addDeepLint(
  io: Io,
  source: Source,
  dataset: Dataset,
  result: CompileResult,
  flags: CompileFlags,
): Promise<{ undecided: number; byBudget: boolean }> {
  const { deepLint, SolverMissing } = await import('@logfilter/solver');
  const { solverMissingMessage, solverProgress, solverSeconds, solverUnits } = await import('../diff/exits.js');
  const options = {
    work: flags.budget === undefined ? undefined : solverUnits(flags.budget, '--budget'),
    totalWork: flags.totalBudget === undefined ? undefined : solverUnits(flags.totalBudget, '--total-budget'),
    totalSafetyMs: flags.timeout === undefined ? undefined : solverSeconds(flags.timeout, '--timeout'),
  };
  const progress = solverProgress('check --deep', io.stderr);
  try {
    const seen = new Set(result.diagnostics.map((d) => `${d.code}@${d.range.start.offset}:${d.range.end.offset}`));
    const deep = await deepLint(source.text, dataset, { ...options, onProgress: progress.update }).finally(progress.stop);
    const added = deep.diagnostics.filter((d) => !seen.has(`${d.code}@${d.range.start.offset}:${d.range.end.offset}`));
    result.diagnostics = [...result.diagnostics, ...added].sort((a, b) => a.range.start.offset - b.range.start.offset);
    const where = source.name === undefined || source.name === '<stdin>' ? '' : `${source.name}:`;
    const asked = { 'never-matches': 'whether any record passes it', 'always-matches': 'whether every record passes it', redundant: 'whether it is redundant' };
    const said = new Set<string>();
    for (const note of deep.undecided) {
      const { start, end } = note.range;
      const place = `${where}${start.line}:${start.column}-${end.line}:${end.column} '${note.text}'`;
      // A constant outside the model leaves every question of its part undecided for one reason: said once.
      const what = note.limit === 'not-modelled' ? `not modelled: ${note.reason}` : `not decided ${asked[note.question]}: ${note.reason}`;
      if (said.has(`${place}\n${what}`)) continue;
      said.add(`${place}\n${what}`);
      io.stderr.write(`note[undecided]: ${place}: ${what}\n`);
    }
    return { undecided: deep.undecided.length, byBudget: deep.undecided.some((note) => note.limit !== 'not-modelled') };
  } catch (error) {
    if (!(error instanceof SolverMissing)) throw error;
    io.stderr.write(`logfilter: note: --deep checked with the quick rules only: ${solverMissingMessage('check --deep')}\n`);
    return { undecided: 0, byBudget: false };
  }
}

/** Writes the result in the format asked for; returns the exit code. */
function report(context: Context, source: Source, flags: CompileFlags, mode: 'compile' | 'check', result: CompileResult): number {
  const { io } = context;
  if (flags.json || flags.format === 'json') {
    io.stdout.write(`${JSON.stringify(machineOutput(result))}\n`);
    return result.ok ? EXIT_OK : EXIT_INVALID;
  }
  if (flags.format === 'github' || flags.format === 'sarif') {
    const file = reportedFileName(source.name);
    const sources = new Map([[file ?? '', source.text]]);
    writeReport(context, { diagnostics: result.diagnostics.map((diagnostic) => ({ ...diagnostic, file })), sources }, flags.format);
    return result.ok ? EXIT_OK : EXIT_INVALID;
  }
  context.printDiagnostics(result.diagnostics, source.text, source.name);
  if (!result.ok) {
    if (mode === 'check') io.stderr.write(failureSummary(result.diagnostics, source));
    return EXIT_INVALID;
  }
  if (mode === 'compile') {
    io.stdout.write(`${outputOf(result, flags)}\n`);
  } else {
    io.stderr.write(summary(result.stats));
  }
  return EXIT_OK;
}

/** The dataset the text's `# dataset:` line names (else the default); a name there that is no dataset is a diagnostic at its place. */
function commentedDataset(context: Context, text: string): Dataset | Diagnostic {
  const comment = datasetComment(text);
  if (!comment) return context.dataset(undefined);
  const resolved = resolveDataset({ dataset: comment.name, catalog: context.catalog() });
  if (!resolved.error) return resolved.dataset;
  const hint = `fix the first line, or give the dataset with -d: ${resolved.error.hint}`;
  const range = new SourceMap(text).range({ start: comment.start, end: comment.end });
  return diagnosticAt(range, 'unknown-dataset', `${resolved.error.message}, named by the '# dataset:' line`, { hint });
}

function failed(diagnostic: Diagnostic): CompileResult {
  return { ok: false, filter: undefined, json: undefined, diagnostics: [diagnostic], stats: { bytes: 0, operators: 0 } };
}

/** `check`'s last line when the filter has errors: how many, in what. */
function failureSummary(diagnostics: readonly Diagnostic[], source: Source): string {
  const errors = diagnostics.filter((diagnostic) => diagnostic.severity === 'error').length;
  const warnings = diagnostics.length - errors;
  const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
  return `failed: ${plural(errors, 'error')}, ${plural(warnings, 'warning')} in ${source.name === undefined ? 'the filter' : '1 file'}\n`;
}

/** The file a diagnostic is reported against: none for inline text or standard input. */
export function reportedFileName(name: string | undefined): string | undefined {
  return name === undefined || name === '<stdin>' ? undefined : name;
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

export function machineOutput(result: CompileResult): object {
  return { ok: result.ok, filter: result.filter ?? null, json: result.json ?? null, diagnostics: result.diagnostics, stats: result.stats };
}

/** The machine output of a usage or I/O failure, so that `--json` always answers with one object. */
export function machineFailure(error: UsageError): object {
  // A usage error's kind is its code (`usage`, `io-error`): not one of core's, so it is set over the placeholder.
  const diagnostic: ReportDiagnostic = { ...diagnosticAt(NOWHERE, 'invalid-argument', error.message, { hint: error.hint }), code: error.code };
  return { ok: false, filter: null, json: null, diagnostics: [diagnostic], stats: { bytes: 0, operators: 0 } };
}
