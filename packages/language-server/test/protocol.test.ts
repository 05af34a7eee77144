/**
 * The server answers per JSON-RPC 2.0 over its streams, whatever the client writes:
 * -32700, -32600, -32601 and -32602 with what was wrong, notifications never answered, and a
 * header that cannot be trusted ending the server with a message rather than wedging it.
 */
import { describe, expect, it } from 'vitest';
import { frame, initialize, type Session, openDocument, type ServerMessage, shutdown, serverPerTest } from './support.js';

const URI = 'file:///work/filters/protocol.lf';

const started = serverPerTest();

/** Writes a request as raw bytes and resolves with the server's answer to it. */
function request(lsp: Session, id: string, method: string, params?: unknown): Promise<ServerMessage> {
  lsp.write(frame({ jsonrpc: '2.0', id, method, params }));
  return lsp.receivedMatching((message) => message.id === id);
}

const isAnswer = (message: ServerMessage) => 'id' in message && message.method === undefined;

describe('the language server, as a JSON-RPC 2.0 server', () => {
  it('answers a body that is not JSON with -32700 and id null, and reads on', async () => {
    const lsp = await started();
    lsp.write('Content-Length: 5\r\n\r\nhello');
    const parseError = await lsp.receivedMatching((message) => message.error?.code === -32700);
    expect(parseError.id).toBeNull();
    expect(parseError.error?.message).toMatch(/^Parse error: the body of a 5-byte message is not JSON \(.*"hello" is not valid JSON\)/);
    // Bytes that are not UTF-8 are no JSON either.
    lsp.write(Buffer.concat([Buffer.from('Content-Length: 2\r\n\r\n'), Buffer.from([0xff, 0xfe])]));
    const notUtf8 = await lsp.receivedMatching((message) => message.error?.code === -32700 && message.error.message.includes('UTF-8'));
    expect(notUtf8.id).toBeNull();
    await openDocument(lsp, URI, 'ClientCountry eq us');
    const hover = await request(lsp, 'after', 'textDocument/hover', { textDocument: { uri: URI }, position: { line: 0, character: 1 } });
    expect(JSON.stringify(hover.result)).toContain('ClientCountry: string');
    expect(await shutdown(lsp)).toEqual({ code: 0, cause: 'exit' });
  });

  it('answers JSON that is no request with -32600, with its id when it has one', async () => {
    const lsp = await started();
    lsp.write(frame({ jsonrpc: '2.0', id: 'no-method', params: {} }));
    const noMethod = await lsp.receivedMatching((message) => message.id === 'no-method');
    expect(noMethod.error?.code).toBe(-32600);
    expect(noMethod.error?.message).toContain('a message needs a "method"');
    lsp.write(frame({ id: 'no-version', method: 'shutdown' }));
    expect((await lsp.receivedMatching((message) => message.id === 'no-version')).error).toMatchObject({
      code: -32600,
      message: expect.stringContaining('"jsonrpc" must be "2.0"'),
    });
    lsp.write(frame([{ jsonrpc: '2.0', id: 'batched', method: 'shutdown' }]));
    const batch = await lsp.receivedMatching((message) => message.error?.message.includes('batch') === true);
    expect(batch).toMatchObject({ id: null, error: { code: -32600 } });
    lsp.write(frame({ jsonrpc: '2.0', id: { not: 'an id' }, method: 'shutdown' }));
    expect((await lsp.receivedMatching((message) => message.error?.message.includes('"id" must be') === true)).id).toBeNull();
  });

  it('answers a request to a method it does not serve with -32601, and never answers a notification', async () => {
    const lsp = await started();
    expect((await request(lsp, 'unknown', 'logfilter/nothing', {})).error?.code).toBe(-32601);
    const before = lsp.received.length;
    lsp.write(frame({ jsonrpc: '2.0', method: 'logfilter/nothing', params: {} }));
    lsp.write(frame({ jsonrpc: '2.0', method: '$/cancelRequest', params: { id: 'never-sent' } }));
    lsp.write(frame({ jsonrpc: '2.0', method: 'textDocument/didClose', params: { textDocument: { uri: 'file:///never-opened.lf' } } }));
    await request(lsp, 'last', 'shutdown');
    const answers = lsp.received.slice(before).filter(isAnswer);
    expect(answers.map((message) => message.id)).toEqual(['last']);
  });

  it.each([
    ['textDocument/hover', { textDocument: { uri: URI } }, 'textDocument/hover: params.position must be an object (it is missing)'],
    ['textDocument/hover', { textDocument: { uri: URI }, position: { line: -1, character: 0 } }, 'params.position.line must be a non-negative integer, not -1'],
    ['textDocument/completion', { textDocument: { uri: 7 }, position: { line: 0, character: 0 } }, 'params.textDocument.uri must be a string, not 7'],
    [
      'textDocument/codeAction',
      { textDocument: { uri: URI }, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } } },
      'params.context must be an object',
    ],
    ['textDocument/rangeFormatting', { textDocument: { uri: URI }, range: { start: { line: 0, character: 0 } } }, 'params.range.end must be an object'],
    ['textDocument/formatting', [URI], 'params must be an object, not an array'],
  ])('answers %s with bad params with -32602 naming the param', async (method, params, problem) => {
    const lsp = await started();
    await openDocument(lsp, URI, 'ClientCountry eq us');
    const answer = await request(lsp, 'bad', method, params);
    expect(answer.error?.code).toBe(-32602);
    expect(answer.error?.message).toContain(problem);
    // The document and the server are as they were.
    const hover = await request(lsp, 'good', 'textDocument/hover', { textDocument: { uri: URI }, position: { line: 0, character: 1 } });
    expect(JSON.stringify(hover.result)).toContain('ClientCountry: string');
  });

  it('logs a notification with bad params, answers nothing to it, and reads on', async () => {
    const lsp = await started();
    lsp.write(frame({ jsonrpc: '2.0', method: '$/cancelRequest', params: {} }));
    const logged = await lsp.receivedMatching((message) => message.method === 'window/logMessage');
    expect(logged.params).toEqual({
      type: 1,
      message: '$/cancelRequest: params.id must be a number or a string (it is missing); the notification was ignored',
    });
    expect((await request(lsp, 'next', 'shutdown')).result).toBeNull();
    expect(lsp.received.filter(isAnswer).map((message) => message.id)).toEqual([expect.anything(), 'next']);
  });

  it('answers initialize without capabilities with -32602, and initializes when asked again properly', async () => {
    const lsp = await started({ initialize: false });
    const answer = await request(lsp, 'init', 'initialize', { processId: null });
    expect(answer.error).toMatchObject({ code: -32602, message: expect.stringContaining('params.capabilities must be an object') });
    const { capabilities } = await initialize(lsp);
    expect(capabilities).toMatchObject({ hoverProvider: true });
  });

  it('answers a shutdown before it exits, even when the exit follows at once', async () => {
    const lsp = await started();
    lsp.write(frame({ jsonrpc: '2.0', id: 'down', method: 'shutdown' }) + frame({ jsonrpc: '2.0', method: 'exit' }));
    expect(await lsp.receivedMatching((message) => message.id === 'down')).toEqual({ jsonrpc: '2.0', id: 'down', result: null });
    expect(await lsp.stopped).toEqual({ code: 0, cause: 'exit' });
  });

  it.each([
    [
      'a length past the limit',
      'Content-Length: 99999999999999\r\n\r\n{}',
      'Content-Length 99999999999999 is over the limit of 33554432 bytes for one message',
    ],
    ['a negative length', 'Content-Length: -5\r\n\r\n{}', 'Content-Length "-5" is not a byte count (digits only)'],
    ['a length that is no number', 'Content-Length: lots\r\n\r\n{}', 'Content-Length "lots" is not a byte count (digits only)'],
    ['a header that never ends', `Content-Length: 2${' '.repeat(9000)}`, 'no blank line ends the message header within 8192 bytes'],
  ])('stops at once, saying why, on %s', async (_, bytes, reason) => {
    const lsp = await started();
    lsp.write(bytes);
    const stop = await lsp.stopped;
    expect(stop).toMatchObject({ code: 1, cause: 'framing-lost' });
    expect(stop.message).toMatch(new RegExp(`^${reason.replace(/[()]/g, '\\$&')}.*; the server cannot tell where the next message starts, so it stops$`));
  });
});
