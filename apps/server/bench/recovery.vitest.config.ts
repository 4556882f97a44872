import { defineConfig } from 'vitest/config';

// `npm run bench:recovery`: Vitest as the harness of bench/worker-recovery.bench.ts (one file, in
// order, with the test support's fakes); not part of any test suite.
export default defineConfig({
  test: {
    root: './apps/server',
    include: ['bench/worker-recovery.bench.ts'],
    environment: 'node',
    globalSetup: ['./test/support/seeded-template.ts'],
    fileParallelism: false,
    testTimeout: 900_000,
    hookTimeout: 300_000,
  },
});
