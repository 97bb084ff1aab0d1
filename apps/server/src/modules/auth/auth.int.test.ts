import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { APP_MESSAGES, MESSAGES } from '@tessera/contracts';
import { LOGIN_MAX_FAILURES } from '@tessera/contracts/auth';
import { authSessions, authUsers } from '@tessera/db';
import { STRONG_PASSWORD, uniqueEmail } from '@tessera/test-utils';
import { createTestApp } from '../../testing/harness';
import { hashSessionToken } from './hashed-session-tokens';

const t = await createTestApp();

const signIn = (email: string, password: string, headers?: Record<string, string>) =>
  t.request('POST', '/api/auth/sign-in/email', { body: { email, password }, headers });

describe('sign-up', () => {
  it('refuses a weak password, an invalid e-mail and a used e-mail with the spec texts', async () => {
    const weak = await t.request('POST', '/api/auth/sign-up/email', {
      body: { email: uniqueEmail(), password: 'password1' },
    });
    expect(weak.status).toBe(400);
    expect(weak.body.error).toEqual({ code: 'WEAK_PASSWORD', message: MESSAGES.signUp.weakPassword });

    const short = await t.request('POST', '/api/auth/sign-up/email', {
      body: { email: uniqueEmail(), password: 'Ab1!' },
    });
    expect(short.body.error.message).toBe(MESSAGES.signUp.weakPassword);

    const invalid = await t.request('POST', '/api/auth/sign-up/email', {
      body: { email: 'not-an-email', password: STRONG_PASSWORD },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error).toEqual({ code: 'INVALID_EMAIL', message: MESSAGES.signUp.invalidEmail });

    const { email } = await t.signUp();
    const again = await t.request('POST', '/api/auth/sign-up/email', {
      body: { email: email.toUpperCase(), password: STRONG_PASSWORD },
    });
    expect(again.status).toBe(409);
    expect(again.body.error).toEqual({ code: 'EMAIL_IN_USE', message: MESSAGES.signUp.emailInUse });
  });

  it('signs the new user in, unverified, and mails a verification link to the SPA handler', async () => {
    const email = uniqueEmail();
    const res = await t.request('POST', '/api/auth/sign-up/email', {
      body: { email, password: STRONG_PASSWORD, callbackURL: '/home?tab=apps' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('set-auth-token')).toBeTruthy();
    expect(res.body.user.emailVerified).toBe(false);
    expect(res.body.user.name).toBe(email.split('@')[0]);

    const [mail] = await t.outbox(email);
    expect(mail!.subject).toBe('Verify your email for Tessera');
    const link = new URL(mail!.links[0]!);
    expect(link.origin + link.pathname).toBe('http://localhost:3000/api/auth/verify-email');
    expect(link.searchParams.get('callbackURL')).toBe(
      `/auth/handler?mode=verifyEmail&continueUrl=${encodeURIComponent('/home?tab=apps')}`,
    );
    expect(mail!.text).toContain(mail!.links[0]);
  });

  it('refuses malformed bodies with a 4xx, never a 500', async () => {
    for (const rawBody of ['{bad json', '[]', '"text"', '{"email": 5, "password": null}']) {
      const res = await t.request('POST', '/api/auth/sign-up/email', { rawBody });
      expect(res.status, rawBody).toBeGreaterThanOrEqual(400);
      expect(res.status, rawBody).toBeLessThan(500);
      expect(res.body.error.message).toBeTruthy();
    }
  });
});

describe('e-mail verification', () => {
  it('verifies when the mailed link is opened, signs the user in and sends them to the SPA handler', async () => {
    const user = await t.signUp();
    const res = await t.follow(await t.mailLink(user.email, 'verifyEmail'));
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/auth/handler?mode=verifyEmail&continueUrl=%2F');
    const bearer = res.headers.get('set-auth-token');
    expect(bearer).toBeTruthy();
    const session = await t.request('GET', '/api/auth/get-session', { token: bearer! });
    expect(session.body.user).toMatchObject({ email: user.email, emailVerified: true });
  });

  it('answers a bad token with a clear 400, or a redirect carrying the error for mailed links', async () => {
    const res = await t.request('GET', '/api/auth/verify-email?token=not-a-token');
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({ code: 'INVALID_LINK', message: APP_MESSAGES.verifyLinkInvalid });
    const link = await t.request(
      'GET',
      `/api/auth/verify-email?token=not-a-token&callbackURL=${encodeURIComponent('/auth/handler?mode=verifyEmail')}`,
    );
    expect(link.status).toBe(302);
    expect(new URL(link.headers.get('location')!, 'http://x').searchParams.get('error')).toBe('INVALID_TOKEN');
  });

  it('resends for unverified users, carrying the app name, and refuses verified ones', async () => {
    const user = await t.signUp();
    const res = await t.request('POST', '/api/live_api/account/sendVerificationEmail', {
      token: user.token,
      body: { continueUrl: '/home', appName: 'Meal Planner' },
    });
    expect(res.status).toBe(200);
    const mails = await t.outbox(user.email);
    expect(mails).toHaveLength(2);
    expect(mails[0]!.subject).toBe('Verify your email for Meal Planner');

    const verified = await t.signUpVerified();
    const again = await t.request('POST', '/api/live_api/account/sendVerificationEmail', {
      token: verified.token,
      body: {},
    });
    expect(again.status).toBe(400);
    expect(again.body.error.message).toBe(APP_MESSAGES.alreadyVerified);
  });
});

describe('sign-in', () => {
  it('returns the bearer token in set-auth-token and the session works with it', async () => {
    const user = await t.signUpVerified();
    const res = await signIn(user.email, user.password);
    expect(res.status).toBe(200);
    const token = res.headers.get('set-auth-token')!;
    const current = await t.request('GET', '/api/live_api/account/current', { token });
    expect(current.status).toBe(200);
  });

  it('gives the same message for a wrong password, an unknown user and a bad e-mail', async () => {
    const user = await t.signUpVerified();
    for (const [email, password] of [
      [user.email, 'wrong password here'],
      [uniqueEmail('nobody'), STRONG_PASSWORD],
      ['not-an-email', STRONG_PASSWORD],
      ['', ''],
    ] as const) {
      const res = await signIn(email, password);
      expect(res.status, email).toBe(401);
      expect(res.body.error).toEqual({ code: 'INVALID_CREDENTIALS', message: MESSAGES.login.invalidCredentials });
    }
  });

  it(`refuses further attempts after ${LOGIN_MAX_FAILURES} failures for one e-mail, even with the right password`, async () => {
    const user = await t.signUpVerified();
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) {
      expect((await signIn(user.email, `wrong password ${i}`)).status).toBe(401);
    }
    const blocked = await signIn(user.email, user.password);
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toEqual({ code: 'TOO_MANY_ATTEMPTS', message: MESSAGES.login.tooManyAttempts });
    // Another account is not affected.
    const other = await t.signUpVerified();
    expect((await signIn(other.email, other.password)).status).toBe(200);
  });

  it('clears the failure count after a successful sign-in', async () => {
    const user = await t.signUpVerified();
    for (let i = 0; i < LOGIN_MAX_FAILURES - 1; i++) await signIn(user.email, 'wrong password x');
    expect((await signIn(user.email, user.password)).status).toBe(200);
    for (let i = 0; i < LOGIN_MAX_FAILURES - 1; i++) await signIn(user.email, 'wrong password y');
    expect((await signIn(user.email, user.password)).status).toBe(200);
  });

  it('refuses a disabled user with the spec text, after checking the password', async () => {
    const user = await t.signUpVerified();
    await t.db.update(authUsers).set({ disabled: true }).where(eq(authUsers.email, user.email));
    const wrong = await signIn(user.email, 'wrong password z');
    expect(wrong.body.error.code).toBe('INVALID_CREDENTIALS');
    const res = await signIn(user.email, user.password);
    expect(res.status).toBe(403);
    expect(res.body.error).toEqual({ code: 'USER_DISABLED', message: MESSAGES.login.userDisabled });
  });

  it('locks out the existing sessions of a disabled user', async () => {
    const user = await t.signUpVerified();
    await t.db.update(authUsers).set({ disabled: true }).where(eq(authUsers.email, user.email));
    const res = await t.request('GET', '/api/live_api/account/current', { token: user.token });
    expect(res.status).toBe(403);
    expect(res.body.error).toEqual({ code: 'USER_DISABLED', message: MESSAGES.login.userDisabled });
  });

  it('extends a session used after a day, and refuses an expired one', async () => {
    const user = await t.signUpVerified();
    const bare = hashSessionToken(user.token.split('.')[0]!);
    const expiresAt = () =>
      t.db
        .select({ at: authSessions.expiresAt })
        .from(authSessions)
        .where(eq(authSessions.token, bare))
        .then((r) => r[0]!.at.getTime());
    await t.db
      .update(authSessions)
      .set({ expiresAt: new Date(Date.now() + 5 * 24 * 3600 * 1000) })
      .where(eq(authSessions.token, bare));
    expect((await t.request('GET', '/api/live_api/account/current', { token: user.token })).status).toBe(200);
    expect(await expiresAt()).toBeGreaterThan(Date.now() + 6.9 * 24 * 3600 * 1000);

    await t.db
      .update(authSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authSessions.token, bare));
    expect((await t.request('GET', '/api/live_api/account/current', { token: user.token })).status).toBe(401);
  });

  it('signs out: the token stops working', async () => {
    const user = await t.signUpVerified();
    expect((await t.request('POST', '/api/auth/sign-out', { token: user.token })).status).toBe(200);
    const after = await t.request('GET', '/api/live_api/account/current', { token: user.token });
    expect(after.status).toBe(401);
    expect(after.body.error.code).toBe('UNAUTHORIZED');
  });
});

describe('password reset', () => {
  it('mails a reset link; the new password works and the old one does not', async () => {
    const user = await t.signUpVerified();
    const res = await t.request('POST', '/api/live_api/account/sendResetPasswordEmail', {
      body: { email: user.email, mainAppId: null, continueUrl: '/settings' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: true, message: APP_MESSAGES.resetEmailSent });
    const link = await t.mailLink(user.email, 'resetPassword');
    const token = link.searchParams.get('token')!;
    expect(link.searchParams.get('continueUrl')).toBe('/settings');

    const weak = await t.request('POST', '/api/auth/reset-password', { body: { token, newPassword: 'short' } });
    expect(weak.status).toBe(400);
    expect(weak.body.error).toEqual({ code: 'WEAK_PASSWORD', message: MESSAGES.passwordReset.weakPassword });

    const done = await t.request('POST', '/api/auth/reset-password', {
      body: { token, newPassword: 'a brand new passphrase' },
    });
    expect(done.status).toBe(200);
    expect((await signIn(user.email, user.password)).status).toBe(401);
    expect((await signIn(user.email, 'a brand new passphrase')).status).toBe(200);
    // Sessions from before the reset are revoked.
    expect((await t.request('GET', '/api/live_api/account/current', { token: user.token })).status).toBe(401);

    const reused = await t.request('POST', '/api/auth/reset-password', {
      body: { token, newPassword: 'yet another passphrase' },
    });
    expect(reused.status).toBe(400);
    expect(reused.body.error).toEqual({ code: 'INVALID_LINK', message: MESSAGES.passwordReset.invalidLink });
  });

  it('answers unknown addresses like known ones and sends nothing', async () => {
    const email = uniqueEmail('ghost');
    const res = await t.request('POST', '/api/live_api/account/sendResetPasswordEmail', { body: { email } });
    expect(res.status).toBe(200);
    expect(await t.outbox(email)).toHaveLength(0);
  });

  it('refuses an invalid e-mail and a missing one', async () => {
    const bad = await t.request('POST', '/api/live_api/account/sendResetPasswordEmail', { body: { email: 'nope' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe(MESSAGES.signUp.invalidEmail);
    const missing = await t.request('POST', '/api/live_api/account/sendResetPasswordEmail', { body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.error.code).toBe('VALIDATION_FAILED');
  });

  it('never redirects to another site after the reset', async () => {
    const user = await t.signUpVerified();
    await t.request('POST', '/api/live_api/account/sendResetPasswordEmail', {
      body: { email: user.email, continueUrl: 'https://evil.example/steal' },
    });
    const link = await t.mailLink(user.email, 'resetPassword');
    expect(link.searchParams.get('continueUrl')).toBe('/home');
  });
});

describe('magic link', () => {
  it('needs an e-mail, a valid one', async () => {
    const missing = await t.request('POST', '/api/live_api/account/sendMagicLink?appId=x', { body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toBe(MESSAGES.magicLink.emailRequired);
    const invalid = await t.request('POST', '/api/live_api/account/sendMagicLink', { body: { email: 'a@b' } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.message).toBe(MESSAGES.magicLink.invalidEmail);
  });

  it('signs an existing user in once, then the link is spent', async () => {
    const user = await t.signUpVerified();
    const sent = await t.request('POST', '/api/live_api/account/sendMagicLink?appId=app1', {
      body: { email: user.email, continueUrl: '/home' },
    });
    expect(sent.status).toBe(200);
    expect(sent.body.message).toBe(MESSAGES.magicLink.sent);
    const token = (await t.mailLink(user.email, 'signIn')).searchParams.get('token')!;
    const verify = await t.request('GET', `/api/auth/magic-link/verify?token=${token}`);
    expect(verify.status).toBe(200);
    const bearer = verify.headers.get('set-auth-token')!;
    expect((await t.request('GET', '/api/live_api/account/current', { token: bearer })).status).toBe(200);

    const again = await t.request('GET', `/api/auth/magic-link/verify?token=${token}`);
    expect(again.status).toBe(400);
    expect(again.body.error).toEqual({ code: 'INVALID_LINK', message: MESSAGES.magicLink.invalidOrExpired });
  });

  it('creates a verified user for a new address', async () => {
    const email = uniqueEmail('magic');
    await t.request('POST', '/api/live_api/account/sendMagicLink', { body: { email } });
    const token = (await t.mailLink(email, 'signIn')).searchParams.get('token')!;
    const verify = await t.request('GET', `/api/auth/magic-link/verify?token=${token}`);
    expect(verify.status).toBe(200);
    expect(verify.body.user).toMatchObject({ email, emailVerified: true });
  });
});

describe('e-mail change', () => {
  it('refuses a taken address with auth/email-already-exists, and the same address', async () => {
    const a = await t.signUpVerified();
    const b = await t.signUpVerified();
    const taken = await t.request('POST', '/api/live_api/account/completeEmailChange', {
      token: a.token,
      body: { newEmail: b.email },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toEqual({ code: 'auth/email-already-exists', message: MESSAGES.emailChange.emailInUse });
    const same = await t.request('POST', '/api/live_api/account/completeEmailChange', {
      token: a.token,
      body: { newEmail: a.email },
    });
    expect(same.status).toBe(400);
    const invalid = await t.request('POST', '/api/live_api/account/completeEmailChange', {
      token: a.token,
      body: { newEmail: 'x' },
    });
    expect(invalid.status).toBe(400);
    const anonymous = await t.request('POST', '/api/live_api/account/completeEmailChange', {
      body: { newEmail: uniqueEmail() },
    });
    expect(anonymous.status).toBe(401);
  });

  it('refuses a 300-character address in plain words', async () => {
    const user = await t.signUpVerified();
    const res = await t.request('POST', '/api/live_api/account/completeEmailChange', {
      token: user.token,
      body: { newEmail: `${'a'.repeat(288)}@example.com` },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('E-mail is too long (254 characters at most)');
  });

  it('changes the address once the link mailed to the new address is opened', async () => {
    const user = await t.signUpVerified();
    const newEmail = uniqueEmail('moved');
    const res = await t.request('POST', '/api/live_api/account/completeEmailChange', {
      token: user.token,
      body: { newEmail },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(APP_MESSAGES.emailChangeSent);
    const done = await t.follow(await t.mailLink(newEmail, 'verifyAndChangeEmail'));
    expect(done.status).toBe(302);
    expect(done.headers.get('location')).toBe('/auth/handler?mode=verifyAndChangeEmail&continueUrl=%2Fsettings');
    const session = await t.request('GET', '/api/auth/get-session', { token: user.token });
    expect(session.body.user.email).toBe(newEmail);
    expect((await signIn(newEmail, user.password)).status).toBe(200);
  });
});

describe('identity provider routes', () => {
  it('render unknown auth routes and bad methods as JSON errors', async () => {
    const res = await t.request('POST', '/api/auth/does-not-exist', { body: {} });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
  });

  it('ignore a client-supplied address header when limiting sign-ins', async () => {
    const user = await t.signUpVerified();
    const res = await signIn(user.email, user.password, { 'x-tessera-client-ip': '1.2.3.4' });
    expect(res.status).toBe(200);
  });
});
