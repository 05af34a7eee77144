/**
 * Every valid case of the conformance corpus goes round: text -> JSON -> text -> JSON, and the two
 * JSONs are the same; through the library, and through the built CLI (`compile`, `decompile`).
 */
import { compile, decompile, type DecompileOptions } from '@logfilter/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { mapLimited, runCli, type CliResult } from '../support/cli.js';
import { loadCorpus, type CorpusCase } from '../support/corpus.js';

const cases = loadCorpus().filter((c) => c.kind === 'valid');

/** decompile checks the JSON as it is: optimisation is no option of it. */
function decompileOptions(c: CorpusCase): DecompileOptions {
  const { optimize: _ignored, ...options } = c.options;
  return options;
}

const decompileArgs = (c: CorpusCase) => c.args.filter((arg) => arg !== '--no-optimize');

describe('valid corpus: text -> JSON -> text -> JSON through the library', () => {
  it('has cases', () => expect(cases.length).toBeGreaterThan(100));
  for (const c of cases) {
    it(c.name, () => {
      const first = compile(c.text, c.options);
      expect(first.ok).toBe(true);
      const back = decompile(first.json!, decompileOptions(c));
      expect(back.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      const second = compile(back.text!, c.options);
      expect(second.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      expect(second.json).toBe(first.json);
      // The text decompile writes is canonical: decompiling the second JSON writes it again.
      expect(decompile(second.json!, decompileOptions(c)).text).toBe(back.text);
    });
  }
});

describe('valid corpus: JSON -> text -> JSON through the CLI', () => {
  const results = new Map<CorpusCase, { decompiled: CliResult; recompiled: CliResult }>();
  beforeAll(async () => {
    const outcomes = await mapLimited(cases, async (c) => {
      const decompiled = await runCli(['decompile', '-f', '-', ...decompileArgs(c)], { input: c.stdout, env: { NO_COLOR: '1' } });
      const recompiled = await runCli(['compile', '-f', '-', ...c.args], { input: decompiled.stdout, env: { NO_COLOR: '1' } });
      return { decompiled, recompiled };
    });
    cases.forEach((c, i) => {
      results.set(c, outcomes[i]);
    });
  }, 300_000);

  for (const c of cases) {
    it(c.name, () => {
      const { decompiled, recompiled } = results.get(c)!;
      expect({ code: decompiled.code, stderr: decompiled.stderr.includes('error[') ? decompiled.stderr : '' }).toEqual({ code: 0, stderr: '' });
      expect(decompiled.stdout).toBe(`${decompile(c.stdout!, decompileOptions(c)).text}\n`);
      expect({ code: recompiled.code, stdout: recompiled.stdout }).toEqual({ code: 0, stdout: c.stdout });
    });
  }
});
