import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup-tests.ts'],
    css: false,
    // antd and ProComponents render a lot of DOM; on a 2-core machine a page test takes seconds.
    testTimeout: 30_000,
    // Loading antd, ProComponents and jsdom once per worker instead of once per file takes the suite
    // from ~150 s to ~95 s here. The files share no state that outlives a test: the fake API is
    // installed per test and the session store is cleared after each (src/testing/setup-tests.ts).
    pool: 'threads',
    isolate: false,
  },
});
