/** The server's line-wise application of incremental changes agrees with TextDocument.update, the library's own. */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyChange, splitLines } from '../src/lines.js';

type Change = Parameters<typeof applyChange>[1];
interface Document {
  getText(): string;
  readonly lineCount: number;
}
// The library the server builds on, from this package's own dependencies.
const { TextDocument } = createRequire(join(import.meta.dirname, '..', 'package.json'))('vscode-languageserver-textdocument') as {
  TextDocument: {
    create(uri: string, languageId: string, version: number, text: string): Document;
    update(document: Document, changes: Change[], version: number): Document;
  };
};

// Ends of line of every kind, and a `\r` and a `\n` apart, so that edits join and split them.
const text = fc.array(fc.constantFrom('a', 'b', ' ', '\n', '\r', '\r\n', 'é', '😀'), { maxLength: 30 }).map((parts) => parts.join(''));
const position = fc.record({ line: fc.nat(6), character: fc.nat(8) });
const change: fc.Arbitrary<Change> = fc.oneof(
  { weight: 9, arbitrary: fc.record({ range: fc.record({ start: position, end: position }), text }) },
  { weight: 1, arbitrary: fc.record({ text }) },
);

type Range = Extract<Change, { range: unknown }>['range'];
function clampLines(range: Range, last: number): Range {
  const clamp = (position: Range['start']) => ({ line: Math.min(position.line, last), character: position.character });
  return { start: clamp(range.start), end: clamp(range.end) };
}

describe('lines', () => {
  it('split and joined give the text back', () => {
    fc.assert(
      fc.property(text, (value) => {
        expect(splitLines(value).join('')).toBe(value);
      }),
    );
  });

  it('apply a run of changes as TextDocument.update does', () => {
    fc.assert(
      fc.property(text, fc.array(change, { maxLength: 12 }), (initial, changes) => {
        const document = TextDocument.create('file:///t.lf', 'logfilter', 1, initial);
        let lines = splitLines(initial);
        const size = { length: initial.length };
        changes.forEach((generated, index) => {
          // TextDocument mends its line index wrongly after a range past the last line (its text
          // stays right): such a line is clamped to the last here, and tested apart below.
          const one = 'range' in generated ? { ...generated, range: clampLines(generated.range, document.lineCount - 1) } : generated;
          TextDocument.update(document, [one], index + 2);
          lines = applyChange(lines, one, size);
          expect(lines.join('')).toBe(document.getText());
          expect(size.length).toBe(document.getText().length);
        });
      }),
      { numRuns: 2000 },
    );
  });

  it('reads a position past the last line as the end of the text', () => {
    const past = { line: 9, character: 3 };
    expect(applyChange(splitLines('a\nb'), { range: { start: past, end: past }, text: '!' }).join('')).toBe('a\nb!');
    expect(applyChange(splitLines('a\r\n'), { range: { start: { line: 0, character: 7 }, end: past }, text: '!' }).join('')).toBe('a!');
    expect(applyChange([], { range: { start: past, end: { line: 2, character: 0 } }, text: 'x\r\n' }).join('')).toBe('x\r\n');
  });

  it('keeps a change that adds more lines than splice takes as arguments', () => {
    const many = 'x\n'.repeat(200_000);
    const lines = applyChange(splitLines('a\nb\n'), { range: { start: { line: 1, character: 0 }, end: { line: 1, character: 1 } }, text: many });
    expect(lines.length).toBe(200_002);
    expect(lines.join('')).toBe(`a\n${many}\n`);
  });
});
