/**
 * The example of each diagnostic code (the documentation site's page and `explain --code` show it)
 * really triggers that code, and its fixed input no longer does. A filter or filter JSON is compiled
 * or decompiled; a command is run through `main(argv, io)` in this process with its files in an empty
 * folder, against a fresh emulator on 127.0.0.1 when it talks to the service. The few codes no input
 * produces say why.
 */
import {
  codeExamples,
  type CodeExample,
  type CommandExample,
  diagnosticPageOf,
  type LibraryExample,
  diagnosticPageText,
  exampleDiagnostics,
  type NoExample,
  runCommandExample,
  runLibraryExample,
  type TextExample,
} from '@logfilter/cli';
import { DIAGNOSTIC_CODES, type DiagnosticCode } from '@logfilter/core';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';

const entries = DIAGNOSTIC_CODES.map((code) => [code, codeExamples()[code]] as [DiagnosticCode, CodeExample | undefined]);
const texts = entries.filter((entry): entry is [DiagnosticCode, TextExample] => entry[1]?.input === 'filter' || entry[1]?.input === 'json');
const commands = entries.filter((entry): entry is [DiagnosticCode, CommandExample] => entry[1]?.input === 'command');
const libraries = entries.filter((entry): entry is [DiagnosticCode, LibraryExample] => entry[1]?.input === 'library');
const none = entries.filter((entry): entry is [DiagnosticCode, NoExample] => entry[1]?.input === 'none');

/** A run that starts the solver or an emulator takes a few seconds on a busy machine; far more than that is a hang. */
const RUN_BUDGET_MS = 60_000;

describe('the examples of the diagnostic codes', () => {
  it('gives every code an example, or says why no input produces it', () => {
    expect(entries.filter(([, example]) => example === undefined).map(([code]) => code)).toEqual([]);
    for (const code of Object.keys(codeExamples())) expect(DIAGNOSTIC_CODES).toContain(code);
  });

  it('keeps the codes without an example to the few no input produces, each with its reason', () => {
    expect(none.map(([code]) => code).sort()).toEqual(['internal-error', 'invalid-rule']);
    for (const [code, example] of none) {
      expect(example.reason.length).toBeGreaterThan(40);
      expect(diagnosticPageOf(code).noExample).toBe(example.reason);
      expect(diagnosticPageText(diagnosticPageOf(code))).toContain(`No input produces it. ${example.reason}`);
    }
  });

  it.each(texts)('%s: the example reports it and the fixed input does not', (code, example) => {
    expect(exampleDiagnostics(example, example.example).map((each) => each.code)).toContain(code);
    expect(exampleDiagnostics(example, example.fixed).map((each) => each.code)).not.toContain(code);
    expect(diagnosticPageOf(code).example?.diagnostic.code).toBe(code);
  });

  it.each(commands)(
    '%s: the command reports it and the fixed one does not',
    async (code, example) => {
      const run = await runCommandExample(example, 'example');
      expect(run.codes, `${run.stderr}${run.stdout}`).toContain(code);
      expect(run.exitCode).not.toBe(70);
      const fixed = await runCommandExample(example, 'fixed');
      expect(fixed.codes, `${fixed.stderr}${fixed.stdout}`).not.toContain(code);
      expect(fixed.exitCode).not.toBe(70);
      expect(diagnosticPageOf(code).command).toBe(example);
    },
    RUN_BUDGET_MS,
  );

  it.each(libraries)(
    '%s: the program using the library is told of it and the fixed one is not',
    async (code, example) => {
      expect((await runLibraryExample(example, 'example')).map((each) => each.code)).toContain(code);
      expect((await runLibraryExample(example, 'fixed')).map((each) => each.code)).not.toContain(code);
      expect(diagnosticPageOf(code).library).toBe(example);
    },
    RUN_BUDGET_MS,
  );
});

describe("the site's page of each code", () => {
  it(
    'shows the example and the fix, with what a command example prints, or says why there is none',
    async () => {
      const { diagnosticMarkdown } = (await import('../../scripts/docs-generate.mjs')) as {
        diagnosticMarkdown: (page: ReturnType<typeof diagnosticPageOf>) => Promise<string>;
      };
      for (const [code, example] of entries) {
        const markdown = await diagnosticMarkdown(diagnosticPageOf(code));
        expect(markdown.startsWith(`# ${code}\n`), code).toBe(true);
        expect(markdown, code).toContain('## Example');
        if (example?.input === 'none') {
          expect(markdown, code).toContain(`None: no input produces it. ${example.reason}`);
          continue;
        }
        expect(markdown, code).toContain('## The fix');
        if (example?.input === 'command') {
          expect(markdown, code).toContain(`$ logfilter ${example.args[0]}`);
          expect(markdown, code).toContain(`It reports \`${code}\``);
          expect(markdown, code).toContain(`It no longer reports \`${code}\``);
        }
        if (example?.input === 'filter' || example?.input === 'json') expect(markdown, code).toContain(`[${code}]: `);
        if (example?.input === 'library') expect(markdown, code).toContain(`error[${code}]: `);
      }
    },
    RUN_BUDGET_MS * 2,
  );
});

describe('logfilter explain --code', () => {
  it('prints the page of a code: description, example, the report and the fix', async () => {
    const result = await runCli(['explain', '--code', 'expected-list']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('expected-list: The operator (in, !in) takes a list of values.');
    expect(result.stdout).toContain('    ClientCountry in us');
    expect(result.stdout).toContain('reports: error[expected-list]');
    expect(result.stdout).toContain('    ClientCountry in (us)');
    expect(result.stdout).toContain('Editors offer a quick fix for it.');
  });

  it('prints a command example with its files and the fix', async () => {
    const result = await runCli(['explain', '--code', 'invalid-name']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('    # job.json');
    expect(result.stdout).toContain('"name": "http logs"');
    expect(result.stdout).toContain('    $ logfilter jobs check job.json');
    expect(result.stdout).toContain('"name": "http-logs"');
  });

  it('gives every kind of example in its JSON: the input or the commands, and the fix', async () => {
    const command = JSON.parse((await runCli(['explain', '--json', '--code', 'invalid-name'])).stdout);
    expect(command.example).toMatchObject({ input: 'command', quickFix: false });
    expect(command.example.example).toContain('$ logfilter jobs check job.json');
    expect(command.example.fixed).toContain('"name": "http-logs"');
    const library = JSON.parse((await runCli(['explain', '--json', '--code', 'fixed-member'])).stdout);
    expect(library.example.input).toBe('library');
    expect(library.example.example).toContain("updateJob(client.jobs, '");
    const none = JSON.parse((await runCli(['explain', '--json', '--code', 'internal-error'])).stdout);
    expect(none.example).toBeUndefined();
    expect(none.noExample).toMatch(/^It reports a bug/);
  });

  it('says why no input produces a code', async () => {
    const result = await runCli(['explain', '--code', 'internal-error']);
    expect(result.code).toBe(0);
    expect(result.stdout.split('\n')[0]).toMatch(/^internal-error: /);
    expect(result.stdout).toContain('No input produces it');
  });

  it('refuses an unknown code with the list of codes', async () => {
    const result = await runCli(['explain', '--code', 'no-such-code']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("unknown diagnostic code 'no-such-code'");
    expect(result.stderr).toContain('empty-filter');
  });

  it('refuses a misspelt code with the code it is closest to', async () => {
    const result = await runCli(['explain', '--code', 'unknown-feild']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("unknown diagnostic code 'unknown-feild'\n  = hint: did you mean 'unknown-field'?");
    expect(result.stderr).not.toContain('empty-filter');
  });
});
