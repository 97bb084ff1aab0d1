import {
  ACTIVATED_TOOL_PER_APP_LIMIT_REACHED,
  MAX_INPUT_STEPS,
  MAX_TOOLS_PER_APP,
  TEMPLATE_CATEGORY_MAX_LENGTH,
  TOOL_MESSAGES,
  TOOL_PATH_MAX_LENGTH,
  TOOL_SETTINGS_RANGES,
  fillMessage,
} from './tool-limits';
import {
  checkFieldCount,
  checkFieldLabel,
  checkOptions,
  deleteFieldRefusal,
  fieldTypeRefusal,
  memorizeRefusal,
  parseCustomField,
  type ToolRuleContext,
  type ToolRuleError,
} from './tool-field-rules';
import {
  TOOL_SETTING_KEYS,
  type CustomField,
  type Tool,
  type ToolAppParts,
  type ToolSettingKey,
  type ToolStatus,
} from './tools';

/** Tool paths, activation, settings and the whole tool app (docs/product/tools.md#rules-and-messages). */

const PATH_PATTERN = /^[A-Za-z0-9-]+$/;

/** Letters, digits and dashes, not empty, not too long: the path message, or null. */
export function checkToolPath(path: string, otherPaths: readonly string[] = []): string | null {
  if (!PATH_PATTERN.test(path)) return TOOL_MESSAGES.invalidPath;
  if (path.length > TOOL_PATH_MAX_LENGTH) return TOOL_MESSAGES.pathTooLong;
  const lower = path.toLowerCase();
  if (otherPaths.some((p) => p.toLowerCase() === lower)) return TOOL_MESSAGES.pathTaken;
  return null;
}

/** A free path made from a title: "Meal ideas!" -> `meal-ideas` (then `meal-ideas-2`…); `tool` when empty. */
export function toolPathFromTitle(title: string, taken: readonly string[]): string {
  const base =
    title
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, TOOL_PATH_MAX_LENGTH - 4)
      .replace(/-+$/, '') || 'tool';
  const used = new Set(taken.map((p) => p.toLowerCase()));
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}

/**
 * The tool with a new title. A path made for it (`autoPath`) follows the title while the tool has
 * never been live, free among `tools` (the app's tools); any other path stays as it is, so a link
 * shared once never breaks.
 */
export function retitledTool<T extends Pick<Tool, 'toolId' | 'path' | 'autoPath' | 'status'>>(
  tool: T,
  title: string,
  tools: readonly Pick<Tool, 'toolId' | 'path'>[],
): T & { title: string } {
  if (!tool.autoPath || tool.status === 'active') return { ...tool, title };
  const taken = tools.filter((t) => t.toolId !== tool.toolId).map((t) => t.path);
  return { ...tool, title, path: toolPathFromTitle(title, taken) };
}

/**
 * A tool as stored: its made path keeps following the title only while it did before (or the tool
 * is new) and the tool is not live; once live or set by hand, the path is the builder's for good.
 */
function withAutoPathKept(tool: Tool, before: Tool | undefined): Tool {
  if (tool.autoPath === undefined) return tool;
  if (tool.autoPath && tool.status !== 'active' && (!before || before.autoPath)) return tool;
  const { autoPath: _dropped, ...rest } = tool;
  return rest;
}

/** How lists label a status: active, or alert for anything else; no status reads draft. */
export function toolStatusLabel(status: string | null | undefined): 'active' | 'alert' | 'draft' {
  if (!status) return 'draft';
  return status === 'active' ? 'active' : 'alert';
}

/**
 * Whether `tool` may go live now that `activeOthers` other tools of the app are live, `limit` being
 * the builder's plan's live tools per app (the operator's plan catalogue sets it).
 */
export function activationRefusal(
  tool: Pick<Tool, 'title'>,
  activeOthers: number,
  limit: number,
  isAdmin = false,
): ToolRuleError | null {
  if (tool.title.trim() === '')
    return { code: 'VALIDATION_FAILED', message: TOOL_MESSAGES.activationNeedsTitle, path: 'title' };
  if (!isAdmin && activeOthers >= limit)
    return {
      code: 'PLAN_LIMIT_REACHED',
      message: fillMessage(TOOL_MESSAGES.liveToolLimit, { n: limit }),
      upgradeReason: ACTIVATED_TOOL_PER_APP_LIMIT_REACHED,
    };
  return null;
}

/**
 * The fields of one tool: those with its `toolId`, and, for the app's first tool, those with no
 * `toolId` (a single tool's fields need not name it).
 */
export function fieldsOfTool<F extends Pick<CustomField, 'toolId'>>(
  parts: { tools?: readonly Pick<Tool, 'toolId'>[]; fields?: readonly F[] },
  toolId: string,
): F[] {
  const isFirst = parts.tools?.[0]?.toolId === toolId;
  return (parts.fields ?? []).filter((f) => f.toolId === toolId || (isFirst && !f.toolId));
}

/** The app's active tool at `path` (case-insensitive), for the public tool page. */
export function findActiveToolByPath<T extends Pick<Tool, 'path' | 'status'>>(
  parts: { tools?: readonly T[] } | null | undefined,
  path: string,
): T | null {
  const lower = path.toLowerCase();
  return parts?.tools?.find((t) => t.status === 'active' && t.path.toLowerCase() === lower) ?? null;
}

/** A new template category among the existing ones. */
export function checkTemplateCategory(name: string, existing: readonly string[]): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return TOOL_MESSAGES.categoryEmpty;
  if (trimmed.length > TEMPLATE_CATEGORY_MAX_LENGTH) return TOOL_MESSAGES.categoryTooLong;
  const lower = trimmed.toLowerCase();
  return existing.some((c) => c.trim().toLowerCase() === lower) ? TOOL_MESSAGES.categoryExists : null;
}

/** Tool settings only admins may change. */
export const ADMIN_TOOL_SETTINGS: readonly ToolSettingKey[] = [
  'aiModel',
  'modelTemperature',
  'aiQueryMethod',
  'isClaimable',
  'creditsPerRun',
  'startingCredits',
  'userCanEditResults',
  'isAppTemplate',
  'isToolTemplate',
  'templateCategory',
  'templateImageUrl',
  'templateDescription',
];

export const TOOL_SETTING_LABELS: Record<ToolSettingKey, string> = {
  aiModel: 'AI model',
  modelTemperature: 'Temperature',
  aiQueryMethod: 'Query method',
  dailyUserLimit: 'Daily runs per user',
  weeklyUserLimit: 'Weekly runs per user',
  isClaimable: 'Claim by customer',
  requireBuilderCollaboratorAccount: 'Builder collaborator account',
  isToolTemplate: 'Tool template',
  isAppTemplate: 'App template',
  templateCategory: 'Template category',
  templateImageUrl: 'Template image',
  templateDescription: 'Template description',
  isProTool: 'Pro tool',
  creditsPerRun: 'Credits per run',
  startingCredits: 'Starting credits',
  userCanEditResults: 'User can edit results',
};

/** The value a setting has when it is not stored. */
export const TOOL_SETTING_DEFAULTS: Partial<Record<ToolSettingKey, unknown>> = {
  modelTemperature: TOOL_SETTINGS_RANGES.modelTemperature.default,
  creditsPerRun: TOOL_SETTINGS_RANGES.creditsPerRun.default,
  startingCredits: TOOL_SETTINGS_RANGES.startingCredits.default,
  aiQueryMethod: 'default',
  isClaimable: false,
  requireBuilderCollaboratorAccount: false,
  isToolTemplate: false,
  isAppTemplate: false,
  isProTool: false,
  userCanEditResults: false,
};

const effective = (settings: Record<string, unknown>, key: ToolSettingKey): unknown => {
  const value = Object.hasOwn(settings, key) ? settings[key] : undefined;
  return value === undefined || value === null || value === '' ? (TOOL_SETTING_DEFAULTS[key] ?? null) : value;
};

/** The tool settings that differ between two stored settings objects (unset equals the default). */
export function changedToolSettings(next: Record<string, unknown>, prev: Record<string, unknown>): ToolSettingKey[] {
  return TOOL_SETTING_KEYS.filter((k) => JSON.stringify(effective(next, k)) !== JSON.stringify(effective(prev, k)));
}

function rangeRefusal(key: ToolSettingKey, value: unknown): string | null {
  if (typeof value !== 'number') return null;
  const range = (TOOL_SETTINGS_RANGES as Record<string, { min: number; max: number }>)[key];
  if (!range) return null;
  if (value < range.min || value > range.max)
    return fillMessage(TOOL_MESSAGES.settingOutOfRange, { setting: TOOL_SETTING_LABELS[key], ...range });
  if (key === 'modelTemperature' && Math.abs(value * 10 - Math.round(value * 10)) > 1e-9)
    return TOOL_MESSAGES.temperatureStep;
  return null;
}

/**
 * A settings save's tool settings: only changed ones are judged (a value saved before these rules
 * never blocks another save). Admin-only settings are refused to others; on the lite plan no tool
 * setting may change ('Upgrade your plan to edit tool settings'); numbers must be in range.
 */
export function toolSettingsRefusal(
  next: Record<string, unknown>,
  prev: Record<string, unknown>,
  ctx: Pick<ToolRuleContext, 'plan' | 'isAdmin'>,
): ToolRuleError | null {
  for (const key of changedToolSettings(next, prev)) {
    const range = rangeRefusal(key, effective(next, key));
    if (range) return { code: 'VALIDATION_FAILED', message: range, path: key };
    if (ctx.isAdmin) continue;
    if (ADMIN_TOOL_SETTINGS.includes(key))
      return {
        code: 'FORBIDDEN',
        message: fillMessage(TOOL_MESSAGES.settingsAdminOnly, { setting: TOOL_SETTING_LABELS[key] }),
        path: key,
      };
    if (ctx.plan === 'lite')
      return {
        code: 'PLAN_LIMIT_REACHED',
        message: TOOL_MESSAGES.settingsUpgrade,
        path: key,
        upgradeReason: 'default',
      };
  }
  return null;
}

/** The checked, stored form of an app's tool keys, or the first refusal. */
export type ToolAppCheck =
  { ok: true; value: ToolAppParts & { fields: CustomField[] } } | { ok: false; error: ToolRuleError };

/**
 * The whole tool part of an app definition against the rules, given what was stored before
 * (`prev`): tool ids and paths unique, the live-tool limit, active tools titled; per tool the
 * field count, labels, options, steps; a field removed while its tag is in the instructions; and,
 * for fields new or changed in type, the plan's and admins' field types and the memorize rules
 * (a field kept as it was is never refused for a plan change).
 */
export function checkToolApp(next: ToolAppParts, prev: ToolAppParts | null, ctx: ToolRuleContext): ToolAppCheck {
  const fail = (error: ToolRuleError): ToolAppCheck => ({ ok: false, error });
  const tools = next.tools ?? [];
  const fields = (next.fields ?? []).map(parseCustomField);
  const steps = next.inputSteps ?? [];
  if (tools.length > MAX_TOOLS_PER_APP)
    return fail({ code: 'VALIDATION_FAILED', message: TOOL_MESSAGES.maxTools, path: 'tools' });
  const ids = new Set<string>();
  const paths: string[] = [];
  const prevTools = new Map((prev?.tools ?? []).map((t) => [t.toolId, t]));
  const wasActive = (tool: { toolId: string }) => prevTools.get(tool.toolId)?.status === 'active';
  // Tools that stay live count first, wherever they are in the list: a tool going live must fit beside all of them.
  let active = tools.filter((t) => t.status === 'active' && wasActive(t)).length;
  for (const [i, tool] of tools.entries()) {
    if (ids.has(tool.toolId))
      return fail({ code: 'VALIDATION_FAILED', message: TOOL_MESSAGES.toolIdRepeated, path: `tools.${i}.toolId` });
    ids.add(tool.toolId);
    const pathError = checkToolPath(tool.path, paths);
    if (pathError) return fail({ code: 'VALIDATION_FAILED', message: pathError, path: `tools.${i}.path` });
    paths.push(tool.path);
    if (tool.status !== 'active') continue;
    // A tool live before keeps its place (even past a lowered limit); it still needs its title.
    const refusal = activationRefusal(tool, wasActive(tool) ? 0 : active, ctx.liveToolLimit, ctx.isAdmin);
    if (refusal) return fail({ ...refusal, path: `tools.${i}.${refusal.path ?? 'status'}` });
    if (!wasActive(tool)) active++;
  }
  if (steps.length > MAX_INPUT_STEPS)
    return fail({
      code: 'VALIDATION_FAILED',
      message: `A tool can have at most ${MAX_INPUT_STEPS} input steps`,
      path: 'inputSteps',
    });
  const stepIds = new Set(steps.map((s) => s.id));
  const prevFields = (prev?.fields ?? []).map(parseCustomField);
  const groups = tools.length ? tools.map((t) => fieldsOfTool({ tools, fields }, t.toolId)) : [fields];
  const grouped = new Set(groups.flat());
  // Fields of a tool that does not exist belong to no form; they are refused rather than kept unseen.
  const orphan = fields.findIndex((f) => !grouped.has(f));
  if (orphan >= 0)
    return fail({ code: 'VALIDATION_FAILED', message: TOOL_MESSAGES.toolNotFound, path: `fields.${orphan}.toolId` });
  for (const group of groups) {
    const countError = checkFieldCount(group.length);
    if (countError) return fail({ code: 'VALIDATION_FAILED', message: countError, path: 'fields' });
    for (const [j, field] of group.entries()) {
      const path = `fields.${fields.indexOf(field)}`;
      const labelError = checkFieldLabel(field.label, group.slice(0, j), field.name);
      if (labelError) return fail({ code: 'VALIDATION_FAILED', message: labelError, path: `${path}.label` });
      const optionError = checkOptions(field.options);
      if (optionError)
        return fail({
          code: 'VALIDATION_FAILED',
          message: optionError.message,
          path: `${path}.options.${optionError.index}`,
        });
      if (field.stepId && !stepIds.has(field.stepId))
        return fail({ code: 'VALIDATION_FAILED', message: TOOL_MESSAGES.unknownStep, path: `${path}.stepId` });
      const before = prevFields.find((p) => p.name === field.name && (p.toolId ?? null) === field.toolId);
      if (before?.type !== field.type) {
        const typeError = fieldTypeRefusal(field.type, ctx);
        if (typeError) return fail({ ...typeError, path: `${path}.type` });
      }
      if (field.memorize && (!before?.memorize || before.type !== field.type)) {
        const memorizeError = memorizeRefusal(field.type, ctx.isSignupEnabled);
        if (memorizeError) return fail({ code: 'VALIDATION_FAILED', message: memorizeError, path: `${path}.memorize` });
      }
    }
  }
  // A field removed while its tag is still in its tool's instructions.
  for (const old of prevFields) {
    if (fields.some((f) => f.name === old.name && f.toolId === old.toolId)) continue;
    const owner = tools.find((t) => fieldsOfTool({ tools, fields: [old] }, t.toolId).length > 0);
    const inUse = owner ? deleteFieldRefusal(old, owner.instructions) : null;
    if (inUse) return fail({ code: 'CONFLICT', message: inUse, path: 'fields' });
  }
  return {
    ok: true,
    value: {
      ...next,
      tools: tools.map((t) => withAutoPathKept(t, prevTools.get(t.toolId))),
      fields,
      inputSteps: steps,
    },
  };
}

/** A tool's status after a toggle. */
export function toggledStatus(isActive: boolean): ToolStatus {
  return isActive ? 'active' : 'draft';
}
