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
 * not. packages/cli/test/scan.test.ts holds the scanner to JSON.parse on generated and odd lines.
 *
 * Speed comes from three things. The byte after a line is a `\n` (the line splitter leaves it
 * there; a line without one is copied first), and a `\n` ends every token but whitespace, so the
 * loops over a string, a number or a word need no check against the line's end. A string is
 * stepped over four bytes at a time (a word read from the buffer, tested for a quote, a backslash
 * or a control character by arithmetic on the word). A member name is compared as bytes with the
 * filter's names (those of its length only), so a name the filter does not read is never decoded.
 */
import { type LogRecord, parseJsonExact } from '@logfilter/core';

const NEWLINE = 0x0a;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COMMA = 0x2c;
const COLON = 0x3a;
const MINUS = 0x2d;

/** Bytes that end a plain run inside a string: the quote, the backslash, control characters (`\n` among them). */
const STRING_STOP = new Uint8Array(256);
for (let c = 0; c < 0x20; c++) STRING_STOP[c] = 1;
STRING_STOP[QUOTE] = 1;
STRING_STOP[BACKSLASH] = 1;
/** The characters JSON allows after a backslash (`u` is checked apart, for its four hex digits). */
const SHORT_ESCAPE = new Uint8Array(256);
for (const c of '"\\/bfnrt') SHORT_ESCAPE[c.charCodeAt(0)] = 1;
const HEX = new Uint8Array(256);
for (const c of '0123456789abcdefABCDEF') HEX[c.charCodeAt(0)] = 1;
const DIGIT = new Uint8Array(256);
for (let c = 0x30; c <= 0x39; c++) DIGIT[c] = 1;

/** Open containers while a nested value is stepped over (grown when a line nests deeper). */
let stack = new Uint8Array(256);

/**
 * From inside a string: the index of the first byte at `i` or after that ends a plain run (a quote,
 * a backslash or a control character). A word's four bytes are tested at once. For a byte `x`
 * under 0x80, `x - n` has its high bit set exactly when `x < n` (with no borrow from the byte
 * below); `x ^ 0x02` is under 0x21 exactly when `x` is a control character or the quote, and
 * `x ^ 0x5c` is under 1 exactly when `x` is the backslash. A borrow only reaches bytes above the
 * first one that is set, so the lowest set bit marks the first stop. Bytes of 0x80 and over (in
 * UTF-8 sequences) are masked out by `~v`: they never stop a run, and lend no borrow.
 */
function plainRun(b: Uint8Array, i: number, w: DataView, limit: number): number {
  while (i < limit) {
    const v = w.getInt32(i, true);
    const m = (((v ^ 0x02020202) - 0x21212121) | ((v ^ 0x5c5c5c5c) - 0x01010101)) & ~v & 0x80808080;
    if (m !== 0) return i + ((31 - Math.clz32(m & -m)) >> 3);
    i += 4;
  }
  while (STRING_STOP[b[i]] === 0) i++;
  return i;
}

function skipSpace(b: Uint8Array, i: number, end: number): number {
  while (i < end) {
    const c = b[i];
    if (c !== 0x20 && c !== 0x09 && c !== 0x0d && c !== 0x0a) return i;
    i++;
  }
  return i;
}

/** From just after an opening quote: the index just after the closing one, or -1 (at the line's `\n` at the latest). */
function skipString(b: Uint8Array, i: number, w: DataView, limit: number): number {
  for (;;) {
    i = plainRun(b, i, w, limit);
    const c = b[i++];
    if (c === QUOTE) return i;
    if (c !== BACKSLASH) return -1; // a control character (the line's `\n` among them)
    const e = b[i++];
    if (e === 0x75) {
      // Each test fails on the `\n` after the line, so none reads past it.
      if (HEX[b[i]] === 0 || HEX[b[i + 1]] === 0 || HEX[b[i + 2]] === 0 || HEX[b[i + 3]] === 0) return -1;
      i += 4;
    } else if (SHORT_ESCAPE[e] === 0) return -1;
  }
}

/** A number as JSON writes it (`-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?`): the index after it, or -1. */
function skipNumber(b: Uint8Array, i: number): number {
  if (b[i] === MINUS) i++;
  const first = b[i];
  if (first === 0x30) i++;
  else if (first >= 0x31 && first <= 0x39) {
    i++;
    while (DIGIT[b[i]] === 1) i++;
  } else return -1;
  if (b[i] === 0x2e) {
    const digits = ++i;
    while (DIGIT[b[i]] === 1) i++;
    if (i === digits) return -1;
  }
  if ((b[i] | 0x20) === 0x65) {
    i++;
    if (b[i] === 0x2b || b[i] === MINUS) i++;
    const digits = i;
    while (DIGIT[b[i]] === 1) i++;
    if (i === digits) return -1;
  }
  return i;
}

/** A number or a literal (the caller has taken strings and containers): the index after it, or -1. */
function skipScalar(b: Uint8Array, i: number): number {
  const c = b[i];
  if (c === MINUS || DIGIT[c] === 1) return skipNumber(b, i);
  // Each comparison fails on the `\n` after the line, so none reads past it.
  if (c === 0x74) return b[i + 1] === 0x72 && b[i + 2] === 0x75 && b[i + 3] === 0x65 ? i + 4 : -1;
  if (c === 0x66) return b[i + 1] === 0x61 && b[i + 2] === 0x6c && b[i + 3] === 0x73 && b[i + 4] === 0x65 ? i + 5 : -1;
  if (c === 0x6e) return b[i + 1] === 0x75 && b[i + 2] === 0x6c && b[i + 3] === 0x6c ? i + 4 : -1;
  return -1;
}

/** From a member's opening quote: the index of its value (key, colon and spaces stepped over), or -1. */
function skipKey(b: Uint8Array, i: number, end: number, w: DataView, limit: number): number {
  if (b[i] !== QUOTE) return -1;
  i = skipString(b, i + 1, w, limit);
  if (i < 0) return -1;
  i = skipSpace(b, i, end);
  if (b[i] !== COLON) return -1;
  i = skipSpace(b, i + 1, end);
  return i < end ? i : -1;
}

/**
 * From an opening bracket: the index after an array of strings, numbers and words written without
 * spaces (as logs write arrays), or -1 when it is malformed, or -2 when it holds something else (a
 * space, an array or an object) and skipValue reads it instead.
 */
function skipFlatArray(b: Uint8Array, i: number, w: DataView, limit: number): number {
  i++;
  if (b[i] === CLOSE_ARRAY) return i + 1;
  for (;;) {
    const c = b[i];
    if (c === QUOTE) i = skipString(b, i + 1, w, limit);
    else if (c === OPEN_ARRAY || c === OPEN_OBJECT || c <= 0x20) return -2;
    else i = skipScalar(b, i);
    if (i < 0) return -1;
    const after = b[i++];
    if (after === CLOSE_ARRAY) return i;
    if (after !== COMMA) return after <= 0x20 ? -2 : -1;
  }
}

/** A value starting at `i` (not a space): the index after it, or -1. Nesting is followed on a stack, not by recursion. */
function skipValue(b: Uint8Array, i: number, end: number, w: DataView, limit: number): number {
  let c = b[i];
  if (c === QUOTE) return skipString(b, i + 1, w, limit);
  if (c === OPEN_ARRAY) {
    const flat = skipFlatArray(b, i, w, limit);
    if (flat !== -2) return flat;
  }
  if (c !== OPEN_OBJECT && c !== OPEN_ARRAY) return skipScalar(b, i);
  let depth = 0;
  let opening = true;
  let open = stack;
  for (;;) {
    if (opening) {
      // b[i] opens a container.
      c = b[i];
      if (depth === open.length) {
        const grown = new Uint8Array(open.length * 2);
        grown.set(open);
        stack = open = grown;
      }
      open[depth++] = c;
      // Spaces are rare: skipSpace only when one is there (the line's `\n` then stops it at the end).
      if (b[++i] <= 0x20) i = skipSpace(b, i, end);
      if (b[i] === (c === OPEN_OBJECT ? CLOSE_OBJECT : CLOSE_ARRAY)) {
        depth--;
        i++;
      } else {
        if (c === OPEN_OBJECT && (i = skipKey(b, i, end, w, limit)) < 0) return -1;
        const v = b[i];
        if (v === OPEN_OBJECT || v === OPEN_ARRAY) continue;
        i = v === QUOTE ? skipString(b, i + 1, w, limit) : skipScalar(b, i);
        if (i < 0) return -1;
      }
      opening = false;
    }
    // After a value.
    if (depth === 0) return i;
    if (b[i] <= 0x20) i = skipSpace(b, i, end);
    const top = open[depth - 1];
    c = b[i];
    if (c === COMMA) {
      if (b[++i] <= 0x20) i = skipSpace(b, i, end);
      if (top === OPEN_OBJECT && (i = skipKey(b, i, end, w, limit)) < 0) return -1;
      const v = b[i];
      if (v === OPEN_OBJECT || v === OPEN_ARRAY) {
        opening = true;
        continue;
      }
      i = v === QUOTE ? skipString(b, i + 1, w, limit) : skipScalar(b, i);
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
  /** The one record handed out: each key an own member, undefined (absent) until a line gives it a value. */
  private readonly fields: Record<string, unknown> = {};
  /** The buffer of the last line, read four bytes at a time through `words` (whose index 0 is the buffer's). */
  private wordsOf: ArrayBufferLike | undefined;
  private wordsOffset = 0;
  private words: DataView = new DataView(new ArrayBuffer(0));
  /** The index up to which a four-byte read stays within `words`. */
  private wordsLimit = 0;
  /** A line that is not followed by `\n` in its buffer is copied here, with one. */
  private spare = Buffer.allocUnsafeSlow(4096);

  constructor(keys: readonly string[]) {
    this.keys = [...new Set(keys)];
    this.keyBytes = this.keys.map((key) => Buffer.from(key, 'utf8'));
    this.keys.forEach((key, index) => {
      const length = this.keyBytes[index].length;
      while (this.byLength.length <= length) this.byLength.push(undefined);
      (this.byLength[length] ??= []).push(index);
      this.byText.set(key, index);
      // Defined rather than assigned, so that a key `__proto__` is an own member, as JSON.parse makes it.
      Object.defineProperty(this.fields, key, { value: undefined, writable: true, enumerable: true, configurable: true });
    });
  }

  /**
   * The line `b[start..end)` as a record of the filter's members, when it is one JSON object that
   * JSON.parse accepts; otherwise undefined (blank, malformed, or not an object). The record is the
   * same object on every call, its members those of the last line read: a member the line does not
   * hold is undefined, which every test reads as absent.
   */
  record(b: Buffer, start: number, end: number): LogRecord | undefined {
    if (end >= b.length || b[end] !== NEWLINE) {
      const length = end - start;
      if (length + 1 > this.spare.length) this.spare = Buffer.allocUnsafeSlow(Math.max(length + 1, this.spare.length * 2));
      b.copy(this.spare, 0, start, end);
      this.spare[length] = NEWLINE;
      b = this.spare;
      start = 0;
      end = length;
    }
    // From here on b[end] is `\n`: it ends every string, number and word (reads past the line stop there).
    if (b.buffer !== this.wordsOf || b.byteOffset !== this.wordsOffset) {
      this.wordsOf = b.buffer;
      this.wordsOffset = b.byteOffset;
      this.words = new DataView(b.buffer, b.byteOffset);
      this.wordsLimit = this.words.byteLength - 3;
    }
    // Locals, so that the loops below keep them in registers.
    const w = this.words;
    const limit = this.wordsLimit;
    const keys = this.keys;
    const fields = this.fields;
    for (let k = 0; k < keys.length; k++) fields[keys[k]] = undefined;
    let i = start;
    if (b[i] !== OPEN_OBJECT) {
      i = skipSpace(b, i, end);
      if (b[i] !== OPEN_OBJECT) return undefined;
    }
    i++;
    if (b[i] <= 0x20) i = skipSpace(b, i, end);
    if (b[i] === CLOSE_OBJECT) i++;
    else
      for (;;) {
        // The key: one without an escape is compared as bytes, the common case.
        if (b[i] !== QUOTE) return undefined;
        const keyStart = i + 1;
        let k = plainRun(b, keyStart, w, limit);
        let index: number;
        if (b[k] === QUOTE) {
          index = this.indexOfBytes(b, keyStart, k);
          i = k + 1;
        } else {
          // Stopped at a backslash (or a control character, which skipString refuses): an escape.
          i = skipString(b, keyStart, w, limit);
          if (i < 0) return undefined;
          index = this.indexOfText(b, keyStart - 1, i);
        }
        if (b[i] !== COLON) {
          i = skipSpace(b, i, end);
          if (b[i] !== COLON) return undefined;
        }
        i++;
        if (b[i] <= 0x20) i = skipSpace(b, i, end);
        // The value: a string or a number here, anything else by skipValue.
        const valueStart = i;
        const first = b[i];
        let escaped = false;
        if (first === QUOTE) {
          k = plainRun(b, i + 1, w, limit);
          if (b[k] === QUOTE) i = k + 1;
          else {
            escaped = true;
            i = skipString(b, k, w, limit);
          }
        } else if (first === MINUS || DIGIT[first] === 1) i = skipNumber(b, i);
        else i = i < end ? skipValue(b, i, end, w, limit) : -1;
        if (i < 0) return undefined;
        if (index >= 0) fields[keys[index]] = memberValue(b, valueStart, i, escaped);
        let c = b[i];
        if (c <= 0x20) {
          i = skipSpace(b, i, end);
          c = b[i];
        }
        if (c === COMMA) {
          i++;
          if (b[i] <= 0x20) i = skipSpace(b, i, end);
          continue;
        }
        if (c !== CLOSE_OBJECT || i >= end) return undefined;
        i++;
        break;
      }
    return skipSpace(b, i, end) === end ? fields : undefined;
  }

  private indexOfBytes(b: Uint8Array, start: number, end: number): number {
    const length = end - start;
    const candidates = length < this.byLength.length ? this.byLength[length] : undefined;
    if (candidates === undefined) return -1;
    for (let c = 0; c < candidates.length; c++) {
      const key = this.keyBytes[candidates[c]];
      // From the last byte back: names of a length often share their first bytes (ClientRequest...).
      let k = length - 1;
      while (k >= 0 && b[start + k] === key[k]) k--;
      if (k < 0) return candidates[c];
    }
    return -1;
  }

  /** A key written with an escape, decoded first (`"Client\u0043ountry"` is ClientCountry). */
  private indexOfText(b: Buffer, start: number, end: number): number {
    return this.byText.get(JSON.parse(b.toString('utf8', start, end)) as string) ?? -1;
  }
}

/** Strings of up to this many bytes are kept in shortTexts: the length and the bytes make a key under 2^53. */
const SHORT_TEXT = 6;
/** The most short strings kept (past this, the table starts again). */
const SHORT_TEXTS = 1024;
/** Short strings by their length and bytes: `length * 256^length + the bytes read as a base-256 number`. */
const shortTexts = new Map<number, string>();

/** A member's value as JSON.parse (exact over 64-bit integers, as parseJsonExact) gives it. */
function memberValue(b: Buffer, start: number, end: number, withEscape: boolean): unknown {
  const c = b[start];
  if (c === QUOTE) {
    if (withEscape) return JSON.parse(b.toString('utf8', start, end));
    const length = end - start - 2;
    if (length > SHORT_TEXT) return b.toString('utf8', start + 1, end - 1);
    // A short string (a country, a method, a status) is looked up by its bytes, not decoded again.
    let key = length;
    for (let k = start + 1; k < end - 1; k++) key = key * 256 + b[k];
    let text = shortTexts.get(key);
    if (text === undefined) {
      if (shortTexts.size >= SHORT_TEXTS) shortTexts.clear();
      text = b.toString('utf8', start + 1, end - 1);
      shortTexts.set(key, text);
    }
    return text;
  }
  if (c === MINUS || DIGIT[c] === 1) {
    // Up to 15 characters of digits: an exact double, read here without making a string.
    if (end - start < 16) {
      let value = 0;
      let k = c === MINUS ? start + 1 : start;
      for (; k < end; k++) {
        const d = b[k];
        if (DIGIT[d] === 0) break;
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
