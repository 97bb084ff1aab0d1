/**
 * What the public page of a tool shows (docs/product/tools.md#screens-and-routes): the app's
 * active tool at a path, turned into the page's boot data. Only what a visitor needs leaves the
 * server: never the tool's instructions, the fields' instructions or its data items.
 */
import {
  DEFAULT_TOOL_TEXTS,
  TOOL_PAGE_MESSAGES,
  ToolAppPartsSchema,
  fieldsOfTool,
  findActiveToolByPath,
  parseAppStyle,
  parseCustomField,
  showsWatermark,
  type PlanId,
  type ToolPageBoot,
  type ToolPageField,
} from '@tessera/contracts';

export interface ToolPageSource {
  app: { id: string; name: string; settings: Record<string, unknown> };
  /** The app's kind: a single tool's host root leads to its first active tool. */
  kind: string;
  /** The app's saved definition (the `app` payload of POST /api/apps). */
  definition: Record<string, unknown>;
  style: Record<string, unknown>;
  ownerPlan: PlanId;
  /** The builder's address, where the watermark leads. */
  builderUrl: string;
}

/**
 * The page of the app's active tool at `path`, or null (no such tool, a draft, an unreadable
 * definition). With no path, a single tool's first active tool (a generated app's own tools are
 * never its home).
 */
export function toolPageBoot(source: ToolPageSource, path: string | null): ToolPageBoot | null {
  const parts = ToolAppPartsSchema.safeParse(source.definition);
  if (!parts.success) return null;
  const tool =
    path === null
      ? source.kind === 'tool'
        ? (parts.data.tools?.find((t) => t.status === 'active') ?? null)
        : null
      : findActiveToolByPath(parts.data, path);
  if (!tool) return null;
  const texts = tool.texts ?? parts.data.texts ?? DEFAULT_TOOL_TEXTS;
  const settings = source.app.settings;
  const isSignupEnabled = settings.isSignupEnabled === true;
  const custom: ToolPageField[] = fieldsOfTool(parts.data, tool.toolId)
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
  const style = parseAppStyle(source.style);
  const styleValue = style.ok ? style.value : {};
  const credits = settings.creditsPerRun;
  return {
    appId: source.app.id,
    name: source.app.name,
    tool: { toolId: tool.toolId, title: tool.title, path: tool.path, imageUrl: tool.imageUrl || null },
    fields,
    steps: (parts.data.inputSteps ?? []).map((s) => ({ id: s.id, title: s.title })),
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
    showWatermark: showsWatermark(styleValue, source.ownerPlan),
    builderUrl: source.builderUrl,
    userCanEditResults: settings.userCanEditResults === true,
    creditsPerRun: typeof credits === 'number' && Number.isFinite(credits) ? credits : 1,
    isSignupEnabled,
  };
}
