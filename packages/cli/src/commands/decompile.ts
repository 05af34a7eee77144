/** `logfilter decompile`: filter JSON back to canonical text (the shared JSON-input steps are in filter-json.ts). */
import { DEFAULT_DATASET, DEFAULT_MAX_BYTES, DEFAULT_MAX_OPERATORS } from '@logfilter/core';
import { type Command, Option } from 'commander';
import type { Context } from '../context.js';
import { type JsonInputFlags, runJson, scopeOption } from '../filter-json.js';

export function registerDecompile(program: Command, context: Context): void {
  program
    .command('decompile')
    .description('turn filter JSON (the object, its escaped string, a job holding it, or a .tf jsonencode(...) expression) back into filter text')
    .argument('[json]', 'the filter JSON (or use --file)')
    .option('-f, --file <path>', 'read the JSON from a file (- for standard input)')
    .option('-d, --dataset <name>', `dataset whose fields the filter uses (default: ${DEFAULT_DATASET})`)
    .addOption(scopeOption())
    .addOption(
      new Option('--values <style>', 'value style of the input (typed: a string stays a string where a number could be) and of the "json" in --json output')
        .choices(['documented', 'typed'])
        .default('documented'),
    )
    .option('--no-lint', 'no lint warnings (never-matches, always-matches, value-case, not-a-timestamp)')
    .option('--max-bytes <n>', `size limit of the filter in bytes (default: ${DEFAULT_MAX_BYTES})`)
    .option('--max-operators <n>', `limit on the number of operators (default: ${DEFAULT_MAX_OPERATORS})`)
    .option('--json', 'machine output: one JSON object {ok, text, filter, json, diagnostics, stats, found} on stdout')
    .action(context.action((json: string | undefined, flags: JsonInputFlags) => runJson(context, json, flags, 'decompile')));
}
