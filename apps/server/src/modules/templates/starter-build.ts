import { applyActions, hasErrors, parseActionText, planAppBuilderTurn, type AppSnapshot } from '@tessera/agent';
import { ToolSchema } from '@tessera/contracts/tools';
import { withManifestName } from '../apps/app-lifecycle.service';
import type { StarterApp, StarterTool } from './starters';

const EMPTY: AppSnapshot = { files: { 'app.json': '{"name":"New App","mainPage":"Home"}\n' }, entities: {} };
const built = new Map<string, AppSnapshot>();

/**
 * A starter app's files and entity schemas: the built-in app builder's first turn on the starter's
 * description, applied like the chat applies it (deterministic, so built once per process).
 */
export function starterSnapshot(starter: StarterApp): AppSnapshot {
  const cached = built.get(starter.id);
  if (cached) return cached;
  const turn = planAppBuilderTurn({ snapshot: EMPTY, messages: [{ role: 'user', text: starter.prompt }] });
  const applied = applyActions(EMPTY, parseActionText(turn.text, { isFinal: true }).actions);
  // A starter the builder cannot build is a bug of this file (starters.test.ts builds every one).
  if (hasErrors(applied.issues)) throw new Error(`starter ${starter.id} does not build`);
  const snapshot = withManifestName(applied.snapshot, starter.name);
  built.set(starter.id, snapshot);
  return snapshot;
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
