/**
 * The one place logfilter reaches into a part of Chevrotain its typings do not declare: the end of
 * grammar recording. While a parser records its grammar, Chevrotain puts recording versions of CONSUME,
 * OR, MANY... (about ninety methods) on the instance; `disableRecording` deletes them. The parser is a
 * V8 prototype by then (Chevrotain makes it one for fast properties) and each delete from a prototype
 * cost about 20 µs, 2 ms of every CLI start. Pointing them back at the prototype's methods does the same
 * in a tenth of the time.
 *
 * Checked against the Chevrotain version below; test/chevrotain-recording.test.ts fails when the
 * installed version differs, so an upgrade re-reads `enableRecording`/`disableRecording` in
 * Chevrotain's `recorder.ts` before this is trusted again.
 */

/** The Chevrotain version whose recorder this was checked against. */
export const CHECKED_CHEVROTAIN_VERSION = '11.2.0';

/** The DSL methods Chevrotain's `enableRecording` replaces on the parser while it records the grammar. */
export const RECORDING_METHODS: readonly string[] = [
  ...['CONSUME', 'SUBRULE', 'OPTION', 'OR', 'MANY', 'MANY_SEP', 'AT_LEAST_ONE', 'AT_LEAST_ONE_SEP'].flatMap((name) =>
    Array.from({ length: 10 }, (_, i) => (i === 0 ? name : `${name}${i}`)),
  ),
  ...['consume', 'subrule', 'option', 'or', 'many', 'atLeastOne', 'ACTION', 'BACKTRACK', 'LA'],
];

/** What Chevrotain's `disableRecording` does, without deleting from the instance. */
export function endRecording(parser: object): void {
  const self = parser as Record<string, unknown> & { RECORDING_PHASE: boolean };
  const prototype = Object.getPrototypeOf(parser) as Record<string, unknown>;
  self.RECORDING_PHASE = false;
  for (const name of RECORDING_METHODS) self[name] = prototype[name];
}
