/**
 * The whole message table, its parts joined; tsc checks here that every diagnostic code has an
 * entry, and that a code with messages in two parts (a filter-text code also met in filter JSON or by
 * a tool built on core, whose wording stays out of a compile-only page) has no message id in both.
 * Front ends, tests and the packages built on core read it (`wordingOf(MESSAGES)`); core's stages
 * import only their part, and a front end of filter text the input part (`inputMessage`).
 */
import type { DiagnosticCode } from './codes.js';
import { type FilterMessages, filterMessages } from './filter-messages.js';
import { inputMessages, type InputMessages } from './input-messages.js';
import { JSON_MESSAGES } from './json-messages.js';

type Filter = FilterMessages;
type Json = typeof JSON_MESSAGES;
type Input = InputMessages;
/** The codes in both parts A and B with a message id in both. */
type OverlapOf<A, B> = { [C in keyof A & keyof B]: keyof A[C] & keyof B[C] extends never ? never : C }[keyof A & keyof B];
type Overlap = OverlapOf<Filter, Json> | OverlapOf<Filter, Input> | OverlapOf<Json, Input>;
/** Nothing when no code overlaps; else a member `MESSAGES` lacks, so that tsc names the code: a message id is in one part. */
type NoOverlap = [Overlap] extends [never] ? unknown : { overlapping: Overlap };
/** Nothing when every code has messages; else a member `MESSAGES` lacks, so that tsc names the codes without. */
type Complete = [Exclude<DiagnosticCode, keyof Filter | keyof Json | keyof Input>] extends [never]
  ? unknown
  : { missing: Exclude<DiagnosticCode, keyof Filter | keyof Json | keyof Input> };

/** The table joined: each code's messages from every part, typed by message id and data. */
type Joined = Filter & Json & Input;

function join(): Joined {
  const joined: Record<string, object> = { ...filterMessages() };
  for (const part of [JSON_MESSAGES, inputMessages()]) {
    for (const [code, messages] of Object.entries(part)) joined[code] = { ...joined[code], ...messages };
  }
  return joined as Joined;
}

/** Every code's messages, by message id (`MESSAGES[code][id].message(data)`; the stages word through their part). */
export const MESSAGES: Joined & NoOverlap & Complete = join();
