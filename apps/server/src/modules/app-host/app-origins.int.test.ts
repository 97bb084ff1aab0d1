import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appSessions, apps } from '@tessera/db';
import { SIGNUP_CONTACTS, uniqueEmail } from '@tessera/test-utils';
import { signUpAppUser } from '../../testing/app-users';
import { createTestApp, type RequestOptions } from '../../testing/harness';
import { buildGenApp } from '../../testing/factories';

// One app is also served on a custom hostname; its slug is fixed so the mapping can name it.
const CUSTOM_HOST = 'club.example.test';
const CUSTOM_SLUG = `club-${Date.now().toString(36)}`;
const t = await createTestApp({ APP_HOSTNAMES: `${CUSTOM_HOST}=${CUSTOM_SLUG}` });
const first = await t.signUpVerified();
const second = await t.signUpVerified();
const uniqueSlug = (base: string) => `${base}-${Math.random().toString(36).slice(2, 8)}`;

const save = (token: string, genApp: Record<string, unknown>, appId?: string) =>
  t.request('POST', '/api/apps', {
    token,
    body: buildGenApp(genApp, appId),
  });

/** A published app of `first` whose end users may sign up. */
async function openApp(slug: string) {
  const created = await save(first.token, { name: 'Club', slug });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const appId = created.body.appId as string;
  expect((await t.request('POST', `/api/apps/${appId}/publish`, { token: first.token })).status).toBe(200);
  const saved = await t.request('POST', `/api/apps/${appId}/settings`, {
    token: first.token,
    body: { appSettings: { isSignupEnabled: true, ...SIGNUP_CONTACTS } },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return appId;
}

const on = (host: string, method: string, path: string, options: RequestOptions = {}) =>
  t.request(method, path, { ...options, headers: { host, ...options.headers } });
const appHost = (slug: string) => `${slug}.apps.localhost:3000`;
const signUpOn = async (host: string, appId: string) => {
  const res = await signUpAppUser(t, appId, { email: uniqueEmail('member') }, { host });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.token as string;
};
const meOn = (host: string, appId: string, token: string) =>
  on(host, 'GET', `/live_api/apps/${appId}/entities/User/me`, { token });

describe('app slugs are never handed to another app', () => {
  it('a slug freed by a rename stays with its app', async () => {
    const old = uniqueSlug('shop');
    const created = await save(first.token, { name: 'Shop', slug: old });
    expect(created.status).toBe(200);
    const renamed = await save(first.token, { name: 'Shop', slug: uniqueSlug('store') }, created.body.appId);
    expect(renamed.status).toBe(200);

    const taken = await save(second.token, { name: 'Mine', slug: old });
    expect(taken.status).toBe(409);
    expect(taken.body.error.message).toBe(`The address "${old}" is taken by another app, choose another slug`);
    // Its old host serves nothing any more.
    expect((await on(appHost(old), 'GET', `/app/${old}/`)).status).toBe(404);
    // The app that had it may take it back: its origin, its users.
    const back = await save(first.token, { name: 'Shop', slug: old }, created.body.appId);
    expect(back.status).toBe(200);
    expect(back.body.slug).toBe(old);
  });

  it('a new app named like a renamed one gets a fresh slug, not the freed one', async () => {
    const name = uniqueSlug('Planner');
    const created = await save(first.token, { name });
    const base = created.body.slug as string;
    expect(base).toBe(name.toLowerCase());
    await save(first.token, { name, slug: uniqueSlug('moved') }, created.body.appId);
    const next = await save(second.token, { name });
    expect(next.status).toBe(200);
    expect(next.body.slug).toBe(`${base}-2`);
  });

  it("a deleted app's slug is not given out again", async () => {
    const slug = uniqueSlug('gone');
    const created = await save(first.token, { name: 'Gone', slug });
    await t.db.delete(apps).where(eq(apps.id, created.body.appId));
    const reused = await save(second.token, { name: 'Gone', slug });
    expect(reused.status).toBe(409);
    const named = await save(second.token, { name: slug });
    expect(named.body.slug).toBe(`${slug}-2`);
  });
});

describe('app sessions are bound to the origin they were issued on', () => {
  it('a token works on its own host only', async () => {
    const slug = uniqueSlug('bound');
    const appId = await openApp(slug);
    const token = await signUpOn(appHost(slug), appId);
    expect((await meOn(appHost(slug), appId, token)).status).toBe(200);
    // The same app's entity API on the builder's host: another origin, the token counts for nothing.
    expect((await meOn('localhost:3000', appId, token)).status).toBe(401);
    const builderToken = await signUpOn('localhost:3000', appId);
    expect((await meOn('localhost:3000', appId, builderToken)).status).toBe(200);
    expect((await meOn(appHost(slug), appId, builderToken)).status).toBe(401);
  });

  it('on a custom hostname, a session is valid there only', async () => {
    const appId = await openApp(CUSTOM_SLUG);
    const custom = await signUpOn(CUSTOM_HOST, appId);
    expect((await meOn(CUSTOM_HOST, appId, custom)).status).toBe(200);
    expect((await meOn(appHost(CUSTOM_SLUG), appId, custom)).status).toBe(401);
    const sub = await signUpOn(appHost(CUSTOM_SLUG), appId);
    expect((await meOn(CUSTOM_HOST, appId, sub)).status).toBe(401);
  });

  it("a slug change ends the app's sessions", async () => {
    const slug = uniqueSlug('moving');
    const appId = await openApp(slug);
    const onApp = await signUpOn(appHost(slug), appId);
    const onBuilder = await signUpOn('localhost:3000', appId);
    const other = uniqueSlug('other');
    const otherAppId = await openApp(other);
    const otherToken = await signUpOn(appHost(other), otherAppId);

    const next = uniqueSlug('moved');
    expect((await save(first.token, { name: 'Club', slug: next }, appId)).status).toBe(200);
    expect((await meOn(appHost(next), appId, onApp)).status).toBe(401);
    expect((await meOn('localhost:3000', appId, onBuilder)).status).toBe(401);
    const [sessions] = await t.db
      .select({ count: sql<number>`count(*)::int` })
      .from(appSessions)
      .where(eq(appSessions.appId, appId));
    expect(sessions?.count).toBe(0);
    // Another app's sessions are untouched, and a save that keeps the slug ends nothing.
    expect((await meOn(appHost(other), otherAppId, otherToken)).status).toBe(200);
    const fresh = await signUpOn(appHost(next), appId);
    expect((await save(first.token, { name: 'Club renamed', slug: next }, appId)).status).toBe(200);
    expect((await meOn(appHost(next), appId, fresh)).status).toBe(200);
  });
});
