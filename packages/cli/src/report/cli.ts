/** The `--format` option and writing a report from a command. */
import { Option } from 'commander';
import type { Context } from '../context.js';
import { REPORT_FORMATS, type Report, type ReportFormat, renderReport } from './report.js';

export function formatOption(): Option {
  return new Option(
    '--format <format>',
    'how diagnostics are reported: text (code frames on stderr), json (one object on stdout), github (workflow commands), sarif (SARIF 2.1.0)',
  ).choices([...REPORT_FORMATS]);
}

/** Writes the report in `format` (stdout for machine formats, stderr for text). */
export function writeReport(context: Context, report: Report, format: ReportFormat): void {
  const { io } = context;
  const rendered = renderReport(report, format, { color: context.colorFor(io.stderr) });
  if (rendered.stdout) io.stdout.write(rendered.stdout);
  if (rendered.stderr) io.stderr.write(rendered.stderr);
}
