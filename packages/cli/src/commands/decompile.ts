/** `logfilter decompile` and `logfilter check --from-json`: filter JSON back to canonical text. */
import { decompile, renderDiagnostic, type DecompileDiagnostic, type DecompileResult } from '@logfilter/core';
import { type Command, Option } from 'commander';
import type { Context } from '../context.js';
import { withFileArgumentNote } from '../file-argument.js';
import { EXIT_INVALID, EXIT_OK, parsePositiveInt, readSource, summary, type Source } from '../io.js';

export interface JsonInputFlags {
  file?: string;
  dataset?: string;
  values?: 'documented' | 'typed';
  maxBytes?: string;
  maxOperators?: string;
  json?: boolean;
}

export function registerDecompile(program: Command, context: Context): void {
  program
    .command('decompile')
    .description('turn filter JSON (the object, its escaped string, or a job holding it) back into filter text')
    .argument('[json]', 'the filter JSON (or use --file)')
    .option('-f, --file <path>', 'read the JSON from a file (- for standard input)')
    .option('-d, --dataset <name>', 'dataset whose fields the filter uses (default: http_requests)')
    .addOption(
      new Option('--values <style>', 'value style of the input (typed: a string stays a string where a number could be) and of the "json" in --json output')
        .choices(['documented', 'typed'])
        .default('documented'),
    )
    .option('--max-bytes <n>', 'size limit of the filter in bytes (default: 1000)')
    .option('--max-operators <n>', 'limit on the number of operators (default: 30)')
    .option('--json', 'machine output: one JSON object {ok, text, filter, json, diagnostics, stats, found} on stdout')
    .action(context.action((json: string | undefined, flags: JsonInputFlags) => runJson(context, json, flags, 'decompile')));
}

/** `logfilter check --from-json`: the same checks, reporting only. */
export function checkJson(context: Context, inline: string | undefined, flags: JsonInputFlags): number {
  return runJson(context, inline, flags, 'check');
}

/** Decompile prints the text on success; check prints a summary on stderr. */
function runJson(context: Context, inline: string | undefined, flags: JsonInputFlags, mode: 'decompile' | 'check'): number {
  const source = readSource(inline, flags.file, 'filter JSON');
  const decompiled = decompileSource(context, source, flags);
  const result = { ...decompiled, diagnostics: withFileArgumentNote(decompiled.diagnostics, inline, mode === 'check' ? 'check --from-json' : mode) };
  if (flags.json) {
    process.stdout.write(`${JSON.stringify(machineOutput(result))}\n`);
    return result.ok ? EXIT_OK : EXIT_INVALID;
  }
  printPointerDiagnostics(context, result.diagnostics, source);
  if (!result.ok) return EXIT_INVALID;
  if (mode === 'decompile') process.stdout.write(`${result.text}\n`);
  else process.stderr.write(summary(result.stats));
  return EXIT_OK;
}

export function decompileSource(context: Context, source: Source, flags: JsonInputFlags): DecompileResult {
  return decompile(source.text, {
    dataset: context.dataset(flags.dataset),
    values: flags.values,
    maxBytes: flags.maxBytes === undefined ? undefined : parsePositiveInt(flags.maxBytes, '--max-bytes'),
    maxOperators: flags.maxOperators === undefined ? undefined : parsePositiveInt(flags.maxOperators, '--max-operators'),
  });
}

/** Code frames on the JSON, each with the JSON Pointer of the value beside its position. */
export function printPointerDiagnostics(context: Context, diagnostics: readonly DecompileDiagnostic[], source: Source): void {
  if (diagnostics.length === 0) return;
  const color = context.colorFor(process.stderr);
  const frames = diagnostics.map((diagnostic) => {
    const frame = renderDiagnostic(diagnostic, source.text, { fileName: source.name, color });
    return diagnostic.pointer ? frame.replace(/^(.*-->.*)$/m, `$1 at ${diagnostic.pointer}`) : frame;
  });
  process.stderr.write(`${frames.join('\n\n')}\n`);
}

function machineOutput(result: DecompileResult): object {
  return {
    ok: result.ok,
    text: result.text ?? null,
    filter: result.filter ?? null,
    json: result.json ?? null,
    diagnostics: result.diagnostics,
    stats: result.stats,
    found: result.found ?? null,
  };
}
