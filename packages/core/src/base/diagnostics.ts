/** One diagnostic shape for the lexer, parser, checker, serializer and every tool built on them. */
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

export interface Diagnostic {
  code: string;
  severity: Severity;
  message: string;
  range: Range;
  hint?: string;
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

/** Collects diagnostics for one source, in the order found; `sorted()` orders them by position. */
export class DiagnosticBag {
  readonly items: Diagnostic[] = [];
  private errorCount = 0;
  constructor(readonly source: SourceMap) {}

  error(code: string, span: Span, message: string, hint?: string): void {
    this.errorCount++;
    this.push('error', code, span, message, hint);
  }

  warning(code: string, span: Span, message: string, hint?: string): void {
    this.push('warning', code, span, message, hint);
  }

  add(diagnostic: Diagnostic): void {
    if (diagnostic.severity === 'error') this.errorCount++;
    this.items.push(diagnostic);
  }

  get hasErrors(): boolean {
    return this.errorCount > 0;
  }

  private push(severity: Severity, code: string, span: Span, message: string, hint?: string): void {
    const diagnostic: Diagnostic = { code, severity, message, range: this.source.range(span) };
    if (hint !== undefined) diagnostic.hint = hint;
    this.items.push(diagnostic);
  }
}

/** Most diagnostics a result carries; past this one summary note says how many were left out. */
export const MAX_DIAGNOSTICS = 100;

export function sortDiagnostics(diagnostics: Diagnostic[]): Diagnostic[] {
  if (diagnostics.length < 2) return diagnostics;
  const sorted = [...diagnostics].sort((a, b) => a.range.start.offset - b.range.start.offset || a.range.end.offset - b.range.end.offset);
  if (sorted.length <= MAX_DIAGNOSTICS) return sorted;
  const kept = sorted.slice(0, MAX_DIAGNOSTICS);
  const last = kept[kept.length - 1];
  kept.push({
    code: 'too-many-diagnostics',
    severity: last.severity,
    message: `${sorted.length - MAX_DIAGNOSTICS} more diagnostics were left out`,
    range: last.range,
    hint: 'fix the ones shown and compile again',
  });
  return kept;
}

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === 'error');
}
