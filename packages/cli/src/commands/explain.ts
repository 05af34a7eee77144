/**
 * `logfilter explain FILTER`: the filter in plain English; `logfilter explain --code CODE`: the
 * documentation page of a diagnostic code; `logfilter operators`: the operator table.
 */
import { DIAGNOSTIC_CODES, explain, operatorTable } from '@logfilter/core';
import type { Command } from 'commander';
import type { Context } from '../context.js';
import { diagnosticPageOf, diagnosticPageText, isDiagnosticCode } from '../docs/diagnostic-pages.js';
import { EXIT_INVALID, EXIT_OK, readSource, UsageError } from '../io.js';
import { withFileArgumentNote } from '../file-argument.js';

export function registerExplain(program: Command, context: Context): void {
  program
    .command('explain')
    .description('say in plain English what a filter lets through, one line per criterion')
    .argument('[filter]', 'the filter text (or use --file)')
    .option('-f, --file <path>', 'read the filter from a file (- for standard input)')
    .option('-d, --dataset <name>', 'dataset whose fields the filter uses (default: http_requests)')
    .option('--code <code>', 'instead: what a diagnostic code means, an example that triggers it and the fix (its documentation page)')
    .action(
      context.action((filter: string | undefined, flags: { file?: string; dataset?: string; code?: string }) => {
        if (flags.code !== undefined) {
          if (filter !== undefined || flags.file !== undefined)
            throw new UsageError('--code explains a diagnostic code, not a filter', 'invalid-argument', undefined, 'give either --code CODE or the filter');
          if (!isDiagnosticCode(flags.code))
            throw new UsageError(`unknown diagnostic code '${flags.code}'`, 'invalid-argument', undefined, `the codes are: ${DIAGNOSTIC_CODES.join(', ')}`);
          process.stdout.write(diagnosticPageText(diagnosticPageOf(flags.code)));
          return EXIT_OK;
        }
        const source = readSource(filter, flags.file);
        const result = explain(source.text, { dataset: context.dataset(flags.dataset) });
        context.printDiagnostics(withFileArgumentNote(result.diagnostics, filter, 'explain'), source.text, source.name);
        if (!result.ok) return EXIT_INVALID;
        process.stdout.write(`${result.lines.join('\n')}\n`);
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
          process.stdout.write(`${JSON.stringify(rows)}\n`);
          return EXIT_OK;
        }
        const cells = rows.map((row) => [row.operator, row.meaning, row.aliases.join(' ') || '-', row.types.join('; ')]);
        const header = ['operator', 'meaning', 'also written', 'field types'];
        const widths = header.map((title, column) => Math.max(title.length, ...cells.map((cell) => cell[column].length)));
        const line = (cell: string[]) => cell.map((text, column) => (column === cell.length - 1 ? text : text.padEnd(widths[column]))).join('  ');
        process.stdout.write(`${[header, ...cells].map(line).join('\n')}\n`);
        return EXIT_OK;
      }),
    );
}
