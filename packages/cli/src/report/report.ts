/**
 * A report (the diagnostics of any number of files) rendered as a string in any of the output
 * formats, for programs that use the package: the CLI's one presenter (outcome.ts) does the work.
 */
import type { Io } from '../io.js';
import { envelope, type Outcome, present } from '../outcome.js';
import type { Report } from './types.js';

export type { Report, ReportDiagnostic } from './types.js';

export { OUTPUT_FORMATS as REPORT_FORMATS, type OutputFormat as ReportFormat } from '../outcome.js';
import type { OutputFormat as ReportFormat } from '../outcome.js';

export interface Rendered {
  /** What goes to standard output (machine formats). */
  stdout: string;
  /** What goes to standard error (text format). */
  stderr: string;
}

/** A report through the one presenter (outcome.ts), captured as text: what `check --format` prints for it. */
export function renderReport(report: Report, format: ReportFormat, options: { color?: boolean } = {}): Rendered {
  const rendered: Rendered = { stdout: '', stderr: '' };
  const capture = (key: keyof Rendered) => ({
    write: (text: string | Uint8Array) => {
      rendered[key] += String(text);
      return true;
    },
  });
  const io = { stdout: capture('stdout'), stderr: capture('stderr') } as unknown as Io;
  present('check', reportOutcome(report), format, io, () => options.color ?? false);
  return rendered;
}

/** The report as the envelope `check --json` prints. */
export function jsonReport(report: Report): object {
  return envelope('check', reportOutcome(report));
}

/** A report as an outcome: each diagnostic with its file's text (by path, '' for inline text) for its code frame. */
function reportOutcome(report: Report): Outcome {
  const diagnostics = report.diagnostics.map((diagnostic) => {
    const text = report.sources?.get(diagnostic.file ?? '');
    return { diagnostic, source: text === undefined ? undefined : { text, name: diagnostic.file } };
  });
  return { exitCode: reportExitCode(report), diagnostics, notChecked: report.notChecked ?? [] };
}

/** The exit code a report means: 1 when it holds an error, else 0. */
export function reportExitCode(report: Report): number {
  return report.diagnostics.some((diagnostic) => diagnostic.severity === 'error') ? 1 : 0;
}
