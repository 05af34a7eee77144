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
export { formatOption, writeReport } from './report/cli.js';
