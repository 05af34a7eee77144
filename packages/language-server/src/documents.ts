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
 *
 * What is kept is bounded (DocumentLimits): a document longer than `kept`, or one that would take
 * the open documents together past `keptTotal`, is not kept at all, only its length and why; it
 * gets one diagnostic saying so (features.ts), and comes back when a change sends its whole text
 * again within the limits, or when it is opened again. Edits to a part of it cannot be applied to a
 * text the server does not have, so they only move its version on.
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
/** The longest document the server keeps (1 MiB of UTF-16 code units, 4 times what it analyses). */
export const MAX_KEPT_DOCUMENT_LENGTH = 1024 * 1024;
/** The most the open documents keep together (16 documents at MAX_KEPT_DOCUMENT_LENGTH). */
export const MAX_KEPT_TOTAL_LENGTH = 16 * 1024 * 1024;

/** The sizes, in UTF-16 code units, past which a document is not analysed, or not kept. */
export interface DocumentLimits {
  /** The longest document analysed (default MAX_DOCUMENT_LENGTH). */
  analysed: number;
  /** The longest document kept (default MAX_KEPT_DOCUMENT_LENGTH). */
  kept: number;
  /** The most all open documents keep together (default MAX_KEPT_TOTAL_LENGTH). */
  keptTotal: number;
}

export const DEFAULT_LIMITS: DocumentLimits = { analysed: MAX_DOCUMENT_LENGTH, kept: MAX_KEPT_DOCUMENT_LENGTH, keptTotal: MAX_KEPT_TOTAL_LENGTH };

/** A document whose text is not kept: how long it was, why, and where its first line ends. */
export interface NotKept {
  length: number;
  /** `document`: longer than `kept`; `total`: the open documents together would pass `keptTotal`. */
  reason: 'document' | 'total';
  /** The length of its first line (up to 200), for the diagnostic's range. */
  firstLine: number;
  /** What the open documents kept together when it was refused. */
  keptTotal: number;
}

interface Entry {
  languageId: string;
  version: number;
  /** The text at `version`, or undefined while it waits in `pending` (or is not kept). */
  document: TextDocument | undefined;
  /** The text at `version` once changed and not yet read: whole, or as lines while edits come. */
  pending: string | string[] | undefined;
  /** The length of the text kept (0 when it is not kept). */
  length: number;
  notKept: NotKept | undefined;
}

export class OpenDocuments {
  private readonly open = new Map<string, Entry>();
  /** The sum of the open documents' kept lengths. */
  private total = 0;

  constructor(readonly limits: DocumentLimits = DEFAULT_LIMITS) {}

  /** The document at its latest version; undefined when it is not open, or not kept. */
  get(uri: string): TextDocument | undefined {
    const entry = this.open.get(uri);
    if (entry && entry.document === undefined && entry.notKept === undefined) {
      const text = typeof entry.pending === 'string' ? entry.pending : (entry.pending ?? []).join('');
      entry.document = TextDocument.create(uri, entry.languageId, entry.version, text);
      entry.pending = undefined;
    }
    return entry?.document;
  }

  /** Why an open document's text is not kept, or undefined when it is (or the document is not open). */
  notKept(uri: string): NotKept | undefined {
    return this.open.get(uri)?.notKept;
  }

  /** The version of an open document. */
  version(uri: string): number | undefined {
    return this.open.get(uri)?.version;
  }

  /** Whether a kept document is too long to analyse. */
  isTooLarge(document: TextDocument): boolean {
    return document.getText().length > this.limits.analysed;
  }

  uris(): string[] {
    return [...this.open.keys()];
  }

  /** A didOpen; one for a document already open replaces it. */
  opened({ textDocument: { uri, languageId, version, text } }: DidOpenTextDocumentParams): void {
    this.closed(uri);
    const entry: Entry = { languageId, version, document: undefined, pending: undefined, length: 0, notKept: undefined };
    this.open.set(uri, entry);
    this.keep(entry, text, text.length);
  }

  /** A didChange: why it was dropped, or undefined when it was applied. */
  changed({ textDocument: { uri, version }, contentChanges }: DidChangeTextDocumentParams): string | undefined {
    const entry = this.open.get(uri);
    if (!entry) return `${uri} is not open (a didOpen comes first); the change was dropped`;
    if (version <= entry.version) return `version ${version} of ${uri} is not newer than the server's version ${entry.version}; the stale change was dropped`;
    entry.version = version;
    // A text not kept takes only a change that sends the whole text, and what follows it.
    let whole = contentChanges.length - 1;
    while (whole >= 0 && 'range' in contentChanges[whole]) whole--;
    if (entry.notKept && whole === -1) return undefined;
    const changes = entry.notKept ? contentChanges.slice(whole) : contentChanges;
    let pending = entry.notKept ? '' : (entry.pending ?? entry.document?.getText() ?? '');
    const size = { length: entry.length };
    for (const change of changes) {
      pending = 'range' in change ? applyChange(typeof pending === 'string' ? splitLines(pending) : pending, change, size) : change.text;
      if (!('range' in change)) size.length = change.text.length;
    }
    this.total -= entry.length;
    entry.length = 0;
    entry.notKept = undefined;
    this.keep(entry, pending, size.length);
    return undefined;
  }

  /** A didClose: whether the document was open. */
  closed(uri: string): boolean {
    const entry = this.open.get(uri);
    if (entry) this.total -= entry.length;
    return this.open.delete(uri);
  }

  /** Keeps `text` (of `length`) as the entry's text at its version, or only why it is not kept. */
  private keep(entry: Entry, text: string | string[], length: number): void {
    entry.document = undefined;
    const over = length > this.limits.kept ? 'document' : this.total + length > this.limits.keptTotal ? 'total' : undefined;
    if (over === undefined) {
      entry.pending = text;
      entry.length = length;
      this.total += length;
      return;
    }
    const first = typeof text === 'string' ? text.slice(0, 201) : (text[0] ?? '').slice(0, 201);
    const lineEnd = first.search(/[\r\n]/);
    entry.pending = undefined;
    entry.length = 0;
    entry.notKept = { length, reason: over, firstLine: Math.min(lineEnd === -1 ? first.length : lineEnd, 200), keptTotal: this.total };
  }
}
