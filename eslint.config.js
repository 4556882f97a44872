import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

const WEB_FEATURES = readdirSync(new URL('./apps/web/src/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

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
);
