/**
 * Every corpus case through the built CLI (`logfilter compile -f CASE.lf` plus the case's
 * directive options): exact stdout and exit code, and a code frame on stderr for each diagnostic.
 */
import { relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCorpus, type CorpusCase } from '../support/corpus.js';
import { ANSI_ESCAPE, mapLimited, REPO_ROOT, runCli, type CliResult } from '../support/cli.js';

const cases = loadCorpus();
const results = new Map<CorpusCase, CliResult>();

beforeAll(async () => {
  const outcomes = await mapLimited(cases, (c) => runCli(['compile', '-f', relative(REPO_ROOT, c.path), ...c.args], { env: { NO_COLOR: '1' } }));
  cases.forEach((c, i) => {
    results.set(c, outcomes[i]);
  });
}, 180_000);

describe('conformance corpus through the CLI', () => {
  for (const c of cases) {
    it(`${c.kind}/${c.name}`, () => {
      const { code, stdout, stderr } = results.get(c)!;
      const file = relative(REPO_ROOT, c.path);
      if (c.kind === 'valid') {
        expect({ code, stdout }).toEqual({ code: 0, stdout: c.stdout });
      } else {
        expect({ code, stdout }).toEqual({ code: 1, stdout: '' });
      }
      expect(stderr).not.toMatch(ANSI_ESCAPE);
      expect(stderr).not.toMatch(/internal error|\n\s+at /);
      if (c.diagnostics.length === 0) expect(stderr).toBe('');
      const frames = stderr.split(/\n\n(?=(?:error|warning)\[)/).filter(Boolean);
      expect(frames).toHaveLength(c.diagnostics.length);
      c.diagnostics.forEach((expected, i) => {
        const frame = frames[i];
        expect(frame.startsWith(`${expected.severity}[${expected.code}]: `)).toBe(true);
        expect(frame).toContain(`--> ${file}:${expected.range.start.line}:${expected.range.start.column}\n`);
        expect(frame).toMatch(/\n\s*\|\s*\^+/);
        if (expected.severity === 'error') expect(frame).toMatch(/\n\s*= hint: \S/);
      });
    });
  }
});
