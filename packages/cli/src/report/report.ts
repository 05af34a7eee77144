/**
 * Diagnostics of any number of files rendered for people (code frames), for programs (JSON), for
 * GitHub Actions (workflow commands that annotate a pull request's lines) and for code-scanning
 * dashboards (SARIF 2.1.0). Every command that checks files reports through `renderReport`.
 */
import { withCliHint } from './advice.js';
import { renderDiagnostic } from '@logfilter/core';
import { githubCommands } from './github.js';
import { sarifLog } from './sarif.js';
import type { Report, ReportDiagnostic } from './types.js';

export type { NotChecked, Report, ReportDiagnostic } from './types.js';

export const REPORT_FORMATS = ['text', 'json', 'github', 'sarif'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export interface Rendered {
  /** What goes to standard output (machine formats). */
  stdout: string;
  /** What goes to standard error (text format). */
  stderr: string;
}

export function renderReport(given: Report, format: ReportFormat, options: { color?: boolean } = {}): Rendered {
  // Core's advice in the CLI's terms (a command or flag), in every format.
  const report = { ...given, diagnostics: given.diagnostics.map(withCliHint) };
  switch (format) {
    case 'text':
      return { stdout: '', stderr: textReport(report, options.color ?? false) };
    case 'json':
      return { stdout: `${JSON.stringify(jsonReport(report))}\n`, stderr: '' };
    case 'github':
      return { stdout: githubCommands(report.diagnostics, report.notChecked), stderr: '' };
    case 'sarif':
      return { stdout: `${JSON.stringify(sarifLog(report.diagnostics, report.notChecked, report.sources), null, 2)}\n`, stderr: '' };
  }
}

/** The report as one JSON object: `{ok, diagnostics, notChecked}`. */
export function jsonReport(report: Report): object {
  return {
    ok: !report.diagnostics.some((diagnostic) => diagnostic.severity === 'error'),
    diagnostics: report.diagnostics,
    notChecked: report.notChecked ?? [],
  };
}

function textReport(report: Report, color: boolean): string {
  const frames = report.diagnostics.map((diagnostic) => textFrame(diagnostic, report.sources?.get(diagnostic.file ?? ''), color));
  const skipped = (report.notChecked ?? []).map(
    (item) => `note[not-checked]: ${item.reason}\n --> ${item.file ? `${item.file}:` : ''}${item.range.start.line}:${item.range.start.column}`,
  );
  const parts = [...frames, ...skipped];
  return parts.length === 0 ? '' : `${parts.join('\n\n')}\n`;
}

function textFrame(diagnostic: ReportDiagnostic, source: string | undefined, color: boolean): string {
  return renderDiagnostic(diagnostic, source, { fileName: diagnostic.file, color });
}

/** The exit code a report means: 1 when it holds an error, else 0. */
export function reportExitCode(report: Report): number {
  return report.diagnostics.some((diagnostic) => diagnostic.severity === 'error') ? 1 : 0;
}
