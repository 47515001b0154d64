import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file starts its own servers on 127.0.0.1 with its own data directory; two cores.
    pool: 'forks',
    maxWorkers: 2,
  },
});
