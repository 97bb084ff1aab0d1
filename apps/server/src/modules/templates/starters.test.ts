import { describe, expect, it } from 'vitest';
import { validateSnapshot } from '@tessera/agent';
import { ToolAppPartsSchema } from '@tessera/contracts/tools';
import { buildStarterApp, starterToolDefinition } from './starter-build';
import { STARTERS, STARTER_ID_PREFIX } from './starters';

describe('starter templates', () => {
  it('have unique ids with the starter prefix, apps and tools', () => {
    expect(new Set(STARTERS.map((s) => s.id)).size).toBe(STARTERS.length);
    for (const s of STARTERS) expect(s.id.startsWith(STARTER_ID_PREFIX)).toBe(true);
    expect(STARTERS.length).toBeGreaterThanOrEqual(8);
  });

  it.each(STARTERS.filter((s) => s.appType === 'generated').map((s) => [s.id, s] as const))(
    '%s: the built-in builder makes a valid app with entities and sample records, under the starter name',
    async (_id, starter) => {
      if (starter.appType !== 'generated') return;
      const { snapshot, records } = buildStarterApp(starter);
      expect(records.length).toBeGreaterThan(0);
      expect(Object.keys(snapshot.entities).length).toBeGreaterThanOrEqual(1);
      expect(JSON.parse(snapshot.files['app.json']!).name).toBe(starter.name);
      const errors = (await validateSnapshot(snapshot)).filter((i) => i.severity === 'error');
      expect(errors).toEqual([]);
    },
  );

  it('tool starters are valid tool definitions with a document', () => {
    for (const s of STARTERS) {
      if (s.appType !== 'tool') continue;
      const parsed = ToolAppPartsSchema.parse(starterToolDefinition(s));
      expect(parsed.tools?.[0]?.status).toBe('draft');
      expect(s.data.text.length).toBeGreaterThan(100);
    }
  });
});
