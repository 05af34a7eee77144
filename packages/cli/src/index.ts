export { COMMANDS, createProgram, main } from './main.js';
export {
  REPORT_FORMATS,
  renderReport,
  jsonReport,
  reportExitCode,
  type Report,
  type ReportDiagnostic,
  type ReportFormat,
  type Rendered,
} from './report/report.js';
export { formatOption } from './options.js';
export { EXIT_INTERNAL, EXIT_INVALID, EXIT_OK, EXIT_USAGE, InputOverLimit, type Input, type Io, type Output, processIo } from './io.js';
export { CODE_EXAMPLES, type CodeExample } from './docs/code-examples.js';
export { type DiagnosticPage, diagnosticPageOf, diagnosticPageText, exampleDiagnostics, isDiagnosticCode } from './docs/diagnostic-pages.js';
