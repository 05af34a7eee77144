/** Every corpus case through the library: `compile` gives the expected JSON and diagnostics. */
import { compile, parseJsonExact } from '@logfilter/core';
import { describe, expect, it } from 'vitest';
import { loadCorpus, project } from '../support/corpus.js';

const cases = loadCorpus();

describe('conformance corpus through the library', () => {
  it('holds enough cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(90);
    expect(cases.filter((c) => c.kind === 'invalid').length).toBeGreaterThanOrEqual(30);
  });

  for (const c of cases) {
    it(`${c.kind}/${c.name}`, () => {
      const result = compile(c.text, c.options);
      expect(result.diagnostics.map(project)).toEqual(c.diagnostics);
      for (const diagnostic of result.diagnostics) expect(diagnostic.message).toMatch(/\S/);
      if (c.kind === 'valid') {
        expect(result.ok).toBe(true);
        expect(`${result.json!}\n`).toBe(c.stdout);
        // An exact reading of the expected text: JSON.parse would round an integer past 2^53 as a lossy object does.
        expect(result.filter).toStrictEqual(parseJsonExact(c.stdout!));
        expect(result.stats.bytes).toBe(Buffer.byteLength(result.json!, 'utf8'));
      } else {
        expect(result.ok).toBe(false);
        expect(c.diagnostics.some((d) => d.severity === 'error')).toBe(true);
      }
    });
  }
});
