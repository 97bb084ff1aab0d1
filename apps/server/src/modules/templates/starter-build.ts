import { applyActions, hasErrors, parseActionText, planAppBuilderTurn, type AppSnapshot } from '@tessera/agent';
import { ToolSchema } from '@tessera/contracts/tools';
import { withManifestName } from '../apps/app-lifecycle.service';
import type { StarterApp, StarterTool } from './starters';

const EMPTY: AppSnapshot = { files: { 'app.json': '{"name":"New App","mainPage":"Home"}\n' }, entities: {} };
/** A starter app as built: its files and schemas, and the sample records the builder seeds. */
export interface StarterBuild {
  snapshot: AppSnapshot;
  records: Array<{ entity: string; data: Record<string, unknown> }>;
}
const built = new Map<string, StarterBuild>();

/**
 * A starter app's files, entity schemas and sample records: the built-in app builder's first turn on
 * the starter's description, applied like the chat applies it (deterministic, so built once per process).
 */
export function buildStarterApp(starter: StarterApp): StarterBuild {
  const cached = built.get(starter.id);
  if (cached) return cached;
  const turn = planAppBuilderTurn({ snapshot: EMPTY, messages: [{ role: 'user', text: starter.prompt }] });
  const applied = applyActions(EMPTY, parseActionText(turn.text, { isFinal: true }).actions);
  // A starter the builder cannot build is a bug of this file (starters.test.ts builds every one).
  if (hasErrors(applied.issues)) throw new Error(`starter ${starter.id} does not build`);
  const records = Object.entries(applied.records).flatMap(([entity, rows]) => rows.map((data) => ({ entity, data })));
  const app = { snapshot: withManifestName(applied.snapshot, starter.name), records };
  built.set(starter.id, app);
  return app;
}

/** A starter tool's app definition: its one tool as a draft, without data (the copy ingests its document). */
export function starterToolDefinition(starter: StarterTool): Record<string, unknown> {
  const { title, path, instructions, inputLabel, examples } = starter.tool;
  const tool = ToolSchema.parse({
    toolId: 'tool-1',
    title,
    path,
    status: 'draft',
    instructions,
    texts: { header: starter.name, description: starter.description, inputLabel, examples },
  });
  return { name: starter.name, tools: [tool], fields: [] };
}
