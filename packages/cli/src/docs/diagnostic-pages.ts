/**
 * The page of a diagnostic code, as data: what the code means (core's description), its example and
 * the diagnostic the example really produces, the fixed input, and whether an editor offers a quick
 * fix. The documentation site renders it as Markdown (scripts/docs-generate.mjs) and
 * `logfilter explain --code CODE` as plain text, so both say the same.
 */
import { CODE_DESCRIPTIONS, compile, DIAGNOSTIC_CODES, type Diagnostic, type DiagnosticCode, decompile } from '@logfilter/core';
import { CODE_EXAMPLES, type CommandExample, type CommandRun, type LibraryExample, type TextExample } from './code-examples.js';
import { commandRunOf } from './run-example.js';

export interface DiagnosticPage {
  readonly code: DiagnosticCode;
  readonly description: string;
  /** The example when it is a filter or filter JSON, read by compile or decompile. */
  readonly example?: TextExample & {
    /** The diagnostic the example produces (the first of its code). */
    readonly diagnostic: Diagnostic;
    /** Whether that diagnostic carries an edit editors offer as a quick fix. */
    readonly quickFix: boolean;
  };
  /** The example when it is a command with its files (a job, rules, a .tf file, a service call). */
  readonly command?: CommandExample;
  /** The example when only a library reports the code: a program using it. */
  readonly library?: LibraryExample;
  /** Why no input produces the code, for the few that none does. */
  readonly noExample?: string;
}

export function isDiagnosticCode(code: string): code is DiagnosticCode {
  return (DIAGNOSTIC_CODES as readonly string[]).includes(code);
}

/** The diagnostics an example's input produces, read as its table entry says. */
export function exampleDiagnostics(example: Pick<TextExample, 'input'>, text: string): readonly Diagnostic[] {
  return example.input === 'json' ? decompile(text).diagnostics : compile(text).diagnostics;
}

export function diagnosticPageOf(code: DiagnosticCode): DiagnosticPage {
  const description = CODE_DESCRIPTIONS[code];
  const example = CODE_EXAMPLES[code];
  if (!example) return { code, description };
  if (example.input === 'command') return { code, description, command: example };
  if (example.input === 'none') return { code, description, noExample: example.reason };
  if (example.input === 'library') return { code, description, library: example };
  const diagnostic = exampleDiagnostics(example, example.example).find((each) => each.code === code);
  // The example test keeps this from happening; a page without the example beats a wrong one.
  if (!diagnostic) return { code, description };
  return { code, description, example: { ...example, diagnostic, quickFix: (diagnostic.fixes?.length ?? 0) > 0 } };
}

/** The page as terminal text, the way `rustc --explain` prints one. */
export function diagnosticPageText(page: DiagnosticPage): string {
  const lines = [`${page.code}: ${page.description}`, ''];
  if (page.example) {
    const { example } = page;
    const reader = example.input === 'json' ? 'decompile' : 'compile';
    lines.push(`Example (read by \`logfilter ${reader}\`):`, '', indent(example.example), '');
    lines.push(`reports: ${example.diagnostic.severity}[${page.code}] ${example.diagnostic.message}`);
    if (example.diagnostic.hint) lines.push(`   hint: ${example.diagnostic.hint}`);
    lines.push('', 'Fixed:', '', indent(example.fixed), '');
    lines.push(example.quickFix ? 'Editors offer a quick fix for it.' : 'Editors offer no quick fix for it: the hint says what to change.');
  } else if (page.command) {
    lines.push('Example:', '', ...commandLines(page.command, 'example').map((line) => `    ${line}`), '');
    lines.push(`reports ${page.code} (the documentation site's page shows the whole report).`, '');
    lines.push('Fixed:', '', ...commandLines(page.command, 'fixed').map((line) => `    ${line}`), '');
    lines.push('The message and hint of each report say the particulars and what to change.');
  } else if (page.library) {
    lines.push('Example (a program using the library):', '', indent(page.library.source), '');
    lines.push(`reports ${page.code}.`, '', 'Fixed:', '', indent(page.library.fixedSource), '');
    lines.push('The message and hint of each report say the particulars and what to change.');
  } else if (page.noExample) {
    lines.push(`No input produces it: ${page.noExample}`);
  } else {
    lines.push('The message and hint of each report say the particulars and what to change.');
  }
  return `${lines.join('\n')}\n`;
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => `    ${line.length > 200 ? `${line.slice(0, 200)}...` : line}`)
    .join('\n');
}

/**
 * A command example (or its fix) as a reader follows it: each file it reads (only the changed ones
 * for the fix), the service it talks to, the earlier commands, and the command line with its input.
 */
export function commandLines(example: CommandExample, which: 'example' | 'fixed'): string[] {
  const run: CommandRun = commandRunOf(example, which);
  const changed = which === 'example' ? Object.keys(run.files ?? {}) : Object.keys(example.fixed.files ?? {});
  const lines: string[] = [];
  for (const name of changed) lines.push(`# ${name}`, ...(run.files?.[name] ?? '').replace(/\n$/, '').split('\n'), '');
  if (example.service && which === 'example') lines.push('# against the service (here the emulator: logfilter emulator)');
  for (const args of run.before ?? []) lines.push(`$ ${commandLine(args, undefined, undefined)}`);
  lines.push(`$ ${commandLine(run.args, run.stdin, run.env)}`);
  return lines;
}

function commandLine(args: readonly string[], stdin: string | undefined, env: Readonly<Record<string, string>> | undefined): string {
  const words = ['logfilter', ...args].map(shellWord).join(' ');
  const vars = Object.entries(env ?? {})
    .map(([name, value]) => `${name}=${shellWord(value)} `)
    .join('');
  return stdin === undefined ? `${vars}${words}` : `printf '%s' ${shellWord(stdin)} | ${vars}${words}`;
}

/** `word` as a POSIX shell reads it: bare when safe, else in single quotes. */
function shellWord(word: string): string {
  return /^[A-Za-z0-9_./:=@%+,-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}
