import { ToolAppPartsSchema } from '@tessera/contracts';
import type { AppToolBrief } from '@tessera/agent';
import { runFieldsOf } from './run-prompt';

/**
 * A generated app's AI tools as the app builders see them (docs/product/tools.md#app-tools): each
 * with its path, whether it is live, and the inputs a run takes (the run engine's own fields).
 */
export function appToolsOf(definition: Record<string, unknown>): AppToolBrief[] {
  const parts = ToolAppPartsSchema.safeParse(definition);
  if (!parts.success) return [];
  return (parts.data.tools ?? []).map((tool) => ({
    title: tool.title,
    path: tool.path,
    isActive: tool.status === 'active',
    inputs: runFieldsOf(parts.data, tool, tool.texts ?? parts.data.texts).map((f) => ({
      name: f.name,
      label: f.label,
      type: f.type,
      required: f.required,
      options: f.options,
    })),
  }));
}
