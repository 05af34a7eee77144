/**
 * Strict JSON reading that remembers where every value sits, keyed by JSON Pointer, so that a
 * diagnostic about `/rules/0/action` can point at the exact text. JSON.parse keeps no positions,
 * and the common position-keeping readers (jsonc-parser) ship a UMD main that does not bundle.
 */
import type { Span } from './diagnostics.js';
import { MAX_NESTING } from './limits.js';

export type JsonReadResult =
  | { ok: true; value: unknown; locations: Map<string, Span>; keyLocations: Map<string, Span> }
  | { ok: false; message: string; span: Span };

/** Deepest nesting read; deeper input is reported instead of overflowing the stack. */
const MAX_JSON_DEPTH = MAX_NESTING;

/** One segment of a JSON Pointer, escaped as RFC 6901 says (`~` as `~0`, `/` as `~1`). */
function pointerSegment(segment: string | number): string {
  return String(segment).replace(/~/g, '~0').replace(/\//g, '~1');
}

export function childPointer(pointer: string, segment: string | number): string {
  return `${pointer}/${pointerSegment(segment)}`;
}

class JsonSyntaxError extends Error {
  constructor(
    message: string,
    readonly span: Span,
  ) {
    super(message);
  }
}

const STRING = /"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/y;
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const LITERALS: ReadonlyArray<readonly [string, unknown]> = [
  ['true', true],
  ['false', false],
  ['null', null],
];

/** Reads `text` as JSON (RFC 8259, a leading byte-order mark allowed); never throws. */
export function readJson(text: string): JsonReadResult {
  const reader = new Reader(text);
  try {
    reader.skipSpace();
    const value = reader.value('', 0);
    reader.skipSpace();
    if (reader.offset < text.length) reader.fail('unexpected text after the JSON value');
    return { ok: true, value, locations: reader.locations, keyLocations: reader.keyLocations };
  } catch (error) {
    if (error instanceof JsonSyntaxError) return { ok: false, message: error.message, span: error.span };
    throw error;
  }
}

class Reader {
  offset = 0;
  readonly locations = new Map<string, Span>();
  /** Where each object member's name sits, by the member's pointer. */
  readonly keyLocations = new Map<string, Span>();

  constructor(private readonly text: string) {
    if (text.charCodeAt(0) === 0xfeff) this.offset = 1;
  }

  fail(message: string, length = 1): never {
    const end = Math.min(this.text.length, this.offset + length);
    throw new JsonSyntaxError(message, { start: this.offset, end });
  }

  skipSpace(): void {
    while (this.offset < this.text.length) {
      const c = this.text.charCodeAt(this.offset);
      if (c !== 32 && c !== 9 && c !== 10 && c !== 13) return;
      this.offset++;
    }
  }

  value(pointer: string, depth: number): unknown {
    if (depth > MAX_JSON_DEPTH) this.fail(`JSON nested deeper than ${MAX_JSON_DEPTH} levels`);
    const start = this.offset;
    const c = this.text[this.offset];
    let value: unknown;
    if (c === '{') value = this.object(pointer, depth);
    else if (c === '[') value = this.array(pointer, depth);
    else if (c === '"') value = this.string();
    else value = this.scalar();
    this.locations.set(pointer, { start, end: this.offset });
    return value;
  }

  private object(pointer: string, depth: number): Record<string, unknown> {
    const result: Record<string, unknown> = {};
    this.offset++;
    this.skipSpace();
    if (this.text[this.offset] === '}') {
      this.offset++;
      return result;
    }
    for (;;) {
      if (this.text[this.offset] !== '"')
        this.fail(this.offset >= this.text.length ? 'unexpected end of JSON: expected a member name' : 'expected a member name in double quotes');
      const keyStart = this.offset;
      const key = this.string();
      const member = childPointer(pointer, key);
      this.keyLocations.set(member, { start: keyStart, end: this.offset });
      this.skipSpace();
      if (this.text[this.offset] !== ':') this.fail("expected ':' after the member name");
      this.offset++;
      this.skipSpace();
      // Assigned with defineProperty so a member named __proto__ stays an ordinary member.
      Object.defineProperty(result, key, { value: this.value(member, depth + 1), enumerable: true, writable: true, configurable: true });
      if (!this.another('}')) return result;
    }
  }

  private array(pointer: string, depth: number): unknown[] {
    const result: unknown[] = [];
    this.offset++;
    this.skipSpace();
    if (this.text[this.offset] === ']') {
      this.offset++;
      return result;
    }
    for (;;) {
      result.push(this.value(childPointer(pointer, result.length), depth + 1));
      if (!this.another(']')) return result;
    }
  }

  /** After a member or element: true when a ',' says another follows, false at the closer (both consumed). */
  private another(close: '}' | ']'): boolean {
    this.skipSpace();
    if (this.text[this.offset] === ',') {
      this.offset++;
      this.skipSpace();
      if (this.text[this.offset] === close) this.fail("a trailing ',' is not allowed in JSON");
      return true;
    }
    if (this.text[this.offset] === close) {
      this.offset++;
      return false;
    }
    this.fail(this.offset >= this.text.length ? `unexpected end of JSON: expected ',' or '${close}'` : `expected ',' or '${close}'`);
  }

  private string(): string {
    STRING.lastIndex = this.offset;
    const match = STRING.exec(this.text);
    if (!match) this.failString();
    this.offset += match[0].length;
    return JSON.parse(match[0]) as string;
  }

  /** Says what is wrong inside a string that did not match: a raw control character, a bad escape, no end. */
  private failString(): never {
    for (let i = this.offset + 1; i < this.text.length; i++) {
      const c = this.text.charCodeAt(i);
      if (c === 34) break;
      if (c < 32) {
        this.offset = i;
        this.fail(c === 10 ? 'a string may not run across lines: end it with " or write \\n' : 'a control character must be escaped in a JSON string');
      }
      if (c === 92) {
        if (!/^\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})/.test(this.text.slice(i, i + 6))) {
          this.offset = i;
          this.fail('invalid escape in a JSON string', 2);
        }
        i++;
      }
    }
    this.fail('unterminated string: expected a closing "');
  }

  private scalar(): unknown {
    for (const [word, value] of LITERALS) {
      if (this.text.startsWith(word, this.offset)) {
        this.offset += word.length;
        return value;
      }
    }
    NUMBER.lastIndex = this.offset;
    const match = NUMBER.exec(this.text);
    if (match) {
      this.offset += match[0].length;
      return Number(match[0]);
    }
    if (this.offset >= this.text.length) this.fail('unexpected end of JSON: expected a value', 0);
    const word = /^[^\s,:{}[\]"]+/.exec(this.text.slice(this.offset, this.offset + 40))?.[0];
    if (word && /^'/.test(word)) this.fail('JSON strings take double quotes, not single quotes', word.length);
    this.fail(word ? `expected a JSON value, found '${word}'` : `unexpected '${this.text[this.offset]}': expected a JSON value`, word?.length ?? 1);
  }
}
