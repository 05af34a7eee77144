#!/usr/bin/env node
/**
 * `logfilter-language-server [--stdio]`: the language server over standard input and output, with
 * the built-in catalog and `http_requests` for files that name no dataset (the editor's `dataset`
 * setting and a file's `# dataset: NAME` line choose others). `logfilter lsp` runs the same server
 * with the CLI's `--dataset` and `--catalog`.
 */
import { runStdioServer } from './stdio.js';

const PROGRAM = 'logfilter-language-server';
const unknown = process.argv.slice(2).filter((arg) => arg !== '--stdio');
if (unknown.length > 0) {
  process.stderr.write(
    `${PROGRAM}: unknown argument ${JSON.stringify(unknown[0])}; the server takes only --stdio (standard input and output, its one transport)\n`,
  );
  process.exit(2);
}
runStdioServer({ program: PROGRAM });
