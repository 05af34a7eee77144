/**
 * `logfilter diff OLD NEW`: whether two filters mean the same, and if not, a record for each
 * direction that one lets through and the other does not. Each side is filter text, a JSON filter
 * (the service's form, escaped or not), a job, or a file holding one of them (`-` reads standard input).
 * Two Terraform versions (`.tf` files or folders, or plans in JSON) are compared job by job, by
 * resource address (@logfilter/terraform, diff/terraform-command.ts).
 * Exit 0 the same meaning, 1 they differ, 2 usage (and an input with errors), 3 undecided within the budget.
 */
import { existsSync, statSync } from 'node:fs';
import { compile, decompile, type Dataset, type Diagnostic, type FilterJson, parseJsonExact } from '@logfilter/core';
import type { Command } from 'commander';
import type { Context } from '../context.js';
import { compareFilters, type Comparison, DEFAULT_SAFETY_MS, DEFAULT_WORK, type Relation } from '@logfilter/solver';
import { EXIT_UNDECIDED, solverBudget, solverErrors, solverProgress } from '../diff/exits.js';
import { EXIT_INVALID, EXIT_OK, EXIT_USAGE, type Io, readTextFile, UsageError } from '../io.js';
import { diffTerraform, terraformKind } from '../diff/terraform-command.js';

interface DiffFlags {
  dataset?: string;
  json?: boolean;
  timeout?: string;
  budget?: string;
}

interface Side {
  filter: FilterJson;
  dataset: Dataset;
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
export const RELATION_HELP = `Relations (--json "relation"), with the exit code of each:
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
    .option('-d, --dataset <name>', "dataset of the filters (default: the job's, else http_requests)")
    .option('--budget <units>', `work budget of each question to the solver, in Z3's resource units: the same answer on any machine (default ${DEFAULT_WORK})`)
    .option('--timeout <seconds>', `wall-clock safety net of each question, far above what the budget takes (default ${DEFAULT_SAFETY_MS / 1000})`)
    .option('--json', 'machine output: { relation, witnesses: [{ record, old, new }], reason?, limit? }')
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
        const oldSide = readSide(context, older, 'OLD', flags);
        const newSide = readSide(context, newer, 'NEW', flags);
        if (!oldSide || !newSide) return EXIT_USAGE;
        if (oldSide.dataset.name !== newSide.dataset.name)
          throw new UsageError(
            `OLD is a filter of ${oldSide.dataset.name} and NEW of ${newSide.dataset.name}: filters of different datasets never see the same records`,
          );
        const progress = solverProgress('diff', context.io.stderr);
        const result = await solverErrors(() =>
          compareFilters(oldSide.filter, newSide.filter, oldSide.dataset, { ...budget, onProgress: progress.update }).finally(progress.stop),
        );
        print(context.io, result, flags.json === true);
        if (result.relation === 'same') return EXIT_OK;
        return result.relation === 'undecided' ? EXIT_UNDECIDED : EXIT_INVALID;
      }),
    );
}

/** One side: read (a file when the argument names one), then compiled or decompiled with core's checker. */
function readSide(context: Context, argument: string, label: string, flags: DiffFlags): Side | undefined {
  const { io } = context;
  const isFile = argument === '-' || (!/[\s{"]/.test(argument) && existsSync(argument) && statSync(argument).isFile());
  // A file may hold either form: read with the larger (JSON's) size limit; compile refuses long filter text itself.
  const text = isFile ? readTextFile(io, argument, 'json') : argument;
  const name = isFile ? (argument === '-' ? '<stdin>' : argument) : label;
  const trimmed = text.trimStart();
  if (trimmed.startsWith('{') || trimmed.startsWith('[') || trimmed.startsWith('"')) {
    const jobDataset = datasetOfJob(trimmed);
    const dataset = context.dataset(flags.dataset ?? jobDataset);
    const result = decompile(text, { dataset });
    return finish(context, result.ok ? exact(result.json) : undefined, dataset, result.diagnostics, text, name);
  }
  const dataset = context.dataset(flags.dataset);
  const result = compile(text, { dataset });
  return finish(context, result.ok ? exact(result.json) : undefined, dataset, result.diagnostics, text, name);
}

/** The filter read from its JSON text, integers past 2^53 exact (the result's `filter` object rounds them). */
function exact(json: string | undefined): FilterJson | undefined {
  return json === undefined ? undefined : (parseJsonExact(json) as FilterJson);
}

function finish(context: Context, filter: FilterJson | undefined, dataset: Dataset, diagnostics: Diagnostic[], text: string, name: string): Side | undefined {
  context.printDiagnostics(diagnostics, text, name);
  return filter ? { filter, dataset } : undefined;
}

/** The `dataset` of a job given as JSON, if the input is one. */
function datasetOfJob(text: string): string | undefined {
  try {
    const value = JSON.parse(text) as { dataset?: unknown };
    return typeof value === 'object' && value !== null && typeof value.dataset === 'string' ? value.dataset : undefined;
  } catch {
    return undefined;
  }
}

function print(io: Io, result: Comparison, json: boolean): void {
  if (json) {
    // The record's line is JSON already, with every digit of its numbers: it goes in as written.
    const witnesses = result.witnesses.map((witness) => `{"record":${witness.line},"old":${witness.old},"new":${witness.new}}`);
    const reason = result.reason ? `,"reason":${JSON.stringify(result.reason)}` : '';
    const limit = result.limit ? `,"limit":${JSON.stringify(result.limit)}` : '';
    io.stdout.write(`{"relation":${JSON.stringify(result.relation)},"witnesses":[${witnesses.join(',')}]${reason}${limit}}\n`);
    return;
  }
  io.stdout.write(`${SAYS[result.relation]}${result.reason ? ` (${result.reason})` : ''}\n`);
  for (const witness of result.witnesses) {
    const who = witness.old ? 'only OLD lets this record through' : 'only NEW lets this record through';
    io.stdout.write(`${who}:\n${witness.line}\n`);
  }
}
