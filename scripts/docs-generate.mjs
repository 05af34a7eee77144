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
import { createProgram, diagnosticPageOf, EXIT_INTERNAL, EXIT_INVALID, EXIT_OK, EXIT_USAGE } from '@logfilter/cli';
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

function diagnosticMarkdown(page) {
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

function main() {
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
    writeFileSync(join(diagnosticsDir, `${codeName}.md`), diagnosticMarkdown(page));
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
  } else main();
}
