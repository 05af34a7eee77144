/**
 * Starts the built `logfilter lsp` as a child process and speaks LSP to it over its stdio with
 * vscode-jsonrpc; every message the server writes is also kept, parsed, for tests that look at
 * what the client library would not show (answers with id null, log messages, their order).
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { createMessageConnection, type MessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node';
import { afterEach } from 'vitest';
import { CLI_BIN, REPO_ROOT } from './cli.js';
import type { LspDiagnostic, LspPosition, LspTextEdit, ServerMessage } from './lsp-types.js';

export type { LspDiagnostic, LspPosition, LspRange, LspTextEdit, ServerMessage } from './lsp-types.js';

export interface LspSession {
  child: ChildProcessWithoutNullStreams;
  connection: MessageConnection;
  /** Every message the server has written so far, in order. */
  received: ServerMessage[];
  /** Resolves with the first message the server has written, or writes, that `matches`. */
  receivedMatching(matches: (message: ServerMessage) => boolean): Promise<ServerMessage>;
  /** Resolves with the next diagnostics published for `uri`. */
  nextDiagnostics(uri: string): Promise<LspDiagnostic[]>;
  stderr(): string;
  /** Resolves with the child's exit code once it has exited. */
  exited: Promise<number | null>;
}

export function startLsp(args: string[] = []): LspSession {
  const child = spawn(process.execPath, [CLI_BIN, 'lsp', ...args], { cwd: REPO_ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
  const errors: Buffer[] = [];
  child.stderr.on('data', (chunk: Buffer) => errors.push(chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const received: ServerMessage[] = [];
  const watchers: (() => void)[] = [];
  readFrames(child.stdout, (message) => {
    received.push(message);
    for (const watcher of watchers.splice(0)) watcher();
  });
  const receivedMatching = async (matches: (message: ServerMessage) => boolean) => {
    for (let found = received.find(matches); ; found = received.find(matches)) {
      if (found) return found;
      await new Promise<void>((resolve) => watchers.push(resolve));
    }
  };
  const connection = createMessageConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  const waiting = new Map<string, ((diagnostics: LspDiagnostic[]) => void)[]>();
  connection.onNotification('textDocument/publishDiagnostics', (params: { uri: string; diagnostics: LspDiagnostic[] }) => {
    const next = waiting.get(params.uri)?.shift();
    next?.(params.diagnostics);
  });
  // The server may ask for the client's settings or log; a test client answers nothing.
  connection.onRequest(() => null);
  connection.listen();
  return {
    child,
    connection,
    received,
    receivedMatching,
    nextDiagnostics: (uri) =>
      new Promise((resolve) => {
        const queue = waiting.get(uri) ?? [];
        queue.push(resolve);
        waiting.set(uri, queue);
      }),
    stderr: () => Buffer.concat(errors).toString('utf8'),
    exited,
  };
}

/** What the server answers to `initialize`. */
export interface InitializeAnswer {
  capabilities: Record<string, unknown>;
  serverInfo?: { name: string; version?: string };
}

/** The client half of `initialize`; `initializationOptions` carry the editor's settings. */
export async function initialize(session: LspSession, initializationOptions?: unknown): Promise<InitializeAnswer> {
  const result = await session.connection.sendRequest<InitializeAnswer>('initialize', {
    processId: process.pid,
    rootUri: null,
    capabilities: {},
    initializationOptions,
  });
  await session.connection.sendNotification('initialized', {});
  return result;
}

export async function openDocument(session: LspSession, uri: string, text: string): Promise<LspDiagnostic[]> {
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

/** Ends the session the way an editor does: shutdown, then exit; resolves with the exit code. */
export async function shutdown(session: LspSession): Promise<number | null> {
  await session.connection.sendRequest('shutdown');
  await session.connection.sendNotification('exit');
  const code = await session.exited;
  session.connection.dispose();
  return code;
}

/** One message framed as the base protocol frames it, to write to the server's stdin as it is. */
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
 * initializes it (unless asked not to); whatever it started is killed after each test if it is still running.
 */
export function serverPerTest(): (options?: { initialize?: boolean }) => Promise<LspSession> {
  let session: LspSession | undefined;
  afterEach(() => {
    if (session && session.child.exitCode === null) session.child.kill();
    session = undefined;
  });
  return async ({ initialize: initialized = true } = {}) => {
    session = startLsp();
    if (initialized) await initialize(session);
    return session;
  };
}
