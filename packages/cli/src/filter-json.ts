/** Filter JSON as input, shared by `decompile`, `check --from-json` and `test --from-json`. */
import { decompile, decompileJobs, type DecompileOptions, type DecompileResult, type JobDecompileResult, type JobScope } from '@logfilter/core';
import { Option } from 'commander';
import type { Context } from './context.js';
import { withFileArgumentNote } from './file-argument.js';
import { EXIT_INVALID, EXIT_OK, parsePositiveInt, readSource, summary, type Source } from './io.js';
import { writeReport } from './report/cli.js';
import type { ReportFormat } from './report/report.js';
import { decompileHcl, looksLikeHcl } from '@logfilter/terraform';

export interface JsonInputFlags {
  file?: string;
  dataset?: string;
  scope?: JobScope;
  values?: 'documented' | 'typed';
  maxBytes?: string;
  maxOperators?: string;
  /** false with --no-lint: no lint warnings (they are on for JSON as for text). */
  lint?: boolean;
  json?: boolean;
  format?: ReportFormat;
}

/** `--scope zone|account`: the dataset as a job there sees it (`firewall_events` under an account is the account dataset). */
export function scopeOption(): Option {
  return new Option('--scope <scope>', 'the scope of the job the filter is for: its dataset as seen from there').choices(['zone', 'account']);
}

/** `logfilter check --from-json`: the same checks, reporting only. */
export function checkJson(context: Context, inline: string | undefined, flags: JsonInputFlags): number {
  return runJson(context, inline, flags, 'check');
}

/** Decompile prints the text on success; check prints a summary on stderr. */
export function runJson(context: Context, inline: string | undefined, flags: JsonInputFlags, mode: 'decompile' | 'check'): number {
  const { io } = context;
  const source = readSource(io, inline, flags.file, 'json');
  const jobs = decompileJobs(source.text, decompileOptions(context, flags));
  if (jobs) return runJobs(context, jobs, flags, mode);
  const decompiled = decompileSource(context, source, flags);
  const result = { ...decompiled, diagnostics: withFileArgumentNote(io, decompiled.diagnostics, inline, mode === 'check' ? 'check --from-json' : mode) };
  if (flags.json || flags.format === 'json') {
    io.stdout.write(`${JSON.stringify(machineOutput(result))}\n`);
    return result.ok ? EXIT_OK : EXIT_INVALID;
  }
  if (flags.format === 'github' || flags.format === 'sarif') {
    const file = source.name === '<stdin>' ? undefined : source.name;
    writeReport(context, { diagnostics: result.diagnostics.map((diagnostic) => ({ ...diagnostic, file })) }, flags.format);
    return result.ok ? EXIT_OK : EXIT_INVALID;
  }
  context.printDiagnostics(result.diagnostics, source.text, source.name);
  if (!result.ok) return EXIT_INVALID;
  if (mode === 'decompile') io.stdout.write(`${result.text}\n`);
  else io.stderr.write(summary(result.stats));
  return EXIT_OK;
}

export function decompileSource(context: Context, source: Source, flags: JsonInputFlags): DecompileResult {
  return (looksLikeHcl(source.text) ? decompileHcl : decompile)(source.text, decompileOptions(context, flags));
}

/** A job's own dataset wins over -d (with a warning when they differ) and over the default. */
function decompileOptions(context: Context, flags: JsonInputFlags): DecompileOptions {
  return {
    dataset: context.dataset(flags.dataset),
    catalog: context.catalog(),
    explicitDataset: flags.dataset !== undefined,
    scope: flags.scope,
    values: flags.values,
    lint: flags.lint,
    maxBytes: flags.maxBytes === undefined ? undefined : parsePositiveInt(flags.maxBytes, '--max-bytes'),
    maxOperators: flags.maxOperators === undefined ? undefined : parsePositiveInt(flags.maxOperators, '--max-operators'),
  };
}

/** A list of jobs: one result per job, each against its own dataset; exit 1 when any job has errors. */
function runJobs(context: Context, jobs: readonly JobDecompileResult[], flags: JsonInputFlags, mode: 'decompile' | 'check'): number {
  const { io } = context;
  const ok = jobs.every((job) => job.result.ok);
  if (flags.json) {
    const results = jobs.map((job) => ({ id: job.id ?? null, pointer: job.pointer, dataset: job.dataset ?? null, ...machineOutput(job.result) }));
    io.stdout.write(`${JSON.stringify({ ok, jobs: results })}\n`);
    return ok ? EXIT_OK : EXIT_INVALID;
  }
  for (const job of jobs) {
    const title = jobTitle(job);
    context.printDiagnostics(job.result.diagnostics, job.text, title);
    if (job.result.ok && (mode === 'check' || !ok)) io.stderr.write(`${title}: ${summary(job.result.stats)}`);
  }
  // A refusal prints nothing on stdout: the texts are printed only when every job decompiles.
  if (!ok) return EXIT_INVALID;
  if (mode === 'decompile') io.stdout.write(jobs.map((job) => `# ${jobTitle(job)}\n${job.result.text}\n`).join(''));
  return EXIT_OK;
}

function jobTitle(job: JobDecompileResult): string {
  return `job ${String(job.id ?? '?')} at ${job.pointer} (${job.dataset ?? 'no dataset'})`;
}

function machineOutput(result: DecompileResult): object {
  return {
    ok: result.ok,
    text: result.text ?? null,
    filter: result.filter ?? null,
    json: result.json ?? null,
    diagnostics: result.diagnostics,
    stats: result.stats,
    found: result.found ?? null,
  };
}
