import { defineConfig } from 'vitest/config';

/** The reliability suite (test/reliability) runs after everything else, alone, so its bursts of processes meet no other load. */
const RELIABILITY = 'test/reliability/**/*.test.ts';
/** The release test (test/release) publishes to a local registry and installs with npm: alone, last. */
const RELEASE = 'test/release/**/*.test.ts';

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts', 'packages/*/test/**/*.test.ts', 'grammar/**/*.test.ts'],
          exclude: ['**/node_modules/**', RELIABILITY, RELEASE],
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'reliability',
          include: [RELIABILITY],
          // One file at a time: each starts its own emulator and a burst of CLI processes.
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: 'release',
          include: [RELEASE],
          fileParallelism: false,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
