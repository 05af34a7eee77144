/** Filter JSON as input, shared by `decompile`, `check --from-json` and `test --from-json`. */
import { decompile, type DecompileResult } from '@logfilter/core';
import type { Context } from './context.js';
import { EXIT_INVALID, EXIT_OK, parsePositiveInt, readSource, summary, type Source } from './io.js';
import { writeReport } from './report/cli.js';
import type { ReportFormat } from './report/report.js';
import { decompileHcl, looksLikeHcl } from './terraform/expression.js';

export interface JsonInputFlags {
  file?: string;
  dataset?: string;
  values?: 'documented' | 'typed';
  maxBytes?: string;
  maxOperators?: string;
  json?: boolean;
  format?: ReportFormat;
}

/** `logfilter check --from-json`: the same checks, reporting only. */
export function checkJson(context: Context, inline: string | undefined, flags: JsonInputFlags): number {
  return runJson(context, inline, flags, 'check');
}

/** Decompile prints the text on success; check prints a summary on stderr. */
export function runJson(context: Context, inline: string | undefined, flags: JsonInputFlags, mode: 'decompile' | 'check'): number {
  const source = readSource(inline, flags.file, 'filter JSON');
  const result = decompileSource(context, source, flags);
  if (flags.json || flags.format === 'json') {
    process.stdout.write(`${JSON.stringify(machineOutput(result))}\n`);
    return result.ok ? EXIT_OK : EXIT_INVALID;
  }
  if (flags.format === 'github' || flags.format === 'sarif') {
    const file = source.name === '<stdin>' ? undefined : source.name;
    writeReport(context, { diagnostics: result.diagnostics.map((diagnostic) => ({ ...diagnostic, file })) }, flags.format);
    return result.ok ? EXIT_OK : EXIT_INVALID;
  }
  context.printDiagnostics(result.diagnostics, source.text, source.name);
  if (!result.ok) return EXIT_INVALID;
  if (mode === 'decompile') process.stdout.write(`${result.text}\n`);
  else process.stderr.write(summary(result.stats));
  return EXIT_OK;
}

export function decompileSource(context: Context, source: Source, flags: JsonInputFlags): DecompileResult {
  return (looksLikeHcl(source.text) ? decompileHcl : decompile)(source.text, {
    dataset: context.dataset(flags.dataset),
    values: flags.values,
    maxBytes: flags.maxBytes === undefined ? undefined : parsePositiveInt(flags.maxBytes, '--max-bytes'),
    maxOperators: flags.maxOperators === undefined ? undefined : parsePositiveInt(flags.maxOperators, '--max-operators'),
  });
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
