/** Filter JSON as input, shared by `decompile` and `check --from-json`: one filter, or a list of jobs (one result per job). */
import { decompileJobs, type DecompileResult, type JobDecompileResult, type JobScope } from '@logfilter/core';
import type { Context } from './context.js';
import { withFileArgumentNote } from './file-argument.js';
import { checkFilter, disagreementAsError, readFilter } from './input.js';
import { EXIT_INVALID, EXIT_OK, summary } from './io.js';
import { locate, type Located, type Outcome, type OutputFormat } from './outcome.js';

export interface JsonInputFlags {
  file?: string;
  dataset?: string;
  scope?: JobScope;
  values?: 'documented' | 'typed';
  maxBytes?: number;
  maxOperators?: number;
  /** false with --no-lint: no lint warnings (they are on for JSON as for text). */
  lint?: boolean;
  json?: boolean;
  format?: OutputFormat;
}

/** `logfilter check --from-json`: the same checks, reporting only. */
export function checkJson(context: Context, inline: string | undefined, flags: JsonInputFlags): Outcome {
  return runJson(context, inline, flags, 'check');
}

/** Decompile prints the text on success; check prints a summary on stderr. */
export function runJson(context: Context, inline: string | undefined, flags: JsonInputFlags, mode: 'decompile' | 'check'): Outcome {
  const command = mode === 'check' ? 'check --from-json' : mode;
  const source = readFilter(context.io, { inline, file: flags.file, form: 'json' });
  const jobs = decompileJobs(source.text, {
    ...limits(flags),
    dataset: context.dataset(flags.dataset),
    catalog: context.catalog(),
    explicitDataset: flags.dataset !== undefined,
    scope: flags.scope,
  });
  if (jobs) return jobsOutcome(context, jobs, mode, command, inline);
  const checked = checkFilter(context, source, flags, { ...limits(flags), command });
  const result = checked.compiled as DecompileResult;
  const answer: Outcome = { exitCode: checked.exitCode, result: machineOutput(result), diagnostics: checked.diagnostics };
  if (checked.ok) {
    if (mode === 'decompile') answer.stdout = `${result.text}\n`;
    else answer.stderr = summary(result.stats);
  }
  return answer;
}

function limits(flags: JsonInputFlags) {
  return { values: flags.values, lint: flags.lint, maxBytes: flags.maxBytes, maxOperators: flags.maxOperators };
}

/** A list of jobs: one result per job, each against its own dataset; exit 1 when any job has errors. */
function jobsOutcome(context: Context, jobs: readonly JobDecompileResult[], mode: 'decompile' | 'check', command: string, inline: string | undefined): Outcome {
  const diagnostics: Located[] = [];
  let stderr = '';
  for (const job of jobs) {
    job.result.diagnostics = withFileArgumentNote(context.io, job.result.diagnostics.map(disagreementAsError), inline, command);
    if (job.result.diagnostics.some((d) => d.severity === 'error')) job.result.ok = false;
    const title = jobTitle(job);
    diagnostics.push(...locate(job.result.diagnostics, { text: job.text, name: title, inline: title }));
  }
  const ok = jobs.every((job) => job.result.ok);
  for (const job of jobs) if (job.result.ok && (mode === 'check' || !ok)) stderr += `${jobTitle(job)}: ${summary(job.result.stats)}`;
  const results = jobs.map((job) => ({
    id: job.id ?? null,
    pointer: job.pointer,
    dataset: job.dataset ?? null,
    ok: job.result.ok,
    ...machineOutput(job.result),
    diagnostics: job.result.diagnostics,
  }));
  const answer: Outcome = { exitCode: ok ? EXIT_OK : EXIT_INVALID, result: { jobs: results }, diagnostics, stderr };
  // A refusal prints nothing on stdout: the texts are printed only when every job decompiles.
  if (ok && mode === 'decompile') answer.stdout = jobs.map((job) => `# ${jobTitle(job)}\n${job.result.text}\n`).join('');
  return answer;
}

function jobTitle(job: JobDecompileResult): string {
  return `job ${String(job.id ?? '?')} at ${job.pointer} (${job.dataset ?? 'no dataset'})`;
}

/** decompile's own members of its JSON answer. */
function machineOutput(result: DecompileResult): Record<string, unknown> {
  return { text: result.text ?? null, filter: result.filter ?? null, json: result.json ?? null, stats: result.stats, found: result.found ?? null };
}
