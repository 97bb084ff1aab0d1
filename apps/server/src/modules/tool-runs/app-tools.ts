import { TOOL_PAGE_MESSAGES } from '@tessera/contracts/tool-page';
import { RESERVED_FIELD_NAME, ToolAppPartsSchema } from '@tessera/contracts/tools';
import type { AppToolBrief } from '@tessera/agent';
import { runFieldsOf } from './run-prompt';

/**
 * A generated app's AI tools as the app builders see them (docs/product/tools.md#app-tools): each
 * with its path, whether it is live, and the inputs a run takes (the run engine's own fields).
 */
export function appToolsOf(definition: Record<string, unknown>): AppToolBrief[] {
  const parts = ToolAppPartsSchema.safeParse(definition);
  if (!parts.success) return [];
  return (parts.data.tools ?? []).map((tool) => {
    const texts = tool.texts ?? parts.data.texts;
    return {
      title: tool.title,
      path: tool.path,
      isActive: tool.status === 'active',
      inputs: runFieldsOf(parts.data, tool, texts).map((f) => ({
        name: f.name,
        // The main input is labelled as on the tool's own page.
        label:
          f.name === RESERVED_FIELD_NAME && !texts?.inputLabel?.trim() ? TOOL_PAGE_MESSAGES.defaultInputLabel : f.label,
        type: f.type,
        required: f.required,
        options: f.options,
      })),
    };
  });
}
