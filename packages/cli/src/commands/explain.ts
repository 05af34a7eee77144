/**
 * `logfilter explain FILTER`: the filter in plain English; `logfilter explain --code CODE`: the
 * documentation page of a diagnostic code; `logfilter operators`: the operator table.
 */
import { closest, DIAGNOSTIC_CODES, explain, operatorTable, type Worded } from '@logfilter/core';
import type { Command } from 'commander';
import type { Context } from '../context.js';
import { diagnosticPageOf, diagnosticPageText, isDiagnosticCode, pageExample } from '../docs/diagnostic-pages.js';
import { readFilter, settleDataset } from '../input.js';
import { EXIT_INVALID, EXIT_OK, UsageError } from '../io.js';
import { datasetOption } from '../options.js';
import { locate, type Outcome } from '../outcome.js';
import { withFileArgumentNote } from '../file-argument.js';
import { cliWords } from '../report/table-words.js';

export function registerExplain(program: Command, context: Context): void {
  program
    .command('explain')
    .description('say in plain English what a filter lets through, one line per criterion')
    .argument('[filter]', 'the filter text (or use --file)')
    .option('-f, --file <path>', 'read the filter from a file (- for standard input)')
    .addOption(datasetOption())
    .option('--json', 'machine output: the JSON envelope with `lines` on stdout')
    .option('--code <code>', 'instead: what a diagnostic code means, an example that triggers it and the fix (its documentation page)')
    .action(
      context.action((filter: string | undefined, flags: { file?: string; dataset?: string; code?: string }): Outcome => {
        if (flags.code !== undefined) return explainCode(flags.code, filter !== undefined || flags.file !== undefined);
        const source = readFilter(context.io, { inline: filter, file: flags.file, form: 'text' });
        const settled = settleDataset(context, source, flags);
        if (!settled.dataset) return { exitCode: settled.exitCode, diagnostics: locate(settled.problems, source) };
        const result = explain(source.text, { dataset: settled.dataset });
        const diagnostics = locate([...settled.problems, ...withFileArgumentNote(context.io, result.diagnostics, filter, 'explain')], source);
        if (!result.ok || settled.problems.length > 0) return { exitCode: result.ok ? settled.exitCode : EXIT_INVALID, diagnostics };
        return { exitCode: EXIT_OK, result: { lines: result.lines }, diagnostics, stdout: `${result.lines.join('\n')}\n` };
      }),
    );

  program
    .command('operators')
    .description('list the operators, their other spellings and the field types that take each')
    .option('--json', 'machine output: the JSON envelope with `operators` on stdout')
    .action(
      context.action((): Outcome => {
        const rows = operatorTable();
        const cells = rows.map((row) => [row.operator, row.meaning, row.aliases.join(' ') || '-', row.types.join('; ')]);
        const header = ['operator', 'meaning', 'also written', 'field types'];
        const widths = header.map((title, column) => Math.max(title.length, ...cells.map((cell) => cell[column].length)));
        const line = (cell: string[]) => cell.map((text, column) => (column === cell.length - 1 ? text : text.padEnd(widths[column]))).join('  ');
        return { exitCode: EXIT_OK, result: { operators: rows }, stdout: `${[header, ...cells].map(line).join('\n')}\n` };
      }),
    );
}

/** `explain --code CODE`: the code's documentation page, as text (the site's page says the same). */
function explainCode(code: string, filterToo: boolean): Outcome {
  const refuse = ({ message, code, hint }: Worded) => new UsageError(message, code, undefined, hint);
  if (filterToo) throw refuse(cliWords('invalid-argument', 'codeAndFilter', {}));
  if (!isDiagnosticCode(code))
    throw refuse(cliWords('invalid-argument', 'unknownCode', { code, codes: DIAGNOSTIC_CODES, guess: closest(code, DIAGNOSTIC_CODES) }));
  const page = diagnosticPageOf(code);
  const example = pageExample(page);
  const result = { code, description: page.description, ...(example && { example }), ...(page.noExample && { noExample: page.noExample }) };
  return { exitCode: EXIT_OK, result, stdout: diagnosticPageText(page) };
}
