/**
 * `logfilter diff OLD NEW`: whether two filters mean the same, and if not, a record for each
 * direction that one lets through and the other does not. Each side is filter text, a JSON filter
 * (the service's form, escaped or not), a job, or a file holding one of them (`-` reads standard input).
 * Two Terraform versions (`.tf` files or folders, or plans in JSON) are compared job by job, by
 * resource address (@logfilter/terraform, diff/terraform-command.ts).
 * Exit 0 the same meaning, 1 they differ, 2 usage (and an input with errors), 3 undecided within the budget.
 */
import type { Dataset } from '@logfilter/core';
import { type Command, Option } from 'commander';
import type { Context } from '../context.js';
import { compareFilters, type Comparison, DEFAULT_SAFETY_MS, DEFAULT_WORK, type Relation } from '@logfilter/solver';
import { EXIT_UNDECIDED, solverBudget, solverErrors, solverProgress } from '../diff/exits.js';
import { type CheckedFilter, checkFilter, exactFilter, type FilterSource, readFilter } from '../input.js';
import { EXIT_INVALID, EXIT_OK, EXIT_USAGE, UsageError } from '../io.js';
import { datasetOption, secondsAsMs } from '../options.js';
import { RawJson } from '../outcome.js';
import { diffTerraform, terraformKind } from '../diff/terraform-command.js';

interface DiffFlags {
  dataset?: string;
  json?: boolean;
  /** --timeout, in milliseconds. */
  timeout?: number;
  budget?: string;
}

const SAYS: Record<Relation, string> = {
  same: 'same meaning: every record passes both or neither',
  'old-wider': 'OLD lets through more: every record NEW passes, OLD passes too',
  'new-wider': 'NEW lets through more: every record OLD passes, NEW passes too',
  overlap: 'they overlap: some records pass both, and each passes records the other does not',
  disjoint: 'they never agree: no record passes both',
  differ: 'they differ',
  undecided: 'undecided',
};

/** What each relation of `--json` means, and its exit code: listed in --help and the README. */
const RELATION_HELP = `Relations (--json "relation"), with the exit code of each:
  same       0  every record passes both or neither (a proof)
  old-wider  1  OLD lets through every record NEW does, and more
  new-wider  1  NEW lets through every record OLD does, and more
  overlap    1  some records pass both, and each passes records the other does not
  disjoint   1  no record passes both
  differ     1  a witness shows they differ, but the rest was not decided within the budget
  undecided  3  not decided within the budget (or a constant is outside the model): never "same"`;

export function registerDiff(program: Command, context: Context): void {
  program
    .command('diff')
    .description('compare two filters by meaning: the same, wider, narrower, overlapping; with a record that tells them apart')
    .argument('<old>', 'the old filter: text, JSON filter, job, or a file of one (- for standard input); or .tf files, a folder of them, a plan in JSON')
    .argument('<new>', 'the new filter, likewise')
    .addOption(datasetOption("dataset of the filters (default: a side's '# dataset:' line or job, applied to both sides; else http_requests)"))
    .option('--budget <units>', `work budget of each question to the solver, in Z3's resource units: the same answer on any machine (default ${DEFAULT_WORK})`)
    .addOption(
      new Option(
        '--timeout <seconds>',
        `wall-clock safety net of each question, far above what the budget takes (default ${DEFAULT_SAFETY_MS / 1000})`,
      ).argParser(secondsAsMs),
    )
    .option('--json', 'machine output: the JSON envelope with { relation, witnesses: [{ record, old, new }], reason?, limit? } on stdout')
    .addHelpText(
      'after',
      `\nExamples:\n  logfilter diff 'ClientRequestPath startsWith /api/' 'ClientRequestPath startsWith /api'\n  git show HEAD~1:edge.lf | logfilter diff - edge.lf\n  logfilter diff old/main.tf main.tf          (each cloudflare_logpush_job by address; also two plans in JSON)\n\n${RELATION_HELP}\n\nExit codes: 0 same meaning, 1 they differ, 2 usage or an input with errors, 3 undecided within the budget`,
    )
    .action(
      context.action(async (older: string, newer: string, flags: DiffFlags) => {
        if (older === '-' && newer === '-') throw new UsageError('only one of OLD and NEW can be read from standard input');
        const budget = solverBudget(flags);
        const kinds = [terraformKind(context.io, older), terraformKind(context.io, newer)];
        if (kinds[0] || kinds[1]) {
          if (!kinds[0] || !kinds[1])
            throw new UsageError(`${kinds[0] ? 'OLD' : 'NEW'} is Terraform and the other is not: give two versions of the .tf files (or of the plan)`);
          if (flags.dataset !== undefined) throw new UsageError('Terraform jobs are compared against their own dataset and scope: leave out --dataset');
          return diffTerraform(context, [older, newer], kinds as ['tf' | 'plan', 'tf' | 'plan'], { json: flags.json === true, ...budget });
        }
        const [oldSide, newSide] = readSides(context, [older, newer], flags);
        const diagnostics = [...oldSide.diagnostics, ...newSide.diagnostics];
        const oldFilter = exactFilter(oldSide);
        const newFilter = exactFilter(newSide);
        // A side with errors: nothing is compared (exit 2, as documented), and --json still answers.
        if (!oldFilter || !newFilter || !oldSide.dataset || !newSide.dataset)
          return { exitCode: EXIT_USAGE, diagnostics, result: { relation: null, witnesses: [] } };
        if (oldSide.dataset.name !== newSide.dataset.name)
          throw new UsageError(
            `OLD is a filter of ${oldSide.dataset.name} and NEW of ${newSide.dataset.name}: filters of different datasets never see the same records`,
          );
        const dataset = oldSide.dataset;
        const progress = solverProgress('diff', context.io.stderr);
        const result = await solverErrors(() =>
          compareFilters(oldFilter, newFilter, dataset, { ...budget, onProgress: progress.update }).finally(progress.stop),
        );
        const exitCode = result.relation === 'same' ? EXIT_OK : result.relation === 'undecided' ? EXIT_UNDECIDED : EXIT_INVALID;
        return { exitCode, diagnostics, result: comparisonJson(result), stdout: comparisonText(result) };
      }),
    );
}

/**
 * Both sides read and checked by the input layer (a file when the argument names one). A side whose
 * dataset nothing names (no -d, no `# dataset:` line, not a job) takes the other side's: `diff JOB TEXT`.
 */
function readSides(context: Context, args: [string, string], flags: DiffFlags): [CheckedFilter, CheckedFilter] {
  const sources = args.map((argument, index) =>
    readFilter(context.io, { inline: argument, form: 'either', fileByName: true, label: index === 0 ? 'OLD' : 'NEW' }),
  );
  const check = (source: FilterSource, fallback?: Dataset) => checkFilter(context, source, flags, { command: 'diff', fallback });
  let [older, newer] = [check(sources[0]), check(sources[1])];
  if (older.origin === 'default' && newer.origin !== 'default' && newer.dataset) older = check(sources[0], newer.dataset);
  else if (newer.origin === 'default' && older.origin !== 'default' && older.dataset) newer = check(sources[1], older.dataset);
  return [older, newer];
}

/** The comparison in JSON: the record's line is JSON already, with every digit of its numbers, and goes in as written. */
function comparisonJson(result: Comparison): Record<string, unknown> {
  return {
    relation: result.relation,
    witnesses: result.witnesses.map((witness) => ({ record: new RawJson(witness.line), old: witness.old, new: witness.new })),
    ...(result.reason && { reason: result.reason }),
    ...(result.limit && { limit: result.limit }),
  };
}

function comparisonText(result: Comparison): string {
  let text = `${SAYS[result.relation]}${result.reason ? ` (${result.reason})` : ''}\n`;
  for (const witness of result.witnesses) {
    const who = witness.old ? 'only OLD lets this record through' : 'only NEW lets this record through';
    text += `${who}:\n${witness.line}\n`;
  }
  return text;
}
