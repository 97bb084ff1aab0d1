import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../testing/harness';
import { buildGenApp, type GenAppOverrides } from '../../testing/factories';
import { slugify } from './apps.service';

const t = await createTestApp();

/** A two-entity Meal Planner, with `overrides` laid over its definition. */
const genApp = (overrides: GenAppOverrides = {}) =>
  buildGenApp({
    name: 'Meal Planner',
    entities: {
      Recipe: {
        type: 'object',
        properties: { title: { type: 'string' }, minutes: { type: 'integer' }, vegan: { type: 'boolean' } },
        required: ['title'],
        'x-accessControl': { permissions: { read: 'all', write: 'creator' } },
      },
      Note: { properties: { body: { type: 'string' } } },
    },
    pages: { Home: 'export default function Home() { return <h1>Hi</h1>; }' },
    layout: 'export default function Layout({ children }) { return children; }',
    globalsCss: 'body { margin: 0 }',
    ...overrides,
  });

describe('POST /api/apps', () => {
  it('creates a generated app from one definition, with its entities', async () => {
    const b = await t.signUpVerified();
    const res = await t.request('POST', '/api/apps', { token: b.token, body: genApp() });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Meal Planner', slug: 'meal-planner', appType: 'generated' });
    const app = await t.request('GET', `/api/apps/${res.body.appId}`, { token: b.token });
    expect(app.body.entities.Recipe['x-accessControl']).toEqual({ permissions: { read: 'all', write: 'creator' } });
    expect(app.body.entities.Note['x-accessControl']).toEqual({ permissions: { read: 'creator', write: 'creator' } });
    expect(app.body.definition.pages.Home).toContain('<h1>Hi</h1>');
    const list = await t.request('GET', '/api/apps', { token: b.token });
    expect(list.body.apps.map((a: { appId: string }) => a.appId)).toEqual([res.body.appId]);
  });

  it('gives each app its own slug and keeps it on replace', async () => {
    const b = await t.signUpVerified();
    const first = await t.request('POST', '/api/apps', { token: b.token, body: genApp({ name: 'Shop' }) });
    const second = await t.request('POST', '/api/apps', { token: b.token, body: genApp({ name: 'Shop' }) });
    expect(first.body.slug).toBe('shop');
    expect(second.body.slug).toBe('shop-2');
    const replaced = await t.request('POST', '/api/apps', {
      token: b.token,
      body: { ...genApp({ name: 'Shop renamed', entities: {} }), appId: first.body.appId },
    });
    expect(replaced.body).toMatchObject({ appId: first.body.appId, slug: 'shop', name: 'Shop renamed' });
    const app = await t.request('GET', `/api/apps/${first.body.appId}`, { token: b.token });
    expect(app.body.entities).toEqual({});
    const taken = await t.request('POST', '/api/apps', { token: b.token, body: genApp({ slug: 'shop' }) });
    expect(taken.status).toBe(409);
    expect(taken.body.error.message).toContain('"shop" is taken');
  });

  it('refuses a bad entity schema naming the entity and property, and stores nothing', async () => {
    const b = await t.signUpVerified();
    const res = await t.request('POST', '/api/apps', {
      token: b.token,
      body: genApp({ entities: { Task: { properties: { due: { type: 'datetime' } } } } }),
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(
      'Entity "Task": property "due" has an unknown type "datetime" (use string, number, integer, boolean, array or object)',
    );
    expect((await t.request('GET', '/api/apps', { token: b.token })).body.apps).toEqual([]);
  });

  it('refuses bad payloads with clear 4xx', async () => {
    const b = await t.signUpVerified();
    const cases: Array<[unknown, string]> = [
      [{ appType: 'generated' }, 'A generated app needs "genApp"; a tool or space needs "app"'],
      [{ appType: 'robot', genApp: { name: 'x' } }, 'App type must be one of "tool", "generated", "space"'],
      [{ appType: 'generated', genApp: { name: '' } }, 'Name must not be empty'],
      [{ appType: 'generated', appBuilderVersion: 3, genApp: { name: 'x' } }, 'App builder version must be 4'],
      [
        { appType: 'generated', genApp: { name: 'x', slug: 'Not A Slug' } },
        'Slug must be lowercase letters, digits and dashes (48 at most)',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await t.request('POST', '/api/apps', { token: b.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.message).toBe(message);
    }
    expect((await t.request('POST', '/api/apps', { body: genApp() })).status).toBe(401);
  });

  it("never lets a builder read or replace another builder's app", async () => {
    const owner = await t.signUpVerified();
    const other = await t.signUpVerified();
    const { body } = await t.request('POST', '/api/apps', { token: owner.token, body: genApp() });
    const read = await t.request('GET', `/api/apps/${body.appId}`, { token: other.token });
    expect(read.status).toBe(404);
    const replace = await t.request('POST', '/api/apps', {
      token: other.token,
      body: { ...genApp({ name: 'Hijack' }), appId: body.appId },
    });
    expect(replace.status).toBe(404);
    const style = await t.request('POST', `/api/apps/${body.appId}/style`, {
      token: other.token,
      body: { appStyle: { styleName: 'dark' } },
    });
    expect(style.status).toBe(404);
    expect((await t.request('GET', `/api/apps/${body.appId}`, { token: owner.token })).body.name).toBe('Meal Planner');
  });

  it('saves style and settings', async () => {
    const b = await t.signUpVerified();
    const { body } = await t.request('POST', '/api/apps', {
      token: b.token,
      body: { appType: 'tool', app: { name: 'Caption writer', header: 'Write captions' } },
    });
    expect(body.appType).toBe('tool');
    expect(
      (
        await t.request('POST', `/api/apps/${body.appId}/style`, {
          token: b.token,
          body: { appStyle: { styleName: 'dark' }, appBuilderVersion: 4 },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await t.request('POST', `/api/apps/${body.appId}/settings`, {
          token: b.token,
          body: { appSettings: { modelTemperature: 0.7 } },
        })
      ).status,
    ).toBe(200);
    const app = await t.request('GET', `/api/apps/${body.appId}`, { token: b.token });
    expect(app.body).toMatchObject({
      style: { styleName: 'dark' },
      settings: { modelTemperature: 0.7 },
      definition: { name: 'Caption writer', header: 'Write captions' },
    });
    expect(
      (await t.request('POST', `/api/apps/${body.appId}/style`, { token: b.token, body: { appStyle: 'dark' } })).status,
    ).toBe(400);
  });
});

describe('slugify', () => {
  it.each([
    ['Meal Planner!', 'meal-planner'],
    ['  Crème brûlée  ', 'creme-brulee'],
    ['日本', 'app'],
    ['a'.repeat(60), 'a'.repeat(40)],
  ])('%j -> %j', (name, slug) => expect(slugify(name)).toBe(slug));
});

describe('entity schemas from the Database panel', () => {
  it('adds an entity, then renames a field together with its values', async () => {
    const b = await t.signUpVerified();
    const { body } = await t.request('POST', '/api/apps', { token: b.token, body: genApp({ entities: {} }) });
    const put = await t.request('PUT', `/api/apps/${body.appId}/entities/Contact`, {
      token: b.token,
      body: { schema: { properties: { name: { type: 'string' }, phone: { type: 'string' } }, required: ['phone'] } },
    });
    expect(put.status).toBe(200);
    const records = `/live_api/apps/${body.appId}/entities/Contact`;
    await t.request('POST', records, { token: b.token, body: { name: 'Ada', phone: '123' } });

    const renamed = await t.request('POST', `/api/apps/${body.appId}/entities/Contact/fields/phone/rename`, {
      token: b.token,
      body: { to: 'mobile' },
    });
    expect(renamed.status).toBe(200);
    expect(Object.keys(renamed.body.schema.properties)).toEqual(['name', 'mobile']);
    expect(renamed.body.schema.required).toEqual(['mobile']);
    const [row] = (await t.request('GET', records, { token: b.token })).body;
    expect(row).toMatchObject({ name: 'Ada', mobile: '123' });
    expect(row.phone).toBeUndefined();

    const ordered = await t.request('PUT', `/api/apps/${body.appId}/entities/Ordered`, {
      token: b.token,
      body: {
        schema: {
          properties: {
            zeta: { type: 'string' },
            alpha: { type: 'string' },
            middle_name: { type: 'number' },
            b: { type: 'boolean' },
          },
        },
      },
    });
    expect(ordered.status).toBe(200);
    const app = await t.request('GET', `/api/apps/${body.appId}`, { token: b.token });
    expect(Object.keys(app.body.entities.Ordered.properties)).toEqual(['zeta', 'alpha', 'middle_name', 'b']);

    const clash = await t.request('POST', `/api/apps/${body.appId}/entities/Contact/fields/name/rename`, {
      token: b.token,
      body: { to: 'mobile' },
    });
    expect(clash.status).toBe(409);
    const reserved = await t.request('POST', `/api/apps/${body.appId}/entities/Contact/fields/name/rename`, {
      token: b.token,
      body: { to: 'id' },
    });
    expect(reserved.status).toBe(400);
    const bad = await t.request('PUT', `/api/apps/${body.appId}/entities/Contact`, {
      token: b.token,
      body: { schema: { properties: { x: { type: 'nope' } } } },
    });
    expect(bad.status).toBe(400);
    const other = await t.signUpVerified();
    expect(
      (await t.request('PUT', `/api/apps/${body.appId}/entities/Contact`, { token: other.token, body: { schema: {} } }))
        .status,
    ).toBe(404);
  });
});
