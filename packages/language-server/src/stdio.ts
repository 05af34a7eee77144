/**
 * The language server as a process of its own: over standard input and output, ending the
 * process when the server stops (0 after `shutdown` and `exit`, else 1), with a line on standard
 * error when it stopped because a message header could not be trusted. What `logfilter lsp`, the
 * VS Code extension's bundled server and `logfilter-language-server` run.
 */
import { type LanguageServerOptions, startServer } from './server.js';

export interface StdioServerOptions extends Omit<LanguageServerOptions, 'input' | 'output'> {
  /** The program's name, before the reason on standard error (default: `logfilter-language-server`). */
  program?: string;
}

/** Starts the server over this process's stdin and stdout; the process ends when the server stops. */
export function runStdioServer(options: StdioServerOptions = {}): void {
  const { program = 'logfilter-language-server', ...serverOptions } = options;
  const server = startServer({ ...serverOptions, input: process.stdin, output: process.stdout });
  void server.stopped.then((stop) => {
    if (stop.cause === 'framing-lost' && stop.message) process.stderr.write(`${program}: ${stop.message}\n`);
    process.exit(stop.code);
  });
}
