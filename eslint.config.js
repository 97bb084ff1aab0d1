import { existsSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
const noApps = { group: ['**/apps/*', '**/apps/**'], message: 'Packages never import applications.' };
const noWeb = { group: ['**/apps/web/**', '@tessera/ui'], message: 'The server never imports the web app.' };
const noSql = {
  group: ['drizzle-orm', 'drizzle-orm/*', '@tessera/db'],
  allowTypeImports: true,
  message: "Only *.repo.ts files touch SQL: move the query into the module's repo.",
};
const onlyContracts = {
  group: ['@tessera/*', '!@tessera/contracts', '!@tessera/contracts/*'],
  message: 'This package depends only on @tessera/contracts.',
};

/** A web feature reaches another feature only through that feature's index.ts (its public face). */
const FEATURES_DIR = resolve('apps/web/src/features');
const featureOf = (file) => {
  const rel = relative(FEATURES_DIR, file);
  return rel.startsWith('..') ? null : rel.split(sep)[0];
};
const featureBoundaries = {
  rules: {
    'feature-imports': {
      meta: { type: 'problem', schema: [] },
      create(context) {
        const own = featureOf(context.filename);
        return {
          ImportDeclaration(node) {
            const source = node.source.value;
            if (!own || !source.startsWith('.')) return;
            const target = resolve(dirname(context.filename), source);
            const other = featureOf(target);
            if (!other || other === own || target === resolve(FEATURES_DIR, other)) return;
            context.report({
              node: node.source,
              message: `Import the "${other}" feature through its index.ts ('…/features/${other}'), not its internals.`,
            });
          },
        };
      },
    },
  },
};

/**
 * A server module (apps/server/src/modules/<name>/) is reached from outside only through its
 * index.ts, the face that builds it and lists what others may use; its own files, tests included,
 * import each other freely. A module without an index.ts yet is not fenced.
 */
const MODULES_DIR = resolve('apps/server/src/modules');
const moduleOf = (file) => {
  const rel = relative(MODULES_DIR, file);
  return rel.startsWith('..') ? null : rel.split(sep)[0];
};
const serverModuleBoundaries = {
  rules: {
    'module-imports': {
      meta: { type: 'problem', schema: [] },
      create(context) {
        const own = moduleOf(context.filename);
        const check = (node) => {
          const source = node.source?.value;
          if (typeof source !== 'string' || !source.startsWith('.')) return;
          const target = resolve(dirname(context.filename), source);
          const other = moduleOf(target);
          if (!other || other === own) return;
          const face = join(MODULES_DIR, other);
          if (target === face || target === join(face, 'index') || !existsSync(join(face, 'index.ts'))) return;
          context.report({
            node: node.source,
            message: `Import the "${other}" module through its index.ts ('…/modules/${other}'), not its files.`,
          });
        };
        return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
      },
    },
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.test-output/**',
      'data/**',
      '.scratch/**',
      '.cache/**',
      '.tsbuild/**',
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
  // Import boundaries: the layering rules of CONTRIBUTING.md.
  {
    files: ['apps/web/**'],
    plugins: { tessera: featureBoundaries },
    rules: {
      'tessera/feature-imports': 'error',
      ...restrict({
        group: [
          '**/apps/server/**',
          '@tessera/db',
          '@tessera/test-utils',
          '@tessera/runtime',
          'hono',
          'hono/*',
          'drizzle-orm',
          'drizzle-orm/*',
          'pg',
          'better-auth/*',
          'nodemailer',
          'node:*',
        ],
        message: 'The web app talks to the server only over HTTP; share code through @tessera/contracts.',
      }),
    },
  },
  {
    files: ['packages/ui/**'],
    rules: restrict(
      { group: ['@tessera/*'], message: 'The design system knows no features or API: no @tessera imports.' },
      noApps,
    ),
  },
  {
    files: ['packages/contracts/**'],
    rules: restrict(
      { group: ['@tessera/*', 'node:*'], message: 'Contracts are isomorphic and depend on nothing of ours.' },
      noApps,
    ),
  },
  {
    files: ['packages/agent/**'],
    rules: restrict(onlyContracts, noApps),
  },
  {
    // The files every generated app gets (packages/agent/src/offline/templates): browser code with JSX,
    // importing react, react-router-dom, lucide-react and the app's own `@/…` modules.
    files: ['packages/agent/src/offline/templates/**/*.{js,jsx}'],
    languageOptions: {
      parserOptions: { ecmaFeatures: { jsx: true } },
      globals: { window: 'readonly', document: 'readonly', navigator: 'readonly', localStorage: 'readonly' },
    },
  },
  {
    files: ['packages/runtime/**'],
    rules: restrict(onlyContracts, noApps, {
      group: ['node:*'],
      message: "The runtime runs in the browser, on the app's origin: no Node modules.",
    }),
  },
  {
    files: ['packages/db/**', 'packages/test-utils/**'],
    rules: restrict(noApps),
  },
  {
    files: ['apps/server/**'],
    plugins: { 'tessera-server': serverModuleBoundaries },
    rules: { 'tessera-server/module-imports': 'error', ...restrict(noWeb) },
  },
  {
    // SQL lives in repos. The exceptions are the composition of the database itself: the process entry
    // opens it, better-auth's adapter maps its tables, the q compiler builds SQL for records.repo.ts.
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      '**/*.repo.ts',
      '**/*.test.ts',
      '**/testing/**',
      'apps/server/src/main.ts',
      'apps/server/src/modules/auth/auth.ts',
      'apps/server/src/modules/entities/record-query.ts',
    ],
    rules: restrict(noWeb, noSql),
  },
  {
    files: ['apps/server/src/**/*.routes.ts'],
    rules: restrict(noWeb, noSql, {
      group: ['*.repo', '**/*.repo'],
      message: 'Routes call services; services call repos.',
    }),
  },
);
