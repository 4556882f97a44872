import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const webRoot = fileURLToPath(new URL('./apps/web', import.meta.url));

/**
 * Web test files that need a module registry of their own: vi.mock only replaces a module that is
 * not loaded yet, and a few modules keep first-use state (the toast container mounts with the
 * first toast). They say so with vi.mock or a `vitest-isolate` comment; every other file shares
 * its worker's modules, which saves re-importing React and Mantine for each file (about 72 s
 * instead of 194 s for the unit tests on 2 cores).
 */
function webFilesNeedingIsolation(): string[] {
  const files = readdirSync(join(webRoot, 'src'), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => join(webRoot, 'src', file));
  return files
    .filter((file) => /\bvi\.mock\(|vitest-isolate/.test(readFileSync(file, 'utf8')))
    .map((file) => relative(webRoot, file));
}
const isolatedWebFiles = webFilesNeedingIsolation();

// One Vitest run, four projects: pure shared rules, web components (jsdom; the few files that mock
// modules in their own project), server integration (real database).
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
          // Pure functions: nothing to keep apart between files.
          isolate: false,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: isolatedWebFiles,
          isolate: false,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: { name: 'web-isolated', root: './apps/web', include: isolatedWebFiles },
      },
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
          // Each file builds its own app on its own database, and no file mocks a module: sharing
          // the worker's module cache saves loading the server's code once per file (376 s → 201 s).
          isolate: false,
        },
      },
    ],
  },
});
