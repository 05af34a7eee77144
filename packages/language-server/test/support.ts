/**
 * A language server started in this process over in-memory streams (PassThrough), spoken to by the
 * client every LSP test uses (test/support/lsp-client.ts).
 */
import { PassThrough } from 'node:stream';
import { type LanguageServerOptions, type ServerStop, startServer } from '@logfilter/language-server';
import { afterEach } from 'vitest';
import { type ClientSession, connectClient, initialize } from '../../../test/support/lsp-client.js';

export {
  applyEdits,
  burst,
  frame,
  hoverText,
  initialize,
  openDocument,
  publications,
  versionsAfterBurst,
} from '../../../test/support/lsp-client.js';
export type { LspDiagnostic, LspTextEdit, ServerMessage } from '../../../test/support/lsp-types.js';

export interface Session extends ClientSession {
  /** Resolves once the server has stopped. */
  stopped: Promise<ServerStop>;
  /** Ends the client's stream, as a client that goes away does. */
  endInput(): void;
  /** Stops the server and the client. */
  close(): void;
}

export function startSession(options: Omit<LanguageServerOptions, 'input' | 'output'> = {}): Session {
  const toServer = new PassThrough();
  const fromServer = new PassThrough();
  const server = startServer({ ...options, input: toServer, output: fromServer });
  const client = connectClient(toServer, fromServer);
  return {
    ...client,
    stopped: server.stopped,
    endInput: () => toServer.end(),
    close: () => {
      server.stop();
      client.connection.dispose();
    },
  };
}

/** Ends the session the way an editor does: shutdown, then exit; resolves with how the server stopped. */
export async function shutdown(session: Session): Promise<ServerStop> {
  await session.connection.sendRequest('shutdown');
  await session.connection.sendNotification('exit');
  const stop = await session.stopped;
  session.connection.dispose();
  return stop;
}

/**
 * For a test file whose tests each start their own server: returns `started()`, which starts one and
 * initializes it (unless asked not to); whatever it started is stopped after each test.
 */
export function serverPerTest(): (options?: { initialize?: boolean } & Omit<LanguageServerOptions, 'input' | 'output'>) => Promise<Session> {
  let session: Session | undefined;
  afterEach(() => {
    session?.close();
    session = undefined;
  });
  return async ({ initialize: initialized = true, ...options } = {}) => {
    session = startSession(options);
    if (initialized) await initialize(session);
    return session;
  };
}
