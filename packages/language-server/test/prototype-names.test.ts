/**
 * Every name Object.prototype has (`__proto__`, `constructor`, `toString`, `__defineGetter__`, ...)
 * as a method, in requests and notifications, and as a key in params: the server stays up, answers
 * a request to such a method with -32601 (it serves none of them), never answers a notification,
 * and answers the requests it serves as it would without the key.
 */
import { describe, expect, it } from 'vitest';
import { frame, openDocument, type ServerMessage, serverPerTest } from './support.js';

const NAMES = Object.getOwnPropertyNames(Object.prototype);
const URI = 'file:///work/filters/proto.lf';
const HOVER = { textDocument: { uri: URI }, position: { line: 0, character: 1 } };

const started = serverPerTest();

/** `{ [name]: value }` as an own property, also for `__proto__` (a computed key is never the prototype). */
const own = (name: string, value: unknown): Record<string, unknown> => ({ [name]: value });

describe('Object.prototype names', () => {
  it('has the names the issue names', () => {
    expect(NAMES).toEqual(expect.arrayContaining(['__proto__', '__defineGetter__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty']));
  });

  it('as the method of a request: -32601 for each, with and without params, and the server answers on', async () => {
    const lsp = await started();
    await openDocument(lsp, URI, 'ClientCountry eq us');
    const answers = new Map<string, Promise<ServerMessage>>();
    for (const name of NAMES) {
      for (const [suffix, params] of [
        ['', undefined],
        ['/object', {}],
        ['/array', []],
      ] as const) {
        const id = `${name}${suffix}`;
        lsp.write(frame({ jsonrpc: '2.0', id, method: name, ...(params === undefined ? {} : { params }) }));
        answers.set(
          id,
          lsp.receivedMatching((message) => message.id === id),
        );
      }
    }
    for (const [id, answer] of answers) {
      const { error } = await answer;
      expect(error?.code, id).toBe(-32601);
      expect(error?.message, id).toContain(id.replace(/\/(object|array)$/, ''));
    }
    const hover = await lsp.connection.sendRequest<{ contents: { value: string } }>('textDocument/hover', HOVER);
    expect(hover.contents.value).toContain('ClientCountry: string');
  });

  it('as the method of a notification: never answered, and the server answers on', async () => {
    const lsp = await started();
    await openDocument(lsp, URI, 'ClientCountry eq us');
    const before = lsp.received.length;
    for (const name of NAMES) {
      lsp.write(frame({ jsonrpc: '2.0', method: name }));
      lsp.write(frame({ jsonrpc: '2.0', method: name, params: { textDocument: { uri: URI } } }));
    }
    const hover = await lsp.connection.sendRequest<{ contents: { value: string } }>('textDocument/hover', HOVER);
    expect(hover.contents.value).toContain('ClientCountry: string');
    expect(lsp.received.slice(before).filter((message) => 'id' in message && message.method === undefined)).toHaveLength(1);
  });

  it('as keys of params, at every level the server reads, and as a document URI: answered as without them', async () => {
    const lsp = await started();
    await openDocument(lsp, URI, 'ClientCountry eq us');
    for (const name of NAMES) {
      const hover = await lsp.connection.sendRequest<{ contents: { value: string } }>('textDocument/hover', {
        ...own(name, { x: 1 }),
        textDocument: { uri: URI, ...own(name, 'x') },
        position: { line: 0, character: 1, ...own(name, null) },
      });
      expect(hover.contents.value, name).toContain('ClientCountry: string');
      const actions = await lsp.connection.sendRequest<unknown[]>('textDocument/codeAction', {
        textDocument: { uri: URI },
        range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } },
        context: { diagnostics: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } }, source: 'logfilter', data: own(name, 1) }] },
      });
      expect(actions, name).toEqual([]);
      // Settings whose keys are these names are no dataset.
      await lsp.connection.sendNotification('workspace/didChangeConfiguration', { settings: { logfilter: own(name, 'dns_logs'), ...own(name, {}) } });
      // A document whose URI is the name: opened, checked, answered, closed.
      const diagnostics = await openDocument(lsp, name, 'ClientCountri eq us');
      expect(
        diagnostics.map((diagnostic) => diagnostic.code),
        name,
      ).toEqual(['unknown-field']);
      const fixes = await lsp.connection.sendRequest<{ edit: { changes: Record<string, unknown[]> } }[]>('textDocument/codeAction', {
        textDocument: { uri: name },
        range: diagnostics[0].range,
        context: { diagnostics },
      });
      expect(Object.hasOwn(fixes[0].edit.changes, name), name).toBe(true);
      await lsp.connection.sendNotification('textDocument/didClose', { textDocument: { uri: name } });
    }
    const initialize = lsp.connection.sendRequest('initialize', {
      processId: null,
      capabilities: own('__proto__', {}),
      initializationOptions: own('constructor', 1),
    });
    await expect(initialize).resolves.toBeDefined();
  });
});
