import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type PlanId } from '@tessera/contracts/plans';
import { MAX_CUSTOM_FIELDS, TOOL_MESSAGES } from '@tessera/contracts/tools';
import { accounts } from '@tessera/db';
import { JSON_BODY_MAX_BYTES } from '../../platform/http/body-limit';
import { createTestApp } from '../../testing/harness';
import { buildGenApp } from '../../testing/factories';

/** Saving a tool app through POST /api/apps: every field rule with its message (docs/product/tools.md#rules-and-messages). */
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

const field = (label: string, extra: Record<string, unknown> = {}) => ({ label, type: 'text', ...extra });
const tool = (extra: Record<string, unknown> = {}) => ({ toolId: 't1', title: 'Menu helper', path: 'menu', ...extra });
const saveTool = (b: Builder, app: Record<string, unknown>, appId?: string) =>
  t.request('POST', '/api/apps', {
    token: b.token,
    body: { appType: 'tool', ...(appId ? { appId } : {}), app: { name: 'Menu', ...app } },
  });
const definitionOf = async (b: Builder, appId: string) =>
  (await t.request('GET', `/api/apps/${appId}`, { token: b.token })).body.definition;

async function refused(res: { status: number; body: any }, status: number, message: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.error.message).toBe(message);
}

describe('saving a tool app', () => {
  it('stores the checked form: names from labels, email always personal, options in one place', async () => {
    const res = await saveTool(explorer, {
      tools: [tool({ instructions: 'Suggest a dish for [favourite_cuisine].' })],
      fields: [
        field('Favourite cuisine', {
          type: 'select',
          optionsConfig: { options: [{ label: 'Thai' }, { label: 'Italian' }] },
        }),
        field('Your e-mail', { type: 'email', personal: false }),
      ],
      texts: { header: 'Menu helper', examples: ['Thai', 'Pizza', 'Soup'] },
      header: 'kept as given',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const def = await definitionOf(explorer, res.body.appId);
    expect(def.fields[0]).toMatchObject({
      name: 'favourite_cuisine',
      options: [{ label: 'Thai' }, { label: 'Italian' }],
    });
    expect(def.fields[0].optionsConfig).toBeUndefined();
    expect(def.fields[1]).toMatchObject({ name: 'your_e_mail', personal: true });
    expect(def.tools[0]).toMatchObject({ status: 'draft', path: 'menu', dataItems: [] });
    expect(def.header).toBe('kept as given');
    // A save without the tool keys keeps them (an older client knows only its own keys).
    expect((await saveTool(explorer, { header: 'new' }, res.body.appId)).status).toBe(200);
    expect((await definitionOf(explorer, res.body.appId)).fields).toHaveLength(2);
  });

  it('refuses repeated labels, the reserved name and more than the maximum of fields', async () => {
    await refused(
      await saveTool(lite, { tools: [tool()], fields: [field('City'), field('CITY ')] }),
      400,
      TOOL_MESSAGES.fieldExists,
    );
    await refused(
      await saveTool(lite, { tools: [tool()], fields: [field('Input')] }),
      400,
      TOOL_MESSAGES.reservedFieldName,
    );
    const many = Array.from({ length: MAX_CUSTOM_FIELDS + 1 }, (_, i) => field(`Field ${i}`));
    await refused(
      await saveTool(lite, { tools: [tool()], fields: many }),
      400,
      `There can be a maximum of ${MAX_CUSTOM_FIELDS} custom fields, contact us if you need more fields`,
    );
    expect((await saveTool(lite, { tools: [tool()], fields: many.slice(1) })).status).toBe(200);
    await refused(
      await saveTool(lite, { tools: [tool()], fields: [field('x'.repeat(61))] }),
      400,
      TOOL_MESSAGES.fieldLabelTooLong,
    );
  });

  it('refuses empty, repeated and too long options', async () => {
    const select = (options: string[]) => [
      field('Dish', { type: 'select', options: options.map((label) => ({ label })) }),
    ];
    await refused(
      await saveTool(lite, { tools: [tool()], fields: select(['Soup', ' ']) }),
      400,
      TOOL_MESSAGES.optionEmpty,
    );
    await refused(
      await saveTool(lite, { tools: [tool()], fields: select(['Soup', 'soup']) }),
      400,
      TOOL_MESSAGES.optionExists,
    );
    await refused(
      await saveTool(lite, { tools: [tool()], fields: select(['y'.repeat(61)]) }),
      400,
      TOOL_MESSAGES.optionTooLong,
    );
  });

  it('keeps a field whose [name] is in the instructions unless it is personal', async () => {
    const instructions = 'Plan a trip to [city] for [email_address].';
    const fields = [field('City'), field('Email address', { type: 'email' })];
    const res = await saveTool(lite, { tools: [tool({ instructions })], fields });
    expect(res.status).toBe(200);
    const withoutCity = await saveTool(lite, { tools: [tool({ instructions })], fields: [fields[1]] }, res.body.appId);
    await refused(
      withoutCity,
      409,
      'This field is used in the instructions as [city]; remove the tag before deleting it',
    );
    // The e-mail field is personal (always): it may go though its tag stays.
    expect(
      (await saveTool(lite, { tools: [tool({ instructions })], fields: [fields[0]] }, res.body.appId)).status,
    ).toBe(200);
    // Once the tag is gone, so may the field.
    expect(
      (await saveTool(lite, { tools: [tool({ instructions: 'Plan a trip.' })], fields: [] }, res.body.appId)).status,
    ).toBe(200);
  });

  it('allows memorize only with sign-up on, and never on a photo', async () => {
    await refused(
      await saveTool(explorer, { tools: [tool()], fields: [field('Name', { memorize: true })] }),
      400,
      TOOL_MESSAGES.memorizeNeedsSignup,
    );
    await refused(
      await saveTool(explorer, { tools: [tool()], fields: [field('Face', { type: 'photo', memorize: true })] }),
      400,
      TOOL_MESSAGES.memorizePhoto,
    );
  });

  it('gives photo fields to paid plans and place / item select fields to admins', async () => {
    const photo = { tools: [tool()], fields: [field('Face', { type: 'photo' })] };
    const res = await saveTool(lite, photo);
    await refused(res, 403, TOOL_MESSAGES.photoNeedsPaidPlan);
    expect(res.body.error.details.upgradeReason).toBe('default');
    const paid = await saveTool(explorer, photo);
    expect(paid.status).toBe(200);
    for (const type of ['place', 'tool_item_select']) {
      const body = { tools: [tool()], fields: [field('Where', { type })] };
      expect((await saveTool(explorer, body)).status, type).toBe(403);
      expect((await saveTool(admin, body)).status, type).toBe(200);
    }
    // A field saved while allowed is kept when the plan changes; only new ones are refused.
    await t.db.update(accounts).set({ plan: 'lite' }).where(eq(accounts.id, explorer.accountId));
    try {
      expect((await saveTool(explorer, { ...photo, header: 'again' }, paid.body.appId)).status).toBe(200);
      const more = { tools: [tool()], fields: [...photo.fields, field('Back', { type: 'photo' })] };
      expect((await saveTool(explorer, more, paid.body.appId)).status).toBe(403);
    } finally {
      await t.db.update(accounts).set({ plan: 'explorer' }).where(eq(accounts.id, explorer.accountId));
    }
  });

  it('checks tool paths, titles of active tools and steps', async () => {
    for (const path of ['', 'a b', 'slash/path', 'dot.path', 'ünï'])
      await refused(await saveTool(lite, { tools: [tool({ path })] }), 400, TOOL_MESSAGES.invalidPath);
    await refused(
      await saveTool(explorer, { tools: [tool(), tool({ toolId: 't2', path: 'MENU' })] }),
      400,
      TOOL_MESSAGES.pathTaken,
    );
    await refused(
      await saveTool(lite, { tools: [tool({ title: ' ', status: 'active' })] }),
      400,
      TOOL_MESSAGES.activationNeedsTitle,
    );
    await refused(
      await saveTool(lite, {
        tools: [tool()],
        inputSteps: [{ id: 's1', title: 'You' }],
        fields: [field('A', { stepId: 's2' })],
      }),
      400,
      TOOL_MESSAGES.unknownStep,
    );
    await refused(
      await saveTool(lite, { tools: [tool()], fields: [field('A', { toolId: 'nope' })] }),
      400,
      TOOL_MESSAGES.toolNotFound,
    );
    const texts = await saveTool(lite, { texts: { examples: ['one', 'two'] } });
    expect(texts.status).toBe(400);
    expect(texts.body.error.message).toContain('exactly 3 examples');
  });

  it('refuses bad input with a 400: prototype keys, NUL bytes, huge payloads, wrong types', async () => {
    const proto = await t.request('POST', '/api/apps', {
      token: lite.token,
      rawBody:
        '{"appType":"tool","app":{"name":"P","tools":[{"toolId":"t","path":"p","__proto__":{"status":"active"}}]}}',
    });
    // The key is dropped (tools keep only their known keys); nothing reaches a prototype.
    expect(proto.status, JSON.stringify(proto.body)).toBe(200);
    const def = await definitionOf(lite, proto.body.appId);
    expect(def.tools[0].status).toBe('draft');
    expect(Object.keys(def.tools[0])).not.toContain('__proto__');
    expect(({} as Record<string, unknown>).status).toBeUndefined();
    const nul = await t.request('POST', '/api/apps', {
      token: lite.token,
      rawBody: '{"appType":"tool","app":{"name":"P","fields":[{"label":"a\\u0000b","type":"text"}]}}',
    });
    expect(nul.status).toBe(400);
    const huge = await saveTool(lite, { tools: [tool({ instructions: 'x'.repeat(20_001) })] });
    expect(huge.status).toBe(400);
    const many = await saveTool(lite, { fields: Array.from({ length: 1000 }, (_, i) => field(`F${i}`)) });
    expect(many.status).toBe(400);
    expect((await saveTool(lite, { fields: [{ label: 'A', type: 'video' }] })).status).toBe(400);
    expect((await saveTool(lite, { tools: 'menu' })).status).toBe(400);
    // A body past the JSON limit is refused before it is read whole.
    const body = { appType: 'tool', app: { name: 'Big', texts: { description: 'x'.repeat(JSON_BODY_MAX_BYTES) } } };
    expect((await t.request('POST', '/api/apps', { token: lite.token, body })).status).toBe(413);
  });

  it('refuses data items of another app, and keeps tools when a generated app is saved whole', async () => {
    const other = await t.request('POST', '/api/apps', { token: explorer.token, body: buildGenApp({ name: 'Other' }) });
    const item = await t.request('POST', `/api/context/ingest/text?appId=${other.body.appId}`, {
      token: explorer.token,
      body: { context: 'Private facts of another app.' },
    });
    expect(item.status).toBe(200);
    const dataItems = [{ contextItemId: item.body.contextItemId, type: 'txt' }];
    const stolen = await saveTool(lite, { tools: [tool({ dataItems })] });
    expect(stolen.status).toBe(400);
    expect(stolen.body.error.message).toBe('A tool can only use the data sources of its own app');
    // The same builder's own app may use its own item, as a tool of a generated app.
    const created = await t.request('POST', `/api/apps/${other.body.appId}/tools`, {
      token: explorer.token,
      body: { title: 'Facts' },
    });
    expect(created.status).toBe(200);
    const patched = await t.request('PATCH', `/api/apps/${other.body.appId}/tools/${created.body.tool.toolId}`, {
      token: explorer.token,
      body: { dataItems },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    const again = await t.request('POST', '/api/apps', {
      token: explorer.token,
      body: buildGenApp({ name: 'Other' }, other.body.appId),
    });
    expect(again.status).toBe(200);
    expect((await definitionOf(explorer, other.body.appId)).tools[0].dataItems).toEqual([
      expect.objectContaining({ contextItemId: item.body.contextItemId }),
    ]);
  });
});
