/**
 * JSON read and written with exact numbers (exact-numbers.ts): integers past 2^53 as bigints. The
 * slow path of reading log lines and filter JSON, apart from the number rule that compile needs.
 */
import { exactNumber } from './exact-numbers.js';

/** Whether JSON.parse may have rounded this value (or, in an array, an element) written as an integer. */
function mayBeRounded(value: unknown): boolean {
  if (typeof value === 'number') return !Number.isSafeInteger(value) && Number.isInteger(value);
  if (!Array.isArray(value)) return false;
  for (let i = 0; i < value.length; i++) if (typeof value[i] === 'number' && mayBeRounded(value[i])) return true;
  return false;
}

/**
 * A parser of log lines for a filter that reads `keys`: JSON.parse, and parseJsonExact again only
 * when one of those fields holds a number JSON.parse may have rounded. Throws as JSON.parse does.
 */
export function exactRecordParser(keys: readonly string[]): (line: string) => unknown {
  return (line) => {
    const record = JSON.parse(line) as unknown;
    if (typeof record !== 'object' || record === null) return record;
    for (let i = 0; i < keys.length; i++) if (mayBeRounded((record as Record<string, unknown>)[keys[i]])) return parseJsonExact(line);
    return record;
  };
}

/** JSON.parse, with numbers read by exactNumber (integers past 2^53 in range as bigint). Throws as JSON.parse does. */
export function parseJsonExact(text: string): unknown {
  const plain = JSON.parse(text) as unknown;
  if (!/\d{16}/.test(text)) return plain;
  return new Reader(text).document();
}

/** Reads JSON text already known to be valid (JSON.parse accepted it). */
class Reader {
  private at = 0;

  constructor(private readonly text: string) {}

  document(): unknown {
    const value = this.value();
    this.space();
    return value;
  }

  private space(): void {
    while (this.at < this.text.length && ' \t\n\r'.includes(this.text[this.at])) this.at++;
  }

  private value(): unknown {
    this.space();
    const char = this.text[this.at];
    if (char === '{') return this.object();
    if (char === '[') return this.array();
    if (char === '"') return this.string();
    const word = /true|false|null|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
    word.lastIndex = this.at;
    const token = word.exec(this.text)![0];
    this.at += token.length;
    if (token === 'true' || token === 'false' || token === 'null') return token === 'true' ? true : token === 'false' ? false : null;
    return exactNumber(token);
  }

  private string(): string {
    const token = /"(?:[^"\\]|\\.)*"/y;
    token.lastIndex = this.at;
    const quoted = token.exec(this.text)![0];
    this.at += quoted.length;
    return JSON.parse(quoted) as string;
  }

  private array(): unknown[] {
    const items: unknown[] = [];
    this.at++;
    this.space();
    if (this.text[this.at] === ']') {
      this.at++;
      return items;
    }
    for (;;) {
      items.push(this.value());
      this.space();
      if (this.text[this.at++] === ']') return items;
    }
  }

  private object(): Record<string, unknown> {
    const members: Record<string, unknown> = {};
    this.at++;
    this.space();
    if (this.text[this.at] === '}') {
      this.at++;
      return members;
    }
    for (;;) {
      this.space();
      const key = this.string();
      this.space();
      this.at++; // the colon
      // A key `__proto__` is an own member, as JSON.parse makes it.
      Object.defineProperty(members, key, { value: this.value(), writable: true, enumerable: true, configurable: true });
      this.space();
      if (this.text[this.at++] === '}') return members;
    }
  }
}

/**
 * JSON.stringify (compact) for values that may hold exact numbers: a bigint is written as its
 * digits, where JSON.stringify throws, so `stringifyExact(parseJsonExact(text))` keeps every
 * integer of `text`. Everything else is written as JSON.stringify writes it.
 */
export function stringifyExact(value: unknown): string {
  return writeExact(value) ?? 'null';
}

/** One value's JSON text, or undefined for what JSON.stringify leaves out (undefined, functions, symbols). */
function writeExact(value: unknown): string | undefined {
  if (typeof value === 'bigint') return value.toString();
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  const json = (value as { toJSON?: unknown }).toJSON;
  if (typeof json === 'function') return writeExact(json.call(value));
  if (Array.isArray(value)) return `[${value.map((item) => writeExact(item) ?? 'null').join(',')}]`;
  const members: string[] = [];
  for (const key of Object.keys(value)) {
    const text = writeExact((value as Record<string, unknown>)[key]);
    if (text !== undefined) members.push(`${JSON.stringify(key)}:${text}`);
  }
  return `{${members.join(',')}}`;
}
