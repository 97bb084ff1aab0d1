import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createClient } from '@base44/sdk';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { accounts, appUsers } from '@tessera/db';
import { SIGNUP_CONTACTS, STRONG_PASSWORD, uniqueEmail } from '@tessera/test-utils';
import { mailedCode } from '../../testing/app-users';
import { buildGenApp } from '../../testing/factories';
import { createTestApp } from '../../testing/harness';
import { appHost } from '../../testing/tool-apps';

/**
 * The real `@base44/sdk` (exact pin) against a real server over HTTP on the app's host: every SDK
 * method this server answers (docs/base44-sdk.md), and the refusals of the entity access rules.
 */
const t = await createTestApp();
const server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
await new Promise<void>((resolve) => server.once('listening', () => resolve()));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const builder = await t.signUpVerified();
await t.db.update(accounts).set({ plan: 'moon' }).where(eq(accounts.id, builder.accountId));
const rules = (read: string, write: string) => ({ 'x-accessControl': { permissions: { read, write } } });
const { body: made } = await t.request('POST', '/api/apps', {
  token: builder.token,
  body: buildGenApp({
    name: 'Shop',
    entities: {
      Task: {
        properties: {
          title: { type: 'string' },
          points: { type: 'number' },
          tags: { type: 'array', items: { type: 'string' } },
          sku: { type: 'string' },
        },
        ...rules('all', 'all'),
      },
      Note: { properties: { text: { type: 'string' } }, ...rules('creator', 'creator') },
    },
  }),
});
const appId = made.appId as string;
expect((await t.request('POST', `/api/apps/${appId}/publish`, { token: builder.token })).status).toBe(200);
const opened = await t.request('POST', `/api/apps/${appId}/settings`, {
  token: builder.token,
  body: { appSettings: { isSignupEnabled: true, ...SIGNUP_CONTACTS } },
});
expect(opened.status, JSON.stringify(opened.body)).toBe(200);

/** A client as an app written against Base44 makes it, pointed at the app's host. */
const sdk = (token?: string, id = appId) =>
  createClient({
    serverUrl: origin,
    appId: id,
    token,
    headers: { Host: appHost(made.slug as string) },
    analytics: { enabled: false },
  });

/** An end user registered and confirmed through the SDK, with their token. */
async function endUser(fullName = 'Ana') {
  const email = uniqueEmail('sdk');
  const client = sdk();
  // full_name is one of Base44's sign-up fields the SDK's own types leave out.
  const payload = { email, password: STRONG_PASSWORD, full_name: fullName };
  const registered = await client.auth.register(payload);
  expect(registered).toMatchObject({ confirmationRequired: true, email });
  const session = await client.auth.verifyOtp({ email, otpCode: await mailedCode(t, email) });
  return { email, token: (session as unknown as { access_token: string }).access_token };
}

/** `users.inviteUser`, which the SDK builds but its client type does not list. */
const usersOf = (client: ReturnType<typeof sdk>) =>
  (client as unknown as { users: { inviteUser: (email: string, role: 'user' | 'admin') => Promise<unknown> } }).users;

/** The status of the Base44Error a call fails with. */
const statusOf = (call: Promise<unknown>) =>
  call.then(
    () => 200,
    (err: { status?: number }) => err.status,
  );

describe('@base44/sdk against the app host', () => {
  it('auth: register, verify-otp, login, me / updateMe, change password, resend-otp, reset password, invite, logout', async () => {
    const { email, token } = await endUser();
    expect(token).toMatch(/^tsa_/);
    const client = sdk(token);
    const me = await client.auth.me();
    expect(me).toMatchObject({
      email,
      full_name: 'Ana',
      role: 'user',
      app_id: appId,
      is_verified: true,
      disabled: false,
    });
    expect(me.created_date).toBe(me.createdAt);
    expect(await client.auth.updateMe({ full_name: 'Ana B' })).toMatchObject({ full_name: 'Ana B', app_id: appId });
    // Only the app's admins (or its owner) invite; a user is refused.
    expect(await statusOf(usersOf(client).inviteUser(uniqueEmail(), 'user'))).toBe(403);
    expect(await statusOf(client.auth.inviteUser(uniqueEmail(), 'user'))).toBe(403);
    await t.db.update(appUsers).set({ role: 'admin' }).where(eq(appUsers.email, email));
    const invitee = uniqueEmail('invited');
    expect(await usersOf(client).inviteUser(invitee, 'user')).toMatchObject({ email: invitee, role: 'user' });

    // changePassword: the current password checked, this session kept, the new password signs in.
    const changed = { userId: me.id, currentPassword: STRONG_PASSWORD, newPassword: `${STRONG_PASSWORD}y` };
    const elsewhere = (await sdk().auth.loginViaEmailPassword(email, STRONG_PASSWORD)).access_token;
    expect(await client.auth.changePassword(changed)).toEqual({ status: true });
    expect((await client.auth.me()).email).toBe(email);
    expect(await statusOf(sdk(elsewhere).auth.me())).toBe(401);
    const wrong = client.auth.changePassword({ ...changed, currentPassword: 'not-it-at-all-1' });
    expect(await statusOf(wrong)).toBe(400);
    expect(
      await statusOf(
        client.auth.changePassword({ ...changed, currentPassword: changed.newPassword, newPassword: 'short' }),
      ),
    ).toBe(400);
    expect(await statusOf(client.auth.changePassword({ ...changed, userId: 'someone-else' }))).toBe(403);
    expect(await statusOf(sdk().auth.changePassword(changed))).toBe(401);
    expect(
      await client.auth.changePassword({
        ...changed,
        currentPassword: changed.newPassword,
        newPassword: STRONG_PASSWORD,
      }),
    ).toEqual({ status: true });

    const anonymous = sdk();
    const login = await anonymous.auth.loginViaEmailPassword(email, STRONG_PASSWORD);
    expect(login.access_token).toMatch(/^tsa_/);
    expect(login.user).toMatchObject({ email, is_verified: true });
    // loginViaEmailPassword keeps the token for the client's next calls.
    expect((await anonymous.auth.me()).email).toBe(email);
    expect(await statusOf(sdk().auth.loginViaEmailPassword(email, 'wrong-password-1'))).toBe(401);
    expect(await statusOf(sdk().auth.me())).toBe(401);

    expect(await sdk().auth.resendOtp(uniqueEmail())).toEqual({ status: true });
    expect(await sdk().auth.resetPasswordRequest(email)).toEqual({ status: true });
    const resetToken = (await t.mailLink(email, 'resetPassword')).searchParams.get('token')!;
    const reset = await sdk().auth.resetPassword({ resetToken, newPassword: `${STRONG_PASSWORD}x` });
    expect(reset).toMatchObject({ user: { email } });
    expect((await sdk().auth.loginViaEmailPassword(email, `${STRONG_PASSWORD}x`)).user.email).toBe(email);

    // A new password ended the sessions before it; logout ends the new one.
    expect(await statusOf(client.auth.me())).toBe(401);
    const fresh = (await sdk().auth.loginViaEmailPassword(email, `${STRONG_PASSWORD}x`)).access_token;
    const out = await t.request('POST', `/api/apps/${appId}/auth/logout`, {
      token: fresh,
      headers: { host: appHost(made.slug as string) },
    });
    expect(out.status).toBe(200);
    expect(await statusOf(sdk(fresh).auth.me())).toBe(401);
  });

  it('entities: create, get, list / filter with system fields, v2 pages, update, delete', async () => {
    const { email, token } = await endUser();
    const Task = sdk(token).entities.Task!;
    const first = await Task.create({ title: 'a', points: 1 });
    expect(first).toMatchObject({ title: 'a', points: 1, created_by: email, created_by_id: first.creatorId });
    expect(first.created_date).toBe(first.createdAt);
    expect(first.updated_date).toBe(first.updatedAt);
    await Task.create({ title: 'b', points: 2 });
    await Task.create({ title: 'c', points: 3 });
    expect(await Task.get(first.id)).toMatchObject({ id: first.id, title: 'a' });

    const byDate = await Task.list('created_date');
    expect(byDate.map((r) => r.title)).toEqual(['a', 'b', 'c']);
    expect((await Task.list('-created_date', 2)).map((r) => r.title)).toEqual(['c', 'b']);
    expect((await Task.list('created_date', 1, 1)).map((r) => r.title)).toEqual(['b']);
    const projected = await Task.list('title', 1, 0, ['title', 'created_date']);
    expect(projected[0]!).toMatchObject({ title: 'a' });
    expect((projected[0] as Record<string, unknown>).points).toBeUndefined();
    const since = await Task.filter({ created_date: { $gte: byDate[1]!.created_date } }, '-points');
    expect(since.map((r) => r.title)).toEqual(['c', 'b']);
    expect(await Task.filter({ created_by_id: first.creatorId, points: { $gt: 2 } })).toHaveLength(1);

    const page1 = await Task.list({ sort: 'points', limit: 2 });
    expect(page1.items.map((r) => r.title)).toEqual(['a', 'b']);
    expect(page1.has_more).toBe(true);
    const page2 = await Task.filter({}, { sort: 'points', limit: 2, cursor: page1.next_cursor });
    expect(page2).toMatchObject({ has_more: false, next_cursor: null });
    expect(page2.items.map((r) => r.title)).toEqual(['c']);
    const distinct = await Task.list({ distinct: 'title', limit: 2 });
    expect(distinct).toMatchObject({ items: ['a', 'b'], has_more: true });
    expect(await Task.list({ distinct: 'title', limit: 2, cursor: distinct.next_cursor })).toEqual({
      items: ['c'],
      next_cursor: null,
      has_more: false,
    });
    expect((await Task.filter({ points: { $gt: 1 } }, { distinct: 'title' })).items).toEqual(['b', 'c']);
    expect(await statusOf(Task.list({ distinct: 'nope' }))).toBe(400);
    expect(await statusOf(Task.list({ limit: 2, cursor: 'nonsense' }))).toBe(400);

    expect(await Task.update(first.id, { points: 10 })).toMatchObject({ id: first.id, points: 10 });
    expect(await Task.delete(first.id)).toEqual({ success: true });
    expect(await statusOf(Task.get(first.id))).toBe(404);
    expect(await statusOf(Task.create({ points: 'many' }))).toBe(400);
    expect(await statusOf(Task.filter({ created_by: email }))).toBe(400);
  });

  it('entities: bulkCreate, bulkUpdate, updateMany, count, upsert, importEntities, aggregate, deleteMany', async () => {
    const Task = sdk((await endUser()).token).entities.Task!;
    await Task.deleteMany({});
    const made = await Task.bulkCreate([
      { title: 'x', points: 1, tags: ['a'], sku: 'S1' },
      { title: 'y', points: 2, tags: ['a', 'b'], sku: 'S2' },
    ]);
    expect(made).toHaveLength(2);
    expect(made[0]!.created_date).toBeTruthy();
    const bulk = await Task.bulkUpdate(made.map((r, i) => ({ id: r.id, title: `z${i}` })));
    expect(bulk.map((r) => r.title)).toEqual(['z0', 'z1']);

    const many = await Task.updateMany({ points: { $gte: 1 } }, { $inc: { points: 10 }, $push: { tags: 'c' } });
    expect(many).toEqual({ success: true, updated: 2, has_more: false });
    const pulled = await Task.updateMany(
      { sku: 'S2' },
      { $pull: { tags: 'a' }, $set: { title: 'w' }, $unset: { sku: 1 } },
    );
    expect(pulled.updated).toBe(1);
    const after = await Task.list('points');
    expect(after.map((r) => r.points)).toEqual([11, 12]);
    expect(after[1]!).toMatchObject({ title: 'w', tags: ['b', 'c'], sku: null });
    expect(await statusOf(Task.updateMany({}, { $rename: { a: 'b' } }))).toBe(400);
    expect(await statusOf(Task.updateMany({}, { $inc: { points: 'one' } }))).toBe(400);

    expect(await Task.count()).toBe(2);
    expect(await Task.count({ points: { $gt: 11 } })).toBe(1);

    const upserted = await Task.upsert(
      [
        { sku: 'S1', title: 'updated' },
        { sku: 'S9', title: 'new', points: 5 },
      ],
      { key: 'sku' },
    );
    expect(upserted).toMatchObject({ created: 1, updated: 1 });
    expect(upserted.records.map((r) => r.title)).toEqual(['updated', 'new']);
    expect(await Task.count()).toBe(3);
    expect(await statusOf(Task.upsert([{ title: 'no key' }], { key: 'sku' }))).toBe(400);

    // Rows now: updated (11, sku S1), w (12, no sku), new (5, S9).
    const totals = await Task.aggregate({ sum: 'points', avg: 'points', min: 'points', max: 'points' });
    expect(totals.truncated).toBe(false);
    expect(totals.rows).toHaveLength(1);
    expect(totals.rows[0]!).toMatchObject({ count: 3, sum_points: 28, min_points: 5, max_points: 12 });
    expect(totals.rows[0]!.avg_points).toBeCloseTo(28 / 3);
    const bySku = await Task.aggregate({
      query: { points: { $gte: 6 } },
      groupBy: 'sku',
      sum: 'points',
      sort: '-sum_points',
      limit: 1,
    });
    expect(bySku).toEqual({ rows: [{ sku: null, count: 1, sum_points: 12 }], truncated: true });
    const groups = await Task.aggregate({ groupBy: 'sku', countDistinct: 'title', sort: 'sku' });
    expect(groups.rows).toEqual([
      { sku: 'S1', count: 1, count_distinct_title: 1 },
      { sku: 'S9', count: 1, count_distinct_title: 1 },
      { sku: null, count: 1, count_distinct_title: 1 },
    ]);
    expect((await Task.aggregate({ groupBy: 'sku', having: { count: { $gt: 1 } } })).rows).toEqual([]);
    const perDay = await Task.aggregate({ dateBucket: { field: 'created_date', unit: 'day' }, limit: 1 });
    expect(perDay.rows[0]!).toEqual({ created_date: new Date().toISOString().slice(0, 10), count: 3 });
    expect(await statusOf(Task.aggregate({ groupBy: 'nope' }))).toBe(400);
    expect(await statusOf(Task.aggregate({ sort: '-sum_points' }))).toBe(400);
    expect(await statusOf(Task.aggregate({ having: { count: { $regex: 'x' } } }))).toBe(400);
    expect(await statusOf(Task.aggregate({ limit: 5000 }))).toBe(400);

    const csv = new File(['title,points\nimported,7\nsecond,8\n'], 'tasks.csv', { type: 'text/csv' });
    const imported = await Task.importEntities(csv);
    expect(imported).toMatchObject({ status: 'success', output: null });
    expect(imported.details).toContain('Imported 2 of 2 rows');
    expect(await Task.count({ title: { $in: ['imported', 'second'] } })).toBe(2);
    const empty = await Task.importEntities(new File([''], 'empty.csv', { type: 'text/csv' }));
    expect(empty).toMatchObject({ status: 'error', details: 'The CSV file is empty' });

    expect(await Task.deleteMany({ points: { $gte: 7 } })).toEqual({ success: true, deleted: 4 });
    expect(await Task.count()).toBe(1);
  });

  it('keeps the entity access rules: anonymous, other users, other apps, builder tokens', async () => {
    const ana = await endUser();
    const ben = await endUser('Ben');
    const note = await sdk(ana.token).entities.Note!.create({ text: 'mine' });
    // "creator" rules: another user neither sees nor changes it.
    expect(await sdk(ben.token).entities.Note!.list()).toEqual([]);
    expect(await statusOf(sdk(ben.token).entities.Note!.get(note.id))).toBe(404);
    expect(await statusOf(sdk(ben.token).entities.Note!.update(note.id, { text: 'theirs' }))).toBe(404);
    expect(await sdk(ben.token).entities.Note!.updateMany({}, { $set: { text: 'theirs' } })).toMatchObject({
      updated: 0,
    });
    expect(await sdk(ben.token).entities.Note!.deleteMany({})).toEqual({ success: true, deleted: 0 });
    expect((await sdk(ana.token).entities.Note!.get(note.id)).text).toBe('mine');
    // Anonymous callers and a builder's token (anonymous on an app host) may not read "all"-level data.
    expect(await statusOf(sdk().entities.Task!.list())).toBe(401);
    expect(await statusOf(sdk().entities.Task!.count())).toBe(401);
    expect(await statusOf(sdk(builder.token).entities.Task!.list())).toBe(401);
    // Another app's id on this app's host, an unknown entity.
    expect(await statusOf(sdk(ana.token, 'other-app').entities.Task!.list())).toBe(404);
    expect(await statusOf(sdk(ana.token).entities.Nope!.list())).toBe(404);
  });

  it('leaves /live_api and the builder origin as they were', async () => {
    const { token } = await endUser();
    const host = { host: appHost(made.slug as string) };
    const live = await t.request('GET', `/live_api/apps/${appId}/entities/Task`, { token, headers: host });
    expect(live.status).toBe(200);
    expect(live.body.every((r: Record<string, unknown>) => !('created_date' in r))).toBe(true);
    // The builder's `/api/apps/...` refuses an app user's token, as before.
    expect((await t.request('GET', `/api/apps/${appId}`, { token })).status).toBe(401);
    expect((await t.request('POST', `/api/apps/${appId}/auth/login`, { body: {} })).status).toBe(404);
  });
});
