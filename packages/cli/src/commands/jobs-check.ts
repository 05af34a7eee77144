/**
 * `logfilter jobs check FILE|-`: the whole job checked, as it would be before a create (a job, a create
 * body, an API answer, or the CLI's own `--json` output; a list is checked job by job, each against its
 * own dataset). `logfilter jobs options convert STRING`: a logpull_options string as output_options.
 */
import { checkJobs, convertLogpullOptions, DEFAULT_DATASET, type JobScope } from '@logfilter/core';
import { Option, type Command } from 'commander';
import type { Context } from '../context.js';
import { EXIT_INVALID, EXIT_OK, readTextFile } from '../io.js';
import { formatOption } from '../options.js';
import { locate, type Outcome, type OutputFormat } from '../outcome.js';

interface CheckFlags {
  dataset?: string;
  scope?: JobScope;
  json?: boolean;
  format?: OutputFormat;
}

export function registerJobsCheck(_program: Command, group: Command, context: Context): void {
  group
    .command('check')
    .description('check a job (or a create body, an API answer, a list of jobs) before it is sent; nothing is sent')
    .argument('<file>', 'the JSON file, or - for standard input')
    .option('-d, --dataset <name>', `the dataset of a job that names none (default: ${DEFAULT_DATASET})`)
    .addOption(new Option('--scope <scope>', 'where the job is sent: a dataset of the other scope is an error').choices(['zone', 'account']))
    .option('--json', 'machine output: one JSON object on stdout')
    .addOption(formatOption())
    .action(context.action((file: string, flags: CheckFlags) => check(context, file, flags)));

  group
    .command('options')
    .description('job options')
    .command('convert')
    .description('turn a logpull_options string into the equivalent output_options object')
    .argument('<logpull-options>', "e.g. 'fields=RayID,ClientIP&timestamps=rfc3339&sample=0.1'")
    .option('-d, --dataset <name>', `check the field names against this dataset (default: ${DEFAULT_DATASET})`)
    .option('--json', 'machine output: {ok, output_options, diagnostics}')
    .action(context.action((text: string, flags: { dataset?: string; json?: boolean }) => convert(context, text, flags)));
}

function check(context: Context, file: string, flags: CheckFlags): Outcome {
  const text = readTextFile(context.io, file, 'jobs');
  const result = checkJobs(text, { dataset: flags.dataset, scope: flags.scope, catalog: context.catalog() });
  const diagnostics = locate(result.diagnostics, { text, name: file === '-' ? '<stdin>' : file });
  let stderr = '';
  for (const job of result.jobs) {
    const where = job.pointer === '' ? '' : ` at ${job.pointer}`;
    const errors = result.diagnostics.filter((d) => d.severity === 'error' && (d.pointer ?? '').startsWith(`${job.pointer}/`)).length;
    stderr += `${job.ok ? 'ok' : `${errors} error${errors === 1 ? '' : 's'}`}: job ${job.id ?? '(new)'}${where} (${job.dataset})\n`;
  }
  const { ok: _ok, diagnostics: _diagnostics, ...members } = result;
  return { exitCode: result.ok ? EXIT_OK : EXIT_INVALID, result: members, diagnostics, stderr };
}

function convert(context: Context, text: string, flags: { dataset?: string; json?: boolean }): Outcome {
  const result = convertLogpullOptions(text, context.dataset(flags.dataset));
  const shown = result.diagnostics.map((d) => ({ ...d, pointer: d.pointer === undefined ? undefined : `/output_options${d.pointer}` }));
  const diagnostics = locate(shown, { text, name: 'logpull_options', inline: text });
  // A refusal prints nothing on stdout: what it would have printed is not the conversion asked for.
  if (!result.ok) return { exitCode: EXIT_INVALID, result: { output_options: null }, diagnostics };
  return {
    exitCode: EXIT_OK,
    result: { output_options: result.output_options },
    diagnostics,
    stdout: `${JSON.stringify({ output_options: result.output_options }, null, 2)}\n`,
  };
}
