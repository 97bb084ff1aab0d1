import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@tessera/contracts';
import {
  APP_CODE_MAX_ATTEMPTS,
  APP_CONFIRM_MESSAGES,
  APP_MAILS_PER_ADDRESS_PER_HOUR,
} from '@tessera/contracts/app-users';
import { SIGNUP_CONTACTS, STRONG_PASSWORD, uniqueEmail } from '@tessera/test-utils';
import { mailedCode } from '../../testing/app-users';
import { createTestApp } from '../../testing/harness';
import { buildGenApp } from '../../testing/factories';

/** End users confirm their address with a mailed code (docs/product/runtime.md#end-user-confirmation). */
const t = await createTestApp({ TRUST_PROXY: 'true' });
let lastIp = 0;
const newIp = () => `198.18.${Math.floor(++lastIp / 250)}.${(lastIp % 250) + 1}`;
const builder = await t.signUpVerified();

async function makeApp(settings: Record<string, unknown> = {}) {
  const { body } = await t.request('POST', '/api/apps', { token: builder.token, body: buildGenApp({ name: 'Club' }) });
  expect((await t.request('POST', `/api/apps/${body.appId}/publish`, { token: builder.token })).status).toBe(200);
  const saved = await t.request('POST', `/api/apps/${body.appId}/settings`, {
    token: builder.token,
    body: { appSettings: { isSignupEnabled: true, ...SIGNUP_CONTACTS, ...settings } },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return body.appId as string;
}
const club = await makeApp();
const auth = (action: string, body: unknown, appId = club, ip = newIp()) =>
  t.request('POST', `/live_api/apps/${appId}/auth/${action}`, { body, headers: { 'x-forwarded-for': ip } });
const stored = async (email: string) => {
  const found = await t.db.execute(
    sql`SELECT confirm_code_hash, confirm_code_attempts, email_confirmed_at FROM app_users WHERE email = ${email}`,
  );
  return (found as unknown as { rows: Array<Record<string, unknown>> }).rows[0]!;
};
/** Moves the user's live code back in time, as if it had been mailed `seconds` ago (codes live 15 minutes). */
const ageCode = (email: string, seconds: number) =>
  t.db.execute(
    sql`UPDATE app_users SET confirm_code_expires_at = now() + make_interval(secs => ${15 * 60 - seconds}) WHERE email = ${email}`,
  );
async function signUp(email = uniqueEmail('new')) {
  const up = await auth('sign-up', { email, password: STRONG_PASSWORD });
  expect(up.status, JSON.stringify(up.body)).toBe(200);
  return email;
}

describe('confirming an end user address', () => {
  it('sign-up mails a code and gives no session; the code signs in once, then the password does', async () => {
    const email = uniqueEmail('new');
    const up = await auth('sign-up', { email: email.toUpperCase(), password: STRONG_PASSWORD });
    expect(up.body).toEqual({ confirmationRequired: true, email });
    const code = await mailedCode(t, email);
    expect(code).toMatch(/^\d{6}$/);
    // Kept hashed: the code itself is nowhere in the row.
    const row = await stored(email);
    expect(row.email_confirmed_at).toBeNull();
    expect(String(row.confirm_code_hash)).not.toContain(code);
    expect(String(row.confirm_code_hash)).toHaveLength(43);

    const before = await auth('sign-in', { email, password: STRONG_PASSWORD });
    expect(before.status).toBe(403);
    expect(before.body.error).toEqual({
      code: 'EMAIL_NOT_VERIFIED',
      message: APP_CONFIRM_MESSAGES.confirmFirst,
      details: { email },
    });
    // The code of a minute ago is still live: that sign-in sent no other one.
    expect(await t.outbox(email)).toHaveLength(1);

    const verified = await auth('verify-otp', { email, otp_code: code });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    expect(verified.body.token).toMatch(/^tsa_/);
    expect(verified.body.user.email).toBe(email);
    expect((await stored(email)).email_confirmed_at).not.toBeNull();
    const again = await auth('verify-otp', { email, otp_code: code });
    expect(again.body.error.message).toBe(APP_CONFIRM_MESSAGES.codeExpired);
    expect((await auth('sign-in', { email, password: STRONG_PASSWORD })).status).toBe(200);
  });

  it('a sign-in before confirming, with an expired code, mails a new one (the code step, not a dead end)', async () => {
    const email = await signUp();
    const first = await mailedCode(t, email);
    await ageCode(email, 16 * 60);
    expect((await auth('verify-otp', { email, otp_code: first })).body.error).toEqual({
      code: 'BAD_REQUEST',
      message: APP_CONFIRM_MESSAGES.codeExpired,
    });
    expect((await auth('sign-in', { email, password: STRONG_PASSWORD })).status).toBe(403);
    const second = await mailedCode(t, email);
    expect(await t.outbox(email)).toHaveLength(2);
    expect((await auth('verify-otp', { email, otp_code: second })).status).toBe(200);
    // A wrong password never reaches the code step.
    const other = await signUp();
    expect((await auth('sign-in', { email: other, password: 'wrong password' })).status).toBe(401);
  });

  it(`a code takes ${APP_CODE_MAX_ATTEMPTS} guesses, even in parallel; a new code starts over`, async () => {
    const email = await signUp();
    const code = await mailedCode(t, email);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const guesses = await Promise.all(
      Array.from({ length: APP_CODE_MAX_ATTEMPTS + 3 }, () => auth('verify-otp', { email, otp_code: wrong })),
    );
    const messages = guesses.map((g) => `${g.status} ${g.body.error.message}`).sort();
    expect(messages.filter((m) => m === `400 ${APP_CONFIRM_MESSAGES.codeWrong}`)).toHaveLength(APP_CODE_MAX_ATTEMPTS);
    expect(messages.filter((m) => m === `429 ${APP_CONFIRM_MESSAGES.tooManyAttempts}`)).toHaveLength(3);
    // Used up: even the right code is refused now.
    const right = await auth('verify-otp', { email, otp_code: code });
    expect(right.body.error).toEqual({ code: 'TOO_MANY_ATTEMPTS', message: APP_CONFIRM_MESSAGES.tooManyAttempts });
    expect((await stored(email)).confirm_code_attempts).toBe(APP_CODE_MAX_ATTEMPTS);
    await ageCode(email, 61);
    expect((await auth('resend-otp', { email })).body).toEqual({ status: true });
    const fresh = await mailedCode(t, email);
    expect((await auth('verify-otp', { email, otp_code: fresh })).status).toBe(200);
  });

  it('limits resends: one a minute per account, and the app-mail cap per address', async () => {
    const email = await signUp();
    const soon = await auth('resend-otp', { email });
    expect(soon.status).toBe(429);
    expect(soon.body.error.message).toBe(APP_CONFIRM_MESSAGES.resendTooSoon);
    await ageCode(email, 61);
    expect((await auth('resend-otp', { email })).status).toBe(200);
    expect(await t.outbox(email)).toHaveLength(2);
    // The same answer for an unknown address, and for a confirmed one, until the address's cap.
    const nobody = uniqueEmail('nobody');
    const answers: number[] = [];
    for (let i = 0; i <= APP_MAILS_PER_ADDRESS_PER_HOUR; i++)
      answers.push((await auth('resend-otp', { email: nobody })).status);
    expect(answers.slice(0, APP_MAILS_PER_ADDRESS_PER_HOUR)).toEqual(Array(APP_MAILS_PER_ADDRESS_PER_HOUR).fill(200));
    expect(answers.at(-1)).toBe(429);
    expect(await t.outbox(nobody)).toHaveLength(0);
  });

  it('answers bad input with a 400, never a 500, and a code works only in its own app', async () => {
    const email = await signUp();
    const code = await mailedCode(t, email);
    for (const body of [
      { email, otp_code: '12345' },
      { email, otp_code: '1234567' },
      { email, otp_code: 'abcdef' },
      { email, otp_code: '12\u00003456' },
      { email, otp_code: '' },
      { email: `a\u0000${email}`, otp_code: code },
      { email: 'not-an-email', otp_code: code },
      { email },
      { otp_code: code },
      { email: [email], otp_code: code },
      { email, otp_code: 123456 },
    ]) {
      const res = await auth('verify-otp', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await auth('verify-otp', { email, otp_code: 'abcdef' })).body.error.message).toBe(
      APP_CONFIRM_MESSAGES.codeFormat,
    );
    expect((await auth('verify-otp', { email: 'not-an-email', otp_code: code })).body.error.message).toBe(
      MESSAGES.signUp.invalidEmail,
    );
    for (const body of [{ email: `a\u0000${email}` }, { email: 'nope' }, {}, { email: 7 }])
      expect((await auth('resend-otp', body)).status, JSON.stringify(body)).toBe(400);
    const elsewhere = await makeApp();
    expect((await auth('verify-otp', { email, otp_code: code }, elsewhere)).body.error.message).toBe(
      APP_CONFIRM_MESSAGES.codeExpired,
    );
    expect((await auth('verify-otp', { email: uniqueEmail('ghost'), otp_code: code })).status).toBe(400);
    expect((await auth('verify-otp', { email, otp_code: code }, 'no-such-app')).status).toBe(404);
    // None of that spent the code.
    expect((await auth('verify-otp', { email, otp_code: code })).status).toBe(200);
  });

  it('a reset link confirms the address it was mailed to', async () => {
    const email = await signUp();
    await auth('forgot-password', { email });
    const token = (await t.mailLink(email, 'resetPassword')).searchParams.get('token')!;
    const reset = await auth('set-password', { token, password: `${STRONG_PASSWORD}!` });
    expect(reset.status).toBe(200);
    expect((await stored(email)).email_confirmed_at).not.toBeNull();
    expect((await auth('sign-in', { email, password: `${STRONG_PASSWORD}!` })).status).toBe(200);
  });

  it('an app that lets users in unconfirmed signs them in at once, unconfirmed and without a code', async () => {
    const open = await makeApp({ isUnconfirmedSignupAllowed: true });
    const email = uniqueEmail('quick');
    const up = await auth('sign-up', { email, password: STRONG_PASSWORD }, open);
    expect(up.body.token).toMatch(/^tsa_/);
    expect((await stored(email)).email_confirmed_at).toBeNull();
    expect(await t.outbox(email)).toHaveLength(0);
    expect((await auth('sign-in', { email, password: STRONG_PASSWORD }, open)).status).toBe(200);
    // They may still confirm, with a code they ask for.
    expect((await auth('resend-otp', { email }, open)).status).toBe(200);
    expect((await auth('verify-otp', { email, otp_code: await mailedCode(t, email) }, open)).status).toBe(200);
    expect((await stored(email)).email_confirmed_at).not.toBeNull();
  });

  it('an account made before confirmation existed keeps its session and is asked for a code at its next sign-in', async () => {
    const open = await makeApp({ isUnconfirmedSignupAllowed: true });
    const email = uniqueEmail('old');
    const { body } = await auth('sign-up', { email, password: STRONG_PASSWORD }, open);
    // The builder then asks for confirmation, as every app does after the migration.
    await t.db.execute(sql`UPDATE apps SET settings = settings - 'isUnconfirmedSignupAllowed' WHERE id = ${open}`);
    const me = await t.request('GET', `/live_api/apps/${open}/entities/User/me`, { token: body.token });
    expect(me.status).toBe(200);
    expect((await auth('sign-in', { email, password: STRONG_PASSWORD }, open)).status).toBe(403);
    expect((await auth('verify-otp', { email, otp_code: await mailedCode(t, email) }, open)).status).toBe(200);
  });
});
