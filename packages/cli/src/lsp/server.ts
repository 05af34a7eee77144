/**
 * `logfilter lsp`: a Language Server Protocol server over standard input and output for `.lf`
 * files. Documents sync incrementally and are re-checked on every change (a filter is at most a
 * few kilobytes, so checking costs well under a frame and needs no debounce).
 */
import type { Catalog, Dataset } from '@logfilter/core';
import { TextDocument } from 'vscode-languageserver-textdocument';
import {
  type Connection,
  createConnection,
  type InitializeResult,
  type ServerCapabilities,
  StreamMessageReader,
  StreamMessageWriter,
  TextDocuments,
  TextDocumentSyncKind,
} from 'vscode-languageserver/node';
import { chooseDataset } from './dataset.js';
import { codeActions, completions, documentDiagnostics, formatting, hoverAt, semanticTokens, TOKEN_TYPES } from './features.js';

export interface LanguageServerOptions {
  catalog: Catalog;
  /** The dataset of a file that names none, when the editor's setting names none either. */
  defaultDataset: Dataset;
  input: NodeJS.ReadableStream;
  output: NodeJS.WritableStream;
}

/** The editor's settings, from `initializationOptions` or `workspace/didChangeConfiguration` (`{logfilter: {...}}`). */
interface Settings {
  dataset?: string;
}

export function startLanguageServer(options: LanguageServerOptions): void {
  const connection = openConnection(options.input, options.output);
  const documents = new TextDocuments(TextDocument);
  let settings: Settings = {};
  const datasetOf = (document: TextDocument) => chooseDataset(document.getText(), options.catalog, settings.dataset, options.defaultDataset);
  const publish = (document: TextDocument) => {
    connection.sendDiagnostics({ uri: document.uri, version: document.version, diagnostics: documentDiagnostics(document, datasetOf(document)) });
  };

  connection.onInitialize((params): InitializeResult => {
    settings = readSettings(params.initializationOptions);
    return { capabilities: CAPABILITIES, serverInfo: { name: 'logfilter', version: '0.1.0' } };
  });
  connection.onDidChangeConfiguration((change) => {
    settings = readSettings((change.settings as { logfilter?: unknown } | undefined)?.logfilter);
    for (const document of documents.all()) publish(document);
  });
  documents.onDidChangeContent((change) => publish(change.document));
  documents.onDidClose((change) => connection.sendDiagnostics({ uri: change.document.uri, diagnostics: [] }));
  answerRequests(connection, documents, (document) => datasetOf(document).dataset);

  documents.listen(connection);
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

function openConnection(input: NodeJS.ReadableStream, output: NodeJS.WritableStream): Connection {
  const reader = new StreamMessageReader(input);
  reader.onError(stopOnLostFraming);
  const connection = createConnection(reader, new StreamMessageWriter(output));
  // With a reader of its own the connection does not watch the input: a client that goes away
  // ends the server, with 0 when it had asked for a shutdown first, as the protocol says.
  let shutdownRequested = false;
  connection.onShutdown(() => {
    shutdownRequested = true;
  });
  for (const event of ['end', 'close']) input.on(event, () => process.exit(shutdownRequested ? 0 : 1));
  return connection;
}

/** The requests about one document; a document the client never opened gets an empty answer. */
function answerRequests(connection: Connection, documents: TextDocuments<TextDocument>, datasetOf: (document: TextDocument) => Dataset | undefined): void {
  const withDocument =
    <P extends { textDocument: { uri: string } }, R>(empty: R, answer: (document: TextDocument, params: P) => R) =>
    (params: P): R => {
      const document = documents.get(params.textDocument.uri);
      return document ? answer(document, params) : empty;
    };
  connection.onCompletion(withDocument([], (document, params) => completions(document, document.offsetAt(params.position), datasetOf(document))));
  connection.onHover(withDocument(null, (document, params) => hoverAt(document, document.offsetAt(params.position), datasetOf(document))));
  connection.onDocumentFormatting(withDocument([], (document) => formatting(document)));
  connection.onDocumentRangeFormatting(withDocument([], (document, params) => formatting(document, params.range)));
  connection.onCodeAction(withDocument([], (document, params) => codeActions(document, params.context.diagnostics)));
  connection.languages.semanticTokens.on(withDocument({ data: [] }, (document) => ({ data: semanticTokens(document) })));
}

/**
 * A body that is not JSON is skipped and the next message read as usual; a header without a
 * usable Content-Length loses the framing of everything after it, so the server stops, saying why,
 * rather than reading garbage forever.
 */
function stopOnLostFraming(error: Error): void {
  if (!/header|content-length/i.test(error.message)) return;
  process.stderr.write(`logfilter lsp: ${error.message.split('\n')[0].replace(/\.$/, '')}; the messages after it cannot be told apart, so the server stops\n`);
  process.exit(1);
}

function readSettings(value: unknown): Settings {
  if (typeof value !== 'object' || value === null) return {};
  const dataset = (value as { dataset?: unknown }).dataset;
  return typeof dataset === 'string' && dataset !== '' ? { dataset } : {};
}
