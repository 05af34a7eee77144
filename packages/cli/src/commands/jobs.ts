/**
 * `logfilter jobs create|list|get|delete`: log delivery jobs with compiled filters (spec 2.5, 4.2), under a
 * zone or an account. A job is created with `output_options` only: --fields, --timestamps, --option and
 * --logpull-options are checked as the option string they spell, then converted by core's converter.
 */
import { ApiError, NetworkError, ValidationError, type Client, type Job, type JobInput } from '@logfilter/api';
import {
  buildLogpullOptions,
  checkJobs,
  checkLogpullOptions,
  compile,
  convertLogpullOptions,
  DEFAULT_DATASET,
  hasErrors,
  TIMESTAMP_FORMATS,
  type CompileResult,
  type Dataset,
} from '@logfilter/core';
import { registerJobsCheck } from './jobs-check.js';
import { registerJobsDestination } from './jobs-destination.js';
import { registerJobsOverlap } from './jobs-overlap.js';
import { outputOptionsOf, registerJobsUpdate } from './jobs-update.js';
import { addScopeOptions, datasetInScope, scopeOf, type ScopeFlags } from '../job-scope.js';
import { Option, type Command } from 'commander';
import { keyValue } from '../options.js';
import type { Context } from '../context.js';
import { writeEnvelope } from '../outcome.js';
import { EXIT_INVALID, EXIT_OK, readSource, UsageError, type Io } from '../io.js';
import { addServiceOptions, collectList, formatRequests, printReported, runService, serviceClient, type ServiceFlags } from '../service.js';

interface CreateFlags extends ServiceFlags, ScopeFlags {
  enabled?: boolean;
  outputOption?: Array<[string, string]>;
  name: string;
  destination: string;
  dataset?: string;
  fields?: string[];
  timestamps?: string;
  option?: Array<[string, string]>;
  logpullOptions?: string;
  filter?: string;
  filterFile?: string;
  ownershipChallenge?: string;
}

type JobFlags = ServiceFlags & ScopeFlags & { id: string };

export function registerJobs(program: Command, context: Context): void {
  const group = program.command('jobs').description('create, list, read, update, check and delete log delivery jobs');

  addServiceOptions(
    addScopeOptions(group.command('create'))
      .description('create a job; --filter is compiled and checked first, and sent as the JSON string the service takes')
      .option('--enabled', 'create the job enabled (the service creates jobs disabled by default)')
      .requiredOption('--name <name>', 'the job name')
      .requiredOption('--destination <conf>', 'destination_conf, e.g. s3://bucket/path?region=us-west-2')
      .option('--dataset <name>', `the dataset (default: ${DEFAULT_DATASET})`)
      .option('--fields <names>', 'the fields to deliver, comma-separated (repeatable)', collectList)
      .addOption(new Option('--timestamps <format>', 'timestamp format of the delivered logs').choices([...TIMESTAMP_FORMATS]))
      .addOption(new Option('--option <key=value>', 'a further logpull option, e.g. CVE-2021-44228=true (repeatable)').argParser(keyValue))
      .option('--logpull-options <raw>', 'a whole logpull option string, instead of --fields/--timestamps/--option (sent converted into output_options)')
      .addOption(
        new Option(
          '--output-option <key=value>',
          'an output_options member, e.g. timestamp_format=rfc3339ms (repeatable; beside --fields and --timestamps, for other options)',
        ).argParser(keyValue),
      )
      .option('--filter <text>', 'the filter, in logfilter text')
      .option('--filter-file <path>', 'read the filter from a file (- for standard input)')
      .option('--ownership-challenge <token>', 'the token proving you own the destination'),
    { dryRun: true },
  ).action(context.action((flags: CreateFlags) => runService(context.io, flags, () => create(program, context, flags))));

  addServiceOptions(addScopeOptions(group.command('list').description("list the zone's or account's jobs")), { dryRun: false }).action(
    context.action((flags: ServiceFlags & ScopeFlags) => runService(context.io, flags, () => list(context.io, program, flags))),
  );

  addServiceOptions(addScopeOptions(group.command('get').description('print one job')).requiredOption('--id <id>', 'the job id'), {
    dryRun: false,
  }).action(context.action((flags: JobFlags) => runService(context.io, flags, () => get(context.io, program, flags))));

  addServiceOptions(addScopeOptions(group.command('delete').description('delete one job')).requiredOption('--id <id>', 'the job id'), { dryRun: true }).action(
    context.action((flags: JobFlags) => runService(context.io, flags, () => remove(context.io, program, flags))),
  );
  registerJobsUpdate(program, group, context);
  registerJobsCheck(program, group, context);
  registerJobsDestination(program, group, context);
  registerJobsOverlap(program, group, context);
}

async function create(program: Command, context: Context, flags: CreateFlags): Promise<number> {
  const { io } = context;
  const scope = scopeOf(flags);
  const dataset = datasetInScope(context, flags.dataset, scope);
  const logpullOptions = logpullOptionsOf(flags);
  const options = checkLogpullOptions(logpullOptions, { dataset });
  const filter = compileFilter(context, flags, dataset);
  const diagnostics = [
    ...options.diagnostics.map((d) => ({ ...d, source: 'logpull_options' })),
    ...(filter?.diagnostics ?? []).map((d) => ({ ...d, source: 'filter' })),
  ];
  if (!flags.json) {
    context.printDiagnostics(options.diagnostics, logpullOptions, 'logpull_options');
    if (filter) context.printDiagnostics(filter.diagnostics, filter.text, filter.name ?? 'filter');
  }
  if (hasErrors(diagnostics)) {
    if (flags.json) writeEnvelope(io, EXIT_INVALID, { error: { kind: 'invalid', message: 'the job is not valid; nothing was sent' } }, diagnostics);
    return EXIT_INVALID;
  }
  const { client, requests } = serviceClient(io, program, flags);
  const body: JobInput = { name: flags.name, destination_conf: flags.destination, dataset: dataset.name };
  const converted = convertLogpullOptions(logpullOptions, dataset).output_options;
  const outputOptions = outputOptionsOf(flags.outputOption);
  const twice = Object.keys(outputOptions).filter((key) => key in converted);
  if (twice.length > 0)
    throw new UsageError(`${twice.join(', ')} given twice: by --output-option and by --fields, --timestamps, --option or --logpull-options`);
  if (Object.keys(converted).length + Object.keys(outputOptions).length > 0) body.output_options = { ...converted, ...outputOptions };
  if (flags.logpullOptions !== undefined && !flags.json)
    io.stderr.write(`note: --logpull-options '${logpullOptions}' is sent as output_options ${JSON.stringify(converted)}, the form the service prefers\n`);
  if (flags.ownershipChallenge !== undefined) body.ownership_challenge = flags.ownershipChallenge;
  if (filter) body.filter = filter.json!;
  if (flags.enabled) body.enabled = true;
  // The filter and options were reported above, with code frames; the rest of the body is checked here.
  const fromOptionString = Object.keys(converted).map((key) => `/output_options/${key}`);
  const rest = checkJobs(body, { scope: scope.kind, catalog: context.catalog() }).diagnostics.filter(
    (d) => !['/filter', '/dataset'].includes(d.pointer ?? '') && !fromOptionString.some((at) => (d.pointer ?? '').startsWith(at)),
  );
  const restErrors = rest.filter((d) => d.severity === 'error');
  if (restErrors.length > 0) throw new ValidationError('the job is not valid; nothing was sent', restErrors);
  if (!flags.json) printReported(io, rest);
  if (!flags.dryRun && dataset.name === 'http_requests' && flags.zone !== undefined) await crossCheck(client, context, flags.zone, flags.json, logpullOptions);
  // A wrong or stale token is refused here, before a job is created with it.
  if (flags.ownershipChallenge !== undefined) await client.logpush.validateOwnership(scope.ref, flags.destination, flags.ownershipChallenge);
  const result = await client.jobs.create(scope.ref, body);
  if (flags.json) {
    writeEnvelope(io, EXIT_OK, { job: result.job ?? null, recovered: result.recovered, ...(flags.dryRun ? { requests } : {}) }, diagnostics);
  } else if (result.dryRun) {
    io.stdout.write(`${formatRequests(requests)}\ndry run: nothing was sent\n`);
  } else {
    const job = result.job!;
    if (result.recovered)
      io.stderr.write(
        `note: the answer to the create was lost; job ${job.id}, holding this name, destination and every other member sent (filter, options), was found, so it was not sent again\n`,
      );
    io.stdout.write(`created job ${job.id} '${job.name ?? ''}' (${job.dataset ?? dataset.name}) -> ${job.destination_conf}\n`);
  }
  return EXIT_OK;
}

function logpullOptionsOf(flags: CreateFlags): string {
  const built = flags.fields !== undefined || flags.timestamps !== undefined || flags.option !== undefined;
  if (flags.logpullOptions !== undefined && built)
    throw new UsageError('give --logpull-options alone, or build the options with --fields, --timestamps and --option, not both');
  if (flags.logpullOptions !== undefined) return flags.logpullOptions;
  return buildLogpullOptions({ fields: flags.fields, timestamps: flags.timestamps, options: flags.option ?? [] });
}

/** The compiled filter with its source, or undefined when no filter is given. */
function compileFilter(context: Context, flags: CreateFlags, dataset: Dataset): (CompileResult & { text: string; name?: string }) | undefined {
  const { io } = context;
  if (flags.filter === undefined && flags.filterFile === undefined) return undefined;
  if (flags.filter !== undefined && flags.filterFile !== undefined) throw new UsageError('give the filter with --filter or with --filter-file, not both');
  const source = readSource(io, flags.filter, flags.filterFile);
  return { ...compile(source.text, { dataset, catalog: context.catalog() }), text: source.text, name: source.name };
}

/** Warns when the job's fields and the zone's custom fields do not match (spec 2.6); never fails the create. */
async function crossCheck(client: Client, context: Context, zone: string, json: boolean | undefined, logpullOptions: string): Promise<void> {
  const { io } = context;
  try {
    const { fields } = await client.customFields.get(zone);
    const checked = checkLogpullOptions(logpullOptions, { dataset: 'http_requests', customFields: fields });
    const warnings = checked.diagnostics.filter((d) => d.code.startsWith('custom-field-'));
    if (!json) context.printDiagnostics(warnings, logpullOptions, 'logpull_options');
  } catch (error) {
    if (!(error instanceof ApiError || error instanceof NetworkError) || (error instanceof ApiError && error.status === 401)) throw error;
    if (!json) io.stderr.write(`note: the zone's custom fields could not be read to cross-check the fields (${error.message})\n`);
  }
}

async function list(io: Io, program: Command, flags: ServiceFlags & ScopeFlags): Promise<number> {
  const scope = scopeOf(flags);
  const { client } = serviceClient(io, program, flags);
  const jobs = await client.jobs.list(scope.ref);
  if (flags.json) {
    writeEnvelope(io, EXIT_OK, { jobs });
    return EXIT_OK;
  }
  if (jobs.length === 0) io.stdout.write(`${scope.label} has no jobs\n`);
  for (const job of jobs) io.stdout.write(`${formatJobLine(job)}\n`);
  return EXIT_OK;
}

function formatJobLine(job: Job): string {
  return [String(job.id), job.name ?? '', job.dataset ?? '', job.enabled ? 'enabled' : 'disabled', job.destination_conf].join('\t');
}

async function get(io: Io, program: Command, flags: JobFlags): Promise<number> {
  const { client } = serviceClient(io, program, flags);
  const job = await client.jobs.get(scopeOf(flags).ref, flags.id);
  if (flags.json) writeEnvelope(io, EXIT_OK, { job });
  else io.stdout.write(`${JSON.stringify(job, null, 2)}\n`);
  return EXIT_OK;
}

async function remove(io: Io, program: Command, flags: JobFlags): Promise<number> {
  const { client, requests } = serviceClient(io, program, flags);
  const { deleted, recovered } = await client.jobs.delete(scopeOf(flags).ref, flags.id);
  if (flags.json) writeEnvelope(io, EXIT_OK, { deleted, recovered, ...(flags.dryRun ? { requests } : {}) });
  else if (flags.dryRun) io.stdout.write(`${formatRequests(requests)}\ndry run: nothing was sent\n`);
  else {
    if (recovered) io.stderr.write(`note: the answer to the delete was lost; a read afterwards finds no job ${flags.id}, so it is gone\n`);
    io.stdout.write(`deleted job ${flags.id}\n`);
  }
  return EXIT_OK;
}
