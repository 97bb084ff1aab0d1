import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { APP_KEY_HEADER, EXPORT_MESSAGES as M, type CreatedAppKey } from '@tessera/contracts/app-export';
import { STRONG_PASSWORD } from '@tessera/test-utils';
import { createTestApp } from '../../testing/harness';
import { makeMembershipApp, signUpMember } from '../../testing/membership-apps';

/**
 * What an app key lets its holder do on the entity API (docs/product/export.md#app-keys): a site
 * key, built into an exported site, names the app and nothing more (its visitor or signed-in end
 * user stays under the entity access rules); a server key reads and changes every record.
 */
const t = await createTestApp();
const builder = await t.signUpVerified(); // the install's admin: every plan feature, sign-up included
const origin = 'http://127.0.0.1:4173';

/** A published app with sign-up on, whose Note entity is creator-only (the default levels). */
async function newApp() {
  const appId = await makeMembershipApp(t, builder);
  // End users come in without the e-mail code here: what is tested is what a key lets them reach.
  await t.db.execute(
    sql`UPDATE apps SET settings = settings || '{"isUnconfirmedSignupAllowed": true}'::jsonb WHERE id = ${appId}`,
  );
  const alice = await signUpMember(t, appId);
  const diary = await t.request('POST', `/live_api/apps/${appId}/entities/Note`, {
    token: alice.token,
    body: { text: 'Alice’s diary' },
  });
  expect(diary.status).toBe(200);
  return { appId, alice, diaryId: diary.body.id as string };
}

const createKey = async (appId: string, body: Record<string, unknown> = {}) => {
  const res = await t.request<CreatedAppKey>('POST', `/api/apps/${appId}/keys`, {
    token: builder.token,
    body: { name: 'Site', ...body },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

/** A call as the exported site makes it: from its own origin, with the key and maybe an end user's token. */
const fromSite = (
  key: string,
  method: string,
  path: string,
  { token, body }: { token?: string; body?: unknown } = {},
) => t.request(method, path, { token, body, headers: { origin, [APP_KEY_HEADER]: key } });

describe('a site key (the one an exported site is built with)', () => {
  it('shows a logged-out visitor no creator-only record: the key names the app, it lifts no rule', async () => {
    const { appId, diaryId } = await newApp();
    const key = await createKey(appId, { canWrite: true });
    expect(key.kind).toBe('site');
    const list = await fromSite(key.key, 'GET', `/live_api/apps/${appId}/entities/Note`);
    expect(list.status).toBe(401);
    expect(JSON.stringify(list.body)).not.toContain('diary');
    const one = await fromSite(key.key, 'GET', `/live_api/apps/${appId}/entities/Note/${diaryId}`);
    expect(one.status).toBe(401);
    expect(JSON.stringify(one.body)).not.toContain('diary');
    const write = await fromSite(key.key, 'POST', `/live_api/apps/${appId}/entities/Note`, { body: { text: 'x' } });
    expect(write.status).toBe(401);
    // The refusal still names the caller's origin, so the site can read it and ask to sign in.
    expect(list.headers.get('access-control-allow-origin')).toBe(origin);
  });

  it('lets end users sign in through it and then gives each exactly what the rules give them', async () => {
    const { appId, alice } = await newApp();
    const bob = await signUpMember(t, appId);
    const key = await createKey(appId, { canWrite: true });
    const signIn = async (email: string) => {
      const res = await fromSite(key.key, 'POST', `/live_api/apps/${appId}/auth/sign-in`, {
        body: { email, password: STRONG_PASSWORD },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBe(origin);
      return res.body.token as string;
    };
    const aliceToken = await signIn(alice.email);
    const bobToken = await signIn(bob.email);
    const notesOf = async (token: string) => {
      const res = await fromSite(key.key, 'GET', `/live_api/apps/${appId}/entities/Note`, { token });
      expect(res.status).toBe(200);
      return (res.body as Array<{ text: string }>).map((n) => n.text);
    };
    expect(await notesOf(bobToken)).toEqual([]);
    const made = await fromSite(key.key, 'POST', `/live_api/apps/${appId}/entities/Note`, {
      token: bobToken,
      body: { text: 'Bob’s list' },
    });
    expect(made.status).toBe(200);
    expect(made.body.creatorId).toBe(bob.id);
    expect(await notesOf(bobToken)).toEqual(['Bob’s list']);
    expect(await notesOf(aliceToken)).toEqual(['Alice’s diary']);
    const me = await fromSite(key.key, 'GET', `/live_api/apps/${appId}/entities/User/me`, { token: aliceToken });
    expect(me.body.email).toBe(alice.email);
    expect(
      (await fromSite(key.key, 'POST', `/live_api/apps/${appId}/auth/sign-out`, { token: aliceToken })).status,
    ).toBe(200);
    expect(
      (await fromSite(key.key, 'GET', `/live_api/apps/${appId}/entities/Note`, { token: aliceToken })).status,
    ).toBe(401);
  });

  it('keeps a read-only key read-only for signed-in end users too, and the User list and invitations out', async () => {
    const { appId, alice } = await newApp();
    const key = await createKey(appId);
    const write = await fromSite(key.key, 'POST', `/live_api/apps/${appId}/entities/Note`, {
      token: alice.token,
      body: { text: 'no' },
    });
    expect(write.status).toBe(403);
    expect(write.body.error.message).toBe(M.keyReadOnly);
    const users = await fromSite(key.key, 'GET', `/live_api/apps/${appId}/entities/User`, { token: alice.token });
    expect(users.status).toBe(403);
    expect(users.body.error.message).toBe(M.keyEntitiesOnly);
    const invite = await fromSite(key.key, 'POST', `/live_api/apps/${appId}/users/invite-user`, {
      token: alice.token,
      body: { user_email: 'a@b.test', role: 'admin' },
    });
    expect(invite.status).toBe(403);
  });

  it('keeps a members-only app members-only', async () => {
    const { appId, alice } = await newApp();
    // Memberships on, as connecting a payment provider leaves them (memberships.int.test.ts connects for real).
    const paid = { isPaidMembershipsEnabled: true, paidMembershipsProduct: { id: 'prod_1', name: 'Club' } };
    await t.db.execute(
      sql`UPDATE apps SET settings = settings || ${JSON.stringify({ ...paid, paidMembershipsSettings: { isSetupCompleted: true } })}::jsonb WHERE id = ${appId}`,
    );
    const key = await createKey(appId);
    const res = await fromSite(key.key, 'GET', `/live_api/apps/${appId}/entities/Note`, { token: alice.token });
    expect(res.status).toBe(403);
    expect(res.body.error.details).toEqual({ reason: 'membership' });
  });
});

describe('a server key (full access, for the builder’s own server)', () => {
  it('reads and changes every record, but reaches no sign-in and is never built into an export', async () => {
    const { appId } = await newApp();
    const key = await createKey(appId, { kind: 'server', canWrite: true });
    expect(key.kind).toBe('server');
    const list = await t.request('GET', `/live_api/apps/${appId}/entities/Note`, {
      headers: { [APP_KEY_HEADER]: key.key },
    });
    expect(list.status).toBe(200);
    expect(list.body.map((n: { text: string }) => n.text)).toEqual(['Alice’s diary']);
    const made = await t.request('POST', `/live_api/apps/${appId}/entities/Note`, {
      headers: { [APP_KEY_HEADER]: key.key },
      body: { text: 'from the server' },
    });
    expect(made.body.creatorId).toBe(`key:${key.id}`);
    const signIn = await t.request('POST', `/live_api/apps/${appId}/auth/sign-in`, {
      headers: { [APP_KEY_HEADER]: key.key },
      body: { email: 'a@b.test', password: STRONG_PASSWORD },
    });
    expect(signIn.status).toBe(403);
    expect(signIn.body.error.message).toBe(M.keyEntitiesOnly);
    const exported = await t.app.request(`/api/apps/${appId}/export?mode=server`, {
      headers: { authorization: `Bearer ${builder.token}`, [APP_KEY_HEADER]: key.key },
    });
    expect(exported.status).toBe(400);
    expect(((await exported.json()) as { error: { message: string } }).error.message).toBe(M.serverKeyNotForExport);
    const listed = await t.request('GET', `/api/apps/${appId}/keys`, { token: builder.token });
    expect(listed.body.keys).toEqual([expect.objectContaining({ id: key.id, kind: 'server' })]);
  });

  it('refuses a kind that is neither', async () => {
    const { appId } = await newApp();
    const res = await t.request('POST', `/api/apps/${appId}/keys`, {
      token: builder.token,
      body: { name: 'x', kind: 'root' },
    });
    expect(res.status).toBe(400);
  });
});
