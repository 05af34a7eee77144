/** The `--format` option and writing a report from a command. */
import type { Context } from '../context.js';
import { type Report, type ReportFormat, renderReport } from './report.js';

/** Declared once, in options.ts. */
export { formatOption } from '../options.js';

/** Writes the report in `format` (stdout for machine formats, stderr for text). */
export function writeReport(context: Context, report: Report, format: ReportFormat): void {
  const { io } = context;
  const rendered = renderReport(report, format, { color: context.colorFor(io.stderr) });
  if (rendered.stdout) io.stdout.write(rendered.stdout);
  if (rendered.stderr) io.stderr.write(rendered.stderr);
}
