/**
 * `logfilter jobs overlap (--zone ID | --account ID | --file JOBS.json)`: every pair of jobs of one
 * dataset and one destination (scheme, bucket or host, and path) whose filters let the same record
 * through (it is delivered twice), each with one such record, confirmed by evaluate. Disabled jobs are
 * left out unless --all. A job that cannot be read is reported once and left out; the others are
 * still compared. Exit 0 no pair overlaps, 1 some do, 2 usage or a job that cannot be read, 3 undecided.
 */
import { findJobs, readJson } from '@logfilter/core';
import { DEFAULT_SAFETY_MS, DEFAULT_WORK, type JobPair, type ReadJobs } from '@logfilter/solver';
import type { Command } from 'commander';
import type { Context } from '../context.js';
import { type Located, type Outcome, RawJson } from '../outcome.js';
import { EXIT_INVALID, EXIT_OK, EXIT_USAGE, readTextFile, UsageError } from '../io.js';
import { addScopeOptions, type ScopeFlags, scopeOf } from '../job-scope.js';
import { addServiceOptions, runService, type ServiceFlags, serviceClient } from '../service.js';
import { EXIT_UNDECIDED, solverBudget, solverErrors, solverProgress } from '../diff/exits.js';

interface OverlapFlags extends ServiceFlags, ScopeFlags {
  file?: string;
  all?: boolean;
  solverTimeout?: string;
  solverBudget?: string;
}

export function registerJobsOverlap(program: Command, group: Command, context: Context): void {
  addServiceOptions(
    addScopeOptions(group.command('overlap'))
      .description(
        'pairs of jobs (one dataset, one destination: scheme, bucket or host, and path) whose filters let the same record through, each with such a record',
      )
      .option('--file <path>', 'read the jobs from a file instead (a jobs list, an API answer, `jobs list --json`; - for standard input)')
      .option('--all', 'disabled jobs too (they are left out by default)')
      .option('--solver-budget <units>', `work budget of each pair for the solver, in Z3's resource units (default ${DEFAULT_WORK})`)
      .option('--solver-timeout <seconds>', `wall-clock safety net of each pair, far above what the budget takes (default ${DEFAULT_SAFETY_MS / 1000})`),
    { dryRun: false },
  )
    .addHelpText(
      'after',
      '\nExamples:\n  logfilter jobs overlap --zone 023e105f4ecef8ad9ca31a8372d0c353\n  logfilter jobs list --zone $ZONE --json | logfilter jobs overlap --file -\n\nJobs are compared when they have one dataset and one destination: the scheme, the bucket or host, and the path of\ndestination_conf (its query, such as region or credentials, is left out). A job that cannot be read is reported and left out.\n\nExit codes: 0 no pair overlaps, 1 some do, 2 usage or a job that cannot be read (the others still compared), 3 undecided within the budget',
    )
    .action(context.action((flags: OverlapFlags) => runService(context.io, flags, () => overlap(program, context, flags))));
}

async function overlap(program: Command, context: Context, flags: OverlapFlags): Promise<Outcome> {
  const { io } = context;
  const budget = solverBudget({ budget: flags.solverBudget, timeout: flags.solverTimeout }, { budget: '--solver-budget', timeout: '--solver-timeout' });
  const { readJobs, comparePairs } = await import('@logfilter/solver');
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
  // Each job that cannot be read is reported once, in the outcome's diagnostics (framed in its job's
  // text for people), and left out: the others are still compared.
  const problems: Located[] = read.problems.flatMap((problem) =>
    problem.diagnostics.map((diagnostic) => ({
      // `job` names the job it is about in the JSON answer (the code frame names it for people).
      diagnostic: { ...diagnostic, job: problem.label } as typeof diagnostic,
      source: problem.text === '' ? undefined : { text: problem.text, name: problem.label, inline: problem.label },
    })),
  );
  const progress = solverProgress('jobs overlap', io.stderr);
  const pairs = await solverErrors(() => comparePairs(read.jobs, { ...budget, onProgress: progress.update }).finally(progress.stop), 'jobs overlap');
  const overlapping = pairs.filter((pair) => pair.overlap.overlaps === true);
  const undecided = pairs.filter((pair) => pair.overlap.overlaps === 'undecided');
  const exitCode = read.problems.length > 0 ? EXIT_USAGE : overlapping.length > 0 ? EXIT_INVALID : undecided.length > 0 ? EXIT_UNDECIDED : EXIT_OK;
  return { exitCode, diagnostics: problems, result: () => resultJson(pairs, read), ...overlapText(overlapping, undecided, pairs.length, read) };
}

function jobJson(job: JobPair['a']): Record<string, unknown> {
  return { id: job.id ?? null, name: job.name ?? null };
}

/** The envelope with the pairs; exit as the run exits. */
/** The command's members of the JSON envelope; a witness record goes in as written, with every digit of its numbers. */
function resultJson(pairs: JobPair[], read: ReadJobs): Record<string, unknown> {
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
  return { jobs: read.jobs.length, skipped: read.skipped, unreadable: read.problems.length, compared: pairs.length, overlaps: overlapping, undecided };
}

function overlapText(overlapping: JobPair[], undecided: JobPair[], compared: number, read: ReadJobs): { stdout: string; stderr: string } {
  let stdout = '';
  let stderr = '';
  for (const { a, b, overlap } of overlapping) {
    stdout += `${a.label} and ${b.label} (${a.dataset.name}, ${a.destination}) both deliver:\n${overlap.witness}\n`;
  }
  for (const { a, b, overlap } of undecided) stdout += `${a.label} and ${b.label} (${a.dataset.name}, ${a.destination}): undecided (${overlap.reason})\n`;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const skipped = read.skipped > 0 ? `, ${plural(read.skipped, 'disabled job')} left out (--all includes them)` : '';
  const unreadable = read.problems.length > 0 ? `, ${plural(read.problems.length, 'job')} that could not be read left out` : '';
  const verdict =
    overlapping.length > 0 ? `${plural(overlapping.length, 'pair')} of jobs overlap` : undecided.length > 0 ? 'no overlap found' : 'no jobs overlap';
  stderr += `${verdict}: ${plural(compared, 'pair')} compared among ${plural(read.jobs.length, 'job')}${skipped}${unreadable}\n`;
  return { stdout, stderr };
}
