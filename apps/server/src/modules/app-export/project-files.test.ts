import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PINNED } from './project-files';

const installed = (name: string) =>
  (
    JSON.parse(readFileSync(new URL(`../../../../../node_modules/${name}/package.json`, import.meta.url), 'utf8')) as {
      version: string;
    }
  ).version;

describe('the exported package.json', () => {
  it('pins the versions this repository has installed (so npm install is served from the same cache)', () => {
    for (const [name, version] of Object.entries({ ...PINNED.dependencies, ...PINNED.devDependencies }))
      expect([name, installed(name)]).toEqual([name, version]);
  });
});
