/**
 * Quick fixes as data. Core makes each diagnostic's fixes (edits of the text) where it makes the
 * diagnostic; the server sends them in the LSP diagnostic's `data`, with the version of the
 * document they edit, and the client sends that back in a code action request. Nothing here reads
 * hint text, so rewording a hint cannot take a fix away.
 */
import type { Diagnostic } from '@logfilter/core';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { type CodeAction, CodeActionKind, type Diagnostic as LspDiagnostic, type Range, type TextEdit } from 'vscode-languageserver';

type CoreFix = NonNullable<Diagnostic['fixes']>[number];

/** One fix with the protocol's ranges (lines and UTF-16 characters, 0-based). */
interface LspFix {
  title: string;
  edits: TextEdit[];
}

/** What a diagnostic carries to the client and back. */
export interface DiagnosticData {
  /** The version of the document the edits are for: a fix for another version is not offered. */
  version: number;
  fixes: LspFix[];
}

/** The `data` of a diagnostic with fixes; undefined when it has none. */
export function fixData(document: TextDocument, fixes: readonly CoreFix[] | undefined): DiagnosticData | undefined {
  if (fixes === undefined || fixes.length === 0) return undefined;
  const at = (offset: number) => document.positionAt(offset);
  return {
    version: document.version,
    fixes: fixes.map((fix) => ({
      title: fix.title,
      edits: fix.edits.map((edit) => ({ range: { start: at(edit.range.start.offset), end: at(edit.range.end.offset) }, newText: edit.newText })),
    })),
  };
}

/** Quick fixes for the diagnostics the client sends back, from the fixes in their `data`. */
export function codeActions(document: TextDocument, sent: readonly LspDiagnostic[]): CodeAction[] {
  const actions: CodeAction[] = [];
  for (const diagnostic of sent) {
    if (diagnostic.source !== 'logfilter') continue;
    const data = readData(diagnostic.data);
    if (data === undefined || data.version !== document.version) continue;
    data.fixes.forEach((fix, index) => {
      actions.push({
        title: fix.title,
        kind: CodeActionKind.QuickFix,
        diagnostics: [diagnostic],
        isPreferred: index === 0,
        edit: { changes: { [document.uri]: fix.edits } },
      });
    });
  }
  return actions;
}

/**
 * The data as the server wrote it, or undefined: a client may send anything back, and what is not
 * the server's shape offers no fix (rather than failing the request).
 */
function readData(data: unknown): DiagnosticData | undefined {
  if (!isObject(data) || !Number.isSafeInteger(data.version) || !Array.isArray(data.fixes)) return undefined;
  return data.fixes.every(isFix) ? (data as unknown as DiagnosticData) : undefined;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isCount = (value: unknown) => Number.isSafeInteger(value) && (value as number) >= 0;
const isPosition = (value: unknown) => isObject(value) && isCount(value.line) && isCount(value.character);
const isRange = (value: unknown): value is Range => isObject(value) && isPosition(value.start) && isPosition(value.end);
const isEdit = (value: unknown) => isObject(value) && isRange(value.range) && typeof value.newText === 'string';
const isFix = (value: unknown) => isObject(value) && typeof value.title === 'string' && Array.isArray(value.edits) && value.edits.every(isEdit);
