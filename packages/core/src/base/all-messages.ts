/**
 * The whole message table, its two parts joined; tsc checks here that every diagnostic code has an
 * entry, and that a code with messages in both parts (a filter-text code also met in filter JSON,
 * whose JSON wording stays out of a compile-only page) has no message id in both. Front ends and
 * tests read it; the stages import only their part.
 */
import type { DiagnosticCode } from './codes.js';
import { FILTER_MESSAGES } from './filter-messages.js';
import { JSON_MESSAGES } from './json-messages.js';
import type { MessageTable } from './messages.js';

/**
 * The codes whose stages still word them in place (by `bag.error(code, where, message, hint)`), not
 * yet moved to the table: each has an empty entry here, so that the table stays complete, and leaves
 * this list when its messages move to a part.
 */
export const CODES_WORDED_IN_PLACE = [
  'redundant',
  'invalid-rule',
  'fixed-member',
  'invalid-hcl',
  'not-checked',
  'document-too-large',
] as const satisfies readonly DiagnosticCode[];

type Pending = { readonly [C in (typeof CODES_WORDED_IN_PLACE)[number]]: Record<string, never> };
const PENDING = Object.fromEntries(CODES_WORDED_IN_PLACE.map((code) => [code, {}])) as Pending;

type Filter = typeof FILTER_MESSAGES;
type Json = typeof JSON_MESSAGES;
/** The codes in both parts with a message id in both. */
type IdOverlap = { [C in keyof Filter & keyof Json]: keyof Filter[C] & keyof Json[C] extends never ? never : C }[keyof Filter & keyof Json];
type Overlap = IdOverlap | (keyof Pending & (keyof Filter | keyof Json));
/** Nothing when no code overlaps; else a member `MESSAGES` lacks, so that tsc names the code: a code is pending or in the table, and a message id in one part. */
type NoOverlap = [Overlap] extends [never] ? unknown : { overlapping: Overlap };

/** The table joined: each code's messages from both parts, typed by message id and data. */
type Joined = Pending & Filter & Json;

function join(): Joined {
  const joined: Record<string, object> = { ...PENDING, ...FILTER_MESSAGES };
  for (const [code, messages] of Object.entries(JSON_MESSAGES)) joined[code] = { ...joined[code], ...messages };
  return joined as Joined;
}

/** Every code's messages, by message id (`MESSAGES[code][id].message(data)`; the stages word through their part). */
export const MESSAGES: Joined & Required<MessageTable> & NoOverlap = join();
