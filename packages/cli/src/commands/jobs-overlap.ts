/**
 * `logfilter jobs overlap (--zone ID | --account ID | --file JOBS.json)`: every pair of jobs of one
 * dataset and one kind of destination whose filters let the same record through (it is delivered
 * twice), each with one such record, confirmed by evaluate. Disabled jobs are left out unless --all.
 * Exit 0 no pair overlaps, 1 some do, 2 usage (a job that cannot be read), 3 undecided in time.
 */
import { findJobs, readJson } from '@logfilter/core';
import type { Command } from 'commander';
import type { Context } from '../context.js';
import { type Outcome, RawJson, writeEnvelope } from '../outcome.js';
import type { JobPair, ReadJobs } from '../diff/overlap.js';
import { EXIT_INVALID, EXIT_OK, EXIT_USAGE, type Io, readTextFile, UsageError } from '../io.js';
import { addScopeOptions, type ScopeFlags, scopeOf } from '../job-scope.js';
import { addServiceOptions, runService, type ServiceFlags, serviceClient } from '../service.js';
import { EXIT_UNDECIDED, solverErrors, solverSeconds } from '../diff/exits.js';

interface OverlapFlags extends ServiceFlags, ScopeFlags {
  file?: string;
  all?: boolean;
  solverTimeout?: string;
}

export function registerJobsOverlap(program: Command, group: Command, context: Context): void {
  addServiceOptions(
    addScopeOptions(group.command('overlap'))
      .description('pairs of jobs (one dataset, one kind of destination) whose filters let the same record through, each with such a record')
      .option('--file <path>', 'read the jobs from a file instead (a jobs list, an API answer, `jobs list --json`; - for standard input)')
      .option('--all', 'disabled jobs too (they are left out by default)')
      .option('--solver-timeout <seconds>', 'time budget of each pair for the solver (default 10)'),
    { dryRun: false },
  )
    .addHelpText(
      'after',
      '\nExamples:\n  logfilter jobs overlap --zone 023e105f4ecef8ad9ca31a8372d0c353\n  logfilter jobs list --zone $ZONE --json | logfilter jobs overlap --file -\n\nExit codes: 0 no pair overlaps, 1 some do, 2 usage or a job that cannot be read, 3 undecided within the time budget',
    )
    .action(context.action((flags: OverlapFlags) => runService(context.io, flags, () => overlap(program, context, flags))));
}

async function overlap(program: Command, context: Context, flags: OverlapFlags): Promise<number | Outcome> {
  const { io } = context;
  const timeoutMs = flags.solverTimeout === undefined ? undefined : solverSeconds(flags.solverTimeout, '--solver-timeout');
  const { readJobs, comparePairs } = await import('../diff/overlap.js');
  let read: ReadJobs;
  if (flags.file !== undefined) {
    if (flags.zone !== undefined || flags.account !== undefined)
      throw new UsageError('give --file, or --zone or --account to read the jobs from the service, not both');
    const text = readTextFile(io, flags.file, 'jobs');
    const json = readJson(text);
    if (!json.ok) throw new UsageError(`${flags.file === '-' ? '<stdin>' : flags.file} is not valid JSON (${json.message})`, 'invalid-json');
    if (typeof json.value !== 'object' || json.value === null)
      throw new UsageError('no jobs in the file: expected a list of jobs, an API answer holding them, or `jobs list --json` output');
    const found = findJobs(json.value, '');
    read = readJobs(found, { catalog: context.catalog(), all: flags.all });
  } else {
    if (flags.zone === undefined && flags.account === undefined)
      throw new UsageError('give --zone ID or --account ID (the jobs the service holds there), or --file JOBS.json (- for standard input)');
    const scope = scopeOf(flags);
    const { client } = serviceClient(io, program, flags);
    const jobs = await client.jobs.list(scope.ref);
    read = readJobs(
      jobs.map((job, index) => ({ job, pointer: `/${index}` })),
      { catalog: context.catalog(), scope: scope.kind, all: flags.all },
    );
  }
  if (read.problems.length > 0) {
    // Each problem once: in the diagnostics of the outcome (framed in its job's text for people), with a line saying what it stopped.
    const message = `${read.problems.length} job${read.problems.length === 1 ? '' : 's'} could not be read: nothing was compared`;
    const diagnostics = read.problems.flatMap((problem) =>
      problem.diagnostics.map((diagnostic) => ({
        diagnostic,
        source: problem.text === '' ? undefined : { text: problem.text, name: problem.label, inline: problem.label },
      })),
    );
    return { exitCode: EXIT_USAGE, result: { error: { kind: 'invalid-job', message } }, diagnostics, stderr: `logfilter: ${message}\n` };
  }
  const pairs = await solverErrors(() => comparePairs(read.jobs, { timeoutMs }));
  const overlapping = pairs.filter((pair) => pair.overlap.overlaps === true);
  const undecided = pairs.filter((pair) => pair.overlap.overlaps === 'undecided');
  const exitCode = overlapping.length > 0 ? EXIT_INVALID : undecided.length > 0 ? EXIT_UNDECIDED : EXIT_OK;
  if (flags.json) printJson(io, pairs, read, exitCode);
  else printText(io, overlapping, undecided, pairs.length, read);
  return exitCode;
}

function jobJson(job: JobPair['a']): Record<string, unknown> {
  return { id: job.id ?? null, name: job.name ?? null };
}

/** The envelope with the pairs; exit as the run exits. */
function printJson(io: Io, pairs: JobPair[], read: ReadJobs, exitCode: number): void {
  // The record's line is JSON already, with every digit of its numbers: it goes in as written.
  const entry = ({ a, b, overlap }: JobPair) => ({
    jobs: [jobJson(a), jobJson(b)],
    dataset: a.dataset.name,
    destination: a.destination,
    ...(overlap.witness && { record: new RawJson(overlap.witness) }),
    ...(overlap.reason && { reason: overlap.reason }),
  });
  const overlapping = pairs.filter((pair) => pair.overlap.overlaps === true).map(entry);
  const undecided = pairs.filter((pair) => pair.overlap.overlaps === 'undecided').map(entry);
  writeEnvelope(io, exitCode, { jobs: read.jobs.length, skipped: read.skipped, compared: pairs.length, overlaps: overlapping, undecided });
}

function printText(io: Io, overlapping: JobPair[], undecided: JobPair[], compared: number, read: ReadJobs): void {
  for (const { a, b, overlap } of overlapping) {
    io.stdout.write(`${a.label} and ${b.label} (${a.dataset.name}, ${a.destination}) both deliver:\n${overlap.witness}\n`);
  }
  for (const { a, b, overlap } of undecided)
    io.stdout.write(`${a.label} and ${b.label} (${a.dataset.name}, ${a.destination}): undecided (${overlap.reason})\n`);
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const skipped = read.skipped > 0 ? `, ${plural(read.skipped, 'disabled job')} left out (--all includes them)` : '';
  const verdict =
    overlapping.length > 0 ? `${plural(overlapping.length, 'pair')} of jobs overlap` : undecided.length > 0 ? 'no overlap found' : 'no jobs overlap';
  io.stderr.write(`${verdict}: ${plural(compared, 'pair')} compared among ${plural(read.jobs.length, 'job')}${skipped}\n`);
}
