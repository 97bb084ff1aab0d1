/**
 * What a tool's public page shows (docs/product/tools.md#screens-and-routes), shaped once for both
 * its readers: the app host's `/tool/{path}` (the saved tool) and the tool builder's live preview
 * (the builder's unsaved draft, handed to the same page in a frame). Only what a visitor needs is
 * kept: never the tool's instructions, the fields' instructions or its data items.
 */
import { parseAppStyle, showsWatermark } from './app-style';
import type { PlanId } from './constants';
import { parseCustomField } from './tool-field-rules';
import { fieldsOfTool } from './tool-app-rules';
import { TOOL_PAGE_MESSAGES, type ToolPageBoot, type ToolPageField } from './tool-page';
import { DEFAULT_TOOL_TEXTS, type Tool, type ToolAppParts } from './tools';

export interface ToolPageBootSource {
  app: { id: string; name: string; settings: Record<string, unknown> };
  /** The app's tool keys (saved definition or the builder's draft). */
  parts: ToolAppParts;
  tool: Tool;
  /** The stored or edited style, checked here (an unreadable one shows the default look). */
  style: unknown;
  ownerPlan: PlanId;
  /** The builder's address, where the watermark leads. */
  builderUrl: string;
  /** The app's paid memberships are on (the server knows; a draft preview has none). */
  hasPaidMemberships?: boolean;
}

export function toolPageBootOf({
  app,
  parts,
  tool,
  style,
  ownerPlan,
  builderUrl,
  hasPaidMemberships = false,
}: ToolPageBootSource): ToolPageBoot {
  const texts = tool.texts ?? parts.texts ?? DEFAULT_TOOL_TEXTS;
  const settings = app.settings;
  const isSignupEnabled = settings.isSignupEnabled === true;
  const custom: ToolPageField[] = fieldsOfTool(parts, tool.toolId)
    .map(parseCustomField)
    .map((f) => ({
      name: f.name,
      label: f.label,
      type: f.type,
      required: f.required,
      // Remembered values belong to signed-in end users, and a photo is never remembered.
      memorize: f.memorize && isSignupEnabled && f.type !== 'photo',
      stepId: f.stepId ?? null,
      options: f.options.filter((o) => o.label).map((o) => ({ label: o.label, iconUrl: o.iconUrl || null })),
      placeholder: null,
    }));
  const fields: ToolPageField[] = texts.isInputHidden
    ? custom
    : [
        {
          name: 'input',
          label: texts.inputLabel || TOOL_PAGE_MESSAGES.defaultInputLabel,
          type: 'long_text',
          // With no other field the main input is the question itself.
          required: custom.length === 0,
          memorize: false,
          stepId: null,
          options: [],
          placeholder: texts.inputPlaceholder || null,
        },
        ...custom,
      ];
  const parsedStyle = parseAppStyle(style);
  const styleValue = parsedStyle.ok ? parsedStyle.value : {};
  const credits = settings.creditsPerRun;
  return {
    appId: app.id,
    name: app.name,
    tool: { toolId: tool.toolId, title: tool.title, path: tool.path, imageUrl: tool.imageUrl || null },
    fields,
    steps: (parts.inputSteps ?? []).map((s) => ({ id: s.id, title: s.title })),
    texts: {
      header: texts.header,
      description: texts.description,
      inputLabel: texts.inputLabel,
      inputPlaceholder: texts.inputPlaceholder,
      isInputHidden: texts.isInputHidden,
      isInputCollapsed: texts.isInputCollapsed && !texts.isInputHidden,
      welcomeMessage: texts.welcomeMessage,
      examples: texts.examples.filter((e) => e.trim()),
      ctaMessage: texts.ctaMessage,
      ctaButton: texts.ctaButton,
      ctaLink: texts.ctaLink || null,
      isMultiStepInput: texts.isMultiStepInput,
    },
    style: styleValue,
    showWatermark: showsWatermark(styleValue, ownerPlan),
    builderUrl,
    userCanEditResults: settings.userCanEditResults === true,
    creditsPerRun: typeof credits === 'number' && Number.isFinite(credits) ? credits : 1,
    isSignupEnabled,
    supportEmail: typeof settings.supportEmail === 'string' && settings.supportEmail ? settings.supportEmail : null,
    hasPaidMemberships,
  };
}
