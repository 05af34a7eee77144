/**
 * The filter JSON an HCL expression stands for, as Terraform would send it: a string's own text
 * (quoted or heredoc), or what `jsonencode(...)` makes of its argument. Every character of the JSON
 * keeps the span of the `.tf` text it came from. Values only Terraform can know (variables,
 * interpolation, other functions) make the filter "not checked", with the reason.
 */
import type { Range } from '@logfilter/core';
import type { MappedText, Span } from './hcl-lexer.js';
import type { HclExpr } from './hcl-parser.js';

export type FilterSource = { json: MappedText; notChecked?: undefined } | { json?: undefined; notChecked: { reason: string; at: Span } };

export function filterSource(expr: HclExpr): FilterSource {
  if (expr.kind === 'string') {
    if (expr.interpolation) return unknown(`the filter string is built from ${expr.interpolation}, known only when Terraform plans`, expr);
    return { json: expr.value };
  }
  if (expr.kind === 'call' && expr.name === 'jsonencode' && expr.args.length === 1) {
    const out: MappedText = { text: '', starts: [], ends: [] };
    const problem = encode(expr.args[0], out);
    return problem ?? { json: out };
  }
  if (expr.kind === 'opaque') return unknown(`the filter is the expression \`${shorten(expr.text)}\`, known only when Terraform plans`, expr);
  if (expr.kind === 'call') return unknown(`the filter is made by ${expr.name}(...), which logfilter does not evaluate`, expr);
  return unknown(`the filter is a ${expr.kind}, not a string or jsonencode(...)`, expr);
}

function unknown(reason: string, at: Span): FilterSource {
  return { notChecked: { reason, at: { start: at.start, end: at.end } } };
}

function shorten(text: string): string {
  const line = text.replace(/\s+/g, ' ');
  return line.length > 40 ? `${line.slice(0, 40)}...` : line;
}

/** Appends the JSON of `expr` to `out`; returns why not when a part of it is unknown. */
function encode(expr: HclExpr, out: MappedText): FilterSource | undefined {
  switch (expr.kind) {
    case 'string':
      if (expr.interpolation) return unknown(`the filter holds ${expr.interpolation}, known only when Terraform plans`, expr);
      encodeString(expr.value, out, expr);
      return undefined;
    case 'number':
      emit(out, String(Number(expr.text)), expr);
      return undefined;
    case 'bool':
      emit(out, String(expr.value), expr);
      return undefined;
    case 'null':
      emit(out, 'null', expr);
      return undefined;
    case 'tuple':
      return encodeList(expr.items, '[', ']', expr, out, (item) => encode(item, out));
    case 'object':
      return encodeList(expr.items, '{', '}', expr, out, (item) => {
        if (item.key.kind !== 'string' || item.key.interpolation) return unknown('an object key is computed', item.key);
        encodeString(item.key.value, out, item.key);
        emit(out, ':', item.value);
        return encode(item.value, out);
      });
    case 'call':
      return unknown(`the filter holds ${expr.name}(...), which logfilter does not evaluate`, expr);
    case 'opaque':
      return unknown(`the filter holds \`${shorten(expr.text)}\`, known only when Terraform plans`, expr);
  }
}

function encodeList<T>(
  items: T[],
  open: string,
  close: string,
  at: Span,
  out: MappedText,
  each: (item: T) => FilterSource | undefined,
): FilterSource | undefined {
  emit(out, open, { start: at.start, end: at.start + 1 });
  for (const [index, item] of items.entries()) {
    if (index > 0) emit(out, ',', at);
    const problem = each(item);
    if (problem) return problem;
  }
  emit(out, close, { start: at.end - 1, end: at.end });
  return undefined;
}

/**
 * A JSON string literal; each character's escape maps to where the character was written, and the
 * quotes to the HCL string's own quotes (or to the edges of a bare key, which has none).
 */
function encodeString(value: MappedText, out: MappedText, written: Span): void {
  const quoted = value.starts[0] !== written.start;
  emit(out, '"', quoted ? { start: written.start, end: written.start + 1 } : { start: written.start, end: written.start });
  let index = 0;
  for (const char of value.text) {
    emit(out, JSON.stringify(char).slice(1, -1), { start: value.starts[index], end: value.ends[index + char.length - 1] });
    index += char.length;
  }
  emit(out, '"', quoted ? { start: written.end - 1, end: written.end } : { start: written.end, end: written.end });
}

function emit(out: MappedText, text: string, at: Span): void {
  out.text += text;
  for (let i = 0; i < text.length; i++) {
    out.starts.push(at.start);
    out.ends.push(at.end);
  }
}

/**
 * Where a range of the filter JSON was written in the HCL source. `whole` is where the expression
 * it came from was written: the answer for a JSON text with no character to map (an empty string).
 */
export function spanInSource(range: Range, json: MappedText, whole: Span): Span {
  const last = json.text.length - 1;
  if (last < 0) return { start: whole.start, end: whole.end };
  const from = range.start.offset;
  const to = range.end.offset;
  const start = from <= last ? json.starts[from] : json.ends[last];
  const end = to > from ? json.ends[Math.min(to, json.text.length) - 1] : start;
  return { start, end: Math.max(start, end) };
}
