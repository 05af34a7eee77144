/**
 * What the service logs for some fields, for the lint warnings: country codes are logged lower
 * case (`us`), and `int or string` fields are the timestamps, logged as a Unix time or RFC 3339.
 */
import type { Field } from './catalog.js';

/**
 * `ClientCountry`: the service logs its ISO-3166 alpha-2 code lower case (`us`). Other country
 * fields (`Country`, `*CountryISO`) are left out until their logged case is known.
 */
const LOWER_CASE_FIELDS: ReadonlySet<string> = new Set(['ClientCountry']);

export function isLoggedLowerCase(field: Field): boolean {
  return field.kind === 'string' && LOWER_CASE_FIELDS.has(field.name);
}

export function isTimestampField(field: Field): boolean {
  return field.kind === 'int or string';
}

/** RFC 3339 (a date, or a date and time with an optional zone), as the service writes timestamps. */
const RFC3339 = /^\d{4}-\d{2}-\d{2}(?:[Tt ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:[Zz]|[+-]\d{2}:?\d{2})?)?$/;

export function readsAsTimestamp(text: string): boolean {
  return /^\d+$/.test(text) || RFC3339.test(text);
}

/**
 * An RFC 3339 time as a Unix time in whole seconds (a time without a zone read as UTC), or
 * undefined for any other text, a date no calendar has (2024-02-30), or a time between two seconds.
 */
export function unixSeconds(text: string): number | undefined {
  if (!RFC3339.test(text)) return undefined;
  const [date, time] = text.split(/[Tt ]/);
  const [year, month, day] = date.split('-').map(Number);
  const midnight = new Date(Date.UTC(year, month - 1, day));
  if (midnight.getUTCFullYear() !== year || midnight.getUTCMonth() !== month - 1 || midnight.getUTCDate() !== day) return undefined;
  const ms = time === undefined ? midnight.getTime() : Date.parse(`${date}T${time}${/[Zz]|[+-]\d{2}:?\d{2}$/.test(time) ? '' : 'Z'}`);
  return Number.isFinite(ms) && ms % 1000 === 0 ? ms / 1000 : undefined;
}
