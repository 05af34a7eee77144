/** `logfilter explain FILTER`: the filter in plain English; `logfilter operators`: the operator table. */
import { explain, operatorTable } from '@logfilter/core';
import type { Command } from 'commander';
import type { Context } from '../context.js';
import { EXIT_INVALID, EXIT_OK, readSource } from '../io.js';
import { withFileArgumentNote } from '../file-argument.js';

export function registerExplain(program: Command, context: Context): void {
  const { io } = context;
  program
    .command('explain')
    .description('say in plain English what a filter lets through, one line per criterion')
    .argument('[filter]', 'the filter text (or use --file)')
    .option('-f, --file <path>', 'read the filter from a file (- for standard input)')
    .option('-d, --dataset <name>', 'dataset whose fields the filter uses (default: http_requests)')
    .action(
      context.action((filter: string | undefined, flags: { file?: string; dataset?: string }) => {
        const source = readSource(io, filter, flags.file);
        const result = explain(source.text, { dataset: context.dataset(flags.dataset) });
        context.printDiagnostics(withFileArgumentNote(io, result.diagnostics, filter, 'explain'), source.text, source.name);
        if (!result.ok) return EXIT_INVALID;
        io.stdout.write(`${result.lines.join('\n')}\n`);
        return EXIT_OK;
      }),
    );

  program
    .command('operators')
    .description('list the operators, their other spellings and the field types that take each')
    .option('--json', 'machine output')
    .action(
      context.action((flags: { json?: boolean }) => {
        const rows = operatorTable();
        if (flags.json) {
          io.stdout.write(`${JSON.stringify(rows)}\n`);
          return EXIT_OK;
        }
        const cells = rows.map((row) => [row.operator, row.meaning, row.aliases.join(' ') || '-', row.types.join('; ')]);
        const header = ['operator', 'meaning', 'also written', 'field types'];
        const widths = header.map((title, column) => Math.max(title.length, ...cells.map((cell) => cell[column].length)));
        const line = (cell: string[]) => cell.map((text, column) => (column === cell.length - 1 ? text : text.padEnd(widths[column]))).join('  ');
        io.stdout.write(`${[header, ...cells].map(line).join('\n')}\n`);
        return EXIT_OK;
      }),
    );
}
