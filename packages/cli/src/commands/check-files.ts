/**
 * What `compile` and `check` are given: one filter (as an argument, or a file with -f, `-` for
 * standard input) or several filter files (`check a.lf b.lf`, `-f a.lf -f b.lf`), and how the results
 * of several files are reported: each under its name, then one summary line.
 */
import { type CompileResult, stringifyExact } from '@logfilter/core';
import type { Context } from '../context.js';
import { namesAFile } from '../file-argument.js';
import { EXIT_OK, readTextFile, type Source, UsageError, writeStdout } from '../io.js';
import { writeReport } from '../report/cli.js';
import type { ReportDiagnostic, ReportFormat } from '../report/report.js';

/** The rule of the help text and the README, said once. */
export const INPUT_RULE =
  'One argument is the filter text (- reads standard input). Two or more arguments are filter files, ' +
  'and each must name one; -f PATH may be repeated. With several files, each is reported under its name.';

/** One filter given inline, or files (`-` among them for standard input). */
export type Inputs = { inline: string | undefined; files: undefined } | { inline: undefined; files: string[] };

/**
 * One positional is the filter text, even when it names a file (the diagnostic `argument-is-a-file`
 * then says to use -f); two or more must all name files (or be `-`). Positionals and -f: not both.
 */
export function inputsOf(positionals: readonly string[], files: readonly string[] = []): Inputs {
  if (positionals.length > 0 && files.length > 0) throw new UsageError('give the filter either as an argument or with --file, not both');
  if (positionals.length > 1) {
    const missing = positionals.find((path) => path !== '-' && !namesAFile(path));
    if (missing !== undefined)
      throw new UsageError(`'${missing}' is not a file: two or more arguments are filter files; give one filter as one argument (quote a filter with spaces)`);
    return { inline: undefined, files: [...positionals] };
  }
  if (files.length > 0) return { inline: undefined, files: [...files] };
  return { inline: positionals[0], files: undefined };
}

/** The files, all read before any is checked (an unreadable one is exit 2 before anything is printed). */
export function readFiles(files: readonly string[]): Source[] {
  if (files.filter((path) => path === '-').length > 1) throw new UsageError('standard input can be read once: give - one time');
  return files.map((path) => ({ text: readTextFile(path, 'filter'), name: path === '-' ? '<stdin>' : path }));
}

export interface FileResult {
  source: Source;
  result: CompileResult;
  /** The exit code of this file alone. */
  exit: number;
  /** What compile prints for this file on success: one line. */
  output?: string;
}

/**
 * Several files: diagnostics under each file's name, a line per file and a summary on stderr
 * (check), or one output line per file on stdout when every file compiles (compile: nothing on
 * stdout when any fails). Machine output: one object `{ok, files: [...]}`, or one report.
 */
export function reportFiles(
  context: Context,
  results: readonly FileResult[],
  flags: { json?: boolean; format?: ReportFormat },
  mode: 'compile' | 'check',
  machineOutput: (result: CompileResult) => object,
): number {
  const exit = Math.max(EXIT_OK, ...results.map((file) => file.exit));
  const fileOf = (source: Source) => (source.name === '<stdin>' ? undefined : source.name);
  if (flags.json || flags.format === 'json') {
    const files = results.map(({ source, result }) => ({ file: source.name ?? null, ...machineOutput(result) }));
    writeStdout(`${stringifyExact({ ok: exit === EXIT_OK, files })}\n`);
    return exit;
  }
  if (flags.format === 'github' || flags.format === 'sarif') {
    const diagnostics: ReportDiagnostic[] = results.flatMap(({ source, result }) => result.diagnostics.map((d) => ({ ...d, file: fileOf(source) })));
    const sources = new Map(results.map(({ source }) => [fileOf(source) ?? '', source.text]));
    writeReport(context, { diagnostics, sources }, flags.format);
    return exit;
  }
  for (const { source, result } of results) context.printDiagnostics(result.diagnostics, source.text, source.name);
  if (mode === 'check') {
    for (const { source, result } of results) process.stderr.write(`${source.name}: ${result.ok ? okLine(result) : counts(result)}\n`);
  }
  const failed = results.filter((file) => file.exit !== EXIT_OK);
  if (failed.length > 0) {
    process.stderr.write(`failed: ${failed.length} of ${plural(results.length, 'file')} ${failed.length === 1 ? 'has' : 'have'} errors\n`);
    return exit;
  }
  if (mode === 'compile') writeStdout(results.map((file) => `${file.output}\n`).join(''));
  else process.stderr.write(`ok: ${plural(results.length, 'file')}\n`);
  return exit;
}

function okLine(result: CompileResult): string {
  return `ok: ${plural(result.stats.bytes, 'byte')}, ${plural(result.stats.operators, 'operator')}`;
}

function counts(result: CompileResult): string {
  const errors = result.diagnostics.filter((d) => d.severity === 'error').length;
  return `failed: ${plural(errors, 'error')}, ${plural(result.diagnostics.length - errors, 'warning')}`;
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}
