/** `logfilter lsp`: the language server for editors (@logfilter/language-server), over standard input and output. */
import { DEFAULT_DATASET } from '@logfilter/core';
import type { Command } from 'commander';
import type { Context } from '../context.js';

interface LspFlags {
  dataset?: string;
}

export function registerLsp(program: Command, context: Context): void {
  program
    .command('lsp')
    .description('run the language server for .lf files (Language Server Protocol over standard input and output)')
    .option('--stdio', 'talk over standard input and output (the only transport; accepted because editors pass it)')
    .option('-d, --dataset <name>', `dataset of files that name none in a first-line \`# dataset: NAME\` comment (default: ${DEFAULT_DATASET})`)
    .action(context.action((flags: LspFlags) => run(context, flags)));
}

async function run(context: Context, flags: LspFlags): Promise<number> {
  const { io } = context;
  // Resolved before the server starts, so that a bad --dataset or --catalog is a usage error on stderr.
  const defaultDataset = context.dataset(flags.dataset);
  // Loaded here, not at the top: the protocol library would cost every other command's start-up.
  const { startServer } = await import('@logfilter/language-server');
  const server = startServer({
    catalog: context.catalog(),
    defaultDataset,
    input: io.stdin.stream() as NodeJS.ReadableStream,
    output: io.stdout.stream() as NodeJS.WritableStream,
  });
  // The server stops on `exit` (0 after `shutdown`, else 1), when its input closes (1), or when a
  // message header loses the framing (1, saying why on stderr); the process then ends with that code.
  const stop = await server.stopped;
  if (stop.cause === 'framing-lost' && stop.message) io.stderr.write(`logfilter lsp: ${stop.message}\n`);
  io.exit(stop.code);
  return stop.code;
}
