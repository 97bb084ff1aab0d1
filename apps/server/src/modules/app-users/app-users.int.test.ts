import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { APP_MESSAGES, MESSAGES } from '@tessera/contracts';
import { LOGIN_MAX_FAILURES } from '@tessera/contracts/auth';
import { appUsers } from '@tessera/db';
import { SIGNUP_CONTACTS, STRONG_PASSWORD, uniqueEmail } from '@tessera/test-utils';
import { createTestApp } from '../../testing/harness';
import { signUpAppUser } from '../../testing/app-users';
import { buildGenApp } from '../../testing/factories';

const t = await createTestApp();
const builder = await t.signUpVerified();

async function makeApp(isSignupEnabled: boolean, entities: Record<string, unknown> = {}) {
  const { body } = await t.request('POST', '/api/apps', {
    token: builder.token,
    body: buildGenApp({ name: 'Club', entities }),
  });
  // Sign-up opens on a published app with its contacts set (docs/product/runtime.md#states-and-transitions).
  if (isSignupEnabled)
    expect((await t.request('POST', `/api/apps/${body.appId}/publish`, { token: builder.token })).status).toBe(200);
  const saved = await t.request('POST', `/api/apps/${body.appId}/settings`, {
    token: builder.token,
    body: { appSettings: isSignupEnabled ? { isSignupEnabled, ...SIGNUP_CONTACTS } : { isSignupEnabled } },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return body.appId as string;
}
const open = await makeApp(true, { User: { properties: { city: { type: 'string' }, age: { type: 'integer' } } } });
const closed = await makeApp(false);
const auth = (appId: string, action: string, body?: unknown, token?: string) =>
  t.request('POST', `/live_api/apps/${appId}/auth/${action}`, { body, token });

describe('app end users', () => {
  it('sign up on an open app, read and update their User record, sign out', async () => {
    const email = uniqueEmail('member');
    const up = await signUpAppUser(t, open, { email, full_name: 'Mia' });
    expect(up.status).toBe(200);
    expect(up.body.token).toMatch(/^tsa_/);
    expect(up.body.user).toMatchObject({ email, full_name: 'Mia', role: 'user' });
    const me = `/live_api/apps/${open}/entities/User/me`;
    expect((await t.request('GET', me, { token: up.body.token })).body.email).toBe(email);
    const updated = await t.request('PUT', me, {
      token: up.body.token,
      body: { full_name: 'Mia K', city: 'Oslo', age: '31' },
    });
    expect(updated.body).toMatchObject({ full_name: 'Mia K', city: 'Oslo', age: 31, role: 'user' });
    expect((await t.request('PUT', me, { token: up.body.token, body: { role: 'admin' } })).status).toBe(403);
    expect((await t.request('PUT', me, { token: up.body.token, body: { shoe: 42 } })).body.error.message).toBe(
      'Unknown field "shoe" on User',
    );
    expect((await auth(open, 'sign-out', {}, up.body.token)).status).toBe(200);
    expect((await t.request('GET', me, { token: up.body.token })).status).toBe(401);
  });

  it('refuses sign-up where it is not open, and bad input with the spec texts', async () => {
    const refused = await auth(closed, 'sign-up', { email: uniqueEmail(), password: STRONG_PASSWORD });
    expect(refused.status).toBe(403);
    expect((await auth(open, 'sign-up', { email: 'nope', password: STRONG_PASSWORD })).body.error.message).toBe(
      MESSAGES.signUp.invalidEmail,
    );
    expect((await auth(open, 'sign-up', { email: uniqueEmail(), password: 'password' })).body.error.message).toBe(
      MESSAGES.signUp.weakPassword,
    );
    const email = uniqueEmail();
    await auth(open, 'sign-up', { email, password: STRONG_PASSWORD });
    expect(
      (await auth(open, 'sign-up', { email: email.toUpperCase(), password: STRONG_PASSWORD })).body.error.message,
    ).toBe(MESSAGES.signUp.emailInUse);
    expect((await auth(open, 'sign-up', '[1]')).status).toBe(400);
    expect((await auth('no-such-app', 'sign-in', { email, password: STRONG_PASSWORD })).status).toBe(404);
  });

  it('signs in, and throttles failures per e-mail', async () => {
    const email = uniqueEmail();
    await signUpAppUser(t, open, { email });
    expect((await auth(open, 'sign-in', { email, password: STRONG_PASSWORD })).status).toBe(200);
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) {
      const wrong = await auth(open, 'sign-in', { email, password: 'wrong password' });
      expect(wrong.body.error.message).toBe(MESSAGES.login.invalidCredentials);
    }
    const blocked = await auth(open, 'sign-in', { email, password: STRONG_PASSWORD });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error.message).toBe(MESSAGES.login.tooManyAttempts);
  });

  it('keeps app sessions and builder sessions apart, and apps apart', async () => {
    const email = uniqueEmail();
    const { body } = await signUpAppUser(t, open, { email });
    expect((await t.request('GET', '/api/live_api/account/current', { token: body.token })).status).toBe(401);
    expect((await t.request('GET', '/api/apps', { token: body.token })).status).toBe(401);
    expect((await t.request('GET', `/live_api/apps/${closed}/entities/User/me`, { token: body.token })).status).toBe(
      401,
    );
    expect((await t.request('GET', `/live_api/apps/${open}/entities/User/me`, { token: builder.token })).status).toBe(
      401,
    );
    // The same e-mail is a separate account in another open app.
    const other = await makeApp(true);
    expect((await auth(other, 'sign-in', { email, password: STRONG_PASSWORD })).status).toBe(401);
  });

  it('lets the owner and app admins invite users, nobody else', async () => {
    const email = uniqueEmail('invited');
    const res = await t.request('POST', `/live_api/apps/${open}/users/invite-user`, {
      token: builder.token,
      body: { user_email: email, role: 'admin' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email, role: 'admin' });
    expect(
      (
        await t.request('POST', `/live_api/apps/${open}/users/invite-user`, {
          token: builder.token,
          body: { user_email: email },
        })
      ).status,
    ).toBe(409);
    expect(
      (await t.request('POST', `/live_api/apps/${open}/users/invite-user`, { body: { user_email: uniqueEmail() } }))
        .status,
    ).toBe(401);
    const member = await signUpAppUser(t, open);
    const asMember = await t.request('POST', `/live_api/apps/${open}/users/invite-user`, {
      token: member.body.token,
      body: { user_email: uniqueEmail() },
    });
    expect(asMember.status).toBe(403);
    expect(asMember.body.error.message).toBe(APP_MESSAGES.forbidden);
    await t.db
      .update(appUsers)
      .set({ role: 'admin' })
      .where(and(eq(appUsers.appId, open), eq(appUsers.id, member.body.user.id)));
    expect(
      (
        await t.request('POST', `/live_api/apps/${open}/users/invite-user`, {
          token: member.body.token,
          body: { user_email: uniqueEmail() },
        })
      ).status,
    ).toBe(200);
    const stranger = await t.signUpVerified();
    expect(
      (
        await t.request('POST', `/live_api/apps/${open}/users/invite-user`, {
          token: stranger.token,
          body: { user_email: uniqueEmail() },
        })
      ).status,
    ).toBe(403);
  });

  it('an invitation mail lets the invited user choose a password once, on the app host', async () => {
    const email = uniqueEmail('invitee');
    await t.request('POST', `/live_api/apps/${open}/users/invite-user`, {
      token: builder.token,
      body: { user_email: email },
    });
    const link = await t.mailLink(email, 'invite');
    const slug = (await t.request('GET', `/api/apps/${open}`, { token: builder.token })).body.slug;
    expect(link.origin).toBe(`http://${slug}.apps.localhost:3000`);
    expect(link.pathname).toBe(`/apps/${open}/login`);
    const token = link.searchParams.get('token')!;
    expect((await auth(open, 'sign-in', { email, password: STRONG_PASSWORD })).status).toBe(401);
    expect((await auth(open, 'set-password', { token, password: 'short' })).body.error.message).toBe(
      MESSAGES.signUp.weakPassword,
    );
    const set = await auth(open, 'set-password', { token, password: STRONG_PASSWORD });
    expect(set.status).toBe(200);
    expect(set.body.user.email).toBe(email);
    expect(
      (await t.request('GET', `/live_api/apps/${open}/entities/User/me`, { token: set.body.token })).body.email,
    ).toBe(email);
    expect((await auth(open, 'sign-in', { email, password: STRONG_PASSWORD })).status).toBe(200);
    // Spent: the password hash it was signed over has changed.
    expect((await auth(open, 'set-password', { token, password: `${STRONG_PASSWORD}x` })).status).toBe(400);
    // Another app does not accept it either.
    expect((await auth(closed, 'set-password', { token, password: STRONG_PASSWORD })).status).toBe(400);
  });

  it('a password reset mail sets a new password, signs out other sessions and works once', async () => {
    const email = uniqueEmail('forgetful');
    const up = await signUpAppUser(t, open, { email });
    expect((await auth(open, 'forgot-password', { email: email.toUpperCase() })).body).toEqual({ status: true });
    expect((await auth(open, 'forgot-password', { email: uniqueEmail('nobody') })).body).toEqual({ status: true });
    expect((await auth(open, 'forgot-password', { email: 'not-an-email' })).status).toBe(400);
    const token = (await t.mailLink(email, 'resetPassword')).searchParams.get('token')!;
    const newPassword = `${STRONG_PASSWORD}!2`;
    const reset = await auth(open, 'set-password', { token, password: newPassword });
    expect(reset.status).toBe(200);
    expect((await t.request('GET', `/live_api/apps/${open}/entities/User/me`, { token: up.body.token })).status).toBe(
      401,
    );
    expect((await auth(open, 'sign-in', { email, password: STRONG_PASSWORD })).status).toBe(401);
    expect((await auth(open, 'sign-in', { email, password: newPassword })).status).toBe(200);
    expect((await auth(open, 'set-password', { token, password: STRONG_PASSWORD })).status).toBe(400);
    for (const forged of ['', 'x', 'eHh4.eHh4', `${token.split('.')[0]}.AAAA`]) {
      expect((await auth(open, 'set-password', { token: forged, password: STRONG_PASSWORD })).status).toBe(400);
    }
  });
});
