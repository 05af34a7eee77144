/**
 * The server keeps each document at its latest version only: a bad didOpen or a stale didChange
 * leaves the document as it was, a burst of edits is analysed once (diagnostics for its last
 * version, not one publication per edit), and a request in the burst sees the latest text. (The
 * memory a burst to a document of megabytes takes is measured on a process: test/lsp/documents.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { burst, hoverText, openDocument, publications, serverPerTest, versionsAfterBurst } from './support.js';

const URI = 'file:///work/filters/big.lf';

const started = serverPerTest();

describe('the language server, document by document', () => {
  it('logs a didOpen without text, keeps the document it had, and answers on it', async () => {
    const lsp = await started();
    await openDocument(lsp, URI, 'ClientCountry eq us');
    await lsp.connection.sendNotification('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'logfilter', version: 2 } });
    const logged = await lsp.receivedMatching((message) => message.method === 'window/logMessage');
    expect(logged.params).toEqual({
      type: 1,
      message: 'textDocument/didOpen: params.textDocument.text must be a string (it is missing); the notification was ignored',
    });
    expect(await hoverText(lsp, URI, 0, 1)).toContain('ClientCountry: string');
    const published = lsp.nextDiagnostics(URI);
    await lsp.connection.sendNotification('textDocument/didChange', { textDocument: { uri: URI, version: 2 }, contentChanges: [{ text: 'BotScore lt 30' }] });
    expect(await published).toEqual([]);
    expect(await hoverText(lsp, URI, 0, 1)).toContain('BotScore: int');
  });

  it('drops a didChange older than the document, saying so', async () => {
    const lsp = await started();
    await openDocument(lsp, URI, 'ClientCountry eq us');
    const published = lsp.nextDiagnostics(URI);
    await lsp.connection.sendNotification('textDocument/didChange', { textDocument: { uri: URI, version: 3 }, contentChanges: [{ text: 'BotScore lt 30' }] });
    await lsp.connection.sendNotification('textDocument/didChange', { textDocument: { uri: URI, version: 2 }, contentChanges: [{ text: 'Nope eq 1' }] });
    const logged = await lsp.receivedMatching((message) => message.method === 'window/logMessage');
    expect(logged.params).toEqual({
      type: 2,
      message: `textDocument/didChange: version 2 of ${URI} is not newer than the server's version 3; the stale change was dropped`,
    });
    expect(await published).toEqual([]);
    expect(await hoverText(lsp, URI, 0, 1)).toContain('BotScore: int');
  });

  it('analyses a burst of 1000 edits once, after the last, and answers a hover in it on the latest text', async () => {
    const lsp = await started();
    // About 200 KB: long enough that checking each version would take minutes, short enough to be checked.
    const text = `${'ClientCountry eq us AND BotScore lt 30 OR\n'.repeat(4800)}ClientCountry eq us\n`;
    await openDocument(lsp, URI, text);
    const hover = await burst(lsp, URI);
    expect(JSON.stringify(hover.result)).toContain('BotScore: int');
    const versions = await versionsAfterBurst(lsp, URI, 1);
    // The edits are read in a few chunks of the pipe; at most one analysis runs between two.
    expect(versions.length).toBeLessThan(10);
    expect(versions.at(-1)).toBe(1001);
    expect([...versions].sort((a, b) => a - b)).toEqual(versions);
    const [last] = publications(lsp, URI).slice(-1);
    expect(last.params?.diagnostics).toMatchObject([{ code: 'invalid-value', range: { start: { line: 0, character: 12 } } }]);
  });
});
