/**
 * The built `logfilter lsp`, a process whose memory can be measured: a document far past any
 * filter gets one diagnostic instead of an analysis, a burst of edits to it keeps no old versions,
 * and documents past the size the server keeps are not kept at all. (The rest of the server's handling of documents: packages/language-server/test.)
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { burst, hoverText, type LspSession, openDocument, serverPerTest, versionsAfterBurst } from '../support/lsp.js';

const URI = 'file:///work/filters/big.lf';

const started = serverPerTest();

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
