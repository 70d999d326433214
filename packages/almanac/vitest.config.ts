import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
    // The lunar-typescript oracle of the differential tests keeps every year it builds (the reason is
    // in the file; nothing in the engine imports it).
    setupFiles: ['src/testing/oracleCache.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // The engine is pure (no I/O, no state a test could leave behind, no module mocks), so its files
    // share a worker's modules instead of loading them once per file: 55 against 66 core-seconds for
    // the suite in one zone, measured on this machine.
    isolate: false,
  },
});
