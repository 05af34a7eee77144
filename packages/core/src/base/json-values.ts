/**
 * What a JSON value is, apart from reading JSON text (json-source.ts): a page that checks a catalog
 * file needs these and not the reader, and a bundle that imports them does not carry it.
 */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A JSON value described for a message: `an object`, `the string "..."`, `the number 5`. */
export function describeJson(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 37)}...` : value)}`;
  return `the ${typeof value} ${String(value)}`;
}
