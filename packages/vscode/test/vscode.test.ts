/**
 * The VS Code extension as `pnpm run build` packages it (packages/vscode/*.vsix): what the archive
 * holds, and its language server started from the unpacked archive exactly as the extension's
 * activate starts it (the same command, arguments and environment, from packages/vscode/src/server.ts),
 * far from any node_modules and with no `logfilter` on PATH.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, posix } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GRAMMAR_FILE, LANGUAGE_CONFIGURATION_FILE, SERVER_BUNDLE, vsixFile } from '../scripts/paths.mjs';
import { type ExtensionSettings, initializationOptions, SERVER_ENTRY, SERVER_FOLDER, serverCommand } from '../src/server.js';
import { REPO_ROOT } from '../../../test/support/cli.js';
import { initialize, open, type StdioServer, startServer } from '../../../test/editors/lsp-client.js';
import { readZip } from '../../../test/editors/zip.js';

const URI = 'file:///work/filters/bad.lf';
/** Where the installed extension lives in the archive. */
const ROOT = 'extension';

let entries: Map<string, Buffer>;
let unpacked: string;
let extensionPath: string;
let server: StdioServer | undefined;

beforeAll(() => {
  const vsix = vsixFile();
  if (!existsSync(vsix)) throw new Error(`${vsix} is missing: \`pnpm run build\` makes it`);
  entries = readZip(vsix);
  unpacked = mkdtempSync(join(tmpdir(), 'logfilter-vsix-'));
  for (const [name, data] of entries) {
    const path = join(unpacked, name);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, data);
  }
  extensionPath = join(unpacked, ROOT);
});
afterAll(() => rmSync(unpacked, { recursive: true, force: true }));
afterEach(() => {
  server?.stop();
  server = undefined;
});

function entry(path: string): Buffer {
  const data = entries.get(posix.join(ROOT, path.replace(/^\.\//, '')));
  if (!data) throw new Error(`the .vsix holds no ${path}`);
  return data;
}

/** The server as activate starts it: `runtime` is the editor's (here Node's) executable and an environment without logfilter. */
function startAsActivate(settings: ExtensionSettings, env: NodeJS.ProcessEnv = { ...process.env, PATH: '/nonexistent' }): StdioServer {
  const { command, args, options } = serverCommand(extensionPath, settings, { execPath: process.execPath, env });
  // vscode-languageclient spawns an Executable in the workspace folder with the options given.
  return startServer(command, args, { ...options, cwd: unpacked });
}

describe('the .vsix', () => {
  it('holds the manifest, the grammar, the language configuration, the extension bundle and the language server bundle, not the CLI', () => {
    const manifest = JSON.parse(entry('package.json').toString('utf8'));
    expect(manifest).toMatchObject({ name: 'logfilter-vscode', main: './dist/extension.cjs', engines: { vscode: expect.any(String) } });
    const [language] = manifest.contributes.languages;
    const [grammar] = manifest.contributes.grammars;
    expect(language).toMatchObject({ id: 'logfilter', extensions: ['.lf'] });
    expect(grammar).toMatchObject({ language: 'logfilter', scopeName: 'source.logfilter' });
    expect(Object.keys(manifest.contributes.configuration.properties).sort()).toEqual(['logfilter.dataset', 'logfilter.docsBaseUrl', 'logfilter.path']);
    // What the manifest points at is in the archive, and is the committed file.
    expect(entry(grammar.path).toString('utf8')).toBe(readFileSync(GRAMMAR_FILE, 'utf8'));
    expect(entry(language.configuration).toString('utf8')).toBe(readFileSync(LANGUAGE_CONFIGURATION_FILE, 'utf8'));
    expect(entry(manifest.main).length).toBeGreaterThan(0);
    // The server is @logfilter/language-server's current bundle, one file with every dataset's catalog
    // inside (a field only dns_logs has, one only workers_trace_events has), and no command of the CLI.
    const server = entry(`${SERVER_FOLDER}/${SERVER_ENTRY}`);
    expect(server.equals(readFileSync(SERVER_BUNDLE)), `${SERVER_FOLDER}/${SERVER_ENTRY} is not the current build: pnpm run build`).toBe(true);
    expect([...entries.keys()].filter((name) => name.startsWith(`${ROOT}/${SERVER_FOLDER}/`))).toEqual([`${ROOT}/${SERVER_FOLDER}/${SERVER_ENTRY}`]);
    for (const text of ['QueryName', 'ScriptTags', 'textDocument/didOpen']) expect(server.toString('utf8')).toContain(text);
    for (const text of ['commander', 'logfilter compile']) expect(server.toString('utf8')).not.toContain(text);
    // Bundled: nothing from node_modules, and the client library is inside the extension's bundle.
    expect([...entries.keys()].filter((name) => name.includes('node_modules'))).toEqual([]);
    expect(entry(manifest.main).toString('utf8')).not.toMatch(/require\(["']vscode-languageclient/);
  });

  it('has the language configuration the issue asks for: # comments, () and [] pairs, auto-closed quotes', () => {
    const configuration = JSON.parse(entry('language-configuration.json').toString('utf8'));
    expect(configuration.comments).toEqual({ lineComment: '#' });
    expect(configuration.brackets).toEqual([
      ['(', ')'],
      ['[', ']'],
    ]);
    expect(configuration.autoClosingPairs.map((pair: { open: string; close: string }) => pair.open + pair.close)).toEqual(['()', '[]', '""', "''"]);
  });
});

describe('the packaged language server, started as activate starts it', () => {
  it('publishes an error for a filter with a syntax error', async () => {
    server = startAsActivate({});
    const capabilities = await initialize(server, initializationOptions({}));
    expect(capabilities).toMatchObject({ textDocumentSync: { openClose: true } });
    const diagnostics = await open(server, URI, '# a bad filter\nClientCountry eq us AND\n');
    expect(diagnostics).toEqual([
      expect.objectContaining({
        severity: 1,
        code: 'expected-field',
        source: 'logfilter',
        range: expect.objectContaining({ start: { line: 1, character: 23 } }),
      }),
    ]);
    expect(diagnostics[0].message).toContain("expected a field name or '(' after 'AND'");
  });

  it('checks against the logfilter.dataset setting, given at start and when it changes', async () => {
    server = startAsActivate({ dataset: 'dns_logs' });
    await initialize(server, initializationOptions({ dataset: 'dns_logs', path: '' }));
    const [unknown] = await open(server, URI, 'QueryNam eq example.com\n');
    expect(unknown).toMatchObject({ severity: 1, code: 'unknown-field' });
    expect(unknown.message).toContain("unknown field 'QueryNam' in dataset dns_logs");
    // vscode-languageclient's synchronize.configurationSection sends the whole section under its name.
    const republished = server.nextDiagnostics(URI);
    await server.connection.sendNotification('workspace/didChangeConfiguration', { settings: { logfilter: { dataset: 'http_requests', path: '' } } });
    const [changed] = await republished;
    expect(changed.message).toContain("unknown field 'QueryNam' in dataset http_requests");
  });

  it('links diagnostics to the logfilter.docsBaseUrl setting, else to the documentation site', async () => {
    server = startAsActivate({});
    await initialize(server, initializationOptions({ docsBaseUrl: ' ' }));
    const [standard] = await open(server, URI, 'ClientCountry eq us AND\n');
    expect(standard.codeDescription).toEqual({ href: 'https://logfilter.dev/docs/diagnostics/expected-field' });
    server.stop();
    server = startAsActivate({});
    await initialize(server, initializationOptions({ docsBaseUrl: 'http://127.0.0.1:4173/docs/' }));
    const [local] = await open(server, URI, 'ClientCountry eq us AND\n');
    expect(local.codeDescription).toEqual({ href: 'http://127.0.0.1:4173/docs/diagnostics/expected-field' });
  });

  it('runs the logfilter.path executable instead when the setting names one', async () => {
    // pnpm's shim runs `node` from PATH, so this one keeps the PATH it was given.
    server = startAsActivate({ path: join(REPO_ROOT, 'node_modules', '.bin', 'logfilter') }, process.env);
    await initialize(server, initializationOptions({}));
    const diagnostics = await open(server, URI, 'ClientCountry in (us, ca\n');
    expect(diagnostics.map((diagnostic) => [diagnostic.severity, diagnostic.code])).toEqual([[1, 'unclosed-paren']]);
  });
});
