/**
 * A language server started in this process over in-memory streams (PassThrough), spoken to with
 * vscode-jsonrpc as an editor's client speaks to it; every message the server writes is also kept,
 * parsed, for tests that look at what the client library would not show (answers with id null,
 * log messages, their order).
 */
import { PassThrough } from 'node:stream';
import { type LanguageServerOptions, type ServerStop, startServer } from '@logfilter/language-server';
import { createMessageConnection, type MessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node';
import { afterEach } from 'vitest';
import type { LspDiagnostic, LspPosition, LspTextEdit, ServerMessage } from '../../../test/support/lsp-types.js';

export type { LspDiagnostic, LspPosition, LspRange, LspTextEdit, ServerMessage } from '../../../test/support/lsp-types.js';

export interface Session {
  connection: MessageConnection;
  /** Writes bytes to the server as they are, past the client library. */
  write(bytes: string | Buffer): void;
  /** Every message the server has written so far, in order. */
  received: ServerMessage[];
  /** Resolves with the first message the server has written, or writes, that `matches`. */
  receivedMatching(matches: (message: ServerMessage) => boolean): Promise<ServerMessage>;
  /** Resolves with the next diagnostics published for `uri`. */
  nextDiagnostics(uri: string): Promise<LspDiagnostic[]>;
  /** Resolves once the server has stopped. */
  stopped: Promise<ServerStop>;
  /** Ends the client's stream, as a client that goes away does. */
  endInput(): void;
  /** Stops the server and the client. */
  close(): void;
}

export function startSession(options: Omit<LanguageServerOptions, 'input' | 'output'> = {}): Session {
  const toServer = new PassThrough();
  const fromServer = new PassThrough();
  const server = startServer({ ...options, input: toServer, output: fromServer });
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
    stopped: server.stopped,
    endInput: () => toServer.end(),
    close: () => {
      server.stop();
      connection.dispose();
    },
  };
}

/** What the server answers to `initialize`. */
export interface InitializeAnswer {
  capabilities: Record<string, unknown>;
  serverInfo?: { name: string; version?: string };
}

/** The client half of `initialize`; `initializationOptions` carry the editor's settings. */
export async function initialize(session: Session, initializationOptions?: unknown): Promise<InitializeAnswer> {
  const result = await session.connection.sendRequest<InitializeAnswer>('initialize', {
    processId: process.pid,
    rootUri: null,
    capabilities: {},
    initializationOptions,
  });
  await session.connection.sendNotification('initialized', {});
  return result;
}

export async function openDocument(session: Session, uri: string, text: string): Promise<LspDiagnostic[]> {
  const published = session.nextDiagnostics(uri);
  await session.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'logfilter', version: 1, text } });
  return published;
}

/** Ends the session the way an editor does: shutdown, then exit; resolves with how the server stopped. */
export async function shutdown(session: Session): Promise<ServerStop> {
  await session.connection.sendRequest('shutdown');
  await session.connection.sendNotification('exit');
  const stop = await session.stopped;
  session.connection.dispose();
  return stop;
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

/** Parses the server's output into messages, beside the client library's own reader. */
function readFrames(output: NodeJS.ReadableStream, onMessage: (message: ServerMessage) => void): void {
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

/**
 * For a test file whose tests each start their own server: returns `started()`, which starts one and
 * initializes it (unless asked not to); whatever it started is stopped after each test.
 */
export function serverPerTest(): (options?: { initialize?: boolean } & Omit<LanguageServerOptions, 'input' | 'output'>) => Promise<Session> {
  let session: Session | undefined;
  afterEach(() => {
    session?.close();
    session = undefined;
  });
  return async ({ initialize: initialized = true, ...options } = {}) => {
    session = startSession(options);
    if (initialized) await initialize(session);
    return session;
  };
}
