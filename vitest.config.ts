import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'packages/*/test/**/*.test.ts', 'grammar/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
