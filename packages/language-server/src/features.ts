/**
 * What the server answers, as pure functions of a document and the dataset chosen for it: the
 * core language service's results turned into the protocol's shapes (positions in UTF-16, as both count).
 */
import {
  complete,
  type CompletionItem as CoreItem,
  DEFAULT_MAX_BYTES,
  type Dataset,
  diagnostics,
  type Diagnostic,
  format,
  hover,
  scan,
  type TokenRole,
  diagnosticAt,
  diagnosticPage,
  MESSAGES,
  SourceMap,
  wordingOf,
} from '@logfilter/core';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import {
  type CompletionItem,
  CompletionItemKind,
  type Diagnostic as LspDiagnostic,
  DiagnosticSeverity,
  type Hover,
  InsertTextFormat,
  MarkupKind,
  type Range,
  SemanticTokensBuilder,
  type TextEdit,
} from 'vscode-languageserver';
import type { DatasetChoice } from './dataset.js';
import type { DocumentLimits, NotKept } from './documents.js';
import { fixData } from './fixes.js';

function rangeOf(document: TextDocument, start: number, end: number): Range {
  return { start: document.positionAt(start), end: document.positionAt(end) };
}

/**
 * The diagnostics of the whole document, each with its hint on the last line of its message and
 * its code's page on the documentation site under `docsBase` (`codeDescription.href`).
 */
export function documentDiagnostics(document: TextDocument, choice: DatasetChoice, docsBase: string): LspDiagnostic[] {
  const text = document.getText();
  const found: Diagnostic[] = choice.problem ? [choice.problem] : [];
  if (choice.dataset) found.push(...diagnostics(text, { dataset: choice.dataset }));
  return found.map((diagnostic) => toLspDiagnostic(document, diagnostic, docsBase));
}

/** The one diagnostic of a document too long to analyse (documents.ts), on its first line. */
export function tooLargeDiagnostics(document: TextDocument, limit: number, docsBase: string): LspDiagnostic[] {
  const text = document.getText();
  const lineEnd = text.indexOf('\n');
  const end = Math.min(lineEnd === -1 ? text.length : lineEnd, 200);
  const words = tableWords('document-too-large', 'notChecked', { length: text.length, limit, maxBytes: DEFAULT_MAX_BYTES });
  return [toLspDiagnostic(document, diagnosticAt(new SourceMap(text).range({ start: 0, end }), words), docsBase)];
}

const tableWords = wordingOf(MESSAGES);

/** The one diagnostic of a document whose text the server does not keep (documents.ts), on its first line. */
export function notKeptDiagnostics(notKept: NotKept, limits: DocumentLimits, docsBase: string): LspDiagnostic[] {
  const words =
    notKept.reason === 'document'
      ? tableWords('document-too-large', 'notKept', { length: notKept.length, kept: limits.kept, maxBytes: DEFAULT_MAX_BYTES })
      : tableWords('document-too-large', 'notKeptWithOthers', {
          length: notKept.length,
          others: notKept.keptTotal,
          keptTotal: limits.keptTotal,
          maxBytes: DEFAULT_MAX_BYTES,
        });
  const range: Range = { start: { line: 0, character: 0 }, end: { line: 0, character: notKept.firstLine } };
  return [
    {
      range,
      severity: DiagnosticSeverity.Error,
      code: 'document-too-large',
      codeDescription: { href: diagnosticPage('document-too-large', docsBase) },
      source: 'logfilter',
      message: `${words.message}\nhint: ${words.hint}`,
    },
  ];
}

function toLspDiagnostic(document: TextDocument, diagnostic: Diagnostic, docsBase: string): LspDiagnostic {
  const range = rangeOf(document, diagnostic.range.start.offset, diagnostic.range.end.offset);
  return {
    range,
    severity: diagnostic.severity === 'error' ? DiagnosticSeverity.Error : DiagnosticSeverity.Warning,
    code: diagnostic.code,
    codeDescription: { href: diagnosticPage(diagnostic.code, docsBase) },
    source: 'logfilter',
    // The hint once, on a line of the message: every client shows the message, and VS Code shows
    // related information beside it in the Problems panel, so a hint there as well showed twice.
    message: diagnostic.hint ? `${diagnostic.message}\nhint: ${diagnostic.hint}` : diagnostic.message,
    // Its quick fixes, which the client sends back in a code action request (fixes.ts).
    data: fixData(document, diagnostic.fixes),
  };
}

const COMPLETION_KINDS: Record<CoreItem['kind'], CompletionItemKind> = {
  field: CompletionItemKind.Field,
  operator: CompletionItemKind.Operator,
  keyword: CompletionItemKind.Keyword,
  value: CompletionItemKind.Value,
  punctuation: CompletionItemKind.Text,
};

export function completions(document: TextDocument, offset: number, dataset: Dataset | undefined): CompletionItem[] {
  const found = complete(document.getText(), offset, { dataset });
  const range = rangeOf(document, found.from, found.to);
  return found.items.map((item, index) => ({
    label: item.label,
    kind: COMPLETION_KINDS[item.kind],
    detail: item.detail,
    documentation: item.info ? { kind: MarkupKind.PlainText, value: item.info } : undefined,
    // Higher boost first, then the service's own order.
    sortText: `${String(9 - item.boost).padStart(2, '0')}${String(index).padStart(4, '0')}`,
    filterText: item.label,
    textEdit: { range, newText: item.label },
    insertTextFormat: InsertTextFormat.PlainText,
  }));
}

export function hoverAt(document: TextDocument, offset: number, dataset: Dataset | undefined): Hover | null {
  const found = hover(document.getText(), offset, { dataset });
  if (!found) return null;
  const value = found.text ? `**${found.title}**\n\n${found.text}` : `**${found.title}**`;
  return { contents: { kind: MarkupKind.Markdown, value }, range: rangeOf(document, found.from, found.to) };
}

/**
 * The canonical text as one edit covering only what changed. A file holds one filter, laid out
 * as a whole, so a range request gets that edit when it touches the range and nothing otherwise.
 */
export function formatting(document: TextDocument, within?: Range): TextEdit[] {
  const text = document.getText();
  const result = format(text);
  if (!result.ok || result.text === undefined) return [];
  const formatted = `${result.text}\n`;
  if (formatted === text) return [];
  let start = 0;
  while (start < text.length && start < formatted.length && text[start] === formatted[start]) start++;
  let end = 0;
  while (end < text.length - start && end < formatted.length - start && text[text.length - 1 - end] === formatted[formatted.length - 1 - end]) end++;
  const edit = { range: rangeOf(document, start, text.length - end), newText: formatted.slice(start, formatted.length - end) };
  if (within && (document.offsetAt(within.end) < start || document.offsetAt(within.start) > text.length - end)) return [];
  return [edit];
}

/** The legend the client is told at initialisation: token types by index. */
export const TOKEN_TYPES = ['property', 'operator', 'string', 'number', 'keyword', 'comment'] as const;
const ROLE_TYPES: Partial<Record<TokenRole, number>> = { field: 0, operator: 1, value: 2, keyword: 4, comment: 5 };
const NUMBER = /^-?\d+(\.\d+)?$/;

export function semanticTokens(document: TextDocument): number[] {
  const builder = new SemanticTokensBuilder();
  for (const token of scan(document.getText())) {
    let type = ROLE_TYPES[token.role];
    if (type === undefined) continue;
    if (token.role === 'value' && NUMBER.test(token.image)) type = 3;
    const start = document.positionAt(token.start);
    const end = document.positionAt(token.end);
    // The protocol's tokens lie on one line; the language has no token that spans lines.
    if (start.line !== end.line) continue;
    builder.push(start.line, start.character, end.character - start.character, type, 0);
  }
  return builder.build().data;
}
