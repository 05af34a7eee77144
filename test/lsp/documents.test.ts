/**
 * The built `logfilter lsp`, a process whose memory can be measured: a document far past any
 * filter gets one diagnostic instead of an analysis, a burst of edits to it keeps no old versions,
 * and documents past the size the server keeps are not kept at all. (The rest of the server's handling of documents: packages/language-server/test.)
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { frame, type LspSession, openDocument, type ServerMessage, serverPerTest } from '../support/lsp.js';

const URI = 'file:///work/filters/big.lf';

const started = serverPerTest();

function hoverText(lsp: LspSession, uri: string, line: number, character: number): Promise<string | undefined> {
  return lsp.connection
    .sendRequest<{ contents: { value: string } } | null>('textDocument/hover', { textDocument: { uri }, position: { line, character } })
    .then((hover) => hover?.contents.value);
}

const publications = (lsp: LspSession, uri: string) =>
  lsp.received.filter((message) => message.method === 'textDocument/publishDiagnostics' && message.params?.uri === uri);

/**
 * 1000 didChange notifications and a hover, written at once: a character typed at the start of
 * the first line and deleted again, 999 times, then `XClientCountry` (the first word) replaced
 * with `BotScore`. Resolves with the hover's answer.
 */
function burst(lsp: LspSession, uri: string): Promise<ServerMessage> {
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
  lsp.child.stdin.write(frames.join(''));
  return lsp.receivedMatching((message) => message.id === 'hover');
}

/** The versions of the diagnostics published for `uri` after the first `skip`, once version 1001's have come. */
async function versionsAfterBurst(lsp: LspSession, uri: string, skip: number): Promise<number[]> {
  await lsp.receivedMatching((message) => message.method === 'textDocument/publishDiagnostics' && message.params?.version === 1001);
  return publications(lsp, uri)
    .slice(skip)
    .map((message) => message.params?.version ?? -1);
}

/** The child's peak resident memory in bytes (Linux). */
function peakMemory(lsp: LspSession): number {
  const peak = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${lsp.child.pid}/status`, 'utf8'));
  return Number(peak?.[1]) * 1024;
}

describe('logfilter lsp, document by document', () => {
  it('gives a document of a megabyte one diagnostic, keeps up with a burst of edits to it, and holds no old versions', async () => {
    const lsp = await started();
    // 1,008,000 characters: kept (up to 1,048,576), not analysed (over 262,144).
    const text = 'ClientCountry eq us AND BotScore lt 30 OR\n'.repeat(24_000);
    const [tooLarge] = await openDocument(lsp, URI, text);
    expect(tooLarge).toMatchObject({ code: 'document-too-large', severity: 1, range: { start: { line: 0, character: 0 } } });
    expect(tooLarge.message).toContain(
      `the document is ${text.length} characters long; the language server checks documents of up to 262144, so this one is not checked`,
    );
    const hover = await burst(lsp, URI);
    expect(hover).toMatchObject({ id: 'hover', result: null });
    const versions = await versionsAfterBurst(lsp, URI, 1);
    expect(versions.length).toBeLessThan(10);
    expect(versions.at(-1)).toBe(1001);
    // Each version is a 1 MB string: keeping the thousand would take a gigabyte or two.
    expect(peakMemory(lsp)).toBeLessThan(400 * 1024 * 1024);
    // Cut down to a filter, the document is checked again.
    await lsp.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri: URI, version: 1002 },
      contentChanges: [{ text: 'BotScore lt 30' }],
    });
    const checked = await lsp.receivedMatching((message) => message.method === 'textDocument/publishDiagnostics' && message.params?.version === 1002);
    expect(checked.params?.diagnostics).toEqual([]);
    expect(await hoverText(lsp, URI, 0, 1)).toContain('BotScore: int');
  });

  it('keeps none of ten documents of 30 MB, saying why on each, and checks the next small one', async () => {
    const lsp = await started();
    const text = 'ClientCountry eq us AND BotScore lt 30 OR\n'.repeat(720_000);
    const opened = [];
    for (let index = 0; index < 10; index++) opened.push(openDocument(lsp, `file:///work/big-${index}.lf`, text));
    for (const diagnostics of await Promise.all(opened)) {
      expect(diagnostics).toHaveLength(1);
      expect(diagnostics[0]).toMatchObject({
        code: 'document-too-large',
        severity: 1,
        range: { start: { line: 0, character: 0 }, end: { line: 0, character: 41 } },
      });
      expect(diagnostics[0].message).toContain(
        `the document is ${text.length} characters long, over the 1048576 the language server keeps of one document; its text is not kept, so it is not checked`,
      );
    }
    expect(await hoverText(lsp, 'file:///work/big-0.lf', 0, 1)).toBeUndefined();
    expect(await openDocument(lsp, URI, 'BotScore lt 30')).toEqual([]);
    // Kept whole, the ten would take 10 x 30 MB at the least (420 MiB, as measured before the limit);
    // what is left is the garbage of reading them, which the collector takes in its own time.
    expect(peakMemory(lsp)).toBeLessThan(480 * 1024 * 1024);
  });
});
