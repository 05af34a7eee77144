/** Checks that a diagnostic's range is a real place in its source. */
import type { Diagnostic, Position } from '@logfilter/core';

/** Line and column (1-based, UTF-16 code units) of an offset, lines split at '\n' as SourceMap does. */
function positionAt(text: string, offset: number): Position {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { offset, line, column: offset - lineStart + 1 };
}

/** Problems with a diagnostic's range in `text`, as messages (none when it is well placed). */
export function rangeProblems(text: string, diagnostic: Diagnostic): string[] {
  const { start, end } = diagnostic.range;
  const problems: string[] = [];
  if (!(Number.isInteger(start.offset) && Number.isInteger(end.offset))) problems.push('offsets are not integers');
  if (start.offset < 0 || end.offset > text.length) problems.push(`range ${start.offset}-${end.offset} is outside 0-${text.length}`);
  if (start.offset > end.offset) problems.push(`start ${start.offset} is after end ${end.offset}`);
  for (const [name, position] of [
    ['start', start],
    ['end', end],
  ] as const) {
    const expected = positionAt(text, Math.min(Math.max(position.offset, 0), text.length));
    if (position.line !== expected.line || position.column !== expected.column) {
      problems.push(`${name} ${position.line}:${position.column} should be ${expected.line}:${expected.column} for offset ${position.offset}`);
    }
  }
  return problems;
}
