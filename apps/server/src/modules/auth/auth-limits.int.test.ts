import { describe, expect, it } from 'vitest';
import { APP_MESSAGES, MESSAGES } from '@tessera/contracts';
import { LOGIN_MAX_PER_IP_PER_MINUTE, MAILS_PER_ADDRESS_PER_HOUR } from '@tessera/contracts/auth';
import { STRONG_PASSWORD, uniqueEmail } from '@tessera/test-utils';
import { createTestApp } from '../../testing/harness';
import { AUTH_IP_LIMITS } from './auth-limits';

// Behind a trusted proxy the client address comes from X-Forwarded-For: each test picks its own.
const t = await createTestApp({ TRUST_PROXY: 'true' });
let lastIp = 0;
const newIp = () => `198.18.${Math.floor(++lastIp / 250)}.${(lastIp % 250) + 1}`;
const from = (ip: string) => ({ 'x-forwarded-for': ip });
const signIn = (email: string, password: string, ip = newIp()) =>
  t.request('POST', '/api/auth/sign-in/email', { body: { email, password }, headers: from(ip) });

async function timedMs(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}
const median = (spans: number[]) => [...spans].sort((a, b) => a - b)[Math.floor(spans.length / 2)]!;

describe('builder sign-in', () => {
  it('takes as long for an unknown e-mail as for a known one with a wrong password', async () => {
    const user = await t.signUpVerified();
    // Five tries stay below the failure count that slows an e-mail's sign-ins down. The two kinds take
    // turns, so a machine that gets busier half-way slows both alike.
    const knownSpans: number[] = [];
    const unknownSpans: number[] = [];
    for (let i = 0; i < 5; i++) {
      knownSpans.push(await timedMs(() => signIn(user.email, 'wrong password here')));
      unknownSpans.push(await timedMs(() => signIn(uniqueEmail('nobody'), 'wrong password here')));
    }
    const [known, unknown] = [median(knownSpans), median(unknownSpans)];
    expect(unknown / known, `known ${known} ms, unknown ${unknown} ms`).toBeGreaterThan(0.5);
    expect(unknown / known, `known ${known} ms, unknown ${unknown} ms`).toBeLessThan(2);
  });

  it("lets the owner sign in from another address after an attacker's 20 failures", async () => {
    const user = await t.signUpVerified();
    const attacker = newIp();
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await signIn(user.email, `guess ${i}`, attacker)).status);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(new Set(statuses.slice(5))).toEqual(new Set([429]));
    const refused = await signIn(user.email, user.password, attacker);
    expect(refused.body.error).toEqual({ code: 'TOO_MANY_ATTEMPTS', message: MESSAGES.login.tooManyAttempts });
    expect((await signIn(user.email, user.password, newIp())).status).toBe(200);
  });

  it(`refuses the ${LOGIN_MAX_PER_IP_PER_MINUTE + 1}th sign-in from one address within a minute`, async () => {
    const ip = newIp();
    for (let i = 0; i < LOGIN_MAX_PER_IP_PER_MINUTE; i++)
      expect((await signIn(uniqueEmail('spray'), 'a guess', ip)).status).toBe(401);
    const res = await signIn(uniqueEmail('spray'), 'a guess', ip);
    expect(res.status).toBe(429);
    expect(res.body.error).toEqual({ code: 'TOO_MANY_ATTEMPTS', message: MESSAGES.login.tooManyAttempts });
  });
});

describe('per-address limits of the other builder auth endpoints', () => {
  it(`refuses sign-ups past ${AUTH_IP_LIMITS.signUp.max} from one address`, async () => {
    const ip = newIp();
    const signUp = (password: string) =>
      t.request('POST', '/api/auth/sign-up/email', {
        body: { email: uniqueEmail('bulk'), password },
        headers: from(ip),
      });
    // Refused attempts count too: a weak password is the quickest one.
    for (let i = 0; i < AUTH_IP_LIMITS.signUp.max; i++) expect((await signUp('weak')).status).toBe(400);
    const res = await signUp(STRONG_PASSWORD);
    expect(res.status).toBe(429);
    expect(res.body.error).toEqual({ code: 'RATE_LIMITED', message: APP_MESSAGES.tooManyRequests });
  });

  it.each([
    ['magic link', '/api/live_api/account/sendMagicLink'],
    ['password reset', '/api/live_api/account/sendResetPasswordEmail'],
    ['password reset on the provider', '/api/auth/request-password-reset'],
    ['magic link on the provider', '/api/auth/sign-in/magic-link'],
  ])(`refuses %s mails past ${AUTH_IP_LIMITS.mail.max} from one address`, async (_, path) => {
    const ip = newIp();
    const send = () => t.request('POST', path, { body: { email: uniqueEmail('spam') }, headers: from(ip) });
    for (let i = 0; i < AUTH_IP_LIMITS.mail.max; i++) expect((await send()).status).toBe(200);
    const res = await send();
    expect(res.status).toBe(429);
    expect(res.body.error).toEqual({ code: 'RATE_LIMITED', message: APP_MESSAGES.tooManyRequests });
  });

  it('counts verification mails per address too', async () => {
    const ip = newIp();
    const user = await t.signUp();
    const send = () =>
      t.request('POST', '/api/live_api/account/sendVerificationEmail', {
        token: user.token,
        body: {},
        headers: from(ip),
      });
    for (let i = 0; i < AUTH_IP_LIMITS.mail.max; i++) await send();
    const res = await send();
    expect(res.status).toBe(429);
  });
});

describe('mail endpoints answer alike for known and unknown addresses', () => {
  it.each([
    ['password reset', '/api/live_api/account/sendResetPasswordEmail'],
    ['magic link', '/api/live_api/account/sendMagicLink'],
  ])('%s: the same statuses and bodies, request after request, past the cap', async (_, path) => {
    // A known address has had mail already (its verification link).
    const known = (await t.signUpVerified()).email;
    const unknown = uniqueEmail('ghost');
    const answers = async (email: string) => {
      const seen: string[] = [];
      for (let i = 0; i < MAILS_PER_ADDRESS_PER_HOUR + 2; i++) {
        const res = await t.request('POST', path, { body: { email }, headers: from(newIp()) });
        seen.push(`${res.status} ${JSON.stringify(res.body)}`);
      }
      return seen;
    };
    const forKnown = await answers(known);
    expect(forKnown.at(-1)).toMatch(/^429 /);
    expect(await answers(unknown)).toEqual(forKnown);
  });
});
