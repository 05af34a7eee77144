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

/**
 * Fields that hold one IP address, as the service documents them ("Client IP address", "Origin
 * server IP", "Source IP", ...): never a network. test/addresses.test.ts checks each
 * is a string field of the catalog wherever it is.
 */
export const ADDRESS_FIELDS: ReadonlySet<string> = new Set([
  'ClientIP',
  'OriginIP',
  'EdgeServerIP',
  'SourceIP',
  'DestinationIP',
  'SrcIP',
  'DstIP',
  'UpstreamIP',
]);

export function isAddressField(field: Field): boolean {
  return field.kind === 'string' && ADDRESS_FIELDS.has(field.name);
}

/** An address and a prefix length, IPv4 or IPv6 (`10.0.0.0/8`, `2001:db8::/32`). */
const NETWORK = /^(?:\d{1,3}(?:\.\d{1,3}){3}|[0-9A-Fa-f:]*:[0-9A-Fa-f:.]*)\/\d{1,3}$/;

/**
 * Whether `text` is a network written as an address and a prefix length; with, for IPv4, the text
 * each of its addresses starts with when the prefix ends on a dot (/8, /16, /24), or its one
 * address (/32).
 */
export function networkOf(text: string): { prefix?: string; address?: string } | undefined {
  if (!NETWORK.test(text)) return undefined;
  const [address, length] = text.split('/');
  const octets = address.split('.');
  if (octets.length !== 4) return {};
  if (length === '32') return { address };
  const kept = { 8: 1, 16: 2, 24: 3 }[Number(length)];
  return kept === undefined ? {} : { prefix: `${octets.slice(0, kept).join('.')}.` };
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
  const ms = time === undefined ? midnight.getTime() : Date.parse(`${date}T${time}${/(?:[Zz]|[+-]\d{2}:?\d{2})$/.test(time) ? '' : 'Z'}`);
  return Number.isFinite(ms) && ms % 1000 === 0 ? ms / 1000 : undefined;
}
