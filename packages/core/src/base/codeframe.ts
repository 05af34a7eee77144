/** Renders diagnostics as code frames: the line, a caret under the culprit, the hint. */
import type { Diagnostic, Range } from './diagnostics.js';

/** What the renderer needs: a diagnostic of ours, or the service's error in the same shape (its own code, no range). */
export type RenderableDiagnostic = Omit<Diagnostic, 'code' | 'range'> & { code: string; range?: Range };

export interface RenderOptions {
  /** Shown before line:column (a file path, or nothing for inline text). */
  fileName?: string;
  /** ANSI colours; the CLI turns them on only for a terminal without NO_COLOR. */
  color?: boolean;
}

const MAX_SHOWN = 100;

const ANSI = { red: '\x1b[1;31m', yellow: '\x1b[1;33m', blue: '\x1b[1;34m', cyan: '\x1b[36m', bold: '\x1b[1m', reset: '\x1b[0m' };

/**
 * One diagnostic: `error[code]: message (at /json/pointer)`, then, when the source text is given,
 * the line with a caret under the range, then the hint. The one renderer every command uses.
 */
export function renderDiagnostic(diagnostic: RenderableDiagnostic, source: string | undefined, options: RenderOptions = {}): string {
  const paint = (style: keyof typeof ANSI, text: string) => (options.color ? ANSI[style] + text + ANSI.reset : text);
  const tone = diagnostic.severity === 'error' ? 'red' : 'yellow';
  const at = diagnostic.pointer ? ` (at ${diagnostic.pointer})` : '';
  const header = `${paint(tone, diagnostic.severity)}${paint('bold', `[${diagnostic.code}]: ${escapeControlCharacters(diagnostic.message)}${escapeControlCharacters(at)}`)}`;
  if (source === undefined || !diagnostic.range) {
    const lines = [header];
    if (diagnostic.range && options.fileName)
      lines.push(` ${paint('blue', '-->')} ${options.fileName}:${diagnostic.range.start.line}:${diagnostic.range.start.column}`);
    if (diagnostic.hint) lines.push(`  ${paint('blue', '=')} ${paint('cyan', 'hint:')} ${escapeControlCharacters(diagnostic.hint)}`);
    return lines.join('\n');
  }
  const { start, end } = diagnostic.range;
  const line = escapeControls(lineAt(source, start.offset));
  const lineText = line.text;
  const width = String(start.line).length;
  const pad = ' '.repeat(width);
  const location = `${options.fileName ? `${options.fileName}:` : ''}${start.line}:${start.column}`;

  const caretStart = line.columnOf(start.column - 1);
  const lastColumn = end.line === start.line ? line.columnOf(end.column - 1) : lineText.length;
  const caretLength = Math.max(1, lastColumn - caretStart);
  const shown = window(lineText, caretStart, caretLength);

  const lines = [
    header,
    `${pad}${paint('blue', '-->')} ${location}`,
    `${pad} ${paint('blue', '|')}`,
    `${paint('blue', `${start.line} |`)} ${shown.text}`,
    `${pad} ${paint('blue', '|')} ${' '.repeat(shown.caretStart)}${paint(tone, '^'.repeat(shown.caretLength))}`,
  ];
  if (diagnostic.hint) lines.push(`${pad} ${paint('blue', '=')} ${paint('cyan', 'hint:')} ${escapeControlCharacters(diagnostic.hint)}`);
  return lines.join('\n');
}

export function renderDiagnostics(diagnostics: readonly RenderableDiagnostic[], source: string | undefined, options: RenderOptions = {}): string {
  return diagnostics.map((d) => renderDiagnostic(d, source, options)).join('\n\n');
}

function lineAt(source: string, offset: number): string {
  const clamped = Math.min(offset, source.length);
  const lineStart = source.lastIndexOf('\n', clamped - 1) + 1;
  let lineEnd = source.indexOf('\n', clamped);
  if (lineEnd === -1) lineEnd = source.length;
  return source.slice(lineStart, lineEnd).replace(/\r$/, '').replace(/\t/g, ' ');
}

const CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/g;

/** `\x00`: how a control character of the input is shown, so that it never reaches the terminal raw. */
function escapeControl(char: string): string {
  return `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`;
}

/** Control characters from the input shown escaped (NUL as `\x00`), never raw. */
export function escapeControlCharacters(text: string): string {
  return text.replace(CONTROL, escapeControl);
}

/** A source line with its control characters escaped, and where each source column lands in it. */
function escapeControls(text: string): { text: string; columnOf: (column: number) => number } {
  if (!/[\x00-\x08\x0b-\x1f\x7f-\x9f]/.test(text)) return { text, columnOf: (column) => column };
  const columns: number[] = [];
  let shown = '';
  for (const char of text) {
    for (let unit = 0; unit < char.length; unit++) columns.push(shown.length + unit);
    shown += CONTROL_TEST.test(char) ? escapeControl(char) : char;
  }
  columns.push(shown.length);
  return { text: shown, columnOf: (column) => columns[Math.min(column, columns.length - 1)] };
}

const CONTROL_TEST = /^[\x00-\x08\x0b-\x1f\x7f-\x9f]$/;

/** Keeps a very long line readable: a window around the caret, with ellipses. */
function window(text: string, caretStart: number, caretLength: number): { text: string; caretStart: number; caretLength: number } {
  if (text.length <= MAX_SHOWN) return { text, caretStart, caretLength };
  const length = Math.min(caretLength, MAX_SHOWN - 20);
  const from = Math.max(0, Math.min(caretStart - 20, text.length - MAX_SHOWN));
  const to = Math.min(text.length, from + MAX_SHOWN);
  const prefix = from > 0 ? '…' : '';
  const suffix = to < text.length ? '…' : '';
  return { text: prefix + text.slice(from, to) + suffix, caretStart: caretStart - from + prefix.length, caretLength: length };
}
