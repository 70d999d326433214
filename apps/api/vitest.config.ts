import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // PGlite boots a WASM Postgres per test file; on a shared 2-core machine that can take seconds.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
