/** `logfilter fmt`: canonical filter text; `--check` for CI, `--write` to rewrite files in place. */
import { type Diagnostic, diagnosticAt, format as format_, inputMessage, SourceMap } from '@logfilter/core';
import { cliHint, withCliHint } from '../report/advice.js';
import { closeSync, fchmodSync, fsyncSync, openSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { Command } from 'commander';
import type { Context } from '../context.js';
import { outputFormat } from '../context.js';
import { namesAFile } from '../file-argument.js';
import { readFilter } from '../input.js';
import { EXIT_INVALID, EXIT_OK, inCwd, type Io, readTextFile, UsageError, type Source } from '../io.js';
import { addWarningLimitOptions, formatOption } from '../options.js';
import { applyWarningLimit, type Located, locate, type Outcome, type OutputFormat, type WarningLimitFlags } from '../outcome.js';

interface FmtFlags extends WarningLimitFlags {
  file?: string[];
  write?: boolean;
  check?: boolean;
  json?: boolean;
  format?: OutputFormat;
}

export function registerFmt(program: Command, context: Context): void {
  const command = program.command('fmt');
  command
    .description('print a filter in canonical form; --check reports files that are not, --write rewrites them')
    .argument('[filter-or-files...]', 'the filter text, or filter files as gofmt and prettier take them (or use --file)')
    .option('-f, --file <paths...>', 'filter files (- for standard input)')
    .option('--write', 'rewrite the files in place (atomically)')
    .option('--check', 'print nothing; exit 1 when a file is not in canonical form')
    .addOption(formatOption())
    .option('--json', 'machine output: the JSON envelope on stdout (as --format json)')
    .action(context.action((positionals: string[], flags: FmtFlags) => applyWarningLimit(run(context.io, positionals, flags), flags)));
  addWarningLimitOptions(command);
}

/** Positionals that all name files (or are `-`) are files (`logfilter fmt --check a.lf b.lf`); one that does not is the filter text. */
function splitPositionals(io: Io, positionals: string[], flags: FmtFlags): { filter: string | undefined; files: string[] } {
  const files = flags.file ?? [];
  if (positionals.length === 0) return { filter: undefined, files };
  // `-` is standard input, as with -f.
  if (positionals.every((path) => path === '-' || namesAFile(io, path))) {
    if (files.length > 0) throw new UsageError('name the files either as arguments or with --file, not both');
    return { filter: undefined, files: positionals };
  }
  if (positionals.length > 1) {
    const missing = positionals.find((path) => path !== '-' && !namesAFile(io, path));
    throw new UsageError(`give one filter, or files: '${missing}' is not a file (quote a filter with spaces as one argument)`);
  }
  return { filter: positionals[0], files };
}

function run(io: Io, positionals: string[], flags: FmtFlags): Outcome {
  const { filter, files } = splitPositionals(io, positionals, flags);
  const format = outputFormat(flags);
  if (flags.write && flags.check) throw new UsageError('give --write or --check, not both');
  if (filter !== undefined && files.length > 0) throw new UsageError('give the filter either as an argument or with --file, not both');
  if (flags.write && (files.length === 0 || files.includes('-'))) throw new UsageError('--write rewrites files: name them as arguments or with --file PATH');
  if (files.length > 1 && !flags.write && !flags.check) throw new UsageError('several files need --write or --check');
  if ((format === 'github' || format === 'sarif') && !flags.check) throw new UsageError('--format reports the findings of --check: add --check');
  const sources: Source[] =
    files.length > 0
      ? files.map((path) => ({ text: readTextFile(io, path, 'filter'), name: path === '-' ? '<stdin>' : path }))
      : [readFilter(io, { inline: filter, form: 'text' })];
  let exitCode = EXIT_OK;
  const diagnostics: Located[] = [];
  const results: { file: string | null; formatted: boolean; text: string | null }[] = [];
  let stdout = '';
  let stderr = '';
  for (const source of sources) {
    const result = format_(source.text);
    diagnostics.push(...locate(result.diagnostics, source));
    if (!result.ok) {
      exitCode = EXIT_INVALID;
      results.push({ file: source.name ?? null, formatted: false, text: null });
      continue;
    }
    const formatted = `${result.text}\n`;
    // Text given inline has no final newline to compare; a file's content should end with one.
    const unchanged = source.name === undefined ? source.text.trim() === result.text : source.text === formatted;
    results.push({ file: source.name ?? null, formatted: unchanged, text: result.text ?? null });
    if (flags.check) {
      if (!unchanged) {
        // For people a line; for programs a finding at the first line that differs.
        if (format === 'text') stderr += `${notFormattedText(source, formatted)}\n`;
        else diagnostics.push(...locate([notFormatted(source, formatted)], source));
        exitCode = EXIT_INVALID;
      }
    } else if (flags.write) {
      if (!unchanged) {
        writeAtomically(inCwd(io, source.name!), formatted);
        stderr += `formatted ${source.name}\n`;
      }
    } else {
      stdout += formatted;
    }
  }
  return { exitCode, result: { files: results }, diagnostics, stdout, stderr };
}

/** A finding for `fmt --check`: the first line that differs from the canonical text. */
function notFormatted(source: Source, formatted: string): Diagnostic {
  const expected = source.name === undefined ? formatted.trimEnd() : formatted;
  let offset = 0;
  while (offset < source.text.length && source.text[offset] === expected[offset]) offset++;
  const lineStart = source.text.lastIndexOf('\n', offset - 1) + 1;
  const lineEnd = source.text.indexOf('\n', lineStart);
  const words = inputMessage('not-formatted', 'notCanonical', { name: source.name, ...encodingDifferences(source.text, formatted) });
  return withCliHint(diagnosticAt(new SourceMap(source.text).range({ start: lineStart, end: lineEnd === -1 ? source.text.length : lineEnd }), words));
}

/** The line of `fmt --check` in text: what differs, when it is only the encoding, and how to fix it (the diagnostic's words, said shorter). */
function notFormattedText(source: Source, formatted: string): string {
  const differences = encodingDifferences(source.text, formatted);
  const words = inputMessage('not-formatted', 'notFormatted', { name: source.name, ...differences });
  return differences.bom || differences.crlf ? `${words.message}; ${cliHint(words)}` : words.message;
}

/**
 * A byte-order mark and CRLF line endings, when the text has them: the canonical form has neither.
 * Otherwise the text may be canonical (a file saved by an editor set to CRLF): say so, not only "not formatted".
 */
function encodingDifferences(text: string, formatted: string): { bom: boolean; crlf: boolean; textToo: boolean } {
  const bom = text.startsWith('\uFEFF');
  const crlf = text.includes('\r\n');
  const plain = text.replace(/^\uFEFF/, '').replace(/\r\n/g, '\n');
  return { bom, crlf, textToo: (bom || crlf) && plain !== formatted && plain.trim() !== formatted.trim() };
}

/** Writes and syncs a sibling temporary file, then renames it over the original: a crash leaves the old file or the new one. */
function writeAtomically(path: string, text: string): void {
  const temporary = join(dirname(path), `.${basename(path)}.${process.pid}.${Date.now()}.tmp`);
  try {
    const fd = openSync(temporary, 'wx');
    try {
      writeSync(fd, text);
      fchmodSync(fd, statSync(path).mode & 0o7777);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, path);
  } catch (error) {
    try {
      unlinkSync(temporary);
    } catch {
      // the temporary file was never made
    }
    throw new UsageError(`cannot write ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`, 'io-error');
  }
}
