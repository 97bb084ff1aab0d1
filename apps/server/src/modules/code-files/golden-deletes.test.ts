import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateSnapshot } from '@tessera/agent';
import { importDeclarations, referencesToUpdate, resolveAppImport } from '@tessera/contracts/code';
import { type EntitySchema } from '@tessera/contracts/entities';

const GOLDEN = join(import.meta.dirname, '../../../../../packages/agent/src/offline/golden');

function readTree(dir: string, root = dir, out: Record<string, string> = {}): Record<string, string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) readTree(path, root, out);
    else if (name.endsWith('.golden'))
      out[path.slice(root.length + 1).replace(/\.golden$/, '')] = readFileSync(path, 'utf8');
  }
  return out;
}

const apps = readdirSync(GOLDEN).filter((name) => {
  try {
    return statSync(join(GOLDEN, name, 'files')).isDirectory();
  } catch {
    return false;
  }
});

// The offline builder's reference apps: deleting any component with its reference updates leaves
// code that parses and imports only what exists (the editor's delete, docs/product/editor-and-chat.md).
describe.each(apps)('deleting a component of the %s golden app', (app) => {
  const files = readTree(join(GOLDEN, app, 'files'));
  const entities = Object.fromEntries(
    Object.entries(readTree(join(GOLDEN, app, 'entities'))).map(([name, text]) => [
      name.replace(/\.json$/, ''),
      JSON.parse(text) as EntitySchema,
    ]),
  );
  const components = Object.keys(files).filter((path) => path.startsWith('components/'));

  it.each(components)('%s', async (path) => {
    const updates = referencesToUpdate(files, path);
    const next = { ...files };
    delete next[path];
    for (const update of updates) next[update.path] = update.content;
    const errors = (await validateSnapshot({ files: next, entities }))
      .filter((i) => i.severity === 'error' && (i.detectorId === 'syntax' || i.detectorId === 'imports'))
      .map((i) => `${i.file}:${i.line} ${i.message}`);
    expect(errors).toEqual([]);
    // No importer still imports it (resolved against the files before the delete).
    for (const update of updates)
      expect(
        importDeclarations(update.content).map((d) => resolveAppImport(files, update.path, d.specifier)),
      ).not.toContain(path);
  });
});
