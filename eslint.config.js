import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
const noApps = { group: ['**/apps/*', '**/apps/**'], message: 'Packages never import applications.' };

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.test-output/**',
      'data/**',
      '.scratch/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        Buffer: 'readonly',
        fetch: 'readonly',
        performance: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportAllDeclaration', message: "A package's index.ts is a curated API: no export *." },
      ],
    },
  },
  // Import boundaries (CONVENTIONS.md "Layering").
  {
    files: ['apps/web/**'],
    rules: restrict([
      {
        group: [
          '**/apps/server/**',
          '@tessera/db',
          '@tessera/test-utils',
          'hono',
          'hono/*',
          'drizzle-orm',
          'drizzle-orm/*',
          'pg',
          'better-auth/*',
          'nodemailer',
        ],
        message: 'The web app talks to the server only over HTTP; share code through @tessera/contracts.',
      },
    ]),
  },
  {
    files: ['packages/ui/**'],
    rules: restrict([
      { group: ['@tessera/*'], message: 'The design system knows no features or API: no @tessera imports.' },
      noApps,
    ]),
  },
  {
    files: ['packages/contracts/**'],
    rules: restrict([
      { group: ['@tessera/*', 'node:*'], message: 'Contracts are isomorphic and depend on nothing of ours.' },
      noApps,
    ]),
  },
  {
    files: ['packages/db/**', 'packages/test-utils/**'],
    rules: restrict([noApps]),
  },
  {
    files: ['apps/server/**'],
    rules: restrict([{ group: ['**/apps/web/**', '@tessera/ui'], message: 'The server never imports the web app.' }]),
  },
  {
    files: ['apps/server/src/**/*.routes.ts'],
    rules: restrict([
      {
        group: ['drizzle-orm', 'drizzle-orm/*', '@tessera/db', '*.repo', '**/*.repo'],
        message: 'Routes call services; only repos touch SQL.',
      },
      { group: ['**/apps/web/**'], message: 'The server never imports the web app.' },
    ]),
  },
  {
    files: ['apps/server/src/**/*.service.ts'],
    rules: restrict([
      { group: ['drizzle-orm', 'drizzle-orm/*'], message: 'Services get repos; only repos touch SQL.' },
      { group: ['**/apps/web/**'], message: 'The server never imports the web app.' },
    ]),
  },
);
