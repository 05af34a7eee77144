/**
 * The wording of what front ends find about the filter text they are given (a file name given as
 * the text, text not in canonical form): the part of the message table (messages.ts) a front end of
 * filter text needs beside the filter part, and a compile does not (so that a page or a CLI bundle
 * of the language carries neither this nor the JSON part it does not use).
 */
import type { Advice } from './diagnostics.js';
import { madeOnFirstUse } from './first-use.js';
import { m, type MessageTable, wordingOfMade } from './messages.js';

/** What differs in filter text not in canonical form besides its text, `: it ...`, or nothing. */
function differences(d: { bom: boolean; crlf: boolean; textToo: boolean }): string {
  const found = [
    ...(d.bom ? ['starts with a byte-order mark'] : []),
    ...(d.crlf ? ['uses CRLF line endings'] : []),
    ...(d.textToo ? ['differs from the canonical form in its text too'] : []),
  ];
  return found.length > 0 ? `: it ${found.join(' and ')}` : '';
}

/** How an editor should save filter text besides its canonical form. */
function savedAs(d: { bom: boolean; crlf: boolean }): string[] {
  return [...(d.bom ? ['without a byte-order mark'] : []), ...(d.crlf ? ['with LF line endings'] : [])];
}

function formatHint(d: { name?: string; bom: boolean; crlf: boolean }): string {
  const save = savedAs(d);
  return `${d.name === undefined ? 'print it in canonical form' : 'rewrite it in canonical form'}${save.length > 0 ? `, or save it ${save.join(' and ')}` : ''}`;
}

function formatAdvice(d: { name?: string; bom: boolean; crlf: boolean }): Advice {
  return { kind: 'format', file: d.name, save: savedAs(d) };
}

const makeInputMessages = () =>
  ({
    'argument-is-a-file': {
      inline: m(
        (d: { file: string; command: string }) => `'${d.file}' is read as filter text, but it is the name of a file`,
        () => 'to read the filter from the file, give it as a file, not as the filter text',
        (d) => ({ kind: 'read-filter-file', command: d.command, file: d.file }),
      ),
    },
    'not-formatted': {
      /** `name` is the file's name, or undefined for text given inline; the flags say what differs besides the text. */
      notCanonical: m(
        (d: { name?: string; bom: boolean; crlf: boolean; textToo: boolean }) => `${d.name ?? 'the filter'} is not in canonical form${differences(d)}`,
        formatHint,
        formatAdvice,
      ),
      /** The same, as `fmt --check` says it in a line of text. */
      notFormatted: m(
        (d: { name?: string; bom: boolean; crlf: boolean; textToo: boolean }) => `${d.name ?? 'the filter'} is not formatted${differences(d)}`,
        formatHint,
        formatAdvice,
      ),
    },
  }) as const satisfies MessageTable;

/** This part of the table, by code and message id. */
export type InputMessages = ReturnType<typeof makeInputMessages>;

/** This part of the table, made on first use (as filter-messages.ts: most runs word no finding about their input). */
export const inputMessages: () => InputMessages = /*@__PURE__*/ madeOnFirstUse(makeInputMessages);

/** A front end's finding about its filter text, worded: `inputMessage('argument-is-a-file', 'inline', { file, command })`. */
export const inputMessage = wordingOfMade(inputMessages);
