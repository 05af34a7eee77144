/** One diagnostic shape, and one collector, for the lexer, parser, checker, serializer, JSON input and every tool built on them. */
import type { DiagnosticCode } from './codes.js';

export type { DiagnosticCode } from './codes.js';
export type Severity = 'error' | 'warning';

export interface Position {
  /** 0-based offset in UTF-16 code units. */
  offset: number;
  /** 1-based line. */
  line: number;
  /** 1-based column in UTF-16 code units. */
  column: number;
}

/** Half-open: `end` is the first position after the range. */
export interface Range {
  start: Position;
  end: Position;
}

/**
 * Every diagnostic of every input, filter text or JSON: what (code, message), how bad, where (the
 * range in the text; for JSON input also the JSON Pointer of the value), and how to fix it (hint).
 */
export interface Diagnostic {
  code: DiagnosticCode;
  severity: Severity;
  message: string;
  range: Range;
  hint?: string;
  /** For JSON input (decompile, custom-field rules, jobs): the JSON Pointer of the value concerned, `''` for the document. */
  pointer?: string;
  /** Edits of the filter text that do what the hint says (editors offer them as quick fixes). */
  fixes?: Fix[];
  /**
   * Advice to do something outside the text, as data each front end says in its own terms (the CLI
   * as a command or flag, an editor in words or as an action); `hint` says the same in plain words.
   */
  advice?: Advice;
}

/**
 * What a diagnostic advises doing outside the text: list a dataset's fields, list the datasets,
 * choose another dataset (one of `datasets`, which have the field), give the job another scope,
 * configure the zone's custom fields. `guess` is a did-you-mean offered beside it.
 */
export type Advice =
  | { kind: 'list-fields'; dataset: string }
  | { kind: 'list-datasets'; guess?: string }
  | { kind: 'choose-dataset'; field: string; datasets: readonly string[]; guess?: string }
  | { kind: 'scope'; scope: 'zone' | 'account'; given: 'zone' | 'account' }
  | { kind: 'configure-custom-fields'; fields: 'cookie' | 'request' | 'response'; carrier: string }
  /** A Terraform plan over its size limit (`limit`, as shown): check the workspace's .tf files instead. */
  | { kind: 'check-terraform-files'; limit: string }
  /** A job names its own dataset: the dataset the user gave besides is not used, so leave it out. */
  | { kind: 'drop-dataset' }
  /** The filter text given is the name of a file: read the filter from that file (in the front end's `command`). */
  | { kind: 'read-filter-file'; command: string; file: string }
  /**
   * Filter text not in canonical form: print it so, or rewrite `file` so (when it is one); `save`
   * says how an editor should save it besides (without a byte-order mark, with LF line endings).
   */
  | { kind: 'format'; file?: string; save: readonly string[] };

/** A diagnostic's words: its message, hint and advice. */
export interface Words {
  message: string;
  hint?: string;
  advice?: Advice;
}

/** The words of one diagnostic with its code: what `DiagnosticBag.report` takes. */
export interface Worded extends Words {
  code: DiagnosticCode;
}

/** One quick fix: what it does, and the edits of the text (ranges in the text the diagnostic is about). */
export interface Fix {
  title: string;
  edits: TextEdit[];
}

interface TextEdit {
  range: Range;
  newText: string;
}

/** A fix as a stage writes it, by spans; the collector gives it ranges. */
export interface FixSpans {
  title: string;
  edits: ReadonlyArray<{ span: Span; newText: string }>;
}

/** Offsets only; turned into a Range (with lines and columns) once, when a diagnostic is made. */
export interface Span {
  start: number;
  end: number;
}

/** Maps offsets to line/column for one source text; built lazily, since most compiles report nothing. */
export class SourceMap {
  private lineStarts: number[] | undefined;
  constructor(readonly text: string) {}

  position(offset: number): Position {
    const starts = (this.lineStarts ??= computeLineStarts(this.text));
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (starts[mid] <= offset) low = mid;
      else high = mid - 1;
    }
    return { offset, line: low + 1, column: offset - starts[low] + 1 };
  }

  range(span: Span): Range {
    return { start: this.position(span.start), end: this.position(span.end) };
  }
}

function computeLineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) === 10) starts.push(i + 1);
  }
  return starts;
}

/** Where a diagnostic is: a span of the text, a JSON Pointer (its span looked up), or both. */
export type Where = Span | string | { span: Span; pointer: string };

/** Where the values of a JSON document sit in its text, by JSON Pointer. */
export interface JsonLocations {
  values: ReadonlyMap<string, Span>;
  /** Where each object member's name sits, by the member's pointer. */
  keys?: ReadonlyMap<string, Span>;
}

/** The range of a diagnostic about no place in a text (a whole request, a flag, a document given as a value): 1:1. */
export const NOWHERE: Range = Object.freeze({ start: Object.freeze({ offset: 0, line: 1, column: 1 }), end: Object.freeze({ offset: 0, line: 1, column: 1 }) });

/**
 * One diagnostic at a known range, for a tool that reports a single finding with no text to place it
 * in (a flag, a request, a service's answer), worded by the message table,
 * `diagnosticAt(range, jsonMessage(code, id, data), { pointer })` (its advice kept), or with words from
 * elsewhere, `diagnosticAt(NOWHERE, 'service-error', message, { hint })` (the service's own message). Findings in a text are collected by a `DiagnosticBag`, which places them by span or pointer.
 */
export function diagnosticAt(range: Range, words: Worded, more?: { pointer?: string; severity?: Severity }): Diagnostic;
export function diagnosticAt(range: Range, code: DiagnosticCode, message: string, more?: { hint?: string; pointer?: string; severity?: Severity }): Diagnostic;
export function diagnosticAt(
  range: Range,
  codeOrWords: DiagnosticCode | Worded,
  messageOrMore?: string | { pointer?: string; severity?: Severity },
  given: { hint?: string; pointer?: string; severity?: Severity } = {},
): Diagnostic {
  const words: Worded = typeof codeOrWords === 'string' ? { code: codeOrWords, message: messageOrMore as string, hint: given.hint } : codeOrWords;
  const more = typeof codeOrWords === 'string' ? given : ((messageOrMore as { pointer?: string; severity?: Severity } | undefined) ?? {});
  const diagnostic: Diagnostic = { code: words.code, severity: more.severity ?? 'error', message: words.message, range };
  if (words.hint !== undefined) diagnostic.hint = words.hint;
  if (words.advice !== undefined) diagnostic.advice = words.advice;
  if (more.pointer !== undefined) diagnostic.pointer = more.pointer;
  return diagnostic;
}

/**
 * The one collector. For filter text, diagnostics are placed by span. For a JSON document
 * (`DiagnosticBag.forJson`), they are placed by JSON Pointer too: every diagnostic carries one, and its
 * range is the text of the value (or of its nearest ancestor); a document given as a value, with no
 * text, gets the empty range at 1:1.
 */
export class DiagnosticBag {
  readonly items: Diagnostic[] = [];
  private errorCount = 0;
  /** Pointers of spans handed to stages that know spans only (the checker, the limits). */
  private spanPointers: Map<string, string> | undefined;

  constructor(
    readonly source: SourceMap | undefined,
    private readonly json?: JsonLocations,
  ) {}

  /** A collector for a JSON document: its text (when read from text; or its SourceMap, shared by several collectors) and where its values sit. */
  static forJson(text?: string | SourceMap, locations?: JsonLocations): DiagnosticBag {
    const source = typeof text === 'string' ? new SourceMap(text) : text;
    const bag = new DiagnosticBag(source, locations ?? { values: new Map() });
    bag.spanPointers = new Map();
    return bag;
  }

  /**
   * Reports a diagnostic worded by the message table (messages.ts), as `filterMessage(code, id, data)`
   * or `jsonMessage(...)` word it; `fix`, when given, is an edit of the text that does what the hint says.
   */
  report(severity: Severity, words: Worded, where: Where, fix?: FixSpans): void {
    if (severity === 'error') this.errorCount++;
    this.push(severity, words.code, where, words.message, words.hint, fix, words.advice);
  }

  error(code: DiagnosticCode, where: Where, message: string, hint?: string, fix?: FixSpans): void {
    this.errorCount++;
    this.push('error', code, where, message, hint, fix);
  }

  warning(code: DiagnosticCode, where: Where, message: string, hint?: string, fix?: FixSpans): void {
    this.push('warning', code, where, message, hint, fix);
  }

  /** A warning about a JSON member itself (an unknown name), worded by the message table: its range is the member's name. */
  memberWarning(words: Worded, pointer: string): void {
    const key = this.json?.keys?.get(pointer);
    this.push('warning', words.code, key ? { span: key, pointer } : pointer, words.message, words.hint, undefined, words.advice);
  }

  add(diagnostic: Diagnostic): void {
    if (diagnostic.severity === 'error') this.errorCount++;
    this.items.push(diagnostic);
  }

  /** Remembers which JSON Pointer a span stands for (the first pointer given a span keeps it). */
  name(span: Span, pointer: string): Span {
    const key = `${span.start}:${span.end}`;
    this.spanPointers ??= new Map();
    if (!this.spanPointers.has(key)) this.spanPointers.set(key, pointer);
    return span;
  }

  get hasErrors(): boolean {
    return this.errorCount > 0;
  }

  private push(severity: Severity, code: DiagnosticCode, where: Where, message: string, hint?: string, fix?: FixSpans, advice?: Advice): void {
    const { span, pointer } = this.place(where);
    const diagnostic: Diagnostic = { code, severity, message, range: span && this.source ? this.source.range(span) : NOWHERE };
    if (hint !== undefined) diagnostic.hint = hint;
    if (advice !== undefined) diagnostic.advice = advice;
    if (pointer !== undefined) diagnostic.pointer = pointer;
    // Fixes edit filter text: a diagnostic placed in a JSON document has none.
    const source = this.source;
    if (fix && source && !this.json)
      diagnostic.fixes = [{ title: fix.title, edits: fix.edits.map((edit) => ({ range: source.range(edit.span), newText: edit.newText })) }];
    this.items.push(diagnostic);
  }

  private place(where: Where): { span: Span | undefined; pointer: string | undefined } {
    if (typeof where === 'string') return { span: this.json ? locate(this.json.values, where) : undefined, pointer: where };
    if ('pointer' in where) return where;
    const named = this.spanPointers?.get(`${where.start}:${where.end}`);
    return { span: where, pointer: named ?? (this.spanPointers ? '' : undefined) };
  }
}

/** The span of the value at `pointer`, or of its nearest ancestor that has one. */
export function locate(locations: ReadonlyMap<string, Span>, pointer: string): Span | undefined {
  let current = pointer;
  for (;;) {
    const span = locations.get(current);
    if (span) return span;
    if (current === '') return undefined;
    current = current.slice(0, current.lastIndexOf('/'));
  }
}

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === 'error');
}
