/**
 * The decompile corpus: test/corpus/decompile/NAME.in.json is the input as a user gives it (a filter
 * object, its escaped string, a job, an API envelope, or broken JSON); NAME.out.json records the
 * expected outcome: ok, the canonical text, and each diagnostic's code, severity, JSON Pointer,
 * position and hint. Run through the library and through the built CLI.
 */
import { decompile, type DecompileOptions } from '@logfilter/core';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { mapLimited, REPO_ROOT, runCli, type CliResult } from '../support/cli.js';
import { CORPUS_DIR } from '../support/corpus.js';

interface Expected {
  args?: string[];
  ok: boolean;
  text?: string;
  diagnostics: Array<{ code: string; severity: 'error' | 'warning'; pointer: string; at: string; hint?: string }>;
}

const DIR = join(CORPUS_DIR, 'decompile');
const cases = readdirSync(DIR)
  .filter((file) => file.endsWith('.in.json'))
  .sort()
  .map((file) => {
    const name = file.slice(0, -'.in.json'.length);
    return {
      name,
      path: join(DIR, file),
      input: readFileSync(join(DIR, file), 'utf8'),
      expected: JSON.parse(readFileSync(join(DIR, `${name}.out.json`), 'utf8')) as Expected,
    };
  });

function optionsOf(args: string[] = []): DecompileOptions {
  const options: DecompileOptions = {};
  for (let i = 0; i < args.length; i += 2) {
    const value = args[i + 1];
    if (args[i] === '--dataset') options.dataset = value;
    else if (args[i] === '--values') options.values = value as DecompileOptions['values'];
    else if (args[i] === '--max-bytes') options.maxBytes = Number(value);
    else if (args[i] === '--max-operators') options.maxOperators = Number(value);
    else throw new Error(`unknown option ${args[i]}`);
  }
  return options;
}

describe('decompile corpus through the library', () => {
  it('covers every family of malformed filter JSON', () => {
    const codes = new Set(cases.flatMap((c) => c.expected.diagnostics.map((d) => d.code)));
    for (const code of [
      'missing-where',
      'mixed-group',
      'group-with-criterion',
      'empty-group',
      'unknown-member',
      'missing-member',
      'unknown-operator',
      'expected-list',
      'wrong-value-type',
      'expected-scalar',
      'unknown-field',
      'operator-not-allowed',
      'invalid-value',
      'filter-too-large',
      'too-many-operators',
      'invalid-json',
    ])
      expect(codes, code).toContain(code);
  });

  for (const c of cases) {
    it(c.name, () => {
      const result = decompile(c.input, optionsOf(c.expected.args));
      expect({
        ok: result.ok,
        text: result.text,
        diagnostics: result.diagnostics.map((d) => ({
          code: d.code,
          severity: d.severity,
          pointer: d.pointer,
          at: `${d.range.start.line}:${d.range.start.column}`,
          hint: d.hint,
        })),
      }).toEqual({ ok: c.expected.ok, text: c.expected.text, diagnostics: c.expected.diagnostics });
    });
  }
});

/** Lists of several jobs: the library reports `several-filters`; the CLI decompiles every job (test/cli/jobs-read-back.test.ts). */
const EVERY_JOB_IN_CLI = new Set(['input-several-jobs']);

describe('decompile corpus through the CLI', () => {
  const results = new Map<string, CliResult>();
  beforeAll(async () => {
    const outcomes = await mapLimited(cases, (c) =>
      runCli(['decompile', '-f', relative(REPO_ROOT, c.path), ...(c.expected.args ?? [])], { env: { NO_COLOR: '1' } }),
    );
    cases.forEach((c, i) => {
      results.set(c.name, outcomes[i]);
    });
  }, 120_000);

  for (const c of cases.filter((c) => !EVERY_JOB_IN_CLI.has(c.name))) {
    it(c.name, () => {
      const { code, stdout, stderr } = results.get(c.name)!;
      const file = relative(REPO_ROOT, c.path);
      expect({ code, stdout }).toEqual(c.expected.ok ? { code: 0, stdout: `${c.expected.text}\n` } : { code: 1, stdout: '' });
      const frames = stderr.split(/\n\n(?=(?:error|warning)\[)/).filter(Boolean);
      expect(frames).toHaveLength(c.expected.diagnostics.length);
      c.expected.diagnostics.forEach((expected, i) => {
        expect(frames[i].startsWith(`${expected.severity}[${expected.code}]: `)).toBe(true);
        // The pointer is printed one way everywhere: at the end of the message line.
        if (expected.pointer) expect(frames[i].split('\n')[0]).toMatch(new RegExp(` \\(at ${expected.pointer.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\)$`));
        expect(frames[i]).toContain(`--> ${file}:${expected.at}\n`);
        if (expected.hint) expect(frames[i]).toContain(`= hint: ${expected.hint}`);
      });
    });
  }
});
