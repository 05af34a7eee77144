/**
 * Starts the built `logfilter lsp` as a child process and speaks LSP to it over its stdio
 * (test/support/lsp-client.ts), for what needs the process: its exit code, its stderr, its memory.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { afterEach } from 'vitest';
import { CLI_BIN, REPO_ROOT } from './cli.js';
import { type ClientSession, connectClient, initialize } from './lsp-client.js';

export { burst, frame, hoverText, initialize, openDocument, versionsAfterBurst } from './lsp-client.js';

export interface LspSession extends ClientSession {
  child: ChildProcessWithoutNullStreams;
  stderr(): string;
  /** Resolves with the child's exit code once it has exited. */
  exited: Promise<number | null>;
}

export function startLsp(args: string[] = []): LspSession {
  const child = spawn(process.execPath, [CLI_BIN, 'lsp', ...args], { cwd: REPO_ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
  const errors: Buffer[] = [];
  child.stderr.on('data', (chunk: Buffer) => errors.push(chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { ...connectClient(child.stdin, child.stdout), child, stderr: () => Buffer.concat(errors).toString('utf8'), exited };
}

/** Ends the session the way an editor does: shutdown, then exit; resolves with the exit code. */
export async function shutdown(session: LspSession): Promise<number | null> {
  await session.connection.sendRequest('shutdown');
  await session.connection.sendNotification('exit');
  const code = await session.exited;
  session.connection.dispose();
  return code;
}

/**
 * For a test file whose tests each start their own server: returns `started()`, which starts one and
 * initializes it (unless asked not to); whatever it started is killed after each test if it is still running.
 */
export function serverPerTest(): (options?: { initialize?: boolean }) => Promise<LspSession> {
  let session: LspSession | undefined;
  afterEach(() => {
    if (session && session.child.exitCode === null) session.child.kill();
    session = undefined;
  });
  return async ({ initialize: initialized = true } = {}) => {
    session = startLsp();
    if (initialized) await initialize(session);
    return session;
  };
}
