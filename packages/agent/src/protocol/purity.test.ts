import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The builder UI imports @tessera/agent/protocol: it must stay free of Node and of server code.
const DIR = dirname(fileURLToPath(import.meta.url));
const sources = readdirSync(DIR).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));

describe('@tessera/agent/protocol', () => {
  it('imports only its own files, the snapshot type and @tessera/contracts', () => {
    expect(sources.length).toBeGreaterThan(3);
    for (const file of sources) {
      const text = readFileSync(join(DIR, file), 'utf8');
      const specifiers = [...text.matchAll(/^(?:import|export)\b[^'"]*?from\s*['"]([^'"]+)['"]/gm)].map((m) => m[1]!);
      for (const spec of specifiers)
        expect([spec, file]).toEqual([
          expect.stringMatching(/^(\.\/[\w-]+|\.\.\/snapshot|@tessera\/contracts(\/[\w-]+)?)$/),
          file,
        ]);
      expect(text, file).not.toMatch(/\b(process|Buffer|require)\s*[.(]/);
    }
  });
});
