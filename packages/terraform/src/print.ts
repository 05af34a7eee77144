/**
 * The filter as a `jsonencode({...})` expression to paste into a resource's `filter`: HCL object
 * syntax, one criterion per line, strings escaped for HCL (including `${` and `%{`, which HCL
 * would otherwise read as template sequences).
 */

const INDENT = '  ';
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_-]*$/;

export function jsonencodeExpression(filter: object): string {
  return `jsonencode(${printValue(filter, 0)})`;
}

function printValue(value: unknown, depth: number): string {
  if (Array.isArray(value)) return printTuple(value, depth);
  if (value !== null && typeof value === 'object') return printObject(value as Record<string, unknown>, depth);
  if (typeof value === 'string') return hclString(value);
  // An exact integer past 2^53 (a bigint in the filter object): HCL numbers keep every digit.
  if (typeof value === 'bigint') return value.toString();
  return JSON.stringify(value);
}

/** A criterion (all of whose values are scalars or lists of them) fits on one line; groups do not. */
function printObject(object: Record<string, unknown>, depth: number): string {
  const items = Object.entries(object).map(([key, value]) => `${IDENTIFIER.test(key) ? key : hclString(key)} = ${printValue(value, depth + 1)}`);
  if (isFlat(object)) return `{ ${items.join(', ')} }`;
  const inner = INDENT.repeat(depth + 1);
  return `{\n${items.map((item) => `${inner}${item}\n`).join('')}${INDENT.repeat(depth)}}`;
}

function printTuple(items: unknown[], depth: number): string {
  if (items.every((item) => item === null || typeof item !== 'object')) return `[${items.map((item) => printValue(item, depth)).join(', ')}]`;
  const inner = INDENT.repeat(depth + 1);
  return `[\n${items.map((item) => `${inner}${printValue(item, depth + 1)},\n`).join('')}${INDENT.repeat(depth)}]`;
}

function isFlat(object: Record<string, unknown>): boolean {
  return Object.values(object).every(
    (value) => value === null || typeof value !== 'object' || (Array.isArray(value) && value.every((item) => typeof item !== 'object')),
  );
}

const ESCAPES: Record<string, string> = { '"': '\\"', '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** An HCL quoted string whose value is exactly `text` (HCL has no \b or \f escapes: other control characters are written \uNNNN). */
export function hclString(text: string): string {
  let escaped = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    escaped += ESCAPES[char] ?? (code < 0x20 || code === 0x7f ? `\\u${code.toString(16).padStart(4, '0')}` : char);
  }
  // A function replacement, since '$$' in a replacement string would mean one '$'.
  return `"${escaped.replace(/\$\{/g, () => '$${').replace(/%\{/g, () => '%%{')}"`;
}
