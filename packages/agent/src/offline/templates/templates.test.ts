// templates.gen.ts carries the .jsx/.js files beside this test as strings, so the agent reads them the
// same way under Vite, esbuild and vitest. This test fails when it is out of date;
// `UPDATE_TEMPLATES=1 npx vitest run packages/agent/src/offline/templates` rewrites it.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { TEMPLATES } from './templates.gen';

const DIR = fileURLToPath(new URL('.', import.meta.url));
const GENERATED = join(DIR, 'templates.gen.ts');

function templateFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return templateFiles(path);
    return /\.jsx?$/.test(entry.name) ? [relative(DIR, path)] : [];
  });
}

function generatedSource(): string {
  const entries = templateFiles(DIR)
    .sort()
    .map((path) => `  ${JSON.stringify(path)}: ${JSON.stringify(readFileSync(join(DIR, path), 'utf8'))},`);
  return [
    '// Generated from the .jsx/.js files of this folder by templates.test.ts (UPDATE_TEMPLATES=1): do not edit.',
    '',
    '/** The files every generated app shares, keyed by their path in the app. */',
    'export const TEMPLATES: Readonly<Record<string, string>> = {',
    ...entries,
    '};',
    '',
  ].join('\n');
}

describe('shared app templates', () => {
  it('templates.gen.ts holds the template files as they are', () => {
    const expected = generatedSource();
    if (process.env.UPDATE_TEMPLATES) writeFileSync(GENERATED, expected);
    expect(readFileSync(GENERATED, 'utf8')).toBe(expected);
  });

  it('includes the shared components, the formatting helpers and the records hook', () => {
    expect(Object.keys(TEMPLATES)).toEqual(
      expect.arrayContaining([
        'components/AppShell.jsx',
        'components/FieldInput.jsx',
        'services/format.js',
        'services/useRecords.js',
      ]),
    );
  });
});
