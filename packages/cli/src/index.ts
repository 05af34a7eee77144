export { COMMANDS, createProgram, main } from './main.js';
export { isPlainLine, PLAIN_LINE_OPTIONS, plainLine } from './plain-line.js';
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
export { MemoryInput, MemoryOutput } from './memory-output.js';
export {
  codeExamples,
  type CodeExamples,
  type CodeExample,
  type CommandExample,
  type CommandRun,
  type LibraryExample,
  type NoExample,
  type TextExample,
} from './docs/code-examples.js';
export {
  type CommandParts,
  type DiagnosticPage,
  commandLines,
  commandParts,
  shownText,
  diagnosticPageOf,
  diagnosticPageText,
  exampleDiagnostics,
  isDiagnosticCode,
} from './docs/diagnostic-pages.js';
export { type ExampleRun, runCommandExample, runLibraryExample } from './docs/run-example.js';
