/**
 * diff and check --deep show progress on a terminal during long runs (issue 29): a line on stderr that
 * says which question the solver is on, only when stderr is a terminal (here a pseudo-terminal made
 * by `script`), never on a pipe.
 */
import { execFile, spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { CLI_BIN, runCli } from '../support/cli.js';

/** A pair whose second question spends its whole work budget: a run of several seconds on any machine. */
const SLOW = [
  'diff',
  'ClientRequestPath contains aXbXc AND ClientRequestPath contains cXbXa AND ClientRequestUserAgent endsWith x',
  'ClientRequestPath contains XbX AND ClientRequestPath !contains aXbXa AND ClientRequestUserAgent endsWith x AND ClientRequestUserAgent !contains xx',
  '--budget',
  '1000000',
];
const HAS_SCRIPT = spawnSync('script', ['--version']).status === 0;
/** Generous: the slow pair on a loaded machine. */
const TEST_BUDGET_MS = 300_000;

function onTerminal(args: string[]): Promise<string> {
  const command = [process.execPath, CLI_BIN, ...args].map((word) => `'${word.replaceAll("'", "'\\''")}'`).join(' ');
  return new Promise((resolve) => {
    execFile('script', ['-qec', command, '/dev/null'], { env: { ...process.env, NO_COLOR: '1' }, maxBuffer: 1 << 24 }, (_error, stdout) => resolve(stdout));
  });
}

describe('progress of the solver', () => {
  it.skipIf(!HAS_SCRIPT)(
    'is shown on a terminal, and never on a pipe',
    async () => {
      const [terminal, piped] = await Promise.all([onTerminal(SLOW), runCli(SLOW)]);
      expect(terminal).toMatch(/\r[|/\\-] diff: 2 of 3: records only NEW lets through/);
      // Cleared before the answer: the answer's line starts clean.
      expect(terminal).toContain('they differ');
      expect(piped.code).toBe(1);
      expect(piped.stderr).toBe('');
      expect(piped.stdout).not.toContain('\r');
    },
    TEST_BUDGET_MS,
  );
});
