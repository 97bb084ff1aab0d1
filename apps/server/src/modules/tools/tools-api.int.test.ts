import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type PlanId } from '@tessera/contracts/plans';
import { LIVE_TOOLS_PER_APP, TOOL_MESSAGES } from '@tessera/contracts/tools';
import { accounts } from '@tessera/db';
import { buildGenApp } from '../../testing/factories';
import { createTestApp } from '../../testing/harness';

/** The tools collection, activation, tool settings, claim invitation and magic create (docs/product/tools.md#calls). */
const t = await createTestApp();
// The first account of an install is an admin: this one takes that place.
const admin = await t.signUpVerified();
type Builder = Awaited<ReturnType<typeof builderOn>>;

async function builderOn(plan: PlanId) {
  const b = await t.signUpVerified();
  await t.db.update(accounts).set({ plan }).where(eq(accounts.id, b.accountId));
  return b;
}
const lite = await builderOn('lite');
const explorer = await builderOn('explorer');
const stranger = await builderOn('moon');

async function toolApp(b: Builder, app: Record<string, unknown> = {}) {
  const res = await t.request('POST', '/api/apps', {
    token: b.token,
    body: { appType: 'tool', app: { name: 'Tools', ...app } },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.appId as string;
}
const api = (b: Builder, method: string, path: string, body?: unknown) =>
  t.request(method, path, { token: b.token, ...(body !== undefined ? { body } : {}) });

describe('the tools collection', () => {
  it('creates, lists, reads, updates and deletes tools with unique paths', async () => {
    const appId = await toolApp(explorer);
    const a = await api(explorer, 'POST', `/api/apps/${appId}/tools`, { title: 'Meal ideas!' });
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(a.body.tool).toMatchObject({ title: 'Meal ideas!', path: 'meal-ideas', status: 'draft' });
    expect(a.body.publicUrl).toMatch(/\/tool\/meal-ideas$/);
    const b = await api(explorer, 'POST', `/api/apps/${appId}/tools`, { title: 'Meal ideas' });
    expect(b.body.tool.path).toBe('meal-ideas-2');
    const taken = await api(explorer, 'PATCH', `/api/apps/${appId}/tools/${b.body.tool.toolId}`, {
      path: 'Meal-Ideas',
    });
    expect(taken.status).toBe(400);
    expect(taken.body.error.message).toBe(TOOL_MESSAGES.pathTaken);
    const bad = await api(explorer, 'POST', `/api/apps/${appId}/tools`, { title: 'X', path: 'no spaces' });
    expect(bad.body.error.message).toBe(TOOL_MESSAGES.invalidPath);
    const renamed = await api(explorer, 'PATCH', `/api/apps/${appId}/tools/${b.body.tool.toolId}`, {
      path: 'dinner',
      instructions: 'Ideas for [input].',
    });
    expect(renamed.body.tool).toMatchObject({ path: 'dinner', instructions: 'Ideas for [input].' });
    const list = await api(explorer, 'GET', `/api/apps/${appId}/tools`);
    expect(list.body.tools.map((x: { path: string }) => x.path)).toEqual(['meal-ideas', 'dinner']);
    expect(list.body.liveToolLimit).toBe(LIVE_TOOLS_PER_APP.explorer);
    expect((await api(explorer, 'DELETE', `/api/apps/${appId}/tools/${a.body.tool.toolId}`)).body).toEqual({
      status: true,
    });
    expect((await api(explorer, 'GET', `/api/apps/${appId}/tools/${a.body.tool.toolId}`)).status).toBe(404);
    expect((await api(explorer, 'GET', `/api/apps/${appId}/tools`)).body.tools).toHaveLength(1);
  });

  it("answers 404 on another builder's app and 401 without a token", async () => {
    const appId = await toolApp(explorer);
    const created = await api(explorer, 'POST', `/api/apps/${appId}/tools`, { title: 'Mine' });
    const toolPath = `/api/apps/${appId}/tools/${created.body.tool.toolId}`;
    for (const [method, path, body] of [
      ['GET', `/api/apps/${appId}/tools`],
      ['POST', `/api/apps/${appId}/tools`, { title: 'Theirs' }],
      ['GET', toolPath],
      ['PATCH', toolPath, { title: 'Taken' }],
      ['DELETE', toolPath],
      ['POST', `${toolPath}/activate`, { isActive: true }],
      ['GET', `/api/apps/${appId}/settings/claimInvitation`],
    ] as const) {
      expect((await api(stranger, method, path, body)).status, `${method} ${path}`).toBe(404);
      expect((await t.request(method, path, body ? { body } : {})).status, `${method} ${path}`).toBe(401);
    }
    expect((await api(explorer, 'GET', toolPath)).body.tool.title).toBe('Mine');
    const magic = await api(stranger, 'POST', '/api/builder/magicCreate', { input: 'City', appId });
    expect(magic.status).toBe(404);
  });
});

// docs/product/tools.md#app-tools: a new tool's made path follows its title, never a path the
// builder set or one that has been live (a link already shared).
describe("a new tool's path", () => {
  it('follows the title until the builder sets it or the tool goes live', async () => {
    const appId = await toolApp(explorer);
    const first = await api(explorer, 'POST', `/api/apps/${appId}/tools`, { title: '' });
    const second = await api(explorer, 'POST', `/api/apps/${appId}/tools`, {});
    expect([first.body.tool.path, second.body.tool.path]).toEqual(['tool', 'tool-2']);
    const url = (made: typeof first) => `/api/apps/${appId}/tools/${made.body.tool.toolId}`;
    const rename = async (made: typeof first, body: Record<string, unknown>) => {
      const res = await api(explorer, 'PATCH', url(made), body);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.tool.path as string;
    };
    // Free among the app's tools, whatever their case.
    expect(await rename(first, { title: 'Meal ideas' })).toBe('meal-ideas');
    expect(await rename(second, { title: 'MEAL IDEAS' })).toBe('meal-ideas-2');
    expect(await rename(first, { title: 'Soup of the day' })).toBe('soup-of-the-day');
    // Set by hand: renames leave it.
    expect(await rename(second, { path: 'Dinner' })).toBe('Dinner');
    expect(await rename(second, { title: 'Lunch' })).toBe('Dinner');
    // Live once: switched off and renamed, it stays.
    expect((await api(explorer, 'POST', `${url(first)}/activate`, { isActive: true })).status).toBe(200);
    expect((await api(explorer, 'POST', `${url(first)}/activate`, { isActive: false })).status).toBe(200);
    expect(await rename(first, { title: 'Brunch' })).toBe('soup-of-the-day');
    const stored = await api(explorer, 'GET', `/api/apps/${appId}`);
    expect(stored.body.definition.tools.map((x: { autoPath?: boolean }) => x.autoPath ?? null)).toEqual([null, null]);
  });

  it("keeps the builder's whole saves of a generated app's tools to the same rule", async () => {
    const saved = await api(explorer, 'POST', '/api/apps', buildGenApp({ name: 'Club' }));
    const appId = saved.body.appId as string;
    const made = await api(explorer, 'POST', `/api/apps/${appId}/tools`, { title: '' });
    const tool = made.body.tool;
    const put = (tools: unknown[]) => api(explorer, 'PUT', `/api/apps/${appId}/tools`, { tools });
    const toolsOf = async () => (await api(explorer, 'GET', `/api/apps/${appId}`)).body.definition.tools;
    // The builder's header moved the made path along: it still follows the title.
    expect((await put([{ ...tool, title: 'Quiz', path: 'quiz' }])).status).toBe(200);
    expect(await toolsOf()).toMatchObject([{ title: 'Quiz', path: 'quiz', autoPath: true }]);
    // A copy saved while the tool went live (or once its path was set) cannot make it follow again.
    expect(
      (await api(explorer, 'POST', `/api/apps/${appId}/tools/${tool.toolId}/activate`, { isActive: true })).status,
    ).toBe(200);
    expect((await put([{ ...tool, title: 'Quiz', path: 'quiz', status: 'draft', autoPath: true }])).status).toBe(200);
    const [after] = await toolsOf();
    expect(after).toMatchObject({ path: 'quiz' });
    expect(after.autoPath).toBeUndefined();
    expect(await api(explorer, 'PATCH', `/api/apps/${appId}/tools/${tool.toolId}`, { title: 'Trivia' })).toMatchObject({
      body: { tool: { title: 'Trivia', path: 'quiz' } },
    });
  });
});

describe('activation', () => {
  it('needs a title and stops at the plan’s live tools per app with the upgrade reason', async () => {
    const appId = await toolApp(lite);
    const untitled = await api(lite, 'POST', `/api/apps/${appId}/tools`, {});
    const off = await api(lite, 'POST', `/api/apps/${appId}/tools/${untitled.body.tool.toolId}/activate`, {
      isActive: true,
    });
    expect(off.status).toBe(400);
    expect(off.body.error.message).toBe(TOOL_MESSAGES.activationNeedsTitle);
    const ids: string[] = [];
    for (const title of ['One', 'Two', 'Three'])
      ids.push((await api(lite, 'POST', `/api/apps/${appId}/tools`, { title })).body.tool.toolId);
    // Three toggles at once on the free plan (one live tool): exactly one goes live.
    const all = await Promise.all(
      ids.map((id) => api(lite, 'POST', `/api/apps/${appId}/tools/${id}/activate`, { isActive: true })),
    );
    expect(all.map((r) => r.status).sort()).toEqual([200, 403, 403]);
    const listed = (await api(lite, 'GET', `/api/apps/${appId}/tools`)).body.tools;
    expect(listed.filter((x: { status: string }) => x.status === 'active')).toHaveLength(1);
    const refused = all.find((r) => r.status === 403)!;
    expect(refused.body.error).toMatchObject({
      code: 'PLAN_LIMIT_REACHED',
      message: "Your plan's live tools per app are all in use (1), upgrade to activate more",
      details: { upgradeReason: 'ACTIVATED_TOOL_PER_APP_LIMIT_REACHED' },
    });
    // The live one can be emptied of its title no more, and turned off to free the place.
    const live = all.find((r) => r.status === 200)!.body.tool.toolId as string;
    const empty = await api(lite, 'PATCH', `/api/apps/${appId}/tools/${live}`, { title: '' });
    expect(empty.body.error.message).toBe(TOOL_MESSAGES.activationNeedsTitle);
    expect(
      (await api(lite, 'POST', `/api/apps/${appId}/tools/${live}/activate`, { isActive: false })).body.tool.status,
    ).toBe('draft');
    expect(
      (
        await api(lite, 'POST', `/api/apps/${appId}/tools/${ids.find((id) => id !== live)}/activate`, {
          isActive: true,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await api(lite, 'POST', `/api/apps/${appId}/tools/${ids.find((id) => id !== live)}/activate`, {
          isActive: 'yes',
        })
      ).status,
    ).toBe(400);
  });
});

describe('tool settings', () => {
  const save = (b: Builder, appId: string, appSettings: unknown) =>
    api(b, 'POST', `/api/apps/${appId}/settings`, { appSettings });

  it('checks the ranges', async () => {
    const appId = await toolApp(admin);
    for (const [settings, message] of [
      [{ dailyUserLimit: 0 }, 'Daily runs per user must be between 1 and 100'],
      [{ weeklyUserLimit: 101 }, 'Weekly runs per user must be between 1 and 100'],
      [{ creditsPerRun: 21 }, 'Credits per run must be between 0 and 20'],
      [{ modelTemperature: 2.5 }, 'Temperature must be between 0 and 2'],
      [{ modelTemperature: 0.75 }, TOOL_MESSAGES.temperatureStep],
    ] as const) {
      const res = await save(admin, appId, settings);
      expect(res.status, JSON.stringify(settings)).toBe(400);
      expect(res.body.error.message).toBe(message);
    }
    expect((await save(admin, appId, { dailyUserLimit: 1.5 })).status).toBe(400);
    expect((await save(admin, appId, { aiQueryMethod: 'guess' })).status).toBe(400);
    const ok = {
      dailyUserLimit: 100,
      weeklyUserLimit: 1,
      creditsPerRun: 0,
      modelTemperature: 1.3,
      aiQueryMethod: 'smart_items_filtering',
    };
    expect((await save(admin, appId, ok)).status).toBe(200);
    expect((await api(admin, 'GET', `/api/apps/${appId}`)).body.settings).toMatchObject(ok);
  });

  it('keeps admin-only settings to admins and locks tool settings on the free plan', async () => {
    const paidApp = await toolApp(explorer);
    const admOnly = await save(explorer, paidApp, { modelTemperature: 0.3 });
    expect(admOnly.status).toBe(403);
    expect(admOnly.body.error.message).toBe('Only admins can change Temperature');
    expect((await save(explorer, paidApp, { creditsPerRun: 5 })).body.error.message).toBe(
      'Only admins can change Credits per run',
    );
    expect((await save(explorer, paidApp, { dailyUserLimit: 10 })).status).toBe(200);
    const freeApp = await toolApp(lite);
    const locked = await save(lite, freeApp, { dailyUserLimit: 10 });
    expect(locked.status).toBe(403);
    expect(locked.body.error).toMatchObject({
      message: TOOL_MESSAGES.settingsUpgrade,
      details: { upgradeReason: 'default' },
    });
    // Untouched tool settings (their defaults) and the other settings still save.
    expect(
      (await save(lite, freeApp, { modelTemperature: 0.7, creditsPerRun: 1, supportEmail: 'a@example.com' })).status,
    ).toBe(200);
  });
});

describe('claim invitation', () => {
  it('needs a published app (a live tool) and claim by customer, then gives a stable link and code', async () => {
    const appId = await toolApp(admin);
    const unpublished = await api(admin, 'GET', `/api/apps/${appId}/settings/claimInvitation`);
    expect(unpublished.status).toBe(409);
    expect(unpublished.body.error.message).toBe(TOOL_MESSAGES.inviteNeedsPublish);
    // A tool app is published once one of its tools is live.
    const tool = (await api(admin, 'POST', `/api/apps/${appId}/tools`, { title: 'Quotes' })).body.tool.toolId;
    expect((await api(admin, 'POST', `/api/apps/${appId}/tools/${tool}/activate`, { isActive: true })).status).toBe(
      200,
    );
    expect((await api(admin, 'GET', `/api/apps/${appId}/settings/claimInvitation`)).body.error.message).toBe(
      TOOL_MESSAGES.inviteNotClaimable,
    );
    expect(
      (await api(admin, 'POST', `/api/apps/${appId}/settings`, { appSettings: { isClaimable: true } })).status,
    ).toBe(200);
    const first = await api(admin, 'GET', `/api/apps/${appId}/settings/claimInvitation`);
    expect(first.status).toBe(200);
    expect(first.body.claimCode).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(first.body.inviteLink).toContain(first.body.claimCode);
    expect((await api(admin, 'GET', `/api/apps/${appId}/settings/claimInvitation`)).body).toEqual(first.body);
  });
});

describe('magic create (offline field maker)', () => {
  it('makes fields from the builder’s words', async () => {
    const make = async (input: string, extra: Record<string, unknown> = {}) => {
      const res = await api(explorer, 'POST', '/api/builder/magicCreate', { input, ...extra });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.model).toBe('offline');
      return res.body.field;
    };
    expect(await make('Favourite cuisine: Italian, Thai, mexican')).toMatchObject({
      name: 'favourite_cuisine',
      type: 'select',
      options: [{ label: 'Italian' }, { label: 'Thai' }, { label: 'Mexican' }],
    });
    expect(await make('Toppings (cheese / ham / olives)', { prompt: 'select all that apply' })).toMatchObject({
      type: 'multiselect',
    });
    expect(await make('Your e-mail')).toMatchObject({ type: 'email', personal: true });
    expect(await make('Tell us about your business', { prompt: 'required' })).toMatchObject({
      type: 'long_text',
      required: true,
    });
    // Place is for admins: others get a text field of the same name.
    expect(await make('Which city do you live in?')).toMatchObject({
      type: 'text',
      label: 'Which city do you live in',
    });
  });

  it('gives the three messages', async () => {
    const appId = await toolApp(explorer, { fields: [{ label: 'City', type: 'text' }] });
    const taken = await api(explorer, 'POST', '/api/builder/magicCreate', { input: 'city', appId });
    expect(taken.status).toBe(409);
    expect(taken.body.error.message).toBe(TOOL_MESSAGES.magicFieldName);
    const reserved = await api(explorer, 'POST', '/api/builder/magicCreate', { input: 'Input', appId });
    expect(reserved.body.error.message).toBe(TOOL_MESSAGES.magicFieldName);
    const nothing = await api(explorer, 'POST', '/api/builder/magicCreate', { input: '?!', magicType: 'field' });
    expect(nothing.status).toBe(400);
    expect(nothing.body.error.message).toBe(TOOL_MESSAGES.magicCreateFailed);
    const noOptions = await api(explorer, 'POST', '/api/builder/magicCreate', {
      input: 'Colour',
      magicType: 'options',
    });
    expect(noOptions.body.error.message).toBe(TOOL_MESSAGES.magicCreateFailed);
    expect((await api(explorer, 'POST', '/api/builder/magicCreate', { input: '' })).status).toBe(400);
    expect((await api(explorer, 'POST', '/api/builder/magicCreate', { input: 'x'.repeat(501) })).status).toBe(400);
  });
});

describe('replaceDataItem and deleting a data item', () => {
  it('moves every tool to the new item once, keeping the old id as the original', async () => {
    const appId = await toolApp(explorer);
    const ingest = async (context: string) =>
      (await api(explorer, 'POST', `/api/context/ingest/text?appId=${appId}`, { context })).body
        .contextItemId as string;
    const [oldId, newId] = [await ingest('Old facts.'), await ingest('New facts.')];
    const one = (await api(explorer, 'POST', `/api/apps/${appId}/tools`, { title: 'One' })).body.tool.toolId;
    const two = (await api(explorer, 'POST', `/api/apps/${appId}/tools`, { title: 'Two' })).body.tool.toolId;
    await api(explorer, 'PATCH', `/api/apps/${appId}/tools/${one}`, { dataItems: [{ contextItemId: oldId }] });
    const both = [{ contextItemId: oldId }, { contextItemId: newId }];
    expect((await api(explorer, 'PATCH', `/api/apps/${appId}/tools/${two}`, { dataItems: both })).status).toBe(200);
    const res = await api(explorer, 'POST', `/api/tools/${appId}/replaceDataItem`, {
      oldItemId: oldId,
      newItemId: newId,
    });
    expect(res.status).toBe(200);
    const first = (await api(explorer, 'GET', `/api/apps/${appId}/tools/${one}`)).body.tool.dataItems;
    expect(first).toEqual([expect.objectContaining({ contextItemId: newId, originalContextItemId: oldId })]);
    const second = (await api(explorer, 'GET', `/api/apps/${appId}/tools/${two}`)).body.tool.dataItems;
    expect(second.map((d: { contextItemId: string }) => d.contextItemId)).toEqual([newId]);
    // Deleting the item takes it out of every tool.
    expect((await api(explorer, 'DELETE', `/api/context/${newId}`)).status).toBe(200);
    for (const id of [one, two])
      expect((await api(explorer, 'GET', `/api/apps/${appId}/tools/${id}`)).body.tool.dataItems).toEqual([]);
  });
});
