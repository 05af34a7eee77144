/**
 * GitHub Actions workflow commands: `::error file=F,line=L,col=C,endLine=L2,endColumn=E,title=CODE::message`
 * on standard output turns into an annotation on that line of the pull request.
 */
import type { NotChecked, ReportDiagnostic } from './types.js';

/** One workflow command per diagnostic, each on its own line. */
export function githubCommands(diagnostics: readonly ReportDiagnostic[], notChecked: readonly NotChecked[] = []): string {
  const notices = notChecked.map((item) => {
    const where = `${item.file ? `file=${escapeProperty(item.file)},` : ''}line=${item.range.start.line},col=${item.range.start.column}`;
    return `::notice ${where},title=not-checked::${escapeData(`not checked: ${item.reason}`)}\n`;
  });
  return diagnostics.map((diagnostic) => `${githubCommand(diagnostic)}\n`).join('') + notices.join('');
}

function githubCommand(diagnostic: ReportDiagnostic): string {
  const { start, end } = diagnostic.range;
  const properties: [string, string | number][] = [];
  if (diagnostic.file) properties.push(['file', diagnostic.file]);
  properties.push(['line', start.line], ['col', start.column]);
  if (end.line !== start.line) properties.push(['endLine', end.line]);
  properties.push(['endColumn', end.line === start.line ? Math.max(end.column, start.column) : end.column]);
  properties.push(['title', diagnostic.code]);
  const where = diagnostic.pointer ? ` (at ${diagnostic.pointer})` : '';
  const message = `${diagnostic.message}${where}${diagnostic.hint ? `\nhint: ${diagnostic.hint}` : ''}`;
  const command = diagnostic.severity === 'error' ? 'error' : 'warning';
  return `::${command} ${properties.map(([key, value]) => `${key}=${escapeProperty(String(value))}`).join(',')}::${escapeData(message)}`;
}

/** The runner's escaping of a command's message. */
function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** A property value also escapes the separators of the property list. */
function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}
