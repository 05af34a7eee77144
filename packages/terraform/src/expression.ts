/**
 * `logfilter decompile` of a filter as a `.tf` file holds it: `jsonencode({...})`, a heredoc, or
 * the whole `filter = ...` line. The JSON it stands for is decompiled, and the diagnostics moved back
 * to the input's own lines and columns.
 */
import { decompile, type DecompileOptions, type DecompileResult, diagnosticAt, MESSAGES, SourceMap, type Worded, wordingOf } from '@logfilter/core';
import { HclSyntaxError } from './hcl-lexer.js';
import { type HclExpr, parseHcl, parseHclExpression } from './hcl-parser.js';
import { filterSource, spanInSource } from './to-json.js';

const words = wordingOf(MESSAGES);

const HCL_EXPRESSION = /^\s*(filter\s*=\s*)?(jsonencode\s*\(|<<-?[A-Za-z_])/;

/** True for input that is HCL rather than JSON (JSON never starts with these). */
export function looksLikeHcl(text: string): boolean {
  return HCL_EXPRESSION.test(text);
}

export function decompileHcl(text: string, options: DecompileOptions): DecompileResult {
  const map = new SourceMap(text);
  const failed = (worded: Worded, span: { start: number; end: number }): DecompileResult => ({
    ok: false,
    text: undefined,
    filter: undefined,
    json: undefined,
    found: undefined,
    diagnostics: [diagnosticAt(map.range(span), worded, { pointer: '' })],
    stats: { bytes: 0, operators: 0 },
  });
  let expr: HclExpr | undefined;
  try {
    expr = /^\s*filter\s*=/.test(text) ? parseHcl(text).attributes.find((a) => a.name === 'filter')?.value : parseHclExpression(text);
  } catch (error) {
    if (!(error instanceof HclSyntaxError)) throw error;
    return failed(words('invalid-hcl', 'syntax', { detail: error.message, remedy: error.hint }), { start: error.offset, end: error.offset });
  }
  if (!expr) return failed(words('no-filter', 'hcl', {}), { start: 0, end: 0 });
  const source = filterSource(expr);
  if (source.notChecked) return failed(words('not-checked', 'decompile', { reason: source.notChecked.reason }), source.notChecked.at);
  const result = decompile(source.json.text, options);
  return {
    ...result,
    diagnostics: result.diagnostics.map((diagnostic) => ({ ...diagnostic, range: map.range(spanInSource(diagnostic.range, source.json, expr)) })),
  };
}
