/**
 * The page of a diagnostic code, as data: what the code means (core's description), its example and
 * the diagnostic the example really produces, the fixed input, and whether an editor offers a quick
 * fix. The documentation site renders it as Markdown (scripts/docs-generate.mjs) and
 * `logfilter explain --code CODE` as plain text, so both say the same.
 */
import { CODE_DESCRIPTIONS, compile, DIAGNOSTIC_CODES, type Diagnostic, type DiagnosticCode, decompile } from '@logfilter/core';
import { CODE_EXAMPLES, type CodeExample } from './code-examples.js';

export interface DiagnosticPage {
  readonly code: DiagnosticCode;
  readonly description: string;
  /** Absent for codes whose input is longer than a line (a job, a Terraform file, a service answer). */
  readonly example?: CodeExample & {
    /** The diagnostic the example produces (the first of its code). */
    readonly diagnostic: Diagnostic;
    /** Whether that diagnostic carries an edit editors offer as a quick fix. */
    readonly quickFix: boolean;
  };
}

export function isDiagnosticCode(code: string): code is DiagnosticCode {
  return (DIAGNOSTIC_CODES as readonly string[]).includes(code);
}

/** The diagnostics an example's input produces, read as its table entry says. */
export function exampleDiagnostics(example: Pick<CodeExample, 'input'>, text: string): readonly Diagnostic[] {
  return example.input === 'json' ? decompile(text).diagnostics : compile(text).diagnostics;
}

export function diagnosticPageOf(code: DiagnosticCode): DiagnosticPage {
  const description = CODE_DESCRIPTIONS[code];
  const example = CODE_EXAMPLES[code];
  if (!example) return { code, description };
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
