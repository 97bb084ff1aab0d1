import { describe, expect, it } from 'vitest';
import { APP_MESSAGES, MESSAGES } from '@tessera/contracts';
import { APP_MAILS_PER_ADDRESS_PER_HOUR } from '@tessera/contracts/app-users';
import { LOGIN_MAX_PER_IP_PER_MINUTE } from '@tessera/contracts/auth';
import { SIGNUP_CONTACTS, STRONG_PASSWORD, uniqueEmail } from '@tessera/test-utils';
import { signUpAppUser } from '../../testing/app-users';
import { createTestApp } from '../../testing/harness';
import { buildGenApp } from '../../testing/factories';
import { AUTH_IP_LIMITS } from '../auth';

// Behind a trusted proxy the client address comes from X-Forwarded-For: each test picks its own.
const t = await createTestApp({ TRUST_PROXY: 'true' });
let lastIp = 0;
const newIp = () => `198.19.${Math.floor(++lastIp / 250)}.${(lastIp % 250) + 1}`;

const builder = await t.signUpVerified();
const { body: created } = await t.request('POST', '/api/apps', {
  token: builder.token,
  body: buildGenApp({ name: 'Club' }),
});
const appId = created.appId as string;
await t.request('POST', `/api/apps/${appId}/publish`, { token: builder.token });
await t.request('POST', `/api/apps/${appId}/settings`, {
  token: builder.token,
  body: { appSettings: { isSignupEnabled: true, ...SIGNUP_CONTACTS } },
});
const auth = (action: string, body: unknown, ip = newIp()) =>
  t.request('POST', `/live_api/apps/${appId}/auth/${action}`, { body, headers: { 'x-forwarded-for': ip } });

async function member() {
  const res = await signUpAppUser(t, appId, {}, { 'x-forwarded-for': newIp() });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.email;
}

async function medianMs(fn: () => Promise<unknown>, times: number): Promise<number> {
  const spans: number[] = [];
  for (let i = 0; i < times; i++) {
    const start = performance.now();
    await fn();
    spans.push(performance.now() - start);
  }
  return spans.sort((a, b) => a - b)[Math.floor(times / 2)]!;
}

describe('app user sign-in', () => {
  it('takes as long for an unknown e-mail as for a known one with a wrong password', async () => {
    const email = await member();
    const known = await medianMs(() => auth('sign-in', { email, password: 'wrong password here' }), 5);
    const unknown = await medianMs(() => auth('sign-in', { email: uniqueEmail('nobody'), password: 'wrong one' }), 5);
    expect(unknown / known, `known ${known} ms, unknown ${unknown} ms`).toBeGreaterThan(0.5);
    expect(unknown / known, `known ${known} ms, unknown ${unknown} ms`).toBeLessThan(2);
  });

  it("lets the owner sign in from another address after an attacker's 20 failures", async () => {
    const email = await member();
    const attacker = newIp();
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++)
      statuses.push((await auth('sign-in', { email, password: `guess ${i}` }, attacker)).status);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(new Set(statuses.slice(5))).toEqual(new Set([429]));
    const refused = await auth('sign-in', { email, password: STRONG_PASSWORD }, attacker);
    expect(refused.body.error).toEqual({ code: 'TOO_MANY_ATTEMPTS', message: MESSAGES.login.tooManyAttempts });
    expect((await auth('sign-in', { email, password: STRONG_PASSWORD })).status).toBe(200);
  });

  it(`refuses the ${LOGIN_MAX_PER_IP_PER_MINUTE + 1}th sign-in from one address within a minute`, async () => {
    const ip = newIp();
    for (let i = 0; i < LOGIN_MAX_PER_IP_PER_MINUTE; i++)
      expect((await auth('sign-in', { email: uniqueEmail('spray'), password: 'a guess' }, ip)).status).toBe(401);
    const res = await auth('sign-in', { email: uniqueEmail('spray'), password: 'a guess' }, ip);
    expect(res.status).toBe(429);
    expect(res.body.error).toEqual({ code: 'TOO_MANY_ATTEMPTS', message: MESSAGES.login.tooManyAttempts });
  });
});

describe('app user sign-up and reset mails', () => {
  it(`refuses sign-ups past ${AUTH_IP_LIMITS.signUp.max} from one address`, async () => {
    const ip = newIp();
    for (let i = 0; i < AUTH_IP_LIMITS.signUp.max; i++)
      expect((await auth('sign-up', { email: uniqueEmail('bulk'), password: 'weak' }, ip)).status).toBe(400);
    const res = await auth('sign-up', { email: uniqueEmail('bulk'), password: STRONG_PASSWORD }, ip);
    expect(res.status).toBe(429);
    expect(res.body.error).toEqual({ code: 'RATE_LIMITED', message: APP_MESSAGES.tooManyRequests });
  });

  it(`refuses reset mails past ${AUTH_IP_LIMITS.mail.max} from one address`, async () => {
    const ip = newIp();
    for (let i = 0; i < AUTH_IP_LIMITS.mail.max; i++)
      expect((await auth('forgot-password', { email: uniqueEmail('spam') }, ip)).status).toBe(200);
    const res = await auth('forgot-password', { email: uniqueEmail('spam') }, ip);
    expect(res.status).toBe(429);
  });

  it('answers reset requests alike for known and unknown addresses, past the cap', async () => {
    // A known address has had other mail already: its invitation.
    const known = uniqueEmail('invited');
    const invited = await t.request('POST', `/live_api/apps/${appId}/users/invite-user`, {
      token: builder.token,
      body: { user_email: known, role: 'user' },
    });
    expect(invited.status).toBe(200);
    const answers = async (email: string) => {
      const seen: string[] = [];
      for (let i = 0; i < APP_MAILS_PER_ADDRESS_PER_HOUR + 2; i++) {
        const res = await auth('forgot-password', { email });
        seen.push(`${res.status} ${JSON.stringify(res.body)}`);
      }
      return seen;
    };
    const forKnown = await answers(known);
    expect(forKnown.at(-1)).toMatch(/^429 /);
    expect(await answers(uniqueEmail('ghost'))).toEqual(forKnown);
  });
});
