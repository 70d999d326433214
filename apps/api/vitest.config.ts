import { configDefaults, defineConfig } from 'vitest/config';
import { excludedFiles, includedFiles } from './test/passes.ts';

export default defineConfig({
  test: {
    include: [...(includedFiles() ?? ['src/**/*.test.ts', 'seed/**/*.test.ts', 'test/**/*.test.ts'])],
    // The passes of `npm test` and the quick run leave some files out (test/passes.ts).
    exclude: [...configDefaults.exclude, ...excludedFiles()],
    globalSetup: ['test/global-setup.ts'],
    // PGlite boots a WASM Postgres per test file; on a shared 2-core machine that can take seconds.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Test files share their worker's module graph instead of importing the whole app afresh each: the
    // app, drizzle and PGlite's WASM are loaded once per worker, which takes about 40 % off the suite's
    // CPU time. Safe because every test builds its own app and database (test/build.ts) and the app
    // keeps its state per instance, never in module globals.
    isolate: false,
    // Workers as threads of one process rather than processes of their own: about a tenth less CPU for
    // the same files (the PGlite pass 235–241 against 263 core-seconds, measured in turn). Nothing in
    // the suite changes the working folder or relies on a process of its own; the servers and commands
    // the process tests start are child processes either way.
    pool: 'threads',
  },
});
