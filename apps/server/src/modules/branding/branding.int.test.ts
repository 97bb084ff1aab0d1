import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { WATERMARK_PLAN_MESSAGE } from '@tessera/contracts/apps';
import { type PlanId } from '@tessera/contracts/plans';
import { PREVIEW_TOKEN_HEADER, type AppBundle } from '@tessera/contracts/runtime';
import { accounts, apps } from '@tessera/db';
import { uniqueEmail } from '@tessera/test-utils';
import { createTestApp, type RequestOptions } from '../../testing/harness';
import { buildGenApp } from '../../testing/factories';

/**
 * App style and App texts (docs/product/runtime.md#data): the checks and their messages, the watermark's plan rule, and
 * the preview showing the saved look while the live app shows the published one.
 */
const t = await createTestApp();
// The first account of an install is an admin: take that place with a builder of its own.
await t.signUpVerified();

type Builder = { token: string; userId: string };
async function builderOn(plan: PlanId) {
  const b = await t.signUpVerified(uniqueEmail(plan));
  await t.db.update(accounts).set({ plan }).where(eq(accounts.id, b.accountId));
  return b;
}
const lite = await builderOn('lite');
const moon = await builderOn('moon');

async function makeApp(owner: Builder) {
  const res = await t.request('POST', '/api/apps', { token: owner.token, body: buildGenApp({ name: 'Club' }) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { appId: res.body.appId as string, slug: res.body.slug as string };
}
const saveStyle = (owner: Builder, appId: string, appStyle: unknown, options: RequestOptions = {}) =>
  t.request('POST', `/api/apps/${appId}/style`, { token: owner.token, body: { appStyle }, ...options });
const saveTexts = (owner: Builder, appId: string, appTexts: unknown) =>
  t.request('POST', `/api/apps/${appId}/texts`, { token: owner.token, body: { appTexts } });
const lookOf = async (owner: Builder, appId: string) =>
  (await t.request('GET', `/api/apps/${appId}/look`, { token: owner.token })).body;
const onHost = (slug: string, path: string, headers: Record<string, string> = {}) =>
  t.request('GET', path, { headers: { host: `${slug}.apps.localhost:3000`, ...headers } });
async function previewBundle(owner: Builder, app: { appId: string; slug: string }): Promise<AppBundle> {
  const res = await t.request('POST', `/api/apps/${app.appId}/preview-url`, { token: owner.token, body: {} });
  const token = decodeURIComponent(new URL(res.body.url).hash.split('=')[1]!);
  const bundle = await onHost(app.slug, `/runtime/bundle?appId=${app.appId}`, { [PREVIEW_TOKEN_HEADER]: token });
  expect(bundle.status).toBe(200);
  return bundle.body as AppBundle;
}
async function liveBundle(app: { appId: string; slug: string }): Promise<AppBundle> {
  const res = await onHost(app.slug, `/runtime/bundle?appId=${app.appId}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as AppBundle;
}
const publish = async (owner: Builder, appId: string) =>
  expect((await t.request('POST', `/api/apps/${appId}/publish`, { token: owner.token })).status).toBe(200);

describe('POST /api/apps/{id}/style', () => {
  it('stores a checked style, colours in their long form, and GET look returns it', async () => {
    const app = await makeApp(lite);
    const res = await saveStyle(lite, app.appId, {
      styleName: 'colorful',
      buttonBackgroundColor: '#F0A',
      logoUrl: 'https://cdn.example.com/logo.png',
      font: 'serif',
      headerTextColor: '',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await lookOf(lite, app.appId)).toEqual({
      style: {
        styleName: 'colorful',
        buttonBackgroundColor: '#ff00aa',
        logoUrl: 'https://cdn.example.com/logo.png',
        font: 'serif',
      },
      texts: {},
      canHideWatermark: false,
    });
  });

  it.each([
    [{ styleName: 'neon' }, 'Style must be one of dark, colorful, light'],
    [{ background: 'url(x)' }, 'Background colour must be a colour such as #1f2937'],
    [{ logoUrl: 'javascript:alert(1)' }, 'Logo must be an uploaded image or an https:// address'],
    [
      { backgroundImage: 'https://a.test/x.png");}body{' },
      'Background image must be an uploaded image or an https:// address',
    ],
    [{ faviconUrl: 'x'.repeat(3000) }, 'Favicon must be an uploaded image or an https:// address'],
    [{ font: 'Comic Sans' }, 'Font must be one of inter, system, serif, rounded, mono'],
    [{ hideBuildAI: 'yes' }, 'Hide the Built with Tessera badge must be true or false'],
    [{ constructor: '#fff' }, '"constructor" is not a style field'],
  ])('refuses %j with a plain 400 and keeps the stored style', async (appStyle, message) => {
    const app = await makeApp(lite);
    expect((await saveStyle(lite, app.appId, { styleName: 'light' })).status).toBe(200);
    const res = await saveStyle(lite, app.appId, appStyle);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(message);
    expect((await lookOf(lite, app.appId)).style).toEqual({ styleName: 'light' });
  });

  it('a prototype key or a NUL byte never reaches the stored style or texts', async () => {
    const app = await makeApp(lite);
    expect((await saveStyle(lite, app.appId, { styleName: 'light' })).status).toBe(200);
    const nul = await saveStyle(lite, app.appId, { 'x\u0000y': '#fff' });
    expect(nul.status).toBe(400);
    expect(nul.body.error.message).toContain('NUL');
    expect((await saveTexts(lite, app.appId, { header: 'a\u0000b' })).status).toBe(400);
    for (const raw of ['{"appStyle":{"__proto__":{"styleName":"dark"}}}', '{"appStyle":{"constructor":{"x":1}}}']) {
      const res = await t.request('POST', `/api/apps/${app.appId}/style`, { token: lite.token, rawBody: raw });
      expect(res.status).toBeLessThan(500);
    }
    const texts = await t.request('POST', `/api/apps/${app.appId}/texts`, {
      token: lite.token,
      rawBody: '{"appTexts":{"__proto__":{"header":"x"}}}',
    });
    expect(texts.status).toBeLessThan(500);
    const look = await lookOf(lite, app.appId);
    expect(look.style.styleName).not.toBe('dark');
    expect(Object.keys(look.style)).not.toContain('__proto__');
    expect(look.texts).toEqual({});
    expect(({} as Record<string, unknown>).styleName).toBeUndefined();
  });

  it('refuses a style that is not an object, and other builders get 404', async () => {
    const app = await makeApp(lite);
    expect((await saveStyle(lite, app.appId, 'dark')).status).toBe(400);
    expect((await saveStyle(moon, app.appId, { styleName: 'dark' })).status).toBe(404);
    expect((await t.request('GET', `/api/apps/${app.appId}/look`, { token: moon.token })).status).toBe(404);
    expect((await t.request('GET', `/api/apps/${app.appId}/look`)).status).toBe(401);
  });
});

describe('POST /api/apps/{id}/texts', () => {
  it('stores trimmed texts and drops empty ones', async () => {
    const app = await makeApp(lite);
    const res = await saveTexts(lite, app.appId, {
      header: '  Book Club  ',
      description: 'Read together',
      welcomeMessage: '',
      shareDescription: 'A club for readers',
    });
    expect(res.status).toBe(200);
    expect((await lookOf(lite, app.appId)).texts).toEqual({
      header: 'Book Club',
      description: 'Read together',
      shareDescription: 'A club for readers',
    });
  });

  it.each([
    [{ header: 'x'.repeat(101) }, 'Header: 100 characters max'],
    [{ description: ['a'] }, 'Description must be text'],
    [{ footer: 'x' }, '"footer" is not an app text'],
  ])('refuses %j', async (appTexts, message) => {
    const app = await makeApp(lite);
    const res = await saveTexts(lite, app.appId, appTexts);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(message);
    expect((await lookOf(lite, app.appId)).texts).toEqual({});
  });

  it('refuses a body over the JSON limit without a 500', async () => {
    const app = await makeApp(lite);
    const res = await saveTexts(lite, app.appId, { header: 'x'.repeat(3_000_000) });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });
});

describe('the watermark', () => {
  it('a plan that may not hide it cannot switch it on; the badge shows', async () => {
    const app = await makeApp(lite);
    const res = await saveStyle(lite, app.appId, { styleName: 'dark', hideBuildAI: true });
    expect(res.status).toBe(403);
    expect(res.body.error).toMatchObject({ code: 'PLAN_LIMIT_REACHED', message: WATERMARK_PLAN_MESSAGE });
    expect((await lookOf(lite, app.appId)).style).toEqual({});
    expect((await previewBundle(lite, app)).look.showWatermark).toBe(true);
  });

  it('is hidden by default on a plan that allows it, and the builder may show it again', async () => {
    const app = await makeApp(moon);
    expect((await lookOf(moon, app.appId)).canHideWatermark).toBe(true);
    expect((await previewBundle(moon, app)).look.showWatermark).toBe(false);
    expect((await saveStyle(moon, app.appId, { hideBuildAI: false })).status).toBe(200);
    expect((await previewBundle(moon, app)).look.showWatermark).toBe(true);
    expect((await saveStyle(moon, app.appId, { hideBuildAI: true })).status).toBe(200);
    expect((await previewBundle(moon, app)).look.showWatermark).toBe(false);
  });

  it('comes back when the owner moves to a plan without it, and a switch already on can still be saved', async () => {
    const owner = await builderOn('monetizer');
    const app = await makeApp(owner);
    expect((await saveStyle(owner, app.appId, { hideBuildAI: true })).status).toBe(200);
    await t.db.update(accounts).set({ plan: 'explorer' }).where(eq(accounts.userId, owner.userId));
    expect((await previewBundle(owner, app)).look.showWatermark).toBe(true);
    expect((await saveStyle(owner, app.appId, { hideBuildAI: true, styleName: 'light' })).status).toBe(200);
  });
});

describe('preview and published look', () => {
  it('the preview shows the saved look at once; the live app only what was published', async () => {
    const app = await makeApp(lite);
    await saveStyle(lite, app.appId, { styleName: 'dark', logoUrl: 'https://cdn.example.com/a.png' });
    await saveTexts(lite, app.appId, { header: 'First header' });
    await publish(lite, app.appId);
    expect((await liveBundle(app)).look).toEqual({
      style: { styleName: 'dark', logoUrl: 'https://cdn.example.com/a.png' },
      texts: { header: 'First header' },
      showWatermark: true,
    });

    await saveStyle(lite, app.appId, { styleName: 'colorful' });
    await saveTexts(lite, app.appId, { header: 'Second header', welcomeMessage: 'Hello' });
    expect((await previewBundle(lite, app)).look).toMatchObject({
      style: { styleName: 'colorful' },
      texts: { header: 'Second header', welcomeMessage: 'Hello' },
    });
    // Not published yet: end users keep the first look.
    expect((await liveBundle(app)).look.style).toEqual({
      styleName: 'dark',
      logoUrl: 'https://cdn.example.com/a.png',
    });
    await publish(lite, app.appId);
    expect((await liveBundle(app)).look).toMatchObject({
      style: { styleName: 'colorful' },
      texts: { header: 'Second header', welcomeMessage: 'Hello' },
    });
  });

  it('a style stored before the checks existed never reaches the page unchecked', async () => {
    const app = await makeApp(lite);
    await t.db
      .update(apps)
      .set({ style: { styleName: 'dark', background: 'red;}body{display:none' } })
      .where(eq(apps.id, app.appId));
    expect((await previewBundle(lite, app)).look.style).toEqual({});
  });

  it('the app host serves Inter from its own origin', async () => {
    const app = await makeApp(lite);
    const font = await onHost(app.slug, '/_runtime/fonts/inter-latin-wght-normal.woff2');
    expect(font.status).toBe(200);
    expect(font.headers.get('content-type')).toBe('font/woff2');
    expect((await onHost(app.slug, '/_runtime/fonts/..%2Fpackage.json')).status).toBe(404);
    expect((await onHost(app.slug, '/_runtime/fonts/toString')).status).toBe(404);
  });
});

describe('App details: POST /api/apps/{id}/slug', () => {
  const move = (owner: Builder, appId: string, slug: unknown) =>
    t.request('POST', `/api/apps/${appId}/slug`, { token: owner.token, body: { slug } });

  it('moves the app to its new address; the old host no longer serves it and its slug stays the app’s', async () => {
    const app = await makeApp(lite);
    await publish(lite, app.appId);
    const slug = `club-${Date.now().toString(36)}`;
    const res = await move(lite, app.appId, ` ${slug.toUpperCase()} `);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ appId: app.appId, slug });
    expect((await liveBundle({ appId: app.appId, slug })).id).toBe(app.appId);
    expect((await onHost(app.slug, `/runtime/bundle?appId=${app.appId}`)).status).toBe(404);
    // Another app cannot take the old address; this one may take it back.
    const other = await makeApp(moon);
    const taken = await move(moon, other.appId, app.slug);
    expect(taken.status).toBe(409);
    expect(taken.body.error.message).toBe(`The address "${app.slug}" is taken by another app, choose another slug`);
    expect((await move(lite, app.appId, app.slug)).status).toBe(200);
  });

  it('refuses a bad address, another builder’s app and a double move to the same slug keeps one owner', async () => {
    const app = await makeApp(lite);
    for (const bad of ['no spaces', '-dash', 'x'.repeat(49), 'a\u0000b', 42, '']) {
      const res = await move(lite, app.appId, bad);
      expect(res.status, String(bad)).toBe(400);
    }
    expect((await move(moon, app.appId, 'stolen-address')).status).toBe(404);
    const slug = `twice-${Date.now().toString(36)}`;
    const [a, b] = await Promise.all([move(lite, app.appId, slug), move(lite, app.appId, slug)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const other = await makeApp(moon);
    expect((await move(moon, other.appId, slug)).status).toBe(409);
  });
});
