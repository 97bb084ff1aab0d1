import { type ToolApp } from '@tessera/contracts/apps';
import {
  DEFAULT_TOOL_TEXTS,
  fieldsOfTool,
  parseCustomField,
  retitledTool,
  type CustomField,
  type InputStep,
  type Tool,
  type ToolTexts,
} from '@tessera/contracts/tools';

/**
 * Pure edits of a tool app's definition (docs/product/tools.md#data): the builder changes one tool,
 * its fields and texts, and the whole definition is saved. Fields belong to the app with the
 * `toolId` of their tool; the app's first tool also owns fields that name no tool.
 */
export interface ToolDraft {
  app: ToolApp;
  toolId: string;
}

export function toolOf({ app, toolId }: ToolDraft): Tool | undefined {
  return app.tools?.find((t) => t.toolId === toolId);
}

/** The fields of the tool, in their order on the form. */
export function toolFields({ app, toolId }: ToolDraft): CustomField[] {
  return fieldsOfTool(app, toolId).map((f) => parseCustomField(f));
}

/** The texts the tool page shows: the tool's own, else the app's, else empty ones. */
export function toolTexts(draft: ToolDraft): ToolTexts {
  const texts = toolOf(draft)?.texts ?? draft.app.texts ?? DEFAULT_TOOL_TEXTS;
  return { ...DEFAULT_TOOL_TEXTS, ...texts };
}

export function withTool(draft: ToolDraft, patch: Partial<Tool>): ToolApp {
  return {
    ...draft.app,
    tools: (draft.app.tools ?? []).map((t) => (t.toolId === draft.toolId ? { ...t, ...patch } : t)),
  };
}

/** The tool's new title; a path made for it follows the title (docs/product/tools.md#app-tools). */
export function withTitle(draft: ToolDraft, title: string): ToolApp {
  const tools = draft.app.tools ?? [];
  return {
    ...draft.app,
    tools: tools.map((t) => (t.toolId === draft.toolId ? retitledTool(t, title, tools) : t)),
  };
}

export function withTexts(draft: ToolDraft, patch: Partial<ToolTexts>): ToolApp {
  return withTool(draft, { texts: { ...toolTexts(draft), ...patch } });
}

/** Replaces the tool's fields (in the given order), keeping every other tool's fields where they were. */
export function withFields(draft: ToolDraft, fields: readonly CustomField[]): ToolApp {
  const mine = new Set(fieldsOfTool(draft.app, draft.toolId));
  const others = (draft.app.fields ?? []).filter((f) => !mine.has(f));
  return { ...draft.app, fields: [...others, ...fields.map((f) => ({ ...f, toolId: draft.toolId }))] };
}

export function withSteps(draft: ToolDraft, inputSteps: InputStep[]): ToolApp {
  return { ...draft.app, inputSteps };
}

/** Moves the item at `from` to `to` (both in range), giving a new array. */
export function moved<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

/** A new step id not used by the app's steps. */
export function newStepId(steps: readonly InputStep[]): string {
  const used = new Set(steps.map((s) => s.id));
  for (let n = steps.length + 1; ; n++) if (!used.has(`step-${n}`)) return `step-${n}`;
}
