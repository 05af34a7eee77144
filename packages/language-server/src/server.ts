/**
 * The language server for `.lf` files over any pair of streams, on vscode-languageserver's
 * connection with a reader of its own (framing.ts). Each message is answered as JSON-RPC 2.0 says:
 * -32700 for a body that is not JSON, -32600 for one that is no message, -32601 for a request to a
 * method it does not serve, -32602 naming the param that is wrong (params.ts); a notification is
 * never answered (a bad one is logged to the client).
 *
 * Documents sync incrementally and only their latest version is kept (documents.ts). Changes are
 * applied as they arrive, so a request sees the latest text at once; diagnostics are published
 * once no message is waiting (quiet.ts), so a burst of edits is analysed once, for its last version.
 *
 * The server never ends the process it runs in: it stops (see `LanguageServer.stopped`), and the
 * starter decides what that means (stdio.ts ends the process with the stop's code).
 */
import { builtinCatalog, type Catalog, DEFAULT_DATASET, DOCS_BASE_URL, type Dataset, resolveDataset } from '@logfilter/core';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import {
  type Connection,
  createConnection,
  ErrorCodes,
  type InitializeResult,
  Message,
  MessageType,
  type NotificationMessage,
  type RequestMessage,
  type ResponseMessage,
  type ServerCapabilities,
  TextDocumentSyncKind,
  createProtocolConnection,
  type WatchDog,
} from 'vscode-languageserver';
import { chooseDataset } from './dataset.js';
import { DEFAULT_LIMITS, type DocumentLimits, OpenDocuments } from './documents.js';
import { completions, documentDiagnostics, formatting, hoverAt, notKeptDiagnostics, semanticTokens, TOKEN_TYPES, tooLargeDiagnostics } from './features.js';
import { codeActions } from './fixes.js';
import { FramedMessageReader } from './framing.js';
import { paramsProblem } from './params.js';
import { WhenQuiet } from './quiet.js';
import { version as packageVersion } from './version.js';
import { FlushingWriter } from './writer.js';

export interface LanguageServerOptions {
  /** What the client writes: LSP messages, each framed with a `Content-Length` header. */
  input: NodeJS.ReadableStream;
  /** Where the server writes its messages, framed the same way. */
  output: NodeJS.WritableStream;
  /** The datasets files are checked against (default: core's built-in catalog). */
  catalog?: Catalog;
  /**
   * The dataset of a file that names none in a first-line `# dataset: NAME` comment, when the
   * editor's setting names none either (default: `http_requests`). A name the catalog does not
   * have throws at start, with core's message and hint.
   */
  defaultDataset?: Dataset | string;
  /** The version the server gives in `serverInfo` (default: this package's version). */
  version?: string;
  /**
   * The sizes past which a document is not analysed, or not kept at all (each gets one diagnostic
   * saying why): by default MAX_DOCUMENT_LENGTH, MAX_KEPT_DOCUMENT_LENGTH and MAX_KEPT_TOTAL_LENGTH.
   */
  limits?: Partial<DocumentLimits>;
  /**
   * The documentation site each diagnostic links to, as `codeDescription.href`:
   * `<docsBaseUrl>/diagnostics/<code>` (default: core's DOCS_BASE_URL). The editor's `docsBaseUrl`
   * setting overrides it.
   */
  docsBaseUrl?: string;
}

/** Why the server stopped, and the exit code a process running only it should end with. */
export interface ServerStop {
  /** 0 after a `shutdown` request and the `exit` that follows it, else 1 (as the protocol says). */
  code: 0 | 1;
  /**
   * `exit`: the client sent the exit notification. `input-closed`: the client's stream ended.
   * `framing-lost`: a message header could not be trusted (see `message`). `stopped`: `stop()` was called.
   */
  cause: 'exit' | 'input-closed' | 'framing-lost' | 'stopped';
  /** For a person, when the stop is a problem: what was wrong. */
  message?: string;
}

export interface LanguageServer {
  /** Resolves once the server has stopped, after everything it had to say has been written. */
  readonly stopped: Promise<ServerStop>;
  /** Stops the server: it reads and writes no more. The streams stay open: they are the starter's. */
  stop(): void;
}

/** The editor's settings, from `initializationOptions` or `workspace/didChangeConfiguration` (`{logfilter: {...}}`). */
interface Settings {
  dataset?: string;
  /** An absolute address; a setting that is not one is logged and left out. */
  docsBaseUrl?: string;
}

/** Starts a language server on the streams: it listens at once and answers until it stops. */
export function startServer(options: LanguageServerOptions): LanguageServer {
  const catalog = options.catalog ?? builtinCatalog();
  const defaultDataset = datasetOption(options.defaultDataset, catalog);
  const serverVersion = options.version ?? packageVersion();
  const documents = new OpenDocuments({ ...DEFAULT_LIMITS, ...options.limits });
  let settings: Settings = {};
  const defaultDocsBase = options.docsBaseUrl ?? DOCS_BASE_URL;
  const docsBase = () => settings.docsBaseUrl ?? defaultDocsBase;
  const takeSettings = (value: unknown) => {
    const { settings: read, problem } = readSettings(value);
    settings = read;
    if (problem !== undefined) connection.console.warn(`${problem}; diagnostics link under ${defaultDocsBase}`);
  };
  const datasetOf = (document: TextDocument) => chooseDataset(document.getText(), catalog, settings.dataset, defaultDataset);
  /** Documents whose diagnostics are out of date, published one per quiet turn. */
  const stale = new Set<string>();
  let running = true;
  const quiet = new WhenQuiet(() => {
    const [uri] = stale;
    if (uri === undefined || !running) return;
    stale.delete(uri);
    if (stale.size > 0) quiet.request();
    const notKept = documents.notKept(uri);
    if (notKept) {
      connection.sendDiagnostics({ uri, version: documents.version(uri), diagnostics: notKeptDiagnostics(notKept, documents.limits, docsBase()) });
      return;
    }
    const document = documents.get(uri);
    if (!document) return;
    try {
      const diagnostics = documents.isTooLarge(document)
        ? tooLargeDiagnostics(document, documents.limits.analysed, docsBase())
        : documentDiagnostics(document, datasetOf(document), docsBase());
      connection.sendDiagnostics({ uri, version: document.version, diagnostics });
    } catch (error) {
      // Outside any handler, an exception would escape to the event loop: it is logged instead.
      connection.console.error(`logfilter language server: checking ${uri} failed: ${(error as Error).message}`);
    }
  });
  const recheck = (uri: string) => {
    stale.add(uri);
    quiet.request();
  };

  let resolveStopped: (stop: ServerStop) => void = () => {};
  const stopped = new Promise<ServerStop>((resolve) => {
    resolveStopped = resolve;
  });
  const writer = new FlushingWriter(options.output);
  let shutdownReceived = false;
  const finish = (stop: ServerStop) => {
    if (!running) return;
    running = false;
    disposeReader.dispose();
    for (const event of ['end', 'close']) options.input.off(event, inputClosed);
    // The answers already given leave before the server says it has stopped.
    void writer.flushed().then(() => {
      connection.dispose();
      resolveStopped(stop);
    });
  };
  const inputClosed = () => finish({ code: shutdownReceived ? 0 : 1, cause: 'input-closed' });
  const { connection, disposeReader } = openConnection(options.input, writer, quiet, {
    lost: (reason) =>
      finish({
        code: 1,
        cause: 'framing-lost',
        message: `${reason}; the server cannot tell where the next message starts, so it stops`,
      }),
    watchDog: {
      initialize: () => {},
      get shutdownReceived() {
        return shutdownReceived;
      },
      set shutdownReceived(value: boolean) {
        shutdownReceived = value;
      },
      exit: (code: number) => finish({ code: code === 0 ? 0 : 1, cause: 'exit' }),
    },
  });
  // With a reader of its own the connection does not watch the input: a client that goes away
  // stops the server, with 0 when it had asked for a shutdown first, as the protocol says.
  for (const event of ['end', 'close']) options.input.on(event, inputClosed);

  connection.onInitialize((params): InitializeResult => {
    takeSettings(params.initializationOptions);
    return { capabilities: CAPABILITIES, serverInfo: { name: 'logfilter', version: serverVersion } };
  });
  connection.onDidChangeConfiguration((change) => {
    takeSettings((change.settings as { logfilter?: unknown } | undefined)?.logfilter);
    for (const uri of documents.uris()) recheck(uri);
  });
  connection.onDidOpenTextDocument((params) => {
    documents.opened(params);
    recheck(params.textDocument.uri);
  });
  connection.onDidChangeTextDocument((params) => {
    const dropped = documents.changed(params);
    if (dropped === undefined) recheck(params.textDocument.uri);
    else connection.console.warn(`textDocument/didChange: ${dropped}`);
  });
  connection.onDidCloseTextDocument(({ textDocument: { uri } }) => {
    stale.delete(uri);
    if (documents.closed(uri)) connection.sendDiagnostics({ uri, diagnostics: [] });
  });
  answerRequests(connection, documents, (document) => datasetOf(document).dataset);
  connection.listen();
  return { stopped, stop: () => finish({ code: shutdownReceived ? 0 : 1, cause: 'stopped' }) };
}

/** The default dataset as given: a dataset, or a name the catalog resolves (else a throw saying why). */
function datasetOption(option: Dataset | string | undefined, catalog: Catalog): Dataset {
  if (typeof option === 'object') return option;
  const resolved = resolveDataset({ dataset: option ?? DEFAULT_DATASET, catalog });
  if (resolved.error) throw new Error(`${resolved.error.message}; ${resolved.error.hint}`);
  return resolved.dataset;
}

const CAPABILITIES: ServerCapabilities = {
  textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
  completionProvider: { triggerCharacters: [' ', '(', ',', '!', '"', "'"] },
  hoverProvider: true,
  documentFormattingProvider: true,
  documentRangeFormattingProvider: true,
  codeActionProvider: { codeActionKinds: ['quickfix'] },
  semanticTokensProvider: { legend: { tokenTypes: [...TOKEN_TYPES], tokenModifiers: [] }, full: true },
};

interface ConnectionHooks {
  /** A header could not be trusted: nothing more is read. */
  lost(reason: string): void;
  /** What the connection does on `initialize`, `shutdown` and `exit`: here, nothing that ends the process. */
  watchDog: WatchDog;
}

function openConnection(
  input: NodeJS.ReadableStream,
  writer: FlushingWriter,
  quiet: WhenQuiet,
  hooks: ConnectionHooks,
): { connection: Connection; disposeReader: { dispose(): void } } {
  const send = (message: Message) => {
    writer.write(message).catch(() => {});
  };
  // Params are checked as messages are read, before the connection (which reads a cancellation's
  // params itself), the library's handlers (initialize, shutdown) or ours see them.
  const admit = (message: Message) => {
    quiet.stir();
    if (!Message.isRequest(message) && !Message.isNotification(message)) return true;
    const problem = paramsProblem(message.method, message.params);
    if (problem !== undefined) send(refusal(message, problem));
    return problem === undefined;
  };
  const reader = new FramedMessageReader(input, { send, lost: hooks.lost, admit });
  const connection = createConnection(
    (logger) =>
      createProtocolConnection(reader, writer, logger, {
        messageStrategy: {
          handleMessage(message, next) {
            quiet.stir();
            next(message);
          },
        },
      }),
    hooks.watchDog,
  );
  return { connection, disposeReader: { dispose: () => reader.stop() } };
}

/** Bad params: -32602 to a request; a notification is never answered, so its problem is logged. */
function refusal(message: RequestMessage | NotificationMessage, problem: string): Message {
  const text = `${message.method}: ${problem}`;
  if (Message.isRequest(message)) {
    const answer: ResponseMessage = { jsonrpc: '2.0', id: message.id, error: { code: ErrorCodes.InvalidParams, message: `Invalid params: ${text}` } };
    return answer;
  }
  const log: NotificationMessage = {
    jsonrpc: '2.0',
    method: 'window/logMessage',
    params: { type: MessageType.Error, message: `${text}; the notification was ignored` },
  };
  return log;
}

/**
 * The requests about one document. A document the client never opened, one too long to analyse,
 * or one whose text is not kept, gets an empty answer.
 */
function answerRequests(connection: Connection, documents: OpenDocuments, datasetOf: (document: TextDocument) => Dataset | undefined): void {
  const withDocument =
    <P extends { textDocument: { uri: string } }, R>(empty: R, answer: (document: TextDocument, params: P) => R) =>
    (params: P): R => {
      const document = documents.get(params.textDocument.uri);
      return document && !documents.isTooLarge(document) ? answer(document, params) : empty;
    };
  connection.onCompletion(withDocument([], (document, params) => completions(document, document.offsetAt(params.position), datasetOf(document))));
  connection.onHover(withDocument(null, (document, params) => hoverAt(document, document.offsetAt(params.position), datasetOf(document))));
  connection.onDocumentFormatting(withDocument([], (document) => formatting(document)));
  connection.onDocumentRangeFormatting(withDocument([], (document, params) => formatting(document, params.range)));
  connection.onCodeAction(withDocument([], (document, params) => codeActions(document, params.context.diagnostics)));
  connection.languages.semanticTokens.on(withDocument({ data: [] }, (document) => ({ data: semanticTokens(document) })));
}

/** The settings the editor sent, and what was wrong with one of them, if anything. */
function readSettings(value: unknown): { settings: Settings; problem?: string } {
  if (typeof value !== 'object' || value === null) return { settings: {} };
  const { dataset, docsBaseUrl } = value as { dataset?: unknown; docsBaseUrl?: unknown };
  const settings: Settings = typeof dataset === 'string' && dataset !== '' ? { dataset } : {};
  if (docsBaseUrl === undefined || docsBaseUrl === null || docsBaseUrl === '') return { settings };
  if (typeof docsBaseUrl === 'string' && URL.canParse(docsBaseUrl)) return { settings: { ...settings, docsBaseUrl } };
  const shown = typeof docsBaseUrl === 'string' ? JSON.stringify(docsBaseUrl) : `of type ${typeof docsBaseUrl}`;
  return { settings, problem: `the docsBaseUrl setting ${shown} is not an absolute address (such as ${DOCS_BASE_URL})` };
}
