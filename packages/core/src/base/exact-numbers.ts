/**
 * Numbers as evaluate reads them, exact over every 64-bit integer. A number written as an integer
 * (digits, no fraction or exponent) between -2^63 and 2^64-1 is exact: a JS number while it is a
 * safe integer, a bigint past 2^53. Any other number (a fraction, an exponent, an integer beyond
 * that range) is a double. That is the range the engines read exactly too (DuckDB's JSON reader
 * keeps int64 and uint64 and makes the rest DOUBLE), so evaluate and the SQL agree on every value.
 *
 * JSON.parse rounds integers past 2^53; parseJsonExact (exact-json.ts) keeps them. It is the slow
 * path, taken only when a value that matters is such an integer (exactRecordParser).
 */

/** The largest integer the service's int fields hold, and the smallest exact one. */
export const UINT64_MAX = 18446744073709551615n;
export const INT64_MIN = -9223372036854775808n;

/** An exact numeric value: a double, or an integer past 2^53 in -2^63..2^64-1. */
export type ExactNumber = number | bigint;

const INTEGER = /^-?\d+$/;

/** The number a plain decimal text (`-12`, `3.5`, `18446744073709551615`) denotes, by the rule above. */
export function exactNumber(text: string): ExactNumber {
  // Up to 15 digits is always a safe integer or a double: the common case, with no BigInt.
  if (text.length < 16 || !INTEGER.test(text)) return Number(text);
  const number = Number(text);
  if (Number.isSafeInteger(number)) return number;
  const integer = BigInt(text);
  return integer >= INT64_MIN && integer <= UINT64_MAX ? integer : number;
}

/** A double that stands for an exact integer (a JSON number parsed by JSON.parse) as evaluate's exact value. */
export function exactOfDouble(value: number): ExactNumber {
  if (Number.isSafeInteger(value) || !Number.isInteger(value)) return value;
  const integer = BigInt(value);
  return integer >= INT64_MIN && integer <= UINT64_MAX ? integer : value;
}
