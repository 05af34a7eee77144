/**
 * What `compile` and `check` are given: one filter (as an argument, or a file with -f, `-` for
 * standard input) or several filter files (`check a.lf b.lf`, `-f a.lf -f b.lf`), and how the results
 * of several files are reported: each under its name, then one summary line.
 */
import type { CompileResult } from '@logfilter/core';
import { namesAFile } from '../file-argument.js';
import type { CheckedFilter, FilterSource } from '../input.js';
import { EXIT_OK, type Io, readTextFile, UsageError } from '../io.js';
import type { Outcome } from '../outcome.js';

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
export function inputsOf(io: Io, positionals: readonly string[], files: readonly string[] = []): Inputs {
  if (positionals.length > 0 && files.length > 0) throw new UsageError('give the filter either as an argument or with --file, not both');
  if (positionals.length > 1) {
    const missing = positionals.find((path) => path !== '-' && !namesAFile(io, path));
    if (missing !== undefined)
      throw new UsageError(`'${missing}' is not a file: two or more arguments are filter files; give one filter as one argument (quote a filter with spaces)`);
    return { inline: undefined, files: [...positionals] };
  }
  if (files.length > 0) return { inline: undefined, files: [...files] };
  return { inline: positionals[0], files: undefined };
}

/** The files, all read before any is checked (an unreadable one is exit 2 before anything is printed). */
export function readFiles(io: Io, files: readonly string[]): FilterSource[] {
  if (files.filter((path) => path === '-').length > 1) throw new UsageError('standard input can be read once: give - one time');
  return files.map((path) => ({ text: readTextFile(io, path, 'filter'), name: path === '-' ? '<stdin>' : path, form: 'text' }));
}

export interface FileResult {
  checked: CheckedFilter;
  /** What compile prints for this file on success: one line. */
  output?: string;
}

/**
 * Several files: diagnostics under each file's name, a line per file and a summary on stderr
 * (check), or one output line per file on stdout when every file compiles (compile: nothing on
 * stdout when any fails). In JSON, `files: [{file, ok, ...}]` beside the envelope's members.
 */
export function filesOutcome(
  results: readonly FileResult[],
  mode: 'compile' | 'check',
  machineOutput: (result: CompileResult) => Record<string, unknown>,
): Outcome {
  const exitCode = Math.max(EXIT_OK, ...results.map(({ checked }) => checked.exitCode));
  const files = results.map(({ checked }) => ({
    file: checked.source.name ?? null,
    ok: checked.ok,
    ...machineOutput(checked.compiled as CompileResult),
    diagnostics: checked.diagnostics.map((located) => located.diagnostic),
  }));
  const answer: Outcome = { exitCode, result: { files }, diagnostics: results.flatMap(({ checked }) => checked.diagnostics) };
  let stderr = '';
  if (mode === 'check') {
    for (const { checked } of results)
      stderr += `${checked.source.name}: ${checked.ok ? okLine(checked.compiled as CompileResult) : counts(checked.compiled)}\n`;
  }
  const failed = results.filter(({ checked }) => checked.exitCode !== EXIT_OK);
  if (failed.length > 0) {
    answer.stderr = `${stderr}failed: ${failed.length} of ${plural(results.length, 'file')} ${failed.length === 1 ? 'has' : 'have'} errors\n`;
    return answer;
  }
  if (mode === 'compile') answer.stdout = results.map((file) => `${file.output}\n`).join('');
  else answer.stderr = `${stderr}ok: ${plural(results.length, 'file')}\n`;
  return answer;
}

function okLine(result: CompileResult): string {
  return `ok: ${plural(result.stats.bytes, 'byte')}, ${plural(result.stats.operators, 'operator')}`;
}

function counts(result: { diagnostics: readonly { severity: string }[] }): string {
  const errors = result.diagnostics.filter((d) => d.severity === 'error').length;
  return `failed: ${plural(errors, 'error')}, ${plural(result.diagnostics.length - errors, 'warning')}`;
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}
