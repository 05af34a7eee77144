/**
 * The fast path of `logfilter test`: a scanner over a line's bytes that checks the whole line
 * against JSON's grammar, as JSON.parse does, and decodes only the top-level members the filter
 * names. Most of a log line is fields no filter reads; JSON.parse makes a string or number of each,
 * the scanner only steps over them.
 *
 * The record it gives holds the same values JSON.parse and parseJsonExact give those members: the
 * last of two equal keys (however spelled: a key with an escape is decoded before it is compared),
 * an integer from -2^63 to 2^64-1 exactly (a bigint past 2^53), a string as JSON.parse decodes it.
 * It gives no record for a line that is not exactly one JSON object (a blank line, a malformed one,
 * another kind of value): the caller then judges the line as text (line-reader.ts's judgeLine),
 * which gives the reason. The caller checks that the line is valid UTF-8, which the scanner does
 * not. test/properties/scan.test.ts holds the scanner to JSON.parse on generated and odd lines.
 */
import { type LogRecord, parseJsonExact } from '@logfilter/core';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COMMA = 0x2c;
const COLON = 0x3a;
const MINUS = 0x2d;

/** Bytes that end a plain run inside a string: the quote, the backslash, control characters. */
const STRING_STOP = new Uint8Array(256);
for (let c = 0; c < 0x20; c++) STRING_STOP[c] = 1;
STRING_STOP[QUOTE] = 1;
STRING_STOP[BACKSLASH] = 1;
/** The characters JSON allows after a backslash (`u` is checked apart, for its four hex digits). */
const SHORT_ESCAPE = new Uint8Array(256);
for (const c of '"\\/bfnrt') SHORT_ESCAPE[c.charCodeAt(0)] = 1;
const HEX = new Uint8Array(256);
for (const c of '0123456789abcdefABCDEF') HEX[c.charCodeAt(0)] = 1;

/** Whether a string (or key) just stepped over held an escape. */
let escaped = false;
/** Open containers while a nested value is stepped over (grown when a line nests deeper). */
let stack = new Uint8Array(256);

function skipSpace(b: Uint8Array, i: number, end: number): number {
  while (i < end) {
    const c = b[i];
    if (c !== 0x20 && c !== 0x09 && c !== 0x0d && c !== 0x0a) return i;
    i++;
  }
  return i;
}

/** From just after an opening quote: the index just after the closing one, or -1. */
function skipString(b: Uint8Array, i: number, end: number): number {
  for (;;) {
    while (i < end && STRING_STOP[b[i]] === 0) i++;
    if (i >= end) return -1;
    const c = b[i++];
    if (c === QUOTE) return i;
    if (c !== BACKSLASH) return -1; // a control character
    escaped = true;
    if (i >= end) return -1;
    const e = b[i++];
    if (e === 0x75) {
      if (i + 4 > end || HEX[b[i]] === 0 || HEX[b[i + 1]] === 0 || HEX[b[i + 2]] === 0 || HEX[b[i + 3]] === 0) return -1;
      i += 4;
    } else if (SHORT_ESCAPE[e] === 0) return -1;
  }
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

/** A number as JSON writes it (`-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?`): the index after it, or -1. */
function skipNumber(b: Uint8Array, i: number, end: number): number {
  if (b[i] === MINUS) i++;
  if (i >= end) return -1;
  const first = b[i];
  if (first === 0x30) i++;
  else if (first >= 0x31 && first <= 0x39) {
    i++;
    while (i < end && isDigit(b[i])) i++;
  } else return -1;
  if (i < end && b[i] === 0x2e) {
    const digits = ++i;
    while (i < end && isDigit(b[i])) i++;
    if (i === digits) return -1;
  }
  if (i < end && (b[i] | 0x20) === 0x65) {
    i++;
    if (i < end && (b[i] === 0x2b || b[i] === MINUS)) i++;
    const digits = i;
    while (i < end && isDigit(b[i])) i++;
    if (i === digits) return -1;
  }
  return i;
}

const TRUE = [0x74, 0x72, 0x75, 0x65];
const FALSE = [0x66, 0x61, 0x6c, 0x73, 0x65];
const NULL = [0x6e, 0x75, 0x6c, 0x6c];

function skipWord(b: Uint8Array, i: number, end: number, word: number[]): number {
  if (i + word.length > end) return -1;
  for (let k = 1; k < word.length; k++) if (b[i + k] !== word[k]) return -1;
  return i + word.length;
}

/** A number or a literal (the caller has taken strings and containers): the index after it, or -1. */
function skipScalar(b: Uint8Array, i: number, end: number): number {
  const c = b[i];
  if (c === MINUS || isDigit(c)) return skipNumber(b, i, end);
  if (c === 0x74) return skipWord(b, i, end, TRUE);
  if (c === 0x66) return skipWord(b, i, end, FALSE);
  if (c === 0x6e) return skipWord(b, i, end, NULL);
  return -1;
}

/** From a member's opening quote: the index of its value (key, colon and spaces stepped over), or -1. */
function skipKey(b: Uint8Array, i: number, end: number): number {
  if (i >= end || b[i] !== QUOTE) return -1;
  i = skipString(b, i + 1, end);
  if (i < 0) return -1;
  i = skipSpace(b, i, end);
  if (i >= end || b[i] !== COLON) return -1;
  i = skipSpace(b, i + 1, end);
  return i < end ? i : -1;
}

/** A value starting at `i` (not a space): the index after it, or -1. Nesting is followed on a stack, not by recursion. */
function skipValue(b: Uint8Array, i: number, end: number): number {
  let c = b[i];
  if (c === QUOTE) return skipString(b, i + 1, end);
  if (c !== OPEN_OBJECT && c !== OPEN_ARRAY) return skipScalar(b, i, end);
  let depth = 0;
  let opening = true;
  for (;;) {
    if (opening) {
      // b[i] opens a container.
      c = b[i];
      if (depth === stack.length) {
        const grown = new Uint8Array(stack.length * 2);
        grown.set(stack);
        stack = grown;
      }
      stack[depth++] = c;
      i = skipSpace(b, i + 1, end);
      if (i >= end) return -1;
      if (b[i] === (c === OPEN_OBJECT ? CLOSE_OBJECT : CLOSE_ARRAY)) {
        depth--;
        i++;
      } else {
        if (c === OPEN_OBJECT && (i = skipKey(b, i, end)) < 0) return -1;
        const v = b[i];
        if (v === OPEN_OBJECT || v === OPEN_ARRAY) continue;
        i = v === QUOTE ? skipString(b, i + 1, end) : skipScalar(b, i, end);
        if (i < 0) return -1;
      }
      opening = false;
    }
    // After a value.
    if (depth === 0) return i;
    i = skipSpace(b, i, end);
    if (i >= end) return -1;
    const top = stack[depth - 1];
    c = b[i];
    if (c === COMMA) {
      i = skipSpace(b, i + 1, end);
      if (i >= end) return -1;
      if (top === OPEN_OBJECT && (i = skipKey(b, i, end)) < 0) return -1;
      const v = b[i];
      if (v === OPEN_OBJECT || v === OPEN_ARRAY) {
        opening = true;
        continue;
      }
      i = v === QUOTE ? skipString(b, i + 1, end) : skipScalar(b, i, end);
      if (i < 0) return -1;
    } else if (c === (top === OPEN_OBJECT ? CLOSE_OBJECT : CLOSE_ARRAY)) {
      depth--;
      i++;
    } else return -1;
  }
}

/** Reads the members a filter names from lines of JSON bytes. */
export class FieldScanner {
  private readonly keys: string[];
  private readonly keyBytes: Uint8Array[];
  /** The indexes of the keys whose UTF-8 form has each length. */
  private readonly byLength: (number[] | undefined)[] = [];
  private readonly byText = new Map<string, number>();

  constructor(keys: readonly string[]) {
    this.keys = [...new Set(keys)];
    this.keyBytes = this.keys.map((key) => Buffer.from(key, 'utf8'));
    this.keys.forEach((key, index) => {
      const length = this.keyBytes[index].length;
      while (this.byLength.length <= length) this.byLength.push(undefined);
      (this.byLength[length] ??= []).push(index);
      this.byText.set(key, index);
    });
  }

  /**
   * The line `b[start..end)` as a record of the filter's members, when it is one JSON object that
   * JSON.parse accepts; otherwise undefined (blank, malformed, or not an object).
   */
  record(b: Buffer, start: number, end: number): LogRecord | undefined {
    // Every read of b[i] is guarded by i < end: the bytes after the line may be anything.
    let i = skipSpace(b, start, end);
    if (i >= end || b[i] !== OPEN_OBJECT) return undefined;
    const record: Record<string, unknown> = {};
    i = skipSpace(b, i + 1, end);
    if (i < end && b[i] === CLOSE_OBJECT) i++;
    else
      for (;;) {
        // The key: a plain one (no escape) is read here, the common case; another by skipString.
        if (i >= end || b[i] !== QUOTE) return undefined;
        const keyStart = i + 1;
        let k = keyStart;
        while (k < end && STRING_STOP[b[k]] === 0) k++;
        let index: number;
        if (k < end && b[k] === QUOTE) {
          index = this.indexOfBytes(b, keyStart, k);
          i = k + 1;
        } else {
          escaped = false;
          i = skipString(b, keyStart, end);
          if (i < 0) return undefined;
          index = escaped ? this.indexOfText(b, keyStart - 1, i) : this.indexOfBytes(b, keyStart, i - 1);
        }
        if (i >= end || b[i] !== COLON) {
          i = skipSpace(b, i, end);
          if (i >= end || b[i] !== COLON) return undefined;
        }
        i++;
        if (i < end && b[i] <= 0x20) i = skipSpace(b, i, end);
        if (i >= end) return undefined;
        // The value: a plain string or a number here, anything else by skipValue.
        const valueStart = i;
        const first = b[i];
        escaped = false;
        if (first === QUOTE) {
          k = i + 1;
          while (k < end && STRING_STOP[b[k]] === 0) k++;
          i = k < end && b[k] === QUOTE ? k + 1 : skipString(b, i + 1, end);
        } else if (first === MINUS || isDigit(first)) i = skipNumber(b, i, end);
        else i = skipValue(b, i, end);
        if (i < 0 || i >= end) return undefined;
        if (index >= 0) {
          const key = this.keys[index];
          const value = memberValue(b, valueStart, i, escaped);
          // A key `__proto__` is an own member, as JSON.parse makes it.
          if (key === '__proto__') Object.defineProperty(record, key, { value, writable: true, enumerable: true, configurable: true });
          else record[key] = value;
        }
        let c = b[i];
        if (c <= 0x20) {
          i = skipSpace(b, i, end);
          c = b[i];
        }
        if (c === CLOSE_OBJECT) {
          i++;
          break;
        }
        if (c !== COMMA) return undefined;
        i++;
        if (i < end && b[i] <= 0x20) i = skipSpace(b, i, end);
      }
    return skipSpace(b, i, end) === end ? record : undefined;
  }

  private indexOfBytes(b: Uint8Array, start: number, end: number): number {
    const length = end - start;
    const candidates = length < this.byLength.length ? this.byLength[length] : undefined;
    if (candidates === undefined) return -1;
    for (let c = 0; c < candidates.length; c++) {
      const key = this.keyBytes[candidates[c]];
      let k = 0;
      while (k < length && b[start + k] === key[k]) k++;
      if (k === length) return candidates[c];
    }
    return -1;
  }

  /** A key written with an escape, decoded first (`"Client\u0043ountry"` is ClientCountry). */
  private indexOfText(b: Buffer, start: number, end: number): number {
    return this.byText.get(JSON.parse(b.toString('utf8', start, end)) as string) ?? -1;
  }
}

/** A member's value as JSON.parse (exact over 64-bit integers, as parseJsonExact) gives it. */
function memberValue(b: Buffer, start: number, end: number, withEscape: boolean): unknown {
  const c = b[start];
  if (c === QUOTE) return withEscape ? JSON.parse(b.toString('utf8', start, end)) : b.toString('utf8', start + 1, end - 1);
  if (c === MINUS || isDigit(c)) {
    // Up to 15 characters of digits: an exact double, read here without making a string.
    if (end - start < 16) {
      let value = 0;
      let k = c === MINUS ? start + 1 : start;
      for (; k < end; k++) {
        const d = b[k];
        if (!isDigit(d)) break;
        value = value * 10 + (d - 0x30);
      }
      if (k === end) return c === MINUS ? -value : value;
    }
    return parseJsonExact(b.toString('latin1', start, end));
  }
  if (c === 0x74) return true;
  if (c === 0x66) return false;
  if (c === 0x6e) return null;
  return parseJsonExact(b.toString('utf8', start, end));
}
