import { defineConfig } from 'vitest/config';

// `npm run bench:recovery` and `npm run bench:insight`: Vitest as the harness of the benchmarks
// that drive a child server with the test support's fakes (one file, in order); not part of any
// test suite.
export default defineConfig({
  test: {
    root: './apps/server',
    include: ['bench/*.bench.ts'],
    environment: 'node',
    globalSetup: ['./test/support/seeded-template.ts'],
    fileParallelism: false,
    testTimeout: 900_000,
    hookTimeout: 300_000,
  },
});
