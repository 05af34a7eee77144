/**
 * The client half of every LSP test, whatever carries the bytes (a child's stdio, in-memory streams):
 * vscode-jsonrpc speaks to the server as an editor's client does, and every message the server writes
 * is also kept, parsed, for tests that look at what the client library would not show (answers with
 * id null, log messages, their order). test/support/lsp.ts starts the built `logfilter lsp` under it,
 * packages/language-server/test/support.ts the server in this process, test/editors the editors' commands.
 */
import type { Readable, Writable } from 'node:stream';
import { createMessageConnection, type MessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node';
import type { LspDiagnostic, LspPosition, LspTextEdit, ServerMessage } from './lsp-types.js';

export interface ClientSession {
  connection: MessageConnection;
  /** Writes bytes to the server as they are, past the client library. */
  write(bytes: string | Buffer): void;
  /** Every message the server has written so far, in order. */
  received: ServerMessage[];
  /** Resolves with the first message the server has written, or writes, that `matches`. */
  receivedMatching(matches: (message: ServerMessage) => boolean): Promise<ServerMessage>;
  /** Resolves with the next diagnostics published for `uri`. */
  nextDiagnostics(uri: string): Promise<LspDiagnostic[]>;
}

/** Connects a client to a server that reads `toServer` and writes `fromServer`. */
export function connectClient(toServer: Writable, fromServer: Readable): ClientSession {
  const received: ServerMessage[] = [];
  const watchers: (() => void)[] = [];
  readFrames(fromServer, (message) => {
    received.push(message);
    for (const watcher of watchers.splice(0)) watcher();
  });
  const receivedMatching = async (matches: (message: ServerMessage) => boolean) => {
    for (let found = received.find(matches); ; found = received.find(matches)) {
      if (found) return found;
      await new Promise<void>((resolve) => watchers.push(resolve));
    }
  };
  const connection = createMessageConnection(new StreamMessageReader(fromServer), new StreamMessageWriter(toServer));
  const waiting = new Map<string, ((diagnostics: LspDiagnostic[]) => void)[]>();
  connection.onNotification('textDocument/publishDiagnostics', (params: { uri: string; diagnostics: LspDiagnostic[] }) => {
    waiting.get(params.uri)?.shift()?.(params.diagnostics);
  });
  // The server may ask for the client's settings or log; a test client answers nothing.
  connection.onRequest(() => null);
  connection.listen();
  return {
    connection,
    write: (bytes) => toServer.write(bytes),
    received,
    receivedMatching,
    nextDiagnostics: (uri) =>
      new Promise((resolve) => {
        const queue = waiting.get(uri) ?? [];
        queue.push(resolve);
        waiting.set(uri, queue);
      }),
  };
}

/** What the server answers to `initialize`. */
export interface InitializeAnswer {
  capabilities: Record<string, unknown>;
  serverInfo?: { name: string; version?: string };
}

/** The client half of `initialize`; `initializationOptions` carry the editor's settings. */
export async function initialize(session: Pick<ClientSession, 'connection'>, initializationOptions?: unknown): Promise<InitializeAnswer> {
  const result = await session.connection.sendRequest<InitializeAnswer>('initialize', {
    processId: process.pid,
    rootUri: null,
    capabilities: {},
    initializationOptions,
  });
  await session.connection.sendNotification('initialized', {});
  return result;
}

/** Opens a document and resolves with the diagnostics the server publishes for it. */
export async function openDocument(session: Pick<ClientSession, 'connection' | 'nextDiagnostics'>, uri: string, text: string): Promise<LspDiagnostic[]> {
  const published = session.nextDiagnostics(uri);
  await session.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'logfilter', version: 1, text } });
  return published;
}

/** Applies edits the way an editor does: all ranges refer to the text before any of them. */
export function applyEdits(text: string, edits: readonly LspTextEdit[]): string {
  const offsetAt = (position: LspPosition) => {
    let offset = 0;
    for (let line = 0; line < position.line; line++) offset = text.indexOf('\n', offset) + 1;
    return offset + position.character;
  };
  const sorted = edits
    .map((edit) => ({ start: offsetAt(edit.range.start), end: offsetAt(edit.range.end), text: edit.newText }))
    .sort((a, b) => b.start - a.start);
  let result = text;
  for (const edit of sorted) result = result.slice(0, edit.start) + edit.text + result.slice(edit.end);
  return result;
}

/** One message framed as the base protocol frames it, to write to the server as it is. */
export function frame(message: unknown): string {
  const body = JSON.stringify(message);
  return `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
}

/** The text of the hover at a position, if the server gives one. */
export function hoverText(lsp: Pick<ClientSession, 'connection'>, uri: string, line: number, character: number): Promise<string | undefined> {
  return lsp.connection
    .sendRequest<{ contents: { value: string } } | null>('textDocument/hover', { textDocument: { uri }, position: { line, character } })
    .then((hover) => hover?.contents.value);
}

/** The diagnostics published for `uri` so far, as the server wrote them. */
export const publications = (lsp: Pick<ClientSession, 'received'>, uri: string) =>
  lsp.received.filter((message) => message.method === 'textDocument/publishDiagnostics' && message.params?.uri === uri);

/**
 * 1000 didChange notifications and a hover, written at once: a character typed at the start of
 * the first line and deleted again, 999 times, then `XClientCountry` (the first word) replaced
 * with `BotScore`. Resolves with the hover's answer.
 */
export function burst(lsp: ClientSession, uri: string): Promise<ServerMessage> {
  const at = (character: number) => ({ line: 0, character });
  const frames: string[] = [];
  for (let version = 2; version <= 1000; version++) {
    const typed = version % 2 === 0;
    const change = { range: { start: at(0), end: at(typed ? 0 : 1) }, text: typed ? 'X' : '' };
    frames.push(frame({ jsonrpc: '2.0', method: 'textDocument/didChange', params: { textDocument: { uri, version }, contentChanges: [change] } }));
  }
  const last = { range: { start: at(0), end: at('XClientCountry'.length) }, text: 'BotScore' };
  frames.push(frame({ jsonrpc: '2.0', method: 'textDocument/didChange', params: { textDocument: { uri, version: 1001 }, contentChanges: [last] } }));
  frames.push(frame({ jsonrpc: '2.0', id: 'hover', method: 'textDocument/hover', params: { textDocument: { uri }, position: at(1) } }));
  lsp.write(frames.join(''));
  return lsp.receivedMatching((message) => message.id === 'hover');
}

/** The versions of the diagnostics published for `uri` after the first `skip`, once version 1001's have come. */
export async function versionsAfterBurst(lsp: ClientSession, uri: string, skip: number): Promise<number[]> {
  await lsp.receivedMatching((message) => message.method === 'textDocument/publishDiagnostics' && message.params?.version === 1001);
  return publications(lsp, uri)
    .slice(skip)
    .map((message) => message.params?.version ?? -1);
}

/** Parses the server's output into messages, beside the client library's own reader. */
function readFrames(output: Readable, onMessage: (message: ServerMessage) => void): void {
  let pending = Buffer.alloc(0);
  output.on('data', (chunk: Buffer) => {
    pending = Buffer.concat([pending, chunk]);
    for (let end = pending.indexOf('\r\n\r\n'); end !== -1; end = pending.indexOf('\r\n\r\n')) {
      const length = Number(/Content-Length: (\d+)/i.exec(pending.toString('latin1', 0, end))?.[1]);
      if (pending.length < end + 4 + length) return;
      onMessage(JSON.parse(pending.toString('utf8', end + 4, end + 4 + length)) as ServerMessage);
      pending = pending.subarray(end + 4 + length);
    }
  });
}
