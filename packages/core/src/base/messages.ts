/**
 * The wording of every diagnostic, in one table: for each code, its messages by id, each a template
 * over typed data (as ESLint's `meta.messages` and `messageId`). A stage reports a diagnostic as
 * (code, message id, data), `bag.report('error', 'unknown-field', 'inDataset', { name, dataset }, span)`,
 * and the words come from here; tsc checks that every code has an entry and that each report passes
 * the data its template reads. A template is a function, so a message costs nothing until a
 * diagnostic is made, and a valid input makes none.
 *
 * Advice that suggests something to do outside the text (list a dataset's fields, choose another
 * dataset, give the job another scope) is data (`Advice`, diagnostics.ts), not words: each front end
 * says it in its own terms (the CLI as a command or flag, an editor in plain words). The hint here
 * says it in plain words, for any front end that does not know the advice's kind; nothing in core
 * names a command-line flag (packages/core/test/messages.test.ts checks).
 */
import type { DiagnosticCode } from './codes.js';
import type { Advice, Worded } from './diagnostics.js';

export type { Words, Worded } from './diagnostics.js';

/** One message: its text, its hint and its advice, each from the same data. */
export interface MessageTemplate<D> {
  message: (data: D) => string;
  hint?: (data: D) => string | undefined;
  advice?: (data: D) => Advice | undefined;
}

/** A message template; its data type is the type of `message`'s parameter. */
export function m<D = Record<string, never>>(
  message: (data: D) => string,
  hint?: (data: D) => string | undefined,
  advice?: (data: D) => Advice | undefined,
): MessageTemplate<D> {
  return advice ? { message, hint, advice } : hint ? { message, hint } : { message };
}

/** "did you mean 'X'?", the one wording of a suggestion; `also` is a second spelling of the same ("(or '!=')"). */
export function didYouMean(guess: string, also?: string): string {
  return also ? `did you mean '${guess}' (or '${also}')?` : `did you mean '${guess}'?`;
}

/** "did you mean "X"?" for a JSON string value, quoted as JSON. */
export function didYouMeanJson(guess: string): string {
  return `did you mean ${JSON.stringify(guess)}?`;
}

/** `a, b and c`, at most four named, the rest counted: `a, b, c and 5 more`. */
export function listed(names: readonly string[]): string {
  const shown = names.length > 4 ? [...names.slice(0, 3), `${names.length - 3} more`] : names;
  return shown.length === 1 ? shown[0] : `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}`;
}

/** The shape of a part of the table: message ids and templates by code. */
// biome-ignore lint/suspicious/noExplicitAny: each template reads its own data; `any` only so that one without data infers none
export type MessageTable = { readonly [C in DiagnosticCode]?: Readonly<Record<string, MessageTemplate<any>>> };

/** The message ids of a code in a table. */
export type MessageId<T extends MessageTable, C extends keyof T> = keyof T[C] & string;

/** The data a message's templates read. */
export type MessageData<T extends MessageTable, C extends keyof T, I extends keyof T[C]> = T[C][I] extends MessageTemplate<infer D> ? D : never;

/** The function that words a message of a table: `(code, id, data)` to the diagnostic's words. */
export type Wording<T extends MessageTable> = <C extends keyof T & DiagnosticCode, I extends MessageId<T, C>>(
  code: C,
  id: I,
  data: MessageData<T, C, I>,
) => Worded;

/** The function that words a message of `table`. */
export function wordingOf<T extends MessageTable>(table: T): Wording<T> {
  return wordingOfMade(() => table);
}

/** `wordingOf` a table that `make` returns, asked for only when a message is worded (filter-messages.ts). */
export function wordingOfMade<T extends MessageTable>(make: () => T): Wording<T> {
  return <C extends keyof T & DiagnosticCode, I extends MessageId<T, C>>(code: C, id: I, data: MessageData<T, C, I>): Worded => {
    const template = (make()[code] as Record<string, MessageTemplate<MessageData<T, C, I>>>)[id];
    const words: Worded = { code, message: template.message(data) };
    const hint = template.hint?.(data);
    if (hint !== undefined) words.hint = hint;
    const advice = template.advice?.(data);
    if (advice !== undefined) words.advice = advice;
    return words;
  };
}
