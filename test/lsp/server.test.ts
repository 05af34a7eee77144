/**
 * `logfilter lsp`: the CLI starting @logfilter/language-server over its stdio, driven by a real
 * JSON-RPC client (vscode-jsonrpc). What the server answers is tested in packages/language-server/test
 * over in-memory streams; here, what a process adds: its version, the CLI's options, its exit codes
 * and its line on stderr.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/cli.js';
import { frame, initialize, type LspSession, openDocument, shutdown, startLsp } from '../support/lsp.js';

const URI = 'file:///work/filters/dns.lf';

let session: LspSession | undefined;
afterEach(() => {
  if (session && session.child.exitCode === null) session.child.kill();
  session = undefined;
});

describe('logfilter lsp', () => {
  it('is @logfilter/language-server: packages/cli/src holds no language server code', () => {
    const cliSource = join(REPO_ROOT, 'packages', 'cli', 'src');
    const files = readdirSync(cliSource, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts'));
    expect(files.filter((file) => /vscode-languageserver/.test(readFileSync(join(cliSource, file), 'utf8')))).toEqual([]);
    expect(readFileSync(join(cliSource, 'commands', 'lsp.ts'), 'utf8')).toContain("import('@logfilter/language-server')");
  });

  it("initializes with the language server package's version, and shuts down and exits with 0", async () => {
    session = startLsp(['--stdio']);
    const { capabilities, serverInfo } = await initialize(session);
    const { version } = JSON.parse(readFileSync(join(REPO_ROOT, 'packages', 'language-server', 'package.json'), 'utf8'));
    expect(serverInfo).toEqual({ name: 'logfilter', version });
    expect(capabilities).toMatchObject({ textDocumentSync: { change: 2 }, hoverProvider: true });
    expect(await shutdown(session)).toBe(0);
    expect(session.stderr()).toBe('');
  });

  it('checks files that name no dataset against -d', async () => {
    session = startLsp(['-d', 'dns_logs']);
    await initialize(session);
    expect(await openDocument(session, URI, 'QueryName eq example.com\n')).toEqual([]);
  });

  it("links each diagnostic to its page on the documentation site (codeDescription.href), under the editor's base when it gives one", async () => {
    session = startLsp(['--stdio']);
    await initialize(session);
    const [field] = await openDocument(session, URI, 'QueryNam eq example.com\n');
    expect(field).toMatchObject({ code: 'unknown-field', codeDescription: { href: 'https://logfilter.dev/docs/diagnostics/unknown-field' } });
    session.child.kill();
    session = startLsp(['--stdio']);
    await initialize(session, { docsBaseUrl: 'http://127.0.0.1:8080/logfilter/' });
    const diagnostics = await openDocument(session, URI, 'ClientCountry eq us AND\n');
    expect(diagnostics.map((diagnostic) => diagnostic.codeDescription?.href)).toEqual(['http://127.0.0.1:8080/logfilter/diagnostics/expected-field']);
  });

  it('is a usage error (exit 2, no server) when -d names no dataset', async () => {
    session = startLsp(['-d', 'dns_log']);
    expect(await session.exited).toBe(2);
    expect(session.stderr()).toBe("logfilter: unknown dataset 'dns_log'; did you mean 'dns_logs'? (`logfilter datasets` lists them)\n");
  });

  it('stops with exit 1 and a clear line on stderr when a header loses the framing', async () => {
    session = startLsp();
    await initialize(session);
    session.child.stdin.write('Content-Type: text/plain\r\n\r\n{}');
    expect(await session.exited).toBe(1);
    expect(session.stderr()).toBe(
      'logfilter lsp: a message header has no Content-Length: "Content-Type: text/plain"; the server cannot tell where the next message starts, so it stops\n',
    );
  });

  it('stays up after requests and notifications to __proto__, __defineGetter__ and constructor, answering -32601', async () => {
    session = startLsp();
    await initialize(session);
    const lsp = session;
    for (const method of ['__proto__', '__defineGetter__', 'constructor']) {
      lsp.child.stdin.write(frame({ jsonrpc: '2.0', method }) + frame({ jsonrpc: '2.0', id: method, method, params: {} }));
      expect((await lsp.receivedMatching((message) => message.id === method)).error?.code).toBe(-32601);
    }
    expect(await shutdown(lsp)).toBe(0);
    expect(lsp.stderr()).toBe('');
  });

  it('exits with 1 when the client vanishes, without a stack trace', async () => {
    session = startLsp();
    await initialize(session);
    await openDocument(session, URI, 'ClientCountry eq us');
    session.child.stdin.end();
    expect(await session.exited).toBe(1);
    expect(session.stderr()).toBe('');
  });
});
