/**
 * A language server started from a command (as an editor starts it) and spoken to over its stdio
 * with vscode-jsonrpc, for the editor tests: initialize, open a document, wait for its diagnostics.
 */
import { type SpawnOptions, spawn } from 'node:child_process';
import type { MessageConnection } from 'vscode-jsonrpc/node';
import { connectClient, initialize as initializeClient, openDocument } from '../support/lsp-client.js';
import type { LspDiagnostic } from '../support/lsp-types.js';

export interface StdioServer {
  connection: MessageConnection;
  /** Resolves with the first diagnostics published for `uri` after this call. */
  nextDiagnostics(uri: string): Promise<LspDiagnostic[]>;
  stderr(): string;
  /** Rejects, saying why, when the process ends (so a dead server fails a test at once instead of hanging it). */
  died: Promise<never>;
  /** Ends the connection and the process. */
  stop(): void;
}

export function startServer(command: string, args: string[], options: SpawnOptions): StdioServer {
  const child = spawn(command, args, { ...options, stdio: ['pipe', 'pipe', 'pipe'] });
  const errors: Buffer[] = [];
  child.stderr!.on('data', (chunk: Buffer) => errors.push(chunk));
  const died = new Promise<never>((_, reject) => {
    const fail = (why: string) => reject(new Error(`the server ${why}: ${Buffer.concat(errors).toString('utf8')}`));
    child.on('error', (error) => fail(`could not start (${error.message})`));
    child.on('exit', (code, signal) => fail(`exited (${code ?? signal})`));
  });
  died.catch(() => {});
  const client = connectClient(child.stdin!, child.stdout!);
  const { connection } = client;
  return {
    connection,
    nextDiagnostics: (uri) => Promise.race([client.nextDiagnostics(uri), died]),
    died,
    stderr: () => Buffer.concat(errors).toString('utf8'),
    stop: () => {
      connection.dispose();
      if (child.exitCode === null) child.kill();
    },
  };
}

/** `initialize` (with the editor's initializationOptions) and `initialized`; resolves with the server's capabilities. */
export async function initialize(server: StdioServer, initializationOptions: unknown): Promise<Record<string, unknown>> {
  const result = await Promise.race([initializeClient(server, initializationOptions), server.died]);
  return result.capabilities;
}

export function open(server: StdioServer, uri: string, text: string): Promise<LspDiagnostic[]> {
  return openDocument(server, uri, text);
}
