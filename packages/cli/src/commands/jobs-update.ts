/**
 * `logfilter jobs update|enable|disable`: change a job. The job is read first, so that the filter is
 * compiled against its own dataset and `output_options` (which the service replaces whole) keeps every
 * option the user did not name; legacy logpull_options are converted into output_options and cleared.
 * After the PUT the job is read back to verify the change held (see the api's job-update.ts).
 */
import { mergeChange, updateJob, type Job, type JobChange } from '@logfilter/api';
import { checkJobs, compile, outputOptionFromText, type Diagnostic, type JobScope } from '@logfilter/core';
import { type Command, Option } from 'commander';
import { keyValue } from '../options.js';
import type { Context } from '../context.js';
import { writeEnvelope } from '../outcome.js';
import { EXIT_INVALID, EXIT_OK, readSource, UsageError } from '../io.js';
import { addServiceOptions, collectList, formatRequests, printReported, runService, serviceClient, type ServiceFlags } from '../service.js';
import { addScopeOptions, scopeOf, type ScopeFlags } from '../job-scope.js';

interface UpdateFlags extends ServiceFlags, ScopeFlags {
  id: string;
  filter?: string;
  filterFile?: string;
  clearFilter?: boolean;
  enable?: boolean;
  disable?: boolean;
  name?: string;
  destination?: string;
  fields?: string[];
  outputOption?: Array<[string, string]>;
}

export function registerJobsUpdate(program: Command, group: Command, context: Context): void {
  addServiceOptions(
    addScopeOptions(group.command('update'))
      .description('change a job: read it, merge the change (output_options whole), PUT, and verify the change held')
      .requiredOption('--id <id>', 'the job id')
      .option('--filter <text>', "the new filter, in logfilter text (compiled against the job's dataset)")
      .option('--filter-file <path>', 'read the new filter from a file (- for standard input)')
      .option('--clear-filter', 'remove the filter: the job delivers every log line')
      .option('--enable', 'enable the job')
      .option('--disable', 'disable the job')
      .option('--name <name>', 'the new job name')
      .option('--destination <conf>', 'the new destination_conf')
      .option('--fields <names>', 'output_options.field_names, comma-separated (repeatable)', collectList)
      .addOption(
        new Option(
          '--output-option <key=value>',
          'one output option, e.g. timestamp_format=rfc3339 or sample_rate=0.1; KEY= removes it (repeatable)',
        ).argParser(keyValue),
      ),
    { dryRun: true },
  ).action(context.action((flags: UpdateFlags) => runService(context.io, flags, () => update(program, context, flags))));

  for (const [verb, enabled] of [
    ['enable', true],
    ['disable', false],
  ] as const) {
    addServiceOptions(addScopeOptions(group.command(verb)).description(`${verb} a job`).requiredOption('--id <id>', 'the job id'), { dryRun: true }).action(
      context.action((flags: UpdateFlags) => runService(context.io, flags, () => update(program, context, { ...flags, enable: enabled, disable: !enabled }))),
    );
  }
}

async function update(program: Command, context: Context, flags: UpdateFlags): Promise<number> {
  const { io } = context;
  const scope = scopeOf(flags);
  const change = changeOf(flags);
  const { client, requests } = serviceClient(io, program, flags);
  const current = await client.jobs.get(scope.ref, flags.id);
  const diagnostics = compileFilterInto(context, flags, current, scope.kind, change);
  if (diagnostics === undefined) return EXIT_INVALID;
  const checked = checkJobs({ ...current, ...mergeChange(current, change) }, { scope: scope.kind, catalog: context.catalog() });
  const problems = checked.diagnostics.filter((d) => d.severity === 'error' && changedMember(d.pointer ?? '', change));
  if (problems.length > 0) {
    if (flags.json) writeEnvelope(io, EXIT_INVALID, { error: { kind: 'invalid', message: 'the change is not valid; nothing was sent' } }, problems);
    else printReported(io, problems);
    return EXIT_INVALID;
  }
  const result = await updateJob(client.jobs, scope.ref, flags.id, change);
  if (flags.json) {
    const { job, body, attempts, legacy, superseded, notes } = result;
    writeEnvelope(io, EXIT_OK, { job: job ?? null, body, attempts, legacy: legacy ?? null, superseded, notes, ...(result.dryRun ? { requests } : {}) });
  } else if (result.dryRun) {
    for (const note of result.notes) io.stderr.write(`note (dry run, not sent): ${note}\n`);
    io.stdout.write(`${formatRequests(requests)}\ndry run: nothing was sent\n`);
  } else {
    for (const note of result.notes) io.stderr.write(`note: ${note}\n`);
    io.stdout.write(`updated job ${flags.id} (${Object.keys(result.body).join(', ')}): ${result.job!.enabled ? 'enabled' : 'disabled'}\n`);
  }
  return EXIT_OK;
}

function changeOf(flags: UpdateFlags): JobChange {
  const filters = [flags.filter !== undefined, flags.filterFile !== undefined, flags.clearFilter === true].filter(Boolean).length;
  if (filters > 1) throw new UsageError('give one of --filter, --filter-file and --clear-filter');
  if (flags.enable && flags.disable) throw new UsageError('give --enable or --disable, not both');
  const change: JobChange = {};
  if (flags.name !== undefined) change.name = flags.name;
  if (flags.destination !== undefined) change.destination_conf = flags.destination;
  if (flags.enable || flags.disable) change.enabled = flags.enable === true;
  if (flags.clearFilter) change.filter = null;
  const options = outputOptionsOf(flags.outputOption);
  if (flags.fields !== undefined) options.field_names = flags.fields;
  if (Object.keys(options).length > 0) change.output_options = options;
  const any = Object.keys(change).length > 0 || flags.filter !== undefined || flags.filterFile !== undefined;
  if (!any) throw new UsageError('nothing to change: give --filter, --clear-filter, --enable, --disable, --name, --destination, --fields or --output-option');
  return change;
}

/** `--output-option KEY=VALUE`s as an output_options object (an empty value is null: remove it). */
export function outputOptionsOf(pairs: ReadonlyArray<readonly [string, string]> = []): Record<string, unknown> {
  const options: Record<string, unknown> = {};
  // Each KEY=VALUE was split by the option's parser (options.ts).
  for (const [key, value] of pairs) options[key] = optionValue(key, value);
  return options;
}

/** A value as JSON wants it, by core's conversion (numbers for sample_rate, ...); empty removes the option. */
function optionValue(key: string, text: string): unknown {
  return text === '' ? null : outputOptionFromText(key, text);
}

/** Compiles --filter/--filter-file against the job's dataset into `change`; undefined (after printing) on errors. */
function compileFilterInto(context: Context, flags: UpdateFlags, job: Job, scope: JobScope, change: JobChange): Diagnostic[] | undefined {
  const { io } = context;
  if (flags.filter === undefined && flags.filterFile === undefined) return [];
  const source = readSource(io, flags.filter, flags.filterFile);
  const name = typeof job.dataset === 'string' ? job.dataset : 'http_requests';
  const dataset = context.resolveDataset(name, scope).dataset ?? context.dataset(name);
  const result = compile(source.text, { dataset, catalog: context.catalog() });
  if (!flags.json) context.printDiagnostics(result.diagnostics, source.text, source.name ?? 'filter');
  if (!result.ok) {
    if (flags.json) writeEnvelope(io, EXIT_INVALID, { error: { kind: 'invalid', message: 'the filter has errors; nothing was sent' } }, result.diagnostics);
    return undefined;
  }
  change.filter = result.json!;
  return result.diagnostics;
}

function changedMember(pointer: string, change: JobChange): boolean {
  const member = pointer.split('/')[1] ?? '';
  if (member !== 'output_options') return member in change;
  const option = pointer.split('/')[2];
  return option === undefined || option in (change.output_options ?? {});
}
