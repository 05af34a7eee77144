/**
 * The page of a diagnostic code, as data: what the code means (core's description), its example and
 * the diagnostic the example really produces, the fixed input, and whether an editor offers a quick
 * fix. The documentation site renders it as Markdown (scripts/docs-generate.mjs) and
 * `logfilter explain --code CODE` as plain text, so both say the same.
 */
import { CODE_DESCRIPTIONS, compile, DIAGNOSTIC_CODES, type Diagnostic, type DiagnosticCode, decompile } from '@logfilter/core';
import { type CommandExample, codeExamples, commandRunOf, type CommandRun, type LibraryExample, type TextExample } from './code-examples.js';

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
  const example = codeExamples()[code];
  if (!example) return { code, description };
  if (example.input === 'command') return { code, description, command: example };
  if (example.input === 'none') return { code, description, noExample: example.reason };
  if (example.input === 'library') return { code, description, library: example };
  const diagnostic = exampleDiagnostics(example, example.example).find((each) => each.code === code);
  // The example test keeps this from happening; a page without the example beats a wrong one.
  if (!diagnostic) return { code, description };
  return { code, description, example: { ...example, diagnostic, quickFix: (diagnostic.fixes?.length ?? 0) > 0 } };
}

/** The example of a page as `explain --code --json` gives it, whatever its kind: the input (or the commands, or the program) and its fix, as text. */
export function pageExample(page: DiagnosticPage): { input: string; example: string; fixed: string; quickFix: boolean } | undefined {
  if (page.example) return { input: page.example.input, example: page.example.example, fixed: page.example.fixed, quickFix: page.example.quickFix };
  if (page.command)
    return {
      input: 'command',
      example: commandLines(page.command, 'example').join('\n'),
      fixed: commandLines(page.command, 'fixed').join('\n'),
      quickFix: false,
    };
  if (page.library) return { input: 'library', example: page.library.source, fixed: page.library.fixedSource, quickFix: false };
  return undefined;
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
    lines.push(`No input produces it. ${page.noExample}`);
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

/** What a reader of a command example (or its fix) is shown: the files, the service, the commands. */
export interface CommandParts {
  /** The files it reads (for the fix, only the changed ones), each cut to what a page shows. */
  readonly files: readonly { readonly name: string; readonly text: string }[];
  /** Whether it talks to the service (the emulator, in the example's run). */
  readonly service: boolean;
  /** The command lines, the earlier ones first, as typed in a POSIX shell (or said, for a language server's session). */
  readonly commands: readonly string[];
}

export function commandParts(example: CommandExample, which: 'example' | 'fixed'): CommandParts {
  const run: CommandRun = commandRunOf(example, which);
  const changed = which === 'example' ? Object.keys(run.files ?? {}) : Object.keys(example.fixed.files ?? {});
  const files = changed.map((name) => ({ name, text: shownText(run.files?.[name] ?? '') }));
  const commands = (run.before ?? []).map((args) => commandLine(args, undefined, undefined));
  commands.push(
    run.stdinShown === undefined ? commandLine(run.args, run.stdin, run.env) : `${commandLine(run.args, undefined, run.env)}    # ${run.stdinShown}`,
  );
  return { files, service: example.service === true, commands };
}

/** A command example (or its fix) as terminal lines: each file under its name, then the commands. */
export function commandLines(example: CommandExample, which: 'example' | 'fixed'): string[] {
  const parts = commandParts(example, which);
  const lines: string[] = [];
  for (const file of parts.files) lines.push(`# ${file.name}`, ...file.text.split('\n'), '');
  if (parts.service && which === 'example') lines.push('# against the service (here the emulator: logfilter emulator)');
  for (const command of parts.commands) lines.push(`$ ${command}`);
  return lines;
}

/** The most lines of a file, and characters of a line, a page shows (a generated file can be far longer). */
const SHOWN_LINES = 12;
const SHOWN_LINE_LENGTH = 200;

/** `text` as a page shows it: long lines cut, and past `most` lines the count of the rest. */
export function shownText(text: string, most = SHOWN_LINES): string {
  const lines = text.replace(/\n$/, '').split('\n');
  const cut = lines
    .slice(0, most)
    .map((line) => (line.length > SHOWN_LINE_LENGTH ? `${line.slice(0, SHOWN_LINE_LENGTH)}... (${line.length.toLocaleString('en')} characters)` : line));
  if (lines.length > most) cut.push(`... (${lines.length - most} more lines)`);
  return cut.join('\n');
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
