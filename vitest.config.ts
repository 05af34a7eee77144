import { defineConfig } from 'vitest/config';

/**
 * The tests, split by what they cost. `fast` is the loop run on every change (`pnpm test`): core,
 * the solver, the CLI run in this process through main(argv, io), the Terraform and corpus checks.
 * `full` is what needs more than Node: a database, a browser, an editor, the DuckDB engine, the
 * language server over stdio, shells and bursts of processes. `pnpm test:all` runs every project.
 * A file belongs to one project, so `vitest run PATH` runs it wherever it is.
 */
const ALL = ['test/**/*.test.ts', 'packages/*/test/**/*.test.ts', 'grammar/**/*.test.ts'];
/**
 * The projects run one after another (sequence.groupOrder): `fast` with its own 6 workers first,
 * then `full`, then the reliability suite (test/reliability), alone, so its bursts of processes meet
 * no other load.
 */
const RELIABILITY = 'test/reliability/**/*.test.ts';
/** The release test (test/release) publishes to a local registry and installs with npm: alone, last. */
const RELEASE = 'test/release/**/*.test.ts';
/** In `full`: each needs something beyond Node and the built CLI, or is a process by nature. */
const FULL = [
  // The SQL engines: DuckDB, Postgres and ClickHouse.
  'test/sql/**/*.test.ts',
  'test/roundtrip/evaluate.test.ts',
  // Neovim, the VS Code package, and the playground in Chromium.
  'test/editors/**/*.test.ts',
  'packages/playground/test/**/*.test.ts',
  // The language server spoken to over stdio by a process of its own.
  'test/lsp/{code-actions,dataset-choice,documents,protocol,server}.test.ts',
  // The bundle as a file, the shells' completion, the README's examples run by bash.
  'test/cli/{bundle,completion,readme-examples}.test.ts',
  // The solver beside busy loops, its progress on a terminal (script), lines of up to 100 MB.
  'test/cli/{diff-load,solver-progress}.test.ts',
  'packages/cli/test/long-lines.test.ts',
  'packages/vscode/test/vscode.test.ts',
  // The documentation site, built and crawled in Chromium.
  'test/docs/**/*.test.ts',
];

/**
 * Each test of `full` may take this long: a property run over a SQL engine takes half a minute on a
 * quiet machine and several on a loaded one, and its verdict must not depend on which.
 */
const FULL_TEST_TIMEOUT_MS = 600_000;

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'fast',
          include: ALL,
          exclude: ['**/node_modules/**', RELIABILITY, RELEASE, ...FULL],
          // A worker keeps the modules it has imported from one file to the next: importing core,
          // the CLI and the solver again for each of ~100 files was most of the loop's time (one
          // folder of 16 files: 40 s isolated, 9 s not). No fast test mocks a module or stubs a
          // global, which is what isolation would protect.
          isolate: false,
          // Most of these files wait more than they compute (the service's retries and time-outs,
          // the emulator's answers, a solver's worker): on 2 cores, 2 workers left the loop idle for
          // half its 3 minutes; 6 overlap the waits (about 55 s, the same CPU time).
          maxWorkers: 6,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'full',
          include: FULL,
          testTimeout: FULL_TEST_TIMEOUT_MS,
          hookTimeout: FULL_TEST_TIMEOUT_MS,
          exclude: ['**/node_modules/**'],
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: 'reliability',
          include: [RELIABILITY],
          // One file at a time: each starts its own emulator and a burst of CLI processes.
          fileParallelism: false,
          sequence: { groupOrder: 2 },
        },
      },
      {
        extends: true,
        test: {
          name: 'release',
          include: [RELEASE],
          fileParallelism: false,
          sequence: { groupOrder: 3 },
        },
      },
    ],
  },
});
