/** The language server over in-memory streams, driven by a real JSON-RPC client (vscode-jsonrpc). */
import { readFileSync } from 'node:fs';
import { DOCS_BASE_URL, diagnosticPage } from '@logfilter/core';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { applyEdits, initialize, type LspDiagnostic, type LspTextEdit, openDocument, type Session, shutdown, startSession } from './support.js';

const URI = 'file:///work/filters/dns.lf';
const DNS_FILTER = '# dataset: dns_logs\nQueryNam eq example.com AND ResponseCode lte 3\n';

let session: Session | undefined;
afterEach(() => {
  session?.close();
  session = undefined;
});

async function started(initializationOptions?: unknown): Promise<Session> {
  session = startSession();
  await initialize(session, initializationOptions);
  return session;
}

function codes(diagnostics: LspDiagnostic[]): string[] {
  return diagnostics.map((diagnostic) => diagnostic.code);
}

describe('the language server', () => {
  it('initializes with the features it serves and its package version, and shuts down and exits cleanly', async () => {
    session = startSession();
    const { capabilities, serverInfo } = await initialize(session);
    const { version } = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'package.json'), 'utf8'));
    expect(serverInfo).toEqual({ name: 'logfilter', version });
    expect(capabilities).toMatchObject({
      textDocumentSync: { change: 2 },
      hoverProvider: true,
      documentFormattingProvider: true,
      documentRangeFormattingProvider: true,
      codeActionProvider: { codeActionKinds: ['quickfix'] },
      semanticTokensProvider: { full: true },
    });
    expect(await shutdown(session)).toEqual({ code: 0, cause: 'exit' });
  });

  it('gives the version its starter passes, and takes the default dataset by name', async () => {
    session = startSession({ version: '9.9.9-test', defaultDataset: 'dns_logs' });
    expect((await initialize(session)).serverInfo).toEqual({ name: 'logfilter', version: '9.9.9-test' });
    expect(codes(await openDocument(session, 'file:///q.lf', 'QueryName eq example.com'))).toEqual([]);
  });

  it('refuses to start with a default dataset the catalog does not have, saying which', () => {
    expect(() => startSession({ defaultDataset: 'dns_log' })).toThrow("unknown dataset 'dns_log'; did you mean 'dns_logs'?");
  });

  it('publishes diagnostics against the dataset of the first-line comment, with codes and hints', async () => {
    const lsp = await started();
    const diagnostics = await openDocument(lsp, URI, DNS_FILTER);
    expect(codes(diagnostics)).toEqual(['unknown-field', 'deprecated-operator']);
    const [field, operator] = diagnostics;
    expect(field).toMatchObject({ severity: 1, source: 'logfilter', range: { start: { line: 1, character: 0 }, end: { line: 1, character: 8 } } });
    expect(field.message).toContain("unknown field 'QueryNam' in dataset dns_logs");
    // The hint once, in the message: as related information as well, VS Code's Problems panel shows it twice.
    expect(field.message).toBe("unknown field 'QueryNam' in dataset dns_logs\nhint: did you mean 'QueryName'?");
    expect(field).not.toHaveProperty('relatedInformation');
    expect(operator).toMatchObject({ severity: 2, range: { start: { line: 1, character: 41 }, end: { line: 1, character: 44 } } });
  });

  it('links every diagnostic to its page: under DOCS_BASE_URL, the base the starter gives, or the editor setting', async () => {
    const lsp = await started();
    const [field, operator] = await openDocument(lsp, URI, DNS_FILTER);
    expect(field.codeDescription).toEqual({ href: `${DOCS_BASE_URL}/diagnostics/unknown-field` });
    expect(operator.codeDescription).toEqual({ href: diagnosticPage('deprecated-operator') });
    // A setting changed while running re-links the open documents.
    const published = lsp.nextDiagnostics(URI);
    await lsp.connection.sendNotification('workspace/didChangeConfiguration', { settings: { logfilter: { docsBaseUrl: 'file:///opt/logfilter-docs' } } });
    expect((await published).map((diagnostic) => diagnostic.codeDescription?.href)).toEqual([
      'file:///opt/logfilter-docs/diagnostics/unknown-field',
      'file:///opt/logfilter-docs/diagnostics/deprecated-operator',
    ]);
    // One that is no absolute address is logged and leaves the links as the starter's default.
    session?.close();
    session = startSession({ docsBaseUrl: 'https://docs.example/logfilter' });
    await initialize(session, { docsBaseUrl: 'docs/here' });
    const logged = await session.receivedMatching((message) => message.method === 'window/logMessage');
    expect(logged.params).toEqual({
      type: 2,
      message:
        'the docsBaseUrl setting "docs/here" is not an absolute address (such as https://logfilter.dev/docs); diagnostics link under https://docs.example/logfilter',
    });
    const [tooLarge] = await openDocument(session, URI, `BotScore lt 30${' '.repeat(300_000)}`);
    expect(tooLarge.codeDescription).toEqual({ href: 'https://docs.example/logfilter/diagnostics/document-too-large' });
  });

  it('re-checks after an incremental change', async () => {
    const lsp = await started();
    await openDocument(lsp, URI, DNS_FILTER);
    const published = lsp.nextDiagnostics(URI);
    const rename = { range: { start: { line: 1, character: 8 }, end: { line: 1, character: 8 } }, text: 'e' };
    const operator = { range: { start: { line: 1, character: 42 }, end: { line: 1, character: 45 } }, text: 'leq' };
    await lsp.connection.sendNotification('textDocument/didChange', { textDocument: { uri: URI, version: 2 }, contentChanges: [rename, operator] });
    expect(await published).toEqual([]);
  });

  it('takes the dataset from the editor setting when the file names none', async () => {
    const lsp = await started({ dataset: 'dns_logs' });
    expect(codes(await openDocument(lsp, 'file:///a.lf', 'QueryName eq example.com'))).toEqual([]);
    expect(codes(await openDocument(lsp, 'file:///b.lf', 'ClientCountry eq us'))).toEqual(['unknown-field']);
    const unknown = await openDocument(lsp, 'file:///c.lf', '# dataset: dns_log\nQueryName eq x');
    expect(unknown[0]).toMatchObject({ code: 'unknown-dataset', range: { start: { line: 0, character: 11 }, end: { line: 0, character: 18 } } });
  });

  it('completes the operators a field takes, and fields with their type and description', async () => {
    const lsp = await started();
    await openDocument(lsp, URI, '# dataset: dns_logs\nResponseCode ');
    const operators = await lsp.connection.sendRequest<{ label: string; kind: number }[]>('textDocument/completion', {
      textDocument: { uri: URI },
      position: { line: 1, character: 13 },
    });
    expect(operators.map((item) => item.label)).toEqual(['eq', '!eq', 'lt', 'leq', 'gt', 'geq', 'in', '!in']);
    expect(operators.every((item) => item.kind === 24)).toBe(true);
    const uri = 'file:///fields.lf';
    await openDocument(lsp, uri, '# dataset: dns_logs\nQuery');
    const fields = await lsp.connection.sendRequest<{ label: string; detail: string; documentation: { value: string }; textEdit: LspTextEdit }[]>(
      'textDocument/completion',
      { textDocument: { uri }, position: { line: 1, character: 5 } },
    );
    const queryName = fields.find((item) => item.label === 'QueryName');
    expect(queryName).toMatchObject({ detail: 'string', documentation: { value: 'Query name' } });
    expect(queryName?.textEdit.range).toEqual({ start: { line: 1, character: 0 }, end: { line: 1, character: 5 } });
  });

  it('hovers a field with its type and description', async () => {
    const lsp = await started();
    await openDocument(lsp, URI, '# dataset: dns_logs\nQueryName eq example.com');
    const hover = await lsp.connection.sendRequest<{ contents: { value: string }; range: unknown }>('textDocument/hover', {
      textDocument: { uri: URI },
      position: { line: 1, character: 3 },
    });
    expect(hover.contents.value).toBe('**QueryName: string**\n\nQuery name');
    expect(hover.range).toEqual({ start: { line: 1, character: 0 }, end: { line: 1, character: 9 } });
  });

  it('formats the document to the canonical text, and a range within it', async () => {
    const lsp = await started();
    const text = 'clientcountry IN (us,ca)  and botscore<30\n';
    await openDocument(lsp, URI, text);
    const edits = await lsp.connection.sendRequest<LspTextEdit[]>('textDocument/formatting', {
      textDocument: { uri: URI },
      options: { tabSize: 2, insertSpaces: true },
    });
    expect(applyEdits(text, edits)).toBe('clientcountry in (us, ca) AND botscore lt 30\n');
    const ranged = await lsp.connection.sendRequest<LspTextEdit[]>('textDocument/rangeFormatting', {
      textDocument: { uri: URI },
      range: { start: { line: 0, character: 14 }, end: { line: 0, character: 16 } },
      options: { tabSize: 2, insertSpaces: true },
    });
    expect(applyEdits(text, ranged)).toBe('clientcountry in (us, ca) AND botscore lt 30\n');
    // Nothing in `clientcountry` changes, so a range over it gets no edit.
    const untouched = await lsp.connection.sendRequest<LspTextEdit[]>('textDocument/rangeFormatting', {
      textDocument: { uri: URI },
      range: { start: { line: 0, character: 0 }, end: { line: 0, character: 5 } },
      options: { tabSize: 2, insertSpaces: true },
    });
    expect(untouched).toEqual([]);
  });

  it('gives semantic tokens by role', async () => {
    const lsp = await started();
    await openDocument(lsp, URI, '# dataset: dns_logs\nQueryName eq x AND ResponseCode in (1, 2)');
    const tokens = await lsp.connection.sendRequest<{ data: number[] }>('textDocument/semanticTokens/full', { textDocument: { uri: URI } });
    const types: number[] = [];
    for (let index = 3; index < tokens.data.length; index += 5) types.push(tokens.data[index]);
    // comment, field, operator, string, keyword, field, operator, number, number (legend: property operator string number keyword comment)
    expect(types).toEqual([5, 0, 1, 2, 4, 0, 1, 3, 3]);
  });

  it('survives a malformed message and answers the next request', async () => {
    const lsp = await started();
    lsp.write('Content-Length: 9\r\n\r\n{"bad": }');
    await openDocument(lsp, URI, 'ClientCountry eq us');
    const hover = await lsp.connection.sendRequest<{ contents: { value: string } }>('textDocument/hover', {
      textDocument: { uri: URI },
      position: { line: 0, character: 1 },
    });
    expect(hover.contents.value).toContain('ClientCountry: string');
    expect((await shutdown(lsp)).code).toBe(0);
  });

  it('stops with a clear message when a header loses the framing', async () => {
    const lsp = await started();
    lsp.write('Content-Type: text/plain\r\n\r\n{}');
    expect(await lsp.stopped).toEqual({
      code: 1,
      cause: 'framing-lost',
      message: 'a message header has no Content-Length: "Content-Type: text/plain"; the server cannot tell where the next message starts, so it stops',
    });
  });

  it('re-checks open documents when the workspace setting changes the dataset', async () => {
    const lsp = await started();
    expect(codes(await openDocument(lsp, 'file:///q.lf', 'QueryName eq example.com'))).toEqual(['unknown-field']);
    const published = lsp.nextDiagnostics('file:///q.lf');
    await lsp.connection.sendNotification('workspace/didChangeConfiguration', { settings: { logfilter: { dataset: 'dns_logs' } } });
    expect(await published).toEqual([]);
  });

  it('stops when the client vanishes: 1 without a shutdown, 0 after one', async () => {
    const lsp = await started();
    await openDocument(lsp, URI, 'ClientCountry eq us');
    lsp.endInput();
    expect(await lsp.stopped).toEqual({ code: 1, cause: 'input-closed' });
    const polite = await started();
    await polite.connection.sendRequest('shutdown');
    polite.endInput();
    expect(await polite.stopped).toEqual({ code: 0, cause: 'input-closed' });
  });
});
