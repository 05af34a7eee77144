/** `LINT_CODES` is what compile's lint gives: over the corpus, the codes `lint: false` takes away are these, each of them. */
import { compile, LINT_CODES } from '@logfilter/core';
import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../support/corpus.js';

describe('LINT_CODES', () => {
  it('are the codes lint: false takes away over the corpus, each of them met', () => {
    const removed = new Set<string>();
    for (const { name, text, options } of loadCorpus()) {
      const codes = (lint: boolean) => compile(text, { ...options, lint }).diagnostics.map((d) => `${d.code} ${d.range.start.offset}`);
      const without = new Set(codes(false));
      for (const code of codes(true)) if (!without.has(code)) removed.add(code.split(' ')[0]);
      expect(
        codes(false).filter((code) => (LINT_CODES as readonly string[]).includes(code.split(' ')[0])),
        name,
      ).toEqual([]);
    }
    expect([...removed].sort()).toEqual([...LINT_CODES].sort());
  });
});
