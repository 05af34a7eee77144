/**
 * Where decompile's input sits: JSON documents (the input, and the escaped filter strings inside
 * it) whose offsets map back to the input text, and the diagnostics about them, each with the JSON
 * Pointer of the value concerned.
 */
import { locate, type DiagnosticBag, type Span } from '../base/diagnostics.js';
import { jsonMessage } from '../base/json-messages.js';
import { readJson, type JsonReadResult } from '../base/json-source.js';

/** One JSON document: the input itself, or a JSON string inside it read as JSON. */
export class JsonDocument {
  private constructor(
    /** This document's own text (for an inner document: the decoded string). */
    private readonly text: string,
    readonly value: unknown,
    private readonly locations: ReadonlyMap<string, Span>,
    private readonly keyLocations: ReadonlyMap<string, Span>,
    /** Input offset of each offset of this document's text. */
    private readonly toInput: (offset: number) => number,
  ) {}

  /** Reads `text`; on a syntax error reports `invalid-json` into `report` and returns undefined. */
  static read(text: string, report: DiagnosticBag, toInput: (offset: number) => number = (o) => o, what = 'the input'): JsonDocument | undefined {
    if (text.trim() === '') {
      const start = toInput(0);
      report.report('error', jsonMessage('invalid-json', 'empty', { what }), { span: { start, end: start }, pointer: '' });
      return undefined;
    }
    const result = readJson(text);
    if (!result.ok) {
      const span = { start: toInput(result.span.start), end: toInput(result.span.end) };
      report.report('error', jsonMessage('invalid-json', 'filterSyntax', { what, detail: result.message }), { span, pointer: '' });
      return undefined;
    }
    return new JsonDocument(text, result.value, result.locations, result.keyLocations, toInput);
  }

  /** A document its caller has read already (one read of a list of jobs, a document per job in it). */
  static of(text: string, read: Extract<JsonReadResult, { ok: true }>): JsonDocument {
    return new JsonDocument(text, read.value, read.locations, read.keyLocations, (offset) => offset);
  }

  /** The input span of the value at `pointer` (or of its nearest ancestor). */
  span(pointer: string): Span {
    return this.mapped(locate(this.locations, pointer) ?? { start: 0, end: 0 });
  }

  /** The input span of a member's name, falling back to its value. */
  keySpan(pointer: string): Span {
    const span = this.keyLocations.get(pointer);
    return span ? this.mapped(span) : this.span(pointer);
  }

  /** The JSON string at `pointer` read as a document of its own, offsets mapped through its escapes. */
  readString(pointer: string, text: string, report: DiagnosticBag): JsonDocument | undefined {
    const located = locate(this.locations, pointer) ?? { start: 0, end: 0 };
    const offsets = unescapedOffsets(text, located.start + 1, this.text.slice(located.start + 1, located.end - 1));
    return JsonDocument.read(text, report, (offset) => this.toInput(offsets[Math.min(offset, offsets.length - 1)]), 'the filter string');
  }

  private mapped(span: Span): Span {
    return { start: this.toInput(span.start), end: this.toInput(span.end) };
  }
}

/**
 * For a decoded JSON string, the offset in the raw text where each of its UTF-16 units starts (plus
 * one entry for its end): an escape such as `\"` or `\u00e9` is several raw units for one decoded.
 */
function unescapedOffsets(decoded: string, rawStart: number, raw: string): number[] {
  const offsets: number[] = [];
  let i = 0;
  while (i < raw.length && offsets.length < decoded.length) {
    offsets.push(rawStart + i);
    i += raw[i] !== '\\' ? 1 : raw[i + 1] === 'u' ? 6 : 2;
  }
  offsets.push(rawStart + raw.length);
  return offsets;
}
