import { describe, expect, it } from 'vitest';
import {
  activationRefusal,
  changedToolSettings,
  checkTemplateCategory,
  checkToolApp,
  checkToolPath,
  fieldsOfTool,
  findActiveToolByPath,
  retitledTool,
  toolPathFromTitle,
  toolSettingsRefusal,
  toolStatusLabel,
} from './tool-app-rules';
import {
  allowedFieldTypes,
  canMemorize,
  checkFieldLabel,
  checkOptionLabel,
  deleteFieldRefusal,
  fieldNameFromLabel,
  fieldTypeRefusal,
  instructionTags,
  parseCustomField,
  unknownInstructionTags,
} from './tool-field-rules';
import { TOOL_MESSAGES } from './tool-limits';
import { ToolAppPartsSchema, ToolTextsSchema } from './tools';

const ctx = { plan: 'explorer' as const, isAdmin: false, isSignupEnabled: false, liveToolLimit: 3 };
const parts = (raw: unknown) => ToolAppPartsSchema.parse(raw);

describe('field rules', () => {
  it('names fields from labels', () => {
    expect(fieldNameFromLabel('Favourite dish!')).toBe('favourite_dish');
    expect(fieldNameFromLabel('Crème brûlée')).toBe('creme_brulee');
    expect(fieldNameFromLabel('2nd choice')).toBe('f_2nd_choice');
    expect(fieldNameFromLabel('!!!')).toBe('field');
  });

  it('checks labels: empty, long, reserved, repeated in any case', () => {
    expect(checkFieldLabel(' ', [])).toBe(TOOL_MESSAGES.fieldLabelEmpty);
    expect(checkFieldLabel('x'.repeat(61), [])).toBe(TOOL_MESSAGES.fieldLabelTooLong);
    expect(checkFieldLabel('input', [])).toBe(TOOL_MESSAGES.reservedFieldName);
    expect(checkFieldLabel('INPUT?', [])).toBe(TOOL_MESSAGES.reservedFieldName);
    expect(checkFieldLabel('city', [{ label: 'City', name: 'city' }])).toBe(TOOL_MESSAGES.fieldExists);
    expect(checkFieldLabel('City!', [{ label: 'City', name: 'city' }])).toBe(TOOL_MESSAGES.fieldExists);
    expect(checkFieldLabel('Town', [{ label: 'City', name: 'city' }])).toBeNull();
  });

  it('checks options', () => {
    expect(checkOptionLabel('', [])).toBe(TOOL_MESSAGES.optionEmpty);
    expect(checkOptionLabel('Thai', [{ label: 'thai' }])).toBe(TOOL_MESSAGES.optionExists);
    expect(checkOptionLabel('t'.repeat(61), [])).toBe(TOOL_MESSAGES.optionTooLong);
    expect(checkOptionLabel('Thai', [{ label: 'Italian' }])).toBeNull();
  });

  it('gates field types by plan and role, memorize by sign-up', () => {
    expect(fieldTypeRefusal('photo', { plan: 'lite', isAdmin: false })?.message).toBe(TOOL_MESSAGES.photoNeedsPaidPlan);
    expect(fieldTypeRefusal('photo', { plan: 'explorer', isAdmin: false })).toBeNull();
    expect(fieldTypeRefusal('place', { plan: 'moon', isAdmin: false })?.code).toBe('FORBIDDEN');
    expect(fieldTypeRefusal('tool_item_select', { plan: 'lite', isAdmin: true })).toBeNull();
    expect(allowedFieldTypes({ plan: 'lite', isAdmin: false })).not.toContain('photo');
    expect(canMemorize('text', true)).toBe(true);
    expect(canMemorize('text', false)).toBe(false);
    expect(canMemorize('photo', true)).toBe(false);
  });

  it('reads tags and blocks deleting a tagged field unless personal', () => {
    expect(instructionTags('Use [city] and [input], [city] again, not [bad tag]')).toEqual(['city', 'input']);
    expect(unknownInstructionTags('[city] [input] [ghost]', [{ name: 'city' }])).toEqual(['ghost']);
    expect(deleteFieldRefusal({ name: 'city', personal: false }, 'Go to [city]')).toContain('[city]');
    expect(deleteFieldRefusal({ name: 'city', personal: true }, 'Go to [city]')).toBeNull();
    expect(deleteFieldRefusal({ name: 'city', personal: false }, 'Go to [town]')).toBeNull();
  });

  it('stores email as personal and options in one place', () => {
    const f = parseCustomField({ label: 'Mail', type: 'email', personal: false });
    expect(f).toMatchObject({ name: 'mail', personal: true, options: [] });
    const s = parseCustomField({ label: 'Dish', type: 'select', optionsConfig: { options: [{ label: ' Soup ' }] } });
    expect(s.options).toEqual([{ label: 'Soup' }]);
  });
});

describe('tool rules', () => {
  it('checks paths', () => {
    for (const bad of ['', 'a b', 'a/b', 'a.b', 'é']) expect(checkToolPath(bad)).toBe(TOOL_MESSAGES.invalidPath);
    expect(checkToolPath('Menu-2')).toBeNull();
    expect(checkToolPath('menu', ['MENU'])).toBe(TOOL_MESSAGES.pathTaken);
    expect(checkToolPath('a'.repeat(61))).toBe(TOOL_MESSAGES.pathTooLong);
    expect(toolPathFromTitle('Meal ideas!', ['meal-ideas'])).toBe('meal-ideas-2');
    expect(toolPathFromTitle('', [])).toBe('tool');
  });

  it('moves a made path along with the title until it is set by hand or the tool goes live', () => {
    const made = { toolId: 'b', path: 'tool-2', autoPath: true, status: 'draft' as const };
    const others = [{ toolId: 'a', path: 'meal-ideas' }, made];
    expect(retitledTool(made, 'Meal ideas', others)).toMatchObject({ title: 'Meal ideas', path: 'meal-ideas-2' });
    expect(retitledTool(made, '  ', others).path).toBe('tool');
    // Its own path is never in its way.
    expect(retitledTool({ ...made, path: 'soup' }, 'Soup', others).path).toBe('soup');
    for (const kept of [
      { ...made, autoPath: undefined },
      { ...made, autoPath: false },
      { ...made, status: 'active' as const },
    ])
      expect(retitledTool(kept, 'Soup', others)).toMatchObject({ title: 'Soup', path: 'tool-2' });
  });

  it('keeps a made path following the title only while it did and the tool is not live', () => {
    const tool = (toolId: string, extra: Record<string, unknown> = {}) => ({
      toolId,
      title: toolId,
      path: toolId,
      ...extra,
    });
    const prev = parts({ tools: [tool('a', { autoPath: true }), tool('b'), tool('c', { autoPath: true })] });
    const next = parts({
      tools: [
        tool('a', { autoPath: true }),
        tool('b', { autoPath: true }),
        tool('c', { autoPath: true, status: 'active' }),
        tool('d', { autoPath: true }),
        tool('e', { autoPath: false }),
      ],
    });
    const checked = checkToolApp(next, prev, ctx);
    expect(checked.ok && checked.value.tools?.map((t) => t.autoPath)).toEqual([
      true,
      undefined,
      undefined,
      true,
      undefined,
    ]);
    expect(checked.ok && Object.keys(checked.value.tools![4]!)).not.toContain('autoPath');
  });

  it('activates titled tools within the live-tool limit', () => {
    expect(activationRefusal({ title: ' ' }, 0, 20)?.message).toBe(TOOL_MESSAGES.activationNeedsTitle);
    expect(activationRefusal({ title: 'A' }, 1, 1)?.upgradeReason).toBe('ACTIVATED_TOOL_PER_APP_LIMIT_REACHED');
    expect(activationRefusal({ title: 'A' }, 1, 1, true)).toBeNull();
    expect(activationRefusal({ title: 'A' }, 2, 3)).toBeNull();
  });

  it('labels statuses and finds the active tool by path', () => {
    expect([toolStatusLabel('active'), toolStatusLabel('paused'), toolStatusLabel(undefined)]).toEqual([
      'active',
      'alert',
      'draft',
    ]);
    const app = parts({
      tools: [
        { toolId: 'a', path: 'menu', status: 'draft' },
        { toolId: 'b', path: 'Quotes', status: 'active' },
      ],
      fields: [
        { label: 'One', type: 'text' },
        { label: 'Two', type: 'text', toolId: 'b' },
      ],
    });
    expect(findActiveToolByPath(app, 'quotes')?.toolId).toBe('b');
    expect(findActiveToolByPath(app, 'menu')).toBeNull();
    expect(fieldsOfTool(app, 'a').map((f) => f.label)).toEqual(['One']);
    expect(fieldsOfTool(app, 'b').map((f) => f.label)).toEqual(['Two']);
  });

  it('checks template categories', () => {
    expect(checkTemplateCategory(' ', [])).toBe(TOOL_MESSAGES.categoryEmpty);
    expect(checkTemplateCategory('Food', ['food'])).toBe(TOOL_MESSAGES.categoryExists);
    expect(checkTemplateCategory('Travel', ['food'])).toBeNull();
  });

  it('wants exactly three examples', () => {
    expect(ToolTextsSchema.safeParse({ examples: ['a', 'b'] }).success).toBe(false);
    expect(ToolTextsSchema.parse({}).examples).toEqual(['', '', '']);
  });
});

describe('settings rules', () => {
  it('judges only changed settings; unset equals the default', () => {
    expect(changedToolSettings({ modelTemperature: 0.7, creditsPerRun: 1 }, {})).toEqual([]);
    expect(changedToolSettings({ dailyUserLimit: 5 }, {})).toEqual(['dailyUserLimit']);
  });

  it('applies ranges, admin-only settings and the lite lock', () => {
    const admin = { plan: 'lite' as const, isAdmin: true };
    expect(toolSettingsRefusal({ creditsPerRun: -1 }, {}, admin)?.message).toBe(
      'Credits per run must be between 0 and 20',
    );
    expect(toolSettingsRefusal({ modelTemperature: 0.25 }, {}, admin)?.message).toBe(TOOL_MESSAGES.temperatureStep);
    expect(toolSettingsRefusal({ modelTemperature: 1.9 }, {}, admin)).toBeNull();
    expect(toolSettingsRefusal({ aiModel: 'x' }, {}, { plan: 'moon', isAdmin: false })?.code).toBe('FORBIDDEN');
    expect(toolSettingsRefusal({ weeklyUserLimit: 7 }, {}, { plan: 'lite', isAdmin: false })?.message).toBe(
      TOOL_MESSAGES.settingsUpgrade,
    );
    expect(
      toolSettingsRefusal({ weeklyUserLimit: 7 }, { weeklyUserLimit: 7 }, { plan: 'lite', isAdmin: false }),
    ).toBeNull();
  });
});

describe('checkToolApp', () => {
  it('grandfathers fields kept as they were, and refuses new ones the plan does not allow', () => {
    const photo = parts({ tools: [{ toolId: 't', path: 'p' }], fields: [{ label: 'Face', type: 'photo' }] });
    const liteCtx = { ...ctx, plan: 'lite' as const, liveToolLimit: 1 };
    expect(checkToolApp(photo, null, liteCtx).ok).toBe(false);
    expect(checkToolApp(photo, photo, liteCtx).ok).toBe(true);
  });

  it('lets an already active tool stay active past a lowered limit', () => {
    const two = parts({
      tools: [
        { toolId: 'a', title: 'A', path: 'a', status: 'active' },
        { toolId: 'b', title: 'B', path: 'b', status: 'active' },
      ],
    });
    const liteCtx = { ...ctx, plan: 'lite' as const, liveToolLimit: 1 };
    expect(checkToolApp(two, null, liteCtx).ok).toBe(false);
    expect(checkToolApp(two, two, liteCtx).ok).toBe(true);
  });

  it('counts the tools that stay live wherever they are in the list', () => {
    const tools = (a: string, b: string) =>
      parts({
        tools: [
          { toolId: 'a', title: 'A', path: 'a', status: a },
          { toolId: 'b', title: 'B', path: 'b', status: b },
        ],
      });
    const liteCtx = { ...ctx, plan: 'lite' as const, liveToolLimit: 1 };
    // B went live first; A going live after it (earlier in the list) finds the place taken.
    expect(checkToolApp(tools('active', 'active'), tools('draft', 'active'), liteCtx).ok).toBe(false);
    expect(checkToolApp(tools('active', 'active'), tools('active', 'draft'), liteCtx).ok).toBe(false);
  });
});
