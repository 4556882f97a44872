import { defineConfig } from 'vitest/config';

// One Vitest run, three projects: pure shared rules, web components (jsdom), server integration (real database).
export default defineConfig({
  test: {
    // Vitest's default is cores − 1 workers: one of a 2-core runner's two cores would sit idle.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'shared',
          root: './packages/shared',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          maxWorkers: 2,
        },
      },
      './apps/web/vite.config.ts',
      {
        test: {
          name: 'server',
          root: './apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          // Migrates and seeds once into a template database that each test file starts on a copy of.
          globalSetup: ['./test/support/seeded-template.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          // Each file gets its own database; two workers keep a 2-core machine busy without thrashing.
          maxWorkers: 2,
        },
      },
    ],
  },
});
