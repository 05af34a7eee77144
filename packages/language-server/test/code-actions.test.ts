/**
 * The language server's quick fixes: each is the fix core puts on the
 * diagnostic (sent in the diagnostic's `data` and back in the code action request), so its edit is
 * exactly core's, whatever the hint says, and applying it clears the diagnostic.
 */
import { diagnostics as coreDiagnostics } from '@logfilter/core';
import { describe, expect, it } from 'vitest';
import { applyEdits, type LspDiagnostic, type Session, type LspTextEdit, openDocument, serverPerTest } from './support.js';

const URI = 'file:///work/filters/fix.lf';

interface Action {
  title: string;
  kind: string;
  isPreferred?: boolean;
  diagnostics: LspDiagnostic[];
  edit: { changes: Record<string, LspTextEdit[]> };
}

const started = serverPerTest();

function codes(diagnostics: LspDiagnostic[]): string[] {
  return diagnostics.map((diagnostic) => diagnostic.code);
}

function actionsFor(lsp: Session, diagnostics: LspDiagnostic[]): Promise<Action[]> {
  const everything = { start: { line: 0, character: 0 }, end: { line: 99, character: 0 } };
  return lsp.connection.sendRequest<Action[]>('textDocument/codeAction', { textDocument: { uri: URI }, range: everything, context: { diagnostics } });
}

/** The next diagnostics after the document's text becomes `text`. */
async function changeTo(lsp: Session, text: string, version: number): Promise<LspDiagnostic[]> {
  const published = lsp.nextDiagnostics(URI);
  await lsp.connection.sendNotification('textDocument/didChange', { textDocument: { uri: URI, version }, contentChanges: [{ text }] });
  return published;
}

/** Core's fixes of the one diagnostic of `code` for `text`, with the protocol's 0-based positions. */
function coreFixes(text: string, code: string, dataset: string): { title: string; edits: LspTextEdit[] }[] {
  const diagnostic = coreDiagnostics(text, { dataset }).find((d) => d.code === code);
  const at = (position: { line: number; column: number }) => ({ line: position.line - 1, character: position.column - 1 });
  return (diagnostic?.fixes ?? []).map((fix) => ({
    title: fix.title,
    edits: fix.edits.map((edit) => ({ range: { start: at(edit.range.start), end: at(edit.range.end) }, newText: edit.newText })),
  }));
}

describe('quick fixes of the language server', () => {
  it('offers a quick fix for each fixable diagnostic, whose edits make the filter clean', async () => {
    const lsp = await started();
    const text = '# dataset: dns_logs\nQueryNam eq example.com AND ResponseCode lte 3 AND ResponseCached eq "true"\n';
    const diagnostics = await openDocument(lsp, URI, text);
    expect(codes(diagnostics)).toEqual(['unknown-field', 'deprecated-operator', 'quoted-boolean']);
    const actions = await actionsFor(lsp, diagnostics);
    expect(actions.map((action) => action.title)).toEqual(["Change to 'QueryName'", "Write 'leq'", 'Write true']);
    expect(actions.every((action) => action.kind === 'quickfix' && action.isPreferred === true)).toBe(true);
    const fixed = applyEdits(
      text,
      actions.flatMap((action) => action.edit.changes[URI]),
    );
    expect(fixed).toBe('# dataset: dns_logs\nQueryName eq example.com AND ResponseCode leq 3 AND ResponseCached eq true\n');
    expect(await changeTo(lsp, fixed, 2)).toEqual([]);
  });

  it.each([
    ['unknown-field', 'ClientCountri eq us', 'ClientCountry eq us'],
    ['value-case', 'ClientCountry in (US, ca)', 'ClientCountry in (us, ca)'],
    ['value-case', 'ClientCountry eq "US"', 'ClientCountry eq "us"'],
    ['unexpected-token', 'ClientRequestPath eq /a(b) AND BotScore lt 30', 'ClientRequestPath eq "/a(b)" AND BotScore lt 30'],
    ['quoted-number', 'BotScore lt "30"', 'BotScore lt 30'],
    ['unknown-operator', 'ClientCountry eqq us', 'ClientCountry eq us'],
    ['unterminated-string', 'ClientCountry eq "us', 'ClientCountry eq "us"'],
    ['expected-list', 'EdgeResponseStatus in 200', 'EdgeResponseStatus in (200)'],
    ['unknown-dataset', '# dataset: dns_log\nQueryName eq x', '# dataset: dns_logs\nQueryName eq x'],
  ])('fixes %s (%s) with its quick fix', async (code, text, fixedText) => {
    const lsp = await started();
    const diagnostics = await openDocument(lsp, URI, text);
    expect(codes(diagnostics)).toEqual([code]);
    const [action, ...others] = await actionsFor(lsp, diagnostics);
    expect(others).toEqual([]);
    const fixed = applyEdits(text, action.edit.changes[URI]);
    expect(fixed).toBe(fixedText);
    expect(await changeTo(lsp, fixed, 2)).toEqual([]);
  });

  it.each([
    ['unknown-field', 'ClientCountri eq us'],
    ['value-case', 'ClientCountry in (US, ca, CA)'],
    ['unexpected-token', 'ClientRequestPath eq /a(b)'],
    ['deprecated-operator', 'BotScore lte 30'],
    ['quoted-boolean', 'CacheReserveUsed eq TRUE'],
    ['expected-list', 'EdgeResponseStatus in 200'],
    ['unterminated-string', 'ClientCountry eq "us'],
  ])("offers %s's fix exactly as core made it, whatever the hint's words (%s)", async (code, text) => {
    const lsp = await started();
    const [diagnostic] = await openDocument(lsp, URI, text);
    expect(diagnostic.code).toBe(code);
    // The client sends back a diagnostic whose words are gone: only its data is left to go by.
    const reworded = { ...diagnostic, message: 'reworded', relatedInformation: undefined };
    const actions = await actionsFor(lsp, [reworded]);
    const expected = coreFixes(text, code, 'http_requests');
    expect(expected.length).toBeGreaterThan(0);
    expect(actions.map((action) => ({ title: action.title, edits: action.edit.changes[URI] }))).toEqual(expected);
  });

  it('offers no fix made for another version of the document', async () => {
    const lsp = await started();
    const stale = await openDocument(lsp, URI, 'ClientCountri eq us');
    expect(codes(await changeTo(lsp, 'BotScore lt 1 AND ClientCountri eq us', 2))).toEqual(['unknown-field']);
    expect(await actionsFor(lsp, stale)).toEqual([]);
  });

  it('offers no fix, and fails no request, for data that is not the fixes the server sent', async () => {
    const lsp = await started();
    const [diagnostic] = await openDocument(lsp, URI, 'ClientCountri eq us');
    const broken = [
      'a fix',
      null,
      { version: 1 },
      { version: '1', fixes: [] },
      { version: 1, fixes: [{ title: 7, edits: [] }] },
      { version: 1, fixes: [{ title: 'x', edits: [{ range: { start: { line: -1, character: 0 }, end: { line: 0, character: 0 } }, newText: 'y' }] }] },
    ];
    expect(
      await actionsFor(
        lsp,
        broken.map((data) => ({ ...diagnostic, data })),
      ),
    ).toEqual([]);
    expect(await actionsFor(lsp, [{ ...diagnostic, source: 'another-linter' }])).toEqual([]);
    expect((await actionsFor(lsp, [diagnostic])).map((action) => action.title)).toEqual(["Change to 'ClientCountry'"]);
  });
});
