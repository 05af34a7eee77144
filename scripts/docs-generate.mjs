/**
 * Writes the generated pages of the documentation site (docs/), so they cannot drift from the code:
 * - docs/reference/cli/*.md: one page per command, from the commander definitions (@logfilter/cli's
 *   createProgram): description, usage, arguments, options with defaults, exit codes, --help;
 * - docs/diagnostics/*.md: one page per diagnostic code, from core's code table and descriptions and
 *   the CLI's table of examples (the same page `logfilter explain --code CODE` prints);
 * - docs/reference/grammar.md: grammar/filter.ebnf;
 * - docs/public/: the built playground (packages/playground/dist, when built) and the --json
 *   envelope's JSON Schemas (packages/cli/schema, when present).
 * The generated files are not committed (docs/.gitignore). Run by `pnpm docs:build` and `docs:dev`.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  commandParts,
  createProgram,
  diagnosticPageOf,
  EXIT_INTERNAL,
  EXIT_INVALID,
  EXIT_OK,
  EXIT_USAGE,
  runCommandExample,
  runLibraryExample,
  shownText,
} from '@logfilter/cli';
import { DIAGNOSTIC_CODES } from '@logfilter/core';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const DOCS = join(ROOT, 'docs');

/** The page file of a command path such as `jobs list` (reference/cli/jobs-list.md). */
export function commandPageName(path) {
  return path.join('-');
}

/** Every command of the program with its path of names, parents before their subcommands. */
export function commandsOf(command, path = []) {
  return command.commands.flatMap((sub) => [{ path: [...path, sub.name()], command: sub }, ...commandsOf(sub, [...path, sub.name()])]);
}

/** The help a command prints for --help (with the text added after it), at a fixed width. */
export function helpText(command) {
  let text = '';
  command.configureOutput({ writeOut: (chunk) => (text += chunk), getOutHelpWidth: () => 100 });
  command.outputHelp();
  return text;
}

const EXIT_CODES = [
  [EXIT_OK, 'ok (warnings allowed)'],
  [EXIT_INVALID, 'the input has errors, or the service said no'],
  [EXIT_USAGE, 'usage, configuration or I/O error (unknown option or dataset, unreadable file)'],
  [EXIT_INTERNAL, 'internal error (a bug: please report it)'],
];

const cell = (text) => String(text).replace(/\|/g, '\\|').replace(/\n/g, ' ');
const code = (text) => `<code>${escapeHtml(text)}</code>`;
function escapeHtml(text) {
  return String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\{/g, '&#123;').replace(/\}/g, '&#125;');
}
/** A fenced block VitePress shows as is (no Vue interpolation inside fences). */
const fence = (text, lang = 'text') => `\`\`\`${lang}\n${text.replace(/\n+$/, '')}\n\`\`\``;

function defaultOf(option) {
  if (option.defaultValueDescription !== undefined) return option.defaultValueDescription;
  if (option.defaultValue === undefined || option.negate) return '';
  return JSON.stringify(option.defaultValue);
}

function commandPage(entry, schemas) {
  const { path, command } = entry;
  const name = `logfilter ${path.join(' ')}`;
  const lines = [`# ${name}`, '', escapeHtml(command.description()), '', '## Usage', '', fence(`${name} ${command.usage()}`), ''];
  const args = command.registeredArguments ?? [];
  if (args.length > 0) {
    lines.push('## Arguments', '', '| Argument | Required | Description |', '| --- | --- | --- |');
    for (const arg of args)
      lines.push(`| ${code(arg.name() + (arg.variadic ? '...' : ''))} | ${arg.required ? 'yes' : 'no'} | ${escapeHtml(cell(arg.description))} |`);
    lines.push('');
  }
  const options = command.options.filter((option) => !option.hidden);
  if (options.length > 0) {
    lines.push('## Options', '', '| Option | Description | Default |', '| --- | --- | --- |');
    for (const option of options)
      lines.push(
        `| ${code(option.flags)} | ${escapeHtml(cell(option.description))} | ${code(defaultOf(option)) === '<code></code>' ? '' : code(defaultOf(option))} |`,
      );
    lines.push('');
  }
  const subcommands = command.commands;
  if (subcommands.length > 0) {
    lines.push('## Subcommands', '');
    for (const sub of subcommands)
      lines.push(`- [${escapeHtml(`${name} ${sub.name()}`)}](./${commandPageName([...path, sub.name()])}.md): ${escapeHtml(sub.description())}`);
    lines.push('');
  }
  lines.push('## Exit codes', '', '| Code | Meaning |', '| --- | --- |');
  for (const [value, meaning] of EXIT_CODES) lines.push(`| ${value} | ${meaning} |`);
  lines.push('', 'Where the command has exit codes of its own, its help below lists them.', '');
  if (options.some((option) => option.long === '--json')) {
    lines.push('## Machine output', '');
    lines.push(
      schemas.length > 0
        ? `With \`--json\` the command writes one JSON document; its envelope is described by the JSON Schema${schemas.length > 1 ? 's' : ''} ${schemas.map((file) => `[${file}](../../schema/${file})`).join(', ')}.`
        : 'With `--json` the command writes one JSON document; its shape is described in the help below.',
      '',
    );
  }
  lines.push('## Help', '', 'What `--help` prints:', '', fence(helpText(command)), '');
  lines.push('[All commands](./index.md)', '');
  return lines.join('\n');
}

/** The language of a fenced file by its name, for highlighting. */
function languageOf(name) {
  if (name.endsWith('.json')) return 'json';
  if (name.endsWith('.tf')) return 'hcl';
  return 'text';
}

/** A command example (or its fix) in Markdown: its files, then the commands in a shell block. */
function commandMarkdown(example, which) {
  const parts = commandParts(example, which);
  const lines = [];
  for (const file of parts.files) lines.push(`\`${file.name}\`:`, '', fence(file.text, languageOf(file.name)), '');
  if (parts.service && which === 'example')
    lines.push('Against the service (the example runs it against the emulator, `logfilter emulator`, with a token in `CLOUDFLARE_API_TOKEN`):', '');
  lines.push(fence(parts.commands.map((command) => `$ ${command}`).join('\n'), 'sh'), '');
  return lines;
}

/**
 * What a run printed, as a page shows it, cut to a page's length: standard error, then standard
 * output with a JSON document indented, and of a language server's messages the diagnostics it published.
 */
function printed(run, code) {
  let stdout = run.stdout.trim();
  if (stdout.startsWith('Content-Length:')) {
    const messages = stdout
      .split(/Content-Length: \d+\r\n\r\n/)
      .filter(Boolean)
      .map((frame) => JSON.parse(frame));
    const published = messages.filter((message) => message.method === 'textDocument/publishDiagnostics');
    const severities = ['', 'error', 'warning', 'info', 'hint'];
    stdout = published
      .map(({ params }) =>
        [
          `publishDiagnostics ${params.uri}: ${params.diagnostics.length} diagnostic${params.diagnostics.length === 1 ? '' : 's'}`,
          ...params.diagnostics.map(
            (d) => `  ${severities[d.severity] ?? d.severity}[${d.code}] at ${d.range.start.line + 1}:${d.range.start.character + 1}: ${d.message}`,
          ),
        ].join('\n'),
      )
      .join('\n');
  } else if (stdout.startsWith('{')) {
    try {
      stdout = JSON.stringify(JSON.parse(stdout), null, 2);
    } catch {
      // Not one document: shown as printed.
    }
  }
  const text = [run.stderr.trim(), stdout].filter((part) => part !== '').join('\n');
  // A long report whose code comes late (after a hundred others) is shown by its start and that code's lines.
  const lines = text.split('\n');
  const at = code === undefined ? -1 : lines.findIndex((line) => line.includes(`[${code}]`));
  if (at < SHOWN_REPORT_LINES) return shownText(text, SHOWN_REPORT_LINES);
  const head = lines.slice(0, 12);
  return [...head, `... (${at - head.length} more lines)`, shownText(lines.slice(at).join('\n'), SHOWN_REPORT_LINES - head.length - 1)].join('\n');
}

/** The most lines of a command's output a page shows. */
const SHOWN_REPORT_LINES = 40;

/** "(exit code N)", except for the language server, which a client ends. */
const exitNote = (example, run) => (example.args[0] === 'lsp' ? '' : ` (exit code ${run.exitCode})`);

/** The page of a diagnostic code in Markdown; a command or library example is run to show what it reports. */
export async function diagnosticMarkdown(page) {
  const lines = [`# ${page.code}`, '', escapeHtml(page.description), ''];
  if (page.example) {
    const { example } = page;
    const reader = example.input === 'json' ? 'decompile' : 'compile';
    lines.push(
      '## Example',
      '',
      `This input, read by \`logfilter ${reader}\`, reports it:`,
      '',
      fence(example.example, example.input === 'json' ? 'json' : 'text'),
      '',
    );
    const report = [`${example.diagnostic.severity}[${page.code}]: ${example.diagnostic.message}`];
    if (example.diagnostic.hint) report.push(`  hint: ${example.diagnostic.hint}`);
    lines.push(fence(report.join('\n')), '', '## The fix', '', fence(example.fixed, example.input === 'json' ? 'json' : 'text'), '');
    lines.push(
      '## Quick fix',
      '',
      example.quickFix
        ? 'Editors (the language server, the playground) offer a quick fix that makes the change the hint says.'
        : 'None: the hint says what to change.',
      '',
    );
  } else if (page.command) {
    // Run here, as the test of the examples runs them: the page shows what the command really prints.
    const [run, fixedRun] = [await runCommandExample(page.command, 'example'), await runCommandExample(page.command, 'fixed')];
    if (!run.codes.includes(page.code)) throw new Error(`docs: the example of ${page.code} does not report it (test/cli/code-examples.test.ts says why)`);
    lines.push(
      '## Example',
      '',
      ...commandMarkdown(page.command, 'example'),
      `It reports \`${page.code}\`${exitNote(page.command, run)}:`,
      '',
      fence(printed(run, page.code)),
      '',
    );
    lines.push('## The fix', '', ...commandMarkdown(page.command, 'fixed'));
    lines.push(`It no longer reports \`${page.code}\`${exitNote(page.command, fixedRun)}${printed(fixedRun) ? ':' : '.'}`, '');
    if (printed(fixedRun)) lines.push(fence(printed(fixedRun)), '');
    lines.push('## Quick fix', '', 'None: the message and hint of the report say what to change.', '');
  } else if (page.library) {
    const told = (await runLibraryExample(page.library, 'example')).find((diagnostic) => diagnostic.code === page.code);
    if (!told) throw new Error(`docs: the example of ${page.code} does not report it (test/cli/code-examples.test.ts says why)`);
    lines.push('## Example', '', `Only a library reports it. This program (run against the emulator) is told of it:`, '');
    const report = [`${told.severity}[${page.code}]: ${told.message}`, ...(told.hint ? [`  hint: ${told.hint}`] : [])];
    lines.push(fence(page.library.source, 'ts'), '', 'It fails with a `ValidationError` whose diagnostic is:', '', fence(report.join('\n')), '');
    lines.push('## The fix', '', fence(page.library.fixedSource, 'ts'), '');
  } else if (page.noExample) {
    lines.push('## Example', '', `None: no input produces it. ${escapeHtml(page.noExample)}`, '');
  } else {
    lines.push('## The fix', '', 'The message and hint of each report say the particulars and what to change.', '');
  }
  lines.push(`In the terminal: \`logfilter explain --code ${page.code}\`.`, '', '[All diagnostic codes](./index.md)', '');
  return lines.join('\n');
}

function fresh(dir) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
}

async function main() {
  const schemaDir = join(ROOT, 'packages', 'cli', 'schema');
  const schemas = existsSync(schemaDir) ? readdirSync(schemaDir).filter((file) => file.endsWith('.json')) : [];
  fresh(join(DOCS, 'public', 'schema'));
  for (const file of schemas) cpSync(join(schemaDir, file), join(DOCS, 'public', 'schema', file));

  const { program } = createProgram();
  const commands = commandsOf(program);
  const cliDir = join(DOCS, 'reference', 'cli');
  fresh(cliDir);
  for (const entry of commands) writeFileSync(join(cliDir, `${commandPageName(entry.path)}.md`), commandPage(entry, schemas));
  const index = ['# Commands', '', 'Every command of `logfilter`, generated from its definition. The global options:', ''];
  index.push('| Option | Description |', '| --- | --- |');
  for (const option of program.options) index.push(`| ${code(option.flags)} | ${escapeHtml(cell(option.description))} |`);
  index.push('', '| Command | What it does |', '| --- | --- |');
  for (const { path, command } of commands)
    index.push(`| [${escapeHtml(path.join(' '))}](./${commandPageName(path)}.md) | ${escapeHtml(cell(command.description()))} |`);
  index.push('', '## Help', '', fence(helpText(program)), '');
  writeFileSync(join(cliDir, 'index.md'), index.join('\n'));

  const diagnosticsDir = join(DOCS, 'diagnostics');
  fresh(diagnosticsDir);
  const rows = ['# Diagnostic codes', '', 'Every code logfilter reports, with its own page: what it means, an example, the fix.', ''];
  rows.push('In the terminal, `logfilter explain --code CODE` prints the same page.', '', '| Code | Meaning |', '| --- | --- |');
  for (const codeName of DIAGNOSTIC_CODES) {
    const page = diagnosticPageOf(codeName);
    writeFileSync(join(diagnosticsDir, `${codeName}.md`), await diagnosticMarkdown(page));
    rows.push(`| [${codeName}](./${codeName}.md) | ${escapeHtml(cell(page.description))} |`);
  }
  writeFileSync(join(diagnosticsDir, 'index.md'), `${rows.join('\n')}\n`);

  const grammar = readFileSync(join(ROOT, 'grammar', 'filter.ebnf'), 'utf8');
  writeFileSync(
    join(DOCS, 'reference', 'grammar.md'),
    [
      '# Grammar',
      '',
      'The filter language in EBNF (grammar/filter.ebnf, generated from the parser).',
      '',
      fence(grammar),
      '',
      '[The language](../language.md)',
      '',
    ].join('\n'),
  );

  const playground = join(ROOT, 'packages', 'playground', 'dist');
  fresh(join(DOCS, 'public', 'playground'));
  if (existsSync(join(playground, 'index.html'))) cpSync(playground, join(DOCS, 'public', 'playground'), { recursive: true });
  else process.stderr.write('docs: packages/playground/dist is not built; the site links to a playground it lacks (run the playground build first)\n');
  process.stdout.write(`docs: ${commands.length} command pages, ${DIAGNOSTIC_CODES.length} diagnostic pages\n`);
}

/**
 * Makes every root-relative address (`/x`) in the built HTML relative to its page (`../x`), so the
 * site works from any path. A directory address gets its index.html (file:// has no index lookup).
 */
export function makeRelative(dist) {
  let files = 0;
  const walk = (dir, depth) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!(depth === 0 && ['assets', 'playground', 'schema'].includes(entry.name))) walk(path, depth + 1);
      } else if (entry.name.endsWith('.html')) {
        const up = depth === 0 ? './' : '../'.repeat(depth);
        const html = readFileSync(path, 'utf8').replace(/((?:href|src)=")\/(?!\/)([^"]*)"/g, (_all, attribute, rest) => {
          const target = rest === '' || rest.endsWith('/') || rest.startsWith('#') ? `${rest}index.html` : rest;
          return `${attribute}${up}${target.startsWith('#') ? `index.html${target}` : target}"`;
        });
        writeFileSync(path, html);
        files++;
      }
    }
  };
  walk(dist, 0);
  return files;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  if (process.argv[2] === '--relative') {
    const files = makeRelative(join(DOCS, '.vitepress', 'dist'));
    process.stdout.write(`docs: addresses made relative in ${files} pages\n`);
  } else await main();
}
