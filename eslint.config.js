import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { readdirSync } from 'node:fs';

const WEB_FEATURES = readdirSync(new URL('./apps/web/src/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const SERVER_MODULES = readdirSync(new URL('./apps/server/src/modules', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const moduleNames = (names) => `(?:${names.join('|')})`;

/** Modules, lib, providers and db sit below jobs/ and the demo seed. */
const noJobsOrSeed = {
  regex: '^\\.{1,2}/(?:.*/)?(?:jobs|seed)(?:/|$)',
  message:
    'Modules, lib, providers and db must not import from jobs/ or the demo seed (they sit above): move the shared piece down or pass it in.',
};
/** lib, providers and db sit below the modules too. */
const noModules = {
  regex: '^\\.{1,2}/(?:.*/)?modules(?:/|$)',
  message: 'lib, providers and db must not import from a module (modules sit above them).',
};
/** From outside src/modules: a module is reached through its index.ts only. */
const moduleIndexOnly = {
  regex: `(?:^|/)modules/${moduleNames(SERVER_MODULES)}/(?!index\\.js$)`,
  message: 'Import a module through its public face, modules/<name>/index.js, not its files.',
};
/** From inside module `own`: another module is reached through its index.ts only. */
const otherModuleIndexOnly = (own) => ({
  regex: `^(?:\\.\\./)+(?:modules/)?${moduleNames(SERVER_MODULES.filter((m) => m !== own))}/(?!index\\.js$)`,
  message: "Import another module through its public face, '../<name>/index.js', not its files.",
});
/** jobs/ is plumbing: queries live in a module's repo, reached through the module's index.ts. */
const noSqlInJobs = {
  regex: '^(?:drizzle-orm(?:/|$)|\\.{1,2}/(?:.*/)?db/schema(?:/|$))',
  message:
    "jobs/ holds queue set-up and thin handlers only: put the query in a module's <feature>.repo.ts and call it through the module's index.js.",
};
const serverRestrict = (...patterns) => ['error', { patterns }];
const SERVER_TESTS = ['apps/server/test/**', 'apps/server/**/*.test.ts'];

const serverImports = {
  group: ['**/apps/server/**', '@fieldbot/server'],
  message: 'The web app talks to the server over HTTP only.',
};

/** no-restricted-imports replaces (does not merge) its options per block, so each block lists all. */
const restrictImports = (...patterns) => ['error', { patterns: [serverImports, ...patterns] }];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/data/**',
      'apps/server/src/db/migrations/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': restrictImports(),
    },
  },
  // No import cycles in the server and shared source: in a cycle, load order decides what is still
  // undefined, and which layer owns what blurs. Type-only imports are erased, so they are not counted.
  {
    files: ['{apps/server,packages/shared}/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // The parser and extensions import-x needs to read the imported TypeScript files.
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/server/tsconfig.json', 'packages/shared/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  // Dependencies flow app → features → components/lib. Shared code never imports a feature or the
  // app shell.
  {
    files: ['apps/web/src/components/**/*.{ts,tsx}', 'apps/web/src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restrictImports({
        group: ['@/features', '@/features/**', '@/app', '@/app/**'],
        message: 'Shared components and lib code must not depend on a feature or on the app shell.',
      }),
    },
  },
  // A feature reaches another feature only through its public index (@/features/<name>), never its
  // internals, and leaves its own folder only through the '@/' alias (so this rule sees it).
  ...WEB_FEATURES.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': restrictImports(
        {
          group: ['@/features/*/**', `!@/features/${feature}/**`],
          message:
            'Import another feature through its index (@/features/<name>), not its internals.',
        },
        {
          group: ['../../*', '../../..'],
          message: "Leave the feature's folder through the '@/' alias.",
        },
        { group: ['@/app', '@/app/**'], message: 'Features must not depend on the app shell.' },
      ),
    },
  })),
  // Server layers point one way: app, worker, jobs, seed and scripts → modules → lib/db,
  // providers → shared. A module's index.ts is its one public face; tests and bench may reach in.
  {
    files: ['apps/server/{src,scripts,eval}/**/*.ts'],
    ignores: ['apps/server/src/modules/**', ...SERVER_TESTS],
    rules: { 'no-restricted-imports': serverRestrict(moduleIndexOnly) },
  },
  // The block above, plus no SQL: it lists moduleIndexOnly again because options are replaced.
  {
    files: ['apps/server/src/jobs/**/*.ts'],
    ignores: SERVER_TESTS,
    rules: { 'no-restricted-imports': serverRestrict(moduleIndexOnly, noSqlInJobs) },
  },
  {
    files: ['apps/server/src/{lib,providers,db}/**/*.ts'],
    rules: { 'no-restricted-imports': serverRestrict(noJobsOrSeed, noModules) },
  },
  ...SERVER_MODULES.map((own) => ({
    files: [`apps/server/src/modules/${own}/**/*.ts`],
    ignores: SERVER_TESTS,
    rules: { 'no-restricted-imports': serverRestrict(noJobsOrSeed, otherModuleIndexOnly(own)) },
  })),
  {
    files: ['apps/server/src/modules/**/*.test.ts'],
    rules: { 'no-restricted-imports': serverRestrict(noJobsOrSeed) },
  },
);
