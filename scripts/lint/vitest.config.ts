import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['**/*.test.ts'],
    // The zone probes are written into the real tree; one file at a time keeps them apart.
    fileParallelism: false,
  },
});
