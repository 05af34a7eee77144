/**
 * A document's text as its lines, each with its end of line (`\n`, `\r\n` or `\r`, as the protocol
 * counts them), to apply a run of incremental changes in place: each change touches the lines it
 * spans, not the whole text, so a burst of edits to a long document costs one join at the end
 * instead of a copy of the document per edit. Positions are clamped as TextDocument clamps them:
 * a character past the end of its line is the line's end, a line past the last the text's end.
 */
import type { Range, TextDocumentContentChangeEvent } from 'vscode-languageserver';

const LINE_END = /\r\n|\r|\n/g;

/** The lines of `text`; the last one has no end of line (and is left out when empty). */
export function splitLines(text: string): string[] {
  const lines: string[] = [];
  let start = 0;
  for (const match of text.matchAll(LINE_END)) {
    const end = match.index + match[0].length;
    lines.push(text.slice(start, end));
    start = end;
  }
  if (start < text.length) lines.push(text.slice(start));
  return lines;
}

/**
 * `lines` with one change of a didChange applied (in place when the change spans few lines).
 * `size.length`, the text's length in UTF-16 code units, is kept up to date when given.
 */
export function applyChange(lines: string[], change: TextDocumentContentChangeEvent, size?: { length: number }): string[] {
  if (!('range' in change)) {
    if (size) size.length = change.text.length;
    return splitLines(change.text);
  }
  const { start, end } = wellFormed(change.range);
  const [startLine, startCharacter] = locate(lines, start.line, start.character);
  const [endLine, endCharacter] = locate(lines, end.line, end.character);
  // The lines on either side are split again with the edit: a `\r` and a `\n` that meet across
  // its ends become one end of line, and one end of line split by it becomes two.
  const first = Math.max(startLine - 1, 0);
  const last = Math.min(endLine + 1, lines.length - 1);
  const before = lines.slice(first, startLine).join('') + (lines[startLine] ?? '').slice(0, startCharacter);
  const after = (lines[endLine] ?? '').slice(endCharacter) + lines.slice(endLine + 1, last + 1).join('');
  const replaced = splitLines(before + change.text + after);
  if (size) size.length += totalLength(replaced) - totalLength(lines.slice(first, last + 1));
  // splice takes its items as arguments, of which there can only be so many.
  if (replaced.length > 10_000) return lines.slice(0, first).concat(replaced, lines.slice(last + 1));
  lines.splice(first, last - first + 1, ...replaced);
  return lines;
}

function wellFormed(range: Range): Range {
  const { start, end } = range;
  return start.line > end.line || (start.line === end.line && start.character > end.character) ? { start: end, end: start } : range;
}

/**
 * A position as a line index and a character within that line's text (before its end of line).
 * After a last line that ends in an end of line comes an empty line, index `lines.length`.
 */
function locate(lines: string[], line: number, character: number): [number, number] {
  const count = lines.length === 0 || textLength(lines[lines.length - 1]) < lines[lines.length - 1].length ? lines.length + 1 : lines.length;
  if (line >= count) return count > lines.length ? [lines.length, 0] : [lines.length - 1, lines[lines.length - 1].length];
  return [line, Math.min(character, textLength(lines[line] ?? ''))];
}

function textLength(line: string): number {
  if (line.endsWith('\r\n')) return line.length - 2;
  return line.endsWith('\n') || line.endsWith('\r') ? line.length - 1 : line.length;
}

function totalLength(lines: readonly string[]): number {
  let length = 0;
  for (const line of lines) length += line.length;
  return length;
}
