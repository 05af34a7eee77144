/** `logfilter decompile`: filter JSON back to canonical text (the shared JSON-input steps are in filter-json.ts). */
import { type Command, Option } from 'commander';
import type { Context } from '../context.js';
import { type JsonInputFlags, runJson } from '../filter-json.js';
import { datasetOption, maxBytesOption, maxOperatorsOption, noLintOption, scopeOption } from '../options.js';

export function registerDecompile(program: Command, context: Context): void {
  program
    .command('decompile')
    .description('turn filter JSON (the object, its escaped string, a job holding it, or a .tf jsonencode(...) expression) back into filter text')
    .argument('[json]', 'the filter JSON (or use --file)')
    .option('-f, --file <path>', 'read the JSON from a file (- for standard input)')
    .addOption(datasetOption("dataset whose fields the filter uses (default: the job's, else http_requests)"))
    .addOption(scopeOption())
    .addOption(
      new Option('--values <style>', 'value style of the input (typed: a string stays a string where a number could be) and of the "json" in --json output')
        .choices(['documented', 'typed'])
        .default('documented'),
    )
    .addOption(noLintOption())
    .addOption(maxBytesOption('the filter'))
    .addOption(maxOperatorsOption())
    .option('--json', 'machine output: the JSON envelope {ok, command, exitCode, diagnostics, text, filter, json, stats, found} on stdout')
    .action(context.action((json: string | undefined, flags: JsonInputFlags) => runJson(context, json, flags, 'decompile')));
}
