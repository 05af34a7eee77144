/**
 * A file name given where the filter text goes (`logfilter fmt --check b.lf`, the gofmt and
 * prettier habit) parses as a broken filter; the parser's "expected an operator" hides the cause.
 * When the argument names an existing file and did not parse, one diagnostic says so first.
 */
import { statSync } from 'node:fs';
import { type Diagnostic, diagnosticAt, inputMessage, SourceMap } from '@logfilter/core';
import { withCliHint } from './report/advice.js';
import { inCwd, type Io } from './io.js';

/** Whether the text is the path of an existing regular file. */
export function namesAFile(io: Io, text: string | undefined): boolean {
  if (text === undefined || text.length === 0 || text.length > 4096 || /[\n\r\0]/.test(text)) return false;
  try {
    return statSync(inCwd(io, text)).isFile();
  } catch {
    return false;
  }
}

/** The diagnostics of a failed run, preceded by `argument-is-a-file` when the inline argument names a file. */
export function withFileArgumentNote<T extends Diagnostic>(io: Io, diagnostics: readonly T[], inline: string | undefined, command: string): T[] {
  // The file system is asked only about a run that failed: a clean compile stays free of I/O.
  if (inline === undefined || !diagnostics.some((d) => d.severity === 'error') || !namesAFile(io, inline)) return [...diagnostics];
  const words = inputMessage('argument-is-a-file', 'inline', { file: inline, command });
  const note = withCliHint(diagnosticAt(new SourceMap(inline).range({ start: 0, end: inline.length }), words)) as T;
  return [note, ...diagnostics];
}
