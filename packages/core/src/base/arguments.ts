/**
 * Guards for the public entries: the library never throws on user input, and a caller in plain
 * JavaScript (or with `any`) can pass anything. A wrong argument becomes one `invalid-argument`
 * diagnostic at the start of an empty text instead of a TypeError from deep inside.
 */
import { DiagnosticBag, SourceMap } from './diagnostics.js';
import { filterMessage } from './filter-messages.js';
import { DEPTH_LIMITS, INPUT_LIMITS, type InputKind, inputTooLarge, sizeOver } from './limits.js';

/** How a wrong argument reads in a message: `null`, `a number`, `an array`. */
export function describeArgument(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  if (Array.isArray(value)) return 'an array';
  const type = typeof value;
  return type === 'object' ? 'an object' : `a ${type}`;
}

/** A bag holding the `invalid-argument` error for `value` when it is not a string, else undefined. */
export function notTextBag(value: unknown, what = 'the filter text'): DiagnosticBag | undefined {
  if (typeof value === 'string') return undefined;
  const bag = new DiagnosticBag(new SourceMap(''));
  bag.report('error', filterMessage('invalid-argument', 'notText', { what, given: describeArgument(value) }), { start: 0, end: 0 });
  return bag;
}

/**
 * The `maxDepth` option: the default when it is not given, else a whole number from 1 to
 * `DEPTH_LIMITS.most`; anything else is reported into `bag` (undefined then).
 */
export function maxDepthOf(options: { maxDepth?: unknown }, bag: DiagnosticBag): number | undefined {
  const given = options.maxDepth;
  if (given === undefined) return DEPTH_LIMITS.default;
  if (typeof given === 'number' && Number.isInteger(given) && given >= 1 && given <= DEPTH_LIMITS.most) return given;
  const shown = typeof given === 'number' ? String(given) : describeArgument(given);
  bag.report('error', filterMessage('invalid-argument', 'maxDepth', { given: shown, most: DEPTH_LIMITS.most, usual: DEPTH_LIMITS.default }), {
    start: 0,
    end: 0,
  });
  return undefined;
}

/** The options object, or an empty one for null, undefined or a non-object. */
export function optionsOf<T extends object>(options: T | null | undefined): T {
  return typeof options === 'object' && options !== null ? options : ({} as T);
}

/**
 * Reports `input-too-large` into `bag` (at the start of the text) when `text` is over the limit for
 * `kind`; true when it did. Checked before anything is read, so a huge input costs no parse.
 */
export function refuseTooLarge(text: string, kind: InputKind, bag: DiagnosticBag): boolean {
  const bytes = sizeOver(text, INPUT_LIMITS[kind]);
  if (bytes === undefined) return false;
  bag.report('error', inputTooLarge(kind, bytes), { start: 0, end: 0 });
  return true;
}
