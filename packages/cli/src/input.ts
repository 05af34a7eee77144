/**
 * The one way a filter comes in. A filter argument (text given inline, a file, `-` for standard
 * input; filter text, or filter JSON: the object, its escaped string, a job, a list of jobs) is read
 * here, and its dataset settled here: `-d`, the file's `# dataset:` first line, the job's own
 * `dataset`, or (for `diff`) the other side's, else the default. A `-d` that disagrees with a
 * dataset line or a job is an error at that line or member (exit 1); a dataset line naming no
 * dataset is one too, at its place (exit 2, as an unknown `-d`). Every command that reads a filter
 * (compile, check, decompile, diff, test, explain, sql, fmt, tail) reads it through this module.
 */
import { cliHint } from './report/advice.js';
import { cliWords } from './report/table-words.js';
import {
  compile,
  type CompileOptions,
  type CompileResult,
  type Dataset,
  datasetComment,
  decompile,
  type DecompileResult,
  diagnosticAt,
  type FilterJson,
  type JobScope,
  readJson,
  resolveDataset,
  SourceMap,
} from '@logfilter/core';
import type { Context } from './context.js';
import { namesAFile, withFileArgumentNote } from './file-argument.js';
import { EXIT_INVALID, EXIT_OK, EXIT_USAGE, type Io, readTextFile, type Source, UsageError } from './io.js';
import { type Located, locate } from './outcome.js';
import type { ReportDiagnostic } from './report/types.js';
import { decompileHcl, looksLikeHcl } from '@logfilter/terraform';

/** Filter text, or filter JSON (the object, its escaped string, a job, a list of jobs, a Terraform `jsonencode(...)`). */
type FilterForm = 'text' | 'json';

export interface FilterArgument {
  /** The argument as given (`-` reads standard input). */
  inline?: string;
  /** `-f PATH` (`-` for standard input). */
  file?: string;
  /** What the filter is: one form, or `either` (JSON when it starts with `{`, `[` or `"`). */
  form: FilterForm | 'either';
  /** An inline argument that names an existing file is that file (diff's OLD and NEW). */
  fileByName?: boolean;
  /** The name of inline text in code frames (diff's `OLD` and `NEW`); none by default. */
  label?: string;
}

/** A filter as read: its text, the name its code frames carry, and its form. */
export interface FilterSource extends Source {
  form: FilterForm;
}

/** Reads the filter of one argument: I/O and usage problems are UsageErrors (exit 2). */
export function readFilter(io: Io, argument: FilterArgument): FilterSource {
  const { inline, file } = argument;
  if (inline !== undefined && file !== undefined) throw new UsageError('give the filter either as an argument or with --file, not both');
  const path = file ?? (inline === '-' || (argument.fileByName && inline !== undefined && namesFile(io, inline)) ? inline : undefined);
  // A file read as either form takes JSON's (larger) size limit: compile refuses long filter text itself.
  const kind = argument.form === 'text' ? 'filter' : 'json';
  if (path !== undefined) return withForm({ text: readTextFile(io, path, kind), name: path === '-' ? '<stdin>' : path }, argument.form);
  if (inline === undefined) {
    const what = argument.form === 'json' ? 'filter JSON' : 'filter';
    throw new UsageError(`no ${what} given: pass it as an argument, or use --file PATH (--file - reads standard input)`);
  }
  return { ...withForm({ text: inline, name: argument.label }, argument.form), inline };
}

function withForm(source: Source, form: FilterArgument['form']): FilterSource {
  if (form !== 'either') return { ...source, form };
  const first = source.text.trimStart()[0];
  return { ...source, form: first === '{' || first === '[' || first === '"' ? 'json' : 'text' };
}

/** Whether an inline argument names a file to read (not a filter: no spaces, braces or quotes). */
function namesFile(io: Io, argument: string): boolean {
  return !/[\s{"]/.test(argument) && namesAFile(io, argument);
}

export interface DatasetFlags {
  /** -d NAME. */
  dataset?: string;
  /** --scope zone|account. */
  scope?: JobScope;
}

/** Where a filter's dataset came from. */
type DatasetOrigin = 'option' | 'dataset-line' | 'job' | 'other-side' | 'default';

export interface CheckedFilter {
  source: FilterSource;
  /** The dataset the filter was checked against; undefined when it could not be settled. */
  dataset: Dataset | undefined;
  origin: DatasetOrigin;
  /** No error: the filter is in `compiled`. */
  ok: boolean;
  /** 0, 1 the filter (or its dataset) has errors, 2 its dataset line names no dataset. */
  exitCode: number;
  /** Compile's result for filter text, decompile's for filter JSON. */
  compiled: CompileResult | DecompileResult;
  diagnostics: Located[];
}

export interface CheckOptions extends Omit<CompileOptions, 'dataset' | 'catalog' | 'scope'> {
  /** The command, for the hint of a file name given as the filter (`logfilter check -f a.lf`). */
  command: string;
  /** The dataset to take when nothing names one (diff: the other side's). */
  fallback?: Dataset;
}

/** Checks a filter read by `readFilter` against its dataset: compile for text, decompile for JSON. */
export function checkFilter(context: Context, source: FilterSource, flags: DatasetFlags, options: CheckOptions): CheckedFilter {
  return source.form === 'text' ? checkFilterText(context, source, flags, options) : checkJson(context, source, flags, options);
}

/**
 * `checkFilter` for filter text alone (compile, check): what calls only this leaves the filter JSON
 * reader out of its bundle (the language bundle, dist/language.cjs).
 */
export function checkFilterText(context: Context, source: FilterSource, flags: DatasetFlags, options: CheckOptions): CheckedFilter {
  const { command, fallback, ...compileOptions } = options;
  const settled = textDataset(context, source, flags, fallback);
  if (!settled.dataset) {
    const compiled: CompileResult = { ok: false, filter: undefined, json: undefined, diagnostics: [], stats: { bytes: 0, operators: 0 } };
    return {
      source,
      dataset: undefined,
      origin: settled.origin,
      ok: false,
      exitCode: settled.exitCode,
      compiled,
      diagnostics: locate([settled.problem!], source),
    };
  }
  const compiled = compile(source.text, { ...compileOptions, dataset: settled.dataset, scope: flags.scope });
  // Assigned, not spread: a spread would build the filter object that the result builds only when read.
  compiled.diagnostics = withFileArgumentNote(context.io, compiled.diagnostics, source.inline, command);
  const diagnostics = settled.problem ? [settled.problem, ...compiled.diagnostics] : compiled.diagnostics;
  const ok = compiled.ok && settled.problem === undefined;
  if (!ok) compiled.ok = false;
  return {
    source,
    dataset: settled.dataset,
    origin: settled.origin,
    ok,
    exitCode: ok ? EXIT_OK : EXIT_INVALID,
    compiled,
    diagnostics: locate(diagnostics, source),
  };
}

interface SettledDataset {
  dataset: Dataset | undefined;
  origin: DatasetOrigin;
  /** An unknown dataset named by the dataset line, or a -d that disagrees with it. */
  problem?: ReportDiagnostic;
  exitCode: number;
}

/** The dataset of filter text, for a command that checks it its own way (explain): the dataset, or the problems that stop it. */
export function settleDataset(
  context: Context,
  source: FilterSource,
  flags: DatasetFlags,
): { dataset?: Dataset; problems: ReportDiagnostic[]; exitCode: number } {
  const settled = textDataset(context, source, flags, undefined);
  return { dataset: settled.dataset, problems: settled.problem ? [settled.problem] : [], exitCode: settled.exitCode };
}

/** -d, else the `# dataset:` first line, else the fallback, else the default; -d and the line must agree. */
function textDataset(context: Context, source: FilterSource, flags: DatasetFlags, fallback: Dataset | undefined): SettledDataset {
  const option = flags.dataset === undefined ? undefined : context.dataset(flags.dataset);
  const comment = datasetComment(source.text);
  if (!comment) {
    if (option) return { dataset: option, origin: 'option', exitCode: EXIT_OK };
    if (fallback) return { dataset: fallback, origin: 'other-side', exitCode: EXIT_OK };
    return { dataset: context.dataset(undefined), origin: 'default', exitCode: EXIT_OK };
  }
  const range = new SourceMap(source.text).range({ start: comment.start, end: comment.end });
  const named = resolveDataset({ dataset: comment.name, catalog: context.catalog() });
  if (named.error) {
    const problem = diagnosticAt(range, cliWords('unknown-dataset', 'datasetLine', { problem: named.error.message, advice: cliHint(named.error) ?? '' }));
    return { dataset: undefined, origin: 'dataset-line', problem, exitCode: EXIT_USAGE };
  }
  if (option && option.name !== named.dataset.name) {
    const problem = diagnosticAt(
      range,
      cliWords('dataset-disagrees', 'datasetLine', { given: flags.dataset ?? option.id, named: comment.name, option: option.id }),
    );
    return { dataset: named.dataset, origin: 'dataset-line', problem, exitCode: EXIT_INVALID };
  }
  return { dataset: named.dataset, origin: 'dataset-line', exitCode: EXIT_OK };
}

function checkJson(context: Context, source: FilterSource, flags: DatasetFlags, options: CheckOptions): CheckedFilter {
  const { command, fallback, optimize: _optimize, ...rest } = options;
  const given = flags.dataset ?? fallback?.id;
  const decompileOptions = {
    ...rest,
    dataset: context.dataset(given),
    catalog: context.catalog(),
    explicitDataset: flags.dataset !== undefined,
    scope: flags.scope,
  };
  const compiled = (looksLikeHcl(source.text) ? decompileHcl : decompile)(source.text, decompileOptions);
  // A -d that disagrees with the job's own dataset: core warns and checks against the job's; here it is an error (which to use is the user's call).
  compiled.diagnostics = withFileArgumentNote(context.io, compiled.diagnostics.map(disagreementAsError), source.inline, command);
  if (compiled.diagnostics.some((d) => d.severity === 'error')) compiled.ok = false;
  const job = jobDatasetOf(source.text, compiled.found);
  const dataset = job === undefined ? decompileOptions.dataset : resolveDataset({ dataset: job, catalog: context.catalog(), scope: flags.scope }).dataset;
  const origin: DatasetOrigin = job !== undefined ? 'job' : flags.dataset !== undefined ? 'option' : fallback ? 'other-side' : 'default';
  return {
    source,
    dataset,
    origin,
    ok: compiled.ok,
    exitCode: compiled.ok ? EXIT_OK : EXIT_INVALID,
    compiled,
    diagnostics: locate(compiled.diagnostics, source),
  };
}

export function disagreementAsError<T extends { code: string; severity: string; message: string; hint?: string }>(diagnostic: T): T {
  if (diagnostic.code !== 'dataset-disagrees') return diagnostic;
  const job = /dataset is '([^']+)'/.exec(diagnostic.message)?.[1];
  const given = /not '([^']+)'/.exec(diagnostic.message)?.[1];
  // The words below replace core's (and its advice, which the CLI would show instead of the hint).
  const { advice: _advice, ...rest } = diagnostic as T & { advice?: unknown };
  const { message, hint } = cliWords('dataset-disagrees', 'jobDataset', { given, job });
  return { ...(rest as T), severity: 'error', message, hint };
}

/** The `dataset` of the job holding the filter found at `found` (its parent), if the input is such a job. */
function jobDatasetOf(text: string, found: string | undefined): string | undefined {
  if (found === undefined || !found.endsWith('/filter')) return undefined;
  const read = readJson(text);
  if (!read.ok) return undefined;
  let value: unknown = read.value;
  for (const key of found.split('/').slice(1, -1)) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[key.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  const dataset = typeof value === 'object' && value !== null ? (value as { dataset?: unknown }).dataset : undefined;
  return typeof dataset === 'string' ? dataset : undefined;
}

/** The filter of a check that passed. */
export function exactFilter(checked: CheckedFilter): FilterJson | undefined {
  // The filter object is exact (an integer past 2^53 is a bigint), as its JSON text is.
  return checked.ok ? checked.compiled.filter : undefined;
}
