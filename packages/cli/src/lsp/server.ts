/**
 * `logfilter lsp`: a Language Server Protocol server over standard input and output for `.lf`
 * files, on vscode-languageserver's connection with a reader of its own (framing.ts). Each message
 * is answered as JSON-RPC 2.0 says: -32700 for a body that is not JSON, -32600 for one that is no
 * message, -32601 for a request to a method it does not serve, -32602 naming the param that is
 * wrong (params.ts); a notification is never answered (a bad one is logged to the client).
 *
 * Documents sync incrementally and only their latest version is kept (documents.ts). Changes are
 * applied as they arrive, so a request sees the latest text at once; diagnostics are published
 * once no message is waiting (quiet.ts), so a burst of edits is analysed once, for its last version.
 */
import type { Catalog, Dataset } from '@logfilter/core';
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
} from 'vscode-languageserver/node';
import { version } from '../version.js';
import { chooseDataset } from './dataset.js';
import { isTooLarge, OpenDocuments } from './documents.js';
import { completions, documentDiagnostics, formatting, hoverAt, semanticTokens, TOKEN_TYPES, tooLargeDiagnostics } from './features.js';
import { codeActions } from './fixes.js';
import { FramedMessageReader } from './framing.js';
import { paramsProblem } from './params.js';
import { WhenQuiet } from './quiet.js';
import { FlushingWriter } from './writer.js';
import type { Output } from '../io.js';

export interface LanguageServerOptions {
  catalog: Catalog;
  /** The dataset of a file that names none, when the editor's setting names none either. */
  defaultDataset: Dataset;
  input: NodeJS.ReadableStream;
  output: NodeJS.WritableStream;
  /** Where the server says why it stops. */
  errors: Output;
  /** Ends the process: the server's life is the process's. */
  exit: (code: number) => void;
}

/** The editor's settings, from `initializationOptions` or `workspace/didChangeConfiguration` (`{logfilter: {...}}`). */
interface Settings {
  dataset?: string;
}

export function startLanguageServer(options: LanguageServerOptions): void {
  const documents = new OpenDocuments();
  let settings: Settings = {};
  const datasetOf = (document: TextDocument) => chooseDataset(document.getText(), options.catalog, settings.dataset, options.defaultDataset);
  /** Documents whose diagnostics are out of date, published one per quiet turn. */
  const stale = new Set<string>();
  const quiet = new WhenQuiet(() => {
    const [uri] = stale;
    if (uri === undefined) return;
    stale.delete(uri);
    if (stale.size > 0) quiet.request();
    const document = documents.get(uri);
    if (!document) return;
    try {
      const diagnostics = isTooLarge(document) ? tooLargeDiagnostics(document) : documentDiagnostics(document, datasetOf(document));
      connection.sendDiagnostics({ uri, version: document.version, diagnostics });
    } catch (error) {
      // Outside any handler, an exception would end the server: it is logged instead.
      connection.console.error(`logfilter lsp: checking ${uri} failed: ${(error as Error).message}`);
    }
  });
  const recheck = (uri: string) => {
    stale.add(uri);
    quiet.request();
  };
  const connection = openConnection(options, quiet);

  connection.onInitialize((params): InitializeResult => {
    settings = readSettings(params.initializationOptions);
    return { capabilities: CAPABILITIES, serverInfo: { name: 'logfilter', version: version() } };
  });
  connection.onDidChangeConfiguration((change) => {
    settings = readSettings((change.settings as { logfilter?: unknown } | undefined)?.logfilter);
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

function openConnection({ input, output, errors, exit }: LanguageServerOptions, quiet: WhenQuiet): Connection {
  const writer = new FlushingWriter(output);
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
  const reader = new FramedMessageReader(input, { send, lost: (reason) => stopOnLostFraming(errors, exit, reason), admit });
  const connection = createConnection(reader, writer, {
    messageStrategy: {
      handleMessage(message, next) {
        quiet.stir();
        // The answers already given leave before the process ends.
        if (Message.isNotification(message) && message.method === 'exit') return writer.flushed().then(() => next(message));
        return next(message);
      },
    },
  });
  // With a reader of its own the connection does not watch the input: a client that goes away
  // ends the server, with 0 when it had asked for a shutdown first, as the protocol says.
  let shutdownRequested = false;
  connection.onShutdown(() => {
    shutdownRequested = true;
  });
  for (const event of ['end', 'close']) input.on(event, () => exit(shutdownRequested ? 0 : 1));
  return connection;
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
 * The requests about one document. A document the client never opened, or one too long to
 * analyse, gets an empty answer.
 */
function answerRequests(connection: Connection, documents: OpenDocuments, datasetOf: (document: TextDocument) => Dataset | undefined): void {
  const withDocument =
    <P extends { textDocument: { uri: string } }, R>(empty: R, answer: (document: TextDocument, params: P) => R) =>
    (params: P): R => {
      const document = documents.get(params.textDocument.uri);
      return document && !isTooLarge(document) ? answer(document, params) : empty;
    };
  connection.onCompletion(withDocument([], (document, params) => completions(document, document.offsetAt(params.position), datasetOf(document))));
  connection.onHover(withDocument(null, (document, params) => hoverAt(document, document.offsetAt(params.position), datasetOf(document))));
  connection.onDocumentFormatting(withDocument([], (document) => formatting(document)));
  connection.onDocumentRangeFormatting(withDocument([], (document, params) => formatting(document, params.range)));
  connection.onCodeAction(withDocument([], (document, params) => codeActions(document, params.context.diagnostics)));
  connection.languages.semanticTokens.on(withDocument({ data: [] }, (document) => ({ data: semanticTokens(document) })));
}

/**
 * A header that cannot be trusted loses the boundaries of every message after it; reading on
 * could take part of one message for the next and silently drop an edit, leaving the server's
 * copy of a document different from the editor's. So the server stops, saying why, and the
 * editor's client starts a new one (VS Code does), which gets every open document afresh.
 */
function stopOnLostFraming(errors: Output, exit: (code: number) => void, reason: string): void {
  errors.write(`logfilter lsp: ${reason}; the server cannot tell where the next message starts, so it stops\n`);
  exit(1);
}

function readSettings(value: unknown): Settings {
  if (typeof value !== 'object' || value === null) return {};
  const dataset = (value as { dataset?: unknown }).dataset;
  return typeof dataset === 'string' && dataset !== '' ? { dataset } : {};
}
