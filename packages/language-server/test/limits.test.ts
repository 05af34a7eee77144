/**
 * What the server keeps of open documents is bounded: a document longer than the limit of one, or
 * one that would take all open documents past the limit of all, is not kept, gets one diagnostic
 * saying why and how to have it checked, and empty answers; it is kept and checked again once the
 * editor sends its whole text within the limits, or opens it again. (Small limits, to test the
 * rules; test/lsp/documents.test.ts opens ten documents of 30 MB against the default ones.)
 */
import { MAX_DOCUMENT_LENGTH, MAX_KEPT_DOCUMENT_LENGTH, MAX_KEPT_TOTAL_LENGTH } from '@logfilter/language-server';
import { describe, expect, it } from 'vitest';
import { type LspDiagnostic, openDocument, type Session, serverPerTest } from './support.js';

const LIMITS = { analysed: 100, kept: 1000, keptTotal: 2500 };
const started = serverPerTest();

/** A filter of `length` characters: `BotScore lt 30` and ` OR BotScore lt 30` until it is long enough, then spaces. */
function filterOf(length: number): string {
  let text = 'BotScore lt 30';
  while (text.length + 18 <= length) text += ' OR BotScore lt 30';
  return text.padEnd(length, ' ');
}

function hover(lsp: Session, uri: string) {
  return lsp.connection.sendRequest<{ contents: { value: string } } | null>('textDocument/hover', {
    textDocument: { uri },
    position: { line: 0, character: 1 },
  });
}

async function change(lsp: Session, uri: string, version: number, contentChanges: unknown[]): Promise<LspDiagnostic[]> {
  const published = lsp.nextDiagnostics(uri);
  await lsp.connection.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges });
  return published;
}

describe('the limits on what the server keeps', () => {
  it('are stated: 262,144 characters analysed, 1,048,576 kept of one document, 16,777,216 of all', () => {
    expect([MAX_DOCUMENT_LENGTH, MAX_KEPT_DOCUMENT_LENGTH, MAX_KEPT_TOTAL_LENGTH]).toEqual([262_144, 1_048_576, 16_777_216]);
  });

  it('keep no document over the limit of one, saying why, until its whole text comes back within it', async () => {
    const lsp = await started({ limits: LIMITS });
    const uri = 'file:///long.lf';
    const [diagnostic, ...others] = await openDocument(lsp, uri, filterOf(1500));
    expect(others).toEqual([]);
    expect(diagnostic).toMatchObject({
      code: 'document-too-large',
      severity: 1,
      range: { start: { line: 0, character: 0 }, end: { line: 0, character: 200 } },
    });
    expect(diagnostic.message).toBe(
      'the document is 1500 characters long, over the 1000 the language server keeps of one document; its text is not kept, so it is not checked\n' +
        'hint: it is checked again once the editor sends its whole text within the limit (reopen it when it is shorter); ' +
        'a .lf file holds one filter, and a filter the service takes is at most 1000 bytes of JSON',
    );
    expect(await hover(lsp, uri)).toBeNull();
    // An edit of a part cannot be applied to a text the server does not have: the diagnostic stays.
    const edit = { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 3 } }, text: 'Bot' };
    expect((await change(lsp, uri, 2, [edit])).map((d) => d.code)).toEqual(['document-too-large']);
    // The whole text within the limits, and an edit after it in the same change: kept and checked.
    expect(await change(lsp, uri, 3, [{ text: 'XotScore lt 30' }, edit])).toEqual([]);
    expect((await hover(lsp, uri))?.contents.value).toContain('BotScore: int');
  });

  it('keep a document between the limit analysed and the limit kept, unchecked, and check it once edits bring it under', async () => {
    const lsp = await started({ limits: LIMITS });
    const uri = 'file:///medium.lf';
    const [diagnostic] = await openDocument(lsp, uri, filterOf(500));
    expect(diagnostic.message).toContain('the document is 500 characters long; the language server checks documents of up to 100, so this one is not checked');
    const cut = { range: { start: { line: 0, character: 14 }, end: { line: 0, character: 500 } }, text: '' };
    expect(await change(lsp, uri, 2, [cut])).toEqual([]);
    // And edits that take a kept document past the limit of one stop its keeping.
    const grow = { range: { start: { line: 0, character: 14 }, end: { line: 0, character: 14 } }, text: filterOf(1200).slice(14) };
    expect((await change(lsp, uri, 3, [grow]))[0].message).toContain('the document is 1200 characters long, over the 1000');
  });

  it('keep no document that would take all open ones past the limit of all, until others close and it is opened again', async () => {
    const lsp = await started({ limits: LIMITS });
    for (const name of ['a', 'b']) expect((await openDocument(lsp, `file:///${name}.lf`, filterOf(900)))[0].code).toBe('document-too-large');
    const [refused] = await openDocument(lsp, 'file:///c.lf', filterOf(900));
    expect(refused.message).toBe(
      'the document is 900 characters long, and with the 1800 the other open documents hold it would pass the 2500 the language server keeps of all open documents together; its text is not kept, so it is not checked\n' +
        'hint: close other documents and reopen this one to have it checked; a .lf file holds one filter, and a filter the service takes is at most 1000 bytes of JSON',
    );
    await lsp.connection.sendNotification('textDocument/didClose', { textDocument: { uri: 'file:///a.lf' } });
    const [kept] = await openDocument(lsp, 'file:///c.lf', filterOf(900));
    expect(kept.message).toContain('the language server checks documents of up to 100');
    // A small document is always kept while there is room.
    expect(await openDocument(lsp, 'file:///d.lf', 'BotScore lt 30')).toEqual([]);
  });
});
