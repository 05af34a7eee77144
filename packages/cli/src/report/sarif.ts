/**
 * SARIF 2.1.0 (OASIS), the format code-scanning dashboards read: one run of the tool `logfilter`,
 * one rule per diagnostic code, one result per diagnostic. Columns count UTF-16 code units, as the
 * compiler's do.
 */
import type { NotChecked, ReportDiagnostic } from './types.js';
import { version } from '../version.js';

const SCHEMA = 'https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json';

export function sarifLog(reported: readonly ReportDiagnostic[], notChecked: readonly NotChecked[] = []): object {
  // A filter that could not be checked is a note, so a dashboard shows what was left out.
  const notes = notChecked.map((item): ReportDiagnostic & { note: true } => ({
    ...item,
    code: 'not-checked',
    severity: 'warning',
    message: item.reason,
    note: true,
  }));
  const diagnostics = [...reported, ...notes];
  const ruleIds = [...new Set(diagnostics.map((diagnostic) => diagnostic.code))].sort();
  const rules = ruleIds.map((id) => ({ id, shortDescription: { text: id.replace(/-/g, ' ') } }));
  const artifacts = [...new Set(diagnostics.flatMap((diagnostic) => (diagnostic.file ? [diagnostic.file] : [])))];
  return {
    $schema: SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'logfilter', version: version(), rules } },
        columnKind: 'utf16CodeUnits',
        artifacts: artifacts.map((file) => ({ location: { uri: fileUri(file) } })),
        results: diagnostics.map((diagnostic) => sarifResult(diagnostic, ruleIds.indexOf(diagnostic.code), artifacts.indexOf(diagnostic.file ?? ''))),
      },
    ],
  };
}

function sarifResult(diagnostic: ReportDiagnostic, ruleIndex: number, artifactIndex: number): object {
  const { start, end } = diagnostic.range;
  const text = diagnostic.hint ? `${diagnostic.message}. Hint: ${diagnostic.hint}` : diagnostic.message;
  const result: Record<string, unknown> = {
    ruleId: diagnostic.code,
    ruleIndex,
    level: 'note' in diagnostic ? 'note' : diagnostic.severity,
    message: { text },
  };
  // Text given inline has no file, so its results have no location a dashboard could show.
  if (diagnostic.file) {
    const region = {
      startLine: start.line,
      startColumn: start.column,
      endLine: end.line,
      endColumn: Math.max(end.column, end.line === start.line ? start.column : 1),
    };
    result.locations = [{ physicalLocation: { artifactLocation: { uri: fileUri(diagnostic.file), index: artifactIndex }, region } }];
  }
  if (diagnostic.pointer !== undefined) result.properties = { pointer: diagnostic.pointer };
  return result;
}

/** A relative or absolute path as a URI reference, separators as '/', the rest percent-encoded. */
function fileUri(path: string): string {
  const slashed = path.replace(/\\/g, '/');
  const encoded = slashed.split('/').map(encodeURIComponent).join('/');
  return slashed.startsWith('/') ? `file://${encoded}` : encoded;
}
