import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { APP_CONFIRM_MESSAGES, APP_MAILS_PER_ADDRESS_PER_HOUR } from '@tessera/contracts/app-users';
import { PREVIEW_TOKEN_FRAGMENT, PREVIEW_TOKEN_HEADER } from '@tessera/contracts/runtime';
import { appUsers } from '@tessera/db';
import { SIGNUP_CONTACTS, STRONG_PASSWORD, uniqueEmail } from '@tessera/test-utils';
import { mailedCode } from '../../testing/app-users';
import { createTestApp } from '../../testing/harness';
import { buildGenApp } from '../../testing/factories';
import { appHost } from '../../testing/tool-apps';

/**
 * Nothing trusts an address its end user has not confirmed (docs/product/runtime.md#end-user-confirmation),
 * and app mails never use up a builder's account mails (SECURITY.md).
 */
const t = await createTestApp();
// The first builder of a server is its admin, whose plan may edit App settings: every app here is theirs.
const attacker = await t.signUpVerified();

/** An app of `owner`, published with sign-up on, and their preview as the caller of its Core integrations. */
async function makeApp(owner: { token: string }, settings: Record<string, unknown> = {}) {
  const { body } = await t.request('POST', '/api/apps', { token: owner.token, body: buildGenApp({ name: 'Relay' }) });
  const appId = body.appId as string;
  expect((await t.request('POST', `/api/apps/${appId}/publish`, { token: owner.token })).status).toBe(200);
  const saved = await t.request('POST', `/api/apps/${appId}/settings`, {
    token: owner.token,
    body: { appSettings: { isSignupEnabled: true, ...SIGNUP_CONTACTS, ...settings } },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const preview = await t.request('POST', `/api/apps/${appId}/preview-url`, { token: owner.token, body: {} });
  const token = new URLSearchParams(new URL(preview.body.url as string).hash.slice(1)).get(PREVIEW_TOKEN_FRAGMENT)!;
  return { appId, slug: body.slug as string, preview: { [PREVIEW_TOKEN_HEADER]: token }, owner };
}
type App = Awaited<ReturnType<typeof makeApp>>;

const auth = (app: App, action: string, body: unknown) =>
  t.request('POST', `/live_api/apps/${app.appId}/auth/${action}`, { body, headers: { host: appHost(app.slug) } });
const sendEmail = (app: App, to: string, caller: Record<string, string> = app.preview) =>
  t.request('POST', '/integrations/Core/SendEmail', {
    headers: { host: appHost(app.slug), ...caller },
    body: { to, subject: 'Account alert', body: 'Click here' },
  });
/** An invitation by the owner (on the builder's API) or by an app admin (their session, on the app's host). */
const invite = (app: App, userEmail: string, as: { token: string } | { appUserToken: string }) =>
  t.request('POST', `/live_api/apps/${app.appId}/users/invite-user`, {
    ...('token' in as
      ? { token: as.token }
      : { headers: { host: appHost(app.slug), authorization: `Bearer ${as.appUserToken}` } }),
    body: { user_email: userEmail, role: 'user' },
  });

describe('Core.SendEmail to an unconfirmed address', () => {
  it('is refused: a builder cannot sign up as a stranger on their own app and mail them', async () => {
    const app = await makeApp(attacker);
    const victim = uniqueEmail('victim');
    expect((await auth(app, 'sign-up', { email: victim, password: STRONG_PASSWORD })).body.confirmationRequired).toBe(
      true,
    );
    const refused = await sendEmail(app, victim);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(APP_CONFIRM_MESSAGES.sendEmailUnconfirmed);
    // Only the code mail reached the victim.
    expect((await t.outbox(victim)).map((m) => m.subject)).toEqual([expect.stringMatching(/is your Relay code$/)]);
    // Once the address's owner enters the code, the app may mail them.
    expect((await auth(app, 'verify-otp', { email: victim, otp_code: await mailedCode(t, victim) })).status).toBe(200);
    expect((await sendEmail(app, victim)).status).toBe(200);
  });

  it('is refused too where the app lets users in unconfirmed', async () => {
    const app = await makeApp(attacker, { isUnconfirmedSignupAllowed: true });
    const victim = uniqueEmail('victim');
    const up = await auth(app, 'sign-up', { email: victim, password: STRONG_PASSWORD });
    expect(up.body.token).toMatch(/^tsa_/);
    const refused = await sendEmail(app, victim, { authorization: `Bearer ${up.body.token}` });
    expect(refused.body.error).toEqual({ code: 'FORBIDDEN', message: APP_CONFIRM_MESSAGES.sendEmailUnconfirmed });
    expect(await t.outbox(victim)).toHaveLength(0);
  });
});

describe('invitations and unconfirmed addresses', () => {
  it('an address someone signed up with unconfirmed cannot be invited; its owner is told how to take it back', async () => {
    const owner = attacker;
    const app = await makeApp(owner, { isUnconfirmedSignupAllowed: true });
    const colleague = uniqueEmail('colleague');
    await auth(app, 'sign-up', { email: colleague, password: STRONG_PASSWORD });
    const refused = await invite(app, colleague, { token: owner.token });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(APP_CONFIRM_MESSAGES.inviteUnconfirmedAccount);
    // The real owner of the address takes it over with a reset link, which confirms it.
    await auth(app, 'forgot-password', { email: colleague });
    const token = (await t.mailLink(colleague, 'resetPassword')).searchParams.get('token')!;
    expect((await auth(app, 'set-password', { token, password: `${STRONG_PASSWORD}!` })).status).toBe(200);
    expect((await invite(app, colleague, { token: owner.token })).body.error.code).toBe('EMAIL_IN_USE');
  });

  it('an app admin must confirm their own address before inviting', async () => {
    const owner = attacker;
    const app = await makeApp(owner, { isUnconfirmedSignupAllowed: true });
    const email = uniqueEmail('admin');
    const up = await auth(app, 'sign-up', { email, password: STRONG_PASSWORD });
    await t.db
      .update(appUsers)
      .set({ role: 'admin' })
      .where(and(eq(appUsers.appId, app.appId), eq(appUsers.id, up.body.user.id)));
    const asAdmin = { appUserToken: up.body.token as string };
    const refused = await invite(app, uniqueEmail('friend'), asAdmin);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(APP_CONFIRM_MESSAGES.inviterUnconfirmed);
    await auth(app, 'resend-otp', { email });
    expect((await auth(app, 'verify-otp', { email, otp_code: await mailedCode(t, email) })).status).toBe(200);
    expect((await invite(app, uniqueEmail('friend'), asAdmin)).status).toBe(200);
  });

  it('an invited user who chose a password through the mail is confirmed (the app may mail them)', async () => {
    const owner = attacker;
    const app = await makeApp(owner);
    const email = uniqueEmail('invitee');
    expect((await invite(app, email, { token: owner.token })).status).toBe(200);
    expect((await sendEmail(app, email)).body.error.message).toBe(APP_CONFIRM_MESSAGES.sendEmailUnconfirmed);
    const token = (await t.mailLink(email, 'invite')).searchParams.get('token')!;
    expect((await auth(app, 'set-password', { token, password: STRONG_PASSWORD })).status).toBe(200);
    expect((await sendEmail(app, email)).status).toBe(200);
  });
});

describe('mail caps', () => {
  it("app mails to an address never use up a builder's account mails to it", async () => {
    const victim = await t.signUpVerified(uniqueEmail('builder'));
    const app = await makeApp(attacker);
    // The attacker's app sends the victim's address all the app mails it may: a code, then resets.
    await auth(app, 'sign-up', { email: victim.email, password: STRONG_PASSWORD });
    const statuses: number[] = [];
    for (let i = 0; i < APP_MAILS_PER_ADDRESS_PER_HOUR + 2; i++)
      statuses.push((await auth(app, 'forgot-password', { email: victim.email })).status);
    expect(statuses.at(-1)).toBe(429);
    const before = (await t.outbox(victim.email)).length;
    // The victim's own password reset and magic link still arrive.
    for (const path of ['/api/live_api/account/sendResetPasswordEmail', '/api/live_api/account/sendMagicLink']) {
      const res = await t.request('POST', path, { body: { email: victim.email } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const subjects = (await t.outbox(victim.email)).slice(0, 2).map((m) => m.subject);
    expect((await t.outbox(victim.email)).length).toBe(before + 2);
    expect(subjects.sort()).toEqual(['Reset your Tessera password', 'Your Tessera sign-in link']);
  });
});
