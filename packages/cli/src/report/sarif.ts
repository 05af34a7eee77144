/**
 * SARIF 2.1.0 (OASIS), the format code-scanning dashboards read: one run of the tool `logfilter`,
 * one rule per diagnostic code (described from core's table of codes), one result per diagnostic,
 * each at its region: of its file, or of the filter text given inline, which the log carries as an
 * artifact of its own. Columns count UTF-16 code units, as the compiler's do. Each rule's `helpUri`
 * is its code's page on the documentation site (under `docsBase`).
 */
import { DOCS_BASE_URL, describeCode } from '@logfilter/core';
import { codePage } from '../docs/docs-url.js';
import type { NotChecked, ReportDiagnostic } from './types.js';
import { version } from '../version.js';

const SCHEMA = 'https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json';

/** `sources` holds the text of each file by path, '' for the filter given inline (on the command line or standard input). */
export function sarifLog(
  reported: readonly ReportDiagnostic[],
  notChecked: readonly NotChecked[] = [],
  sources?: ReadonlyMap<string, string>,
  docsBase: string = DOCS_BASE_URL,
): object {
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
  const rules = ruleIds.map((id) => ({
    id,
    shortDescription: { text: id.replace(/-/g, ' ') },
    fullDescription: { text: describeCode(id) },
    help: { text: `${describeCode(id)} Each result's message says what is wrong there and, after "Hint:", how to fix it.` },
    helpUri: codePage(id, docsBase),
  }));
  const files = [...new Set(diagnostics.flatMap((diagnostic) => (diagnostic.file ? [diagnostic.file] : [])))];
  const inline = diagnostics.some((diagnostic) => !diagnostic.file);
  const artifacts: object[] = files.map((file) => ({ location: { uri: fileUri(file) } }));
  // The filter given inline has no file: the log carries its text, and its results point into that.
  if (inline) {
    const text = sources?.get('');
    artifacts.push({ description: { text: 'the filter given on the command line' }, ...(text !== undefined && { contents: { text } }) });
  }
  return {
    $schema: SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'logfilter', version: version(), rules } },
        columnKind: 'utf16CodeUnits',
        artifacts,
        results: diagnostics.map((diagnostic) =>
          sarifResult(diagnostic, ruleIds.indexOf(diagnostic.code), diagnostic.file ? files.indexOf(diagnostic.file) : files.length),
        ),
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
  const region = {
    startLine: start.line,
    startColumn: start.column,
    endLine: end.line,
    endColumn: Math.max(end.column, end.line === start.line ? start.column : 1),
  };
  const artifactLocation = diagnostic.file ? { uri: fileUri(diagnostic.file), index: artifactIndex } : { index: artifactIndex };
  result.locations = [{ physicalLocation: { artifactLocation, region } }];
  if (diagnostic.pointer !== undefined) result.properties = { pointer: diagnostic.pointer };
  return result;
}

/** A relative or absolute path as a URI reference, separators as '/', the rest percent-encoded. */
function fileUri(path: string): string {
  const slashed = path.replace(/\\/g, '/');
  const encoded = slashed.split('/').map(encodeURIComponent).join('/');
  return slashed.startsWith('/') ? `file://${encoded}` : encoded;
}
