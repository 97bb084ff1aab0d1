import { defineConfig } from 'vitest/config';

// Vitest 5's reporter calls Map.groupBy (Node 21+) when it prints failures; these machines run Node 20.
if (typeof Map.groupBy !== 'function') {
  Object.defineProperty(Map, 'groupBy', {
    value<K, V>(items: Iterable<V>, key: (item: V, index: number) => K): Map<K, V[]> {
      const groups = new Map<K, V[]>();
      let i = 0;
      for (const item of items) {
        const k = key(item, i++);
        const group = groups.get(k);
        if (group) group.push(item);
        else groups.set(k, [item]);
      }
      return groups;
    },
  });
}

const integration = ['apps/**/*.int.test.ts', 'packages/**/*.int.test.ts'];
const projects = [
  {
    test: {
      name: 'unit',
      include: ['apps/**/*.test.{ts,tsx}', 'packages/**/*.test.{ts,tsx}'],
      exclude: [...integration, '**/node_modules/**'],
    },
  },
  {
    test: {
      name: 'int-pglite',
      include: integration,
      env: { TEST_DB: 'pglite' },
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  },
];
// The same integration suite again on PostgreSQL when a server is available (CI sets it).
if (process.env.TEST_DATABASE_URL) {
  projects.push({
    test: {
      name: 'int-postgres',
      include: integration,
      env: { TEST_DB: 'postgres' },
      globalSetup: ['./packages/test-utils/src/postgres-global-setup.ts'],
      testTimeout: 30_000,
      hookTimeout: 60_000,
    } as (typeof projects)[number]['test'],
  });
}

export default defineConfig({ test: { projects } });
