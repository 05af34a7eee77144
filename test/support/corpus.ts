/**
 * The conformance corpus: test/corpus/valid/NAME.lf with NAME.json (the exact CLI stdout) and,
 * when it warns, NAME.diagnostics.json; test/corpus/invalid/NAME.lf with NAME.diagnostics.json.
 * A first line `#! --dataset X --values typed ...` holds the case's CLI options (to the filter
 * language it is a comment).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CompileOptions, Diagnostic } from '@logfilter/core';

export const CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'corpus');

/** What a corpus file records of a diagnostic: the message is free to change, these are not. */
export interface ExpectedDiagnostic {
  code: string;
  severity: 'error' | 'warning';
  range: { start: { offset: number; line: number; column: number }; end: { offset: number; line: number; column: number } };
  hint: boolean;
}

export interface CorpusCase {
  name: string;
  kind: 'valid' | 'invalid';
  path: string;
  text: string;
  /** The directive's options, as CLI arguments. */
  args: string[];
  /** The same options for the library. */
  options: CompileOptions;
  /** Valid cases: the exact stdout of `logfilter compile`. */
  stdout?: string;
  diagnostics: ExpectedDiagnostic[];
}

export function loadCorpus(): CorpusCase[] {
  const cases: CorpusCase[] = [];
  for (const kind of ['valid', 'invalid'] as const) {
    const dir = join(CORPUS_DIR, kind);
    for (const file of readdirSync(dir)
      .filter((f) => f.endsWith('.lf'))
      .sort()) {
      const name = file.slice(0, -3);
      const path = join(dir, file);
      const text = readFileSync(path, 'utf8');
      const args = directiveArgs(text);
      const diagnosticsPath = join(dir, `${name}.diagnostics.json`);
      if (kind === 'invalid' && !existsSync(diagnosticsPath)) throw new Error(`${kind}/${name}: no ${name}.diagnostics.json`);
      cases.push({
        name,
        kind,
        path,
        text,
        args,
        options: optionsFromArgs(args, `${kind}/${file}`),
        stdout: kind === 'valid' ? readFileSync(join(dir, `${name}.json`), 'utf8') : undefined,
        diagnostics: existsSync(diagnosticsPath) ? (JSON.parse(readFileSync(diagnosticsPath, 'utf8')) as ExpectedDiagnostic[]) : [],
      });
    }
  }
  return cases;
}

function directiveArgs(text: string): string[] {
  if (!text.startsWith('#!')) return [];
  const end = text.indexOf('\n');
  return text
    .slice(2, end === -1 ? undefined : end)
    .trim()
    .split(/\s+/)
    .filter(Boolean);
}

function optionsFromArgs(args: string[], where: string): CompileOptions {
  const options: CompileOptions = {};
  for (let i = 0; i < args.length; i++) {
    const flag = args[i];
    const value = () => {
      const next = args[++i];
      if (next === undefined) throw new Error(`${where}: ${flag} needs a value`);
      return next;
    };
    switch (flag) {
      case '--dataset':
        options.dataset = value();
        break;
      case '--values':
        options.values = value() as CompileOptions['values'];
        break;
      case '--no-optimize':
        options.optimize = false;
        break;
      case '--max-bytes':
        options.maxBytes = Number(value());
        break;
      case '--max-operators':
        options.maxOperators = Number(value());
        break;
      default:
        throw new Error(`${where}: unknown directive option ${flag}`);
    }
  }
  return options;
}

/** A diagnostic as the corpus records it. */
export function project(diagnostic: Diagnostic): ExpectedDiagnostic {
  const { start, end } = diagnostic.range;
  return {
    code: diagnostic.code,
    severity: diagnostic.severity,
    range: {
      start: { offset: start.offset, line: start.line, column: start.column },
      end: { offset: end.offset, line: end.line, column: end.column },
    },
    hint: typeof diagnostic.hint === 'string' && diagnostic.hint.length > 0,
  };
}
