/**
 * The open documents, each at its latest version only: didOpen, didChange and didClose are applied
 * as they arrive, and nothing of an earlier version is kept. A change whose version is not newer
 * than the document's is stale (its edits were made to a text the server no longer has) and is
 * dropped, as is a change to a document that is not open. Params are checked before they come
 * here (params.ts).
 *
 * Changes are applied to the document's lines (lines.ts), and the text is joined again only when
 * something reads it: a burst of edits to a long document costs one copy of it, not one per edit
 * (and a change that sends the whole text is kept as it came).
 */
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { DidChangeTextDocumentParams, DidOpenTextDocumentParams } from 'vscode-languageserver';
import { applyChange, splitLines } from './lines.js';

/**
 * The longest document the server analyses, in UTF-16 code units: a filter the service takes is
 * at most 1000 bytes of JSON, and checking this many characters takes about a tenth of a second.
 * A longer document is kept (edits may bring it back under) but gets one diagnostic saying so.
 */
export const MAX_DOCUMENT_LENGTH = 256 * 1024;

export function isTooLarge(document: TextDocument): boolean {
  return document.getText().length > MAX_DOCUMENT_LENGTH;
}

interface Entry {
  languageId: string;
  version: number;
  /** The text at `version`, or undefined while it waits in `pending`. */
  document: TextDocument | undefined;
  /** The text at `version` once changed and not yet read: whole, or as lines while edits come. */
  pending: string | string[] | undefined;
}

export class OpenDocuments {
  private readonly open = new Map<string, Entry>();

  /** The document at its latest version. */
  get(uri: string): TextDocument | undefined {
    const entry = this.open.get(uri);
    if (entry && entry.document === undefined) {
      const text = typeof entry.pending === 'string' ? entry.pending : (entry.pending ?? []).join('');
      entry.document = TextDocument.create(uri, entry.languageId, entry.version, text);
      entry.pending = undefined;
    }
    return entry?.document;
  }

  uris(): string[] {
    return [...this.open.keys()];
  }

  /** A didOpen; one for a document already open replaces it. */
  opened({ textDocument: { uri, languageId, version, text } }: DidOpenTextDocumentParams): void {
    this.open.set(uri, { languageId, version, document: TextDocument.create(uri, languageId, version, text), pending: undefined });
  }

  /** A didChange: why it was dropped, or undefined when it was applied. */
  changed({ textDocument: { uri, version }, contentChanges }: DidChangeTextDocumentParams): string | undefined {
    const entry = this.open.get(uri);
    if (!entry) return `${uri} is not open (a didOpen comes first); the change was dropped`;
    if (version <= entry.version) return `version ${version} of ${uri} is not newer than the server's version ${entry.version}; the stale change was dropped`;
    let pending = entry.pending ?? entry.document?.getText() ?? '';
    for (const change of contentChanges) {
      pending = 'range' in change ? applyChange(typeof pending === 'string' ? splitLines(pending) : pending, change) : change.text;
    }
    entry.pending = pending;
    entry.document = undefined;
    entry.version = version;
    return undefined;
  }

  /** A didClose: whether the document was open. */
  closed(uri: string): boolean {
    return this.open.delete(uri);
  }
}
