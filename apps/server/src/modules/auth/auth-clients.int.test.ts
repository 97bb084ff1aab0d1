import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../testing/harness';

const t = await createTestApp();
const server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
await new Promise<void>((resolve) => server.once('listening', () => resolve()));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

describe('API clients other than the SPA', () => {
  it("sign in with Node's fetch (no Origin, no cookie) and use the bearer token", async () => {
    const user = await t.signUpVerified();
    const res = await post('/api/auth/sign-in/email', { email: user.email, password: user.password });
    expect(res.status, await res.clone().text()).toBe(200);
    const token = res.headers.get('set-auth-token')!;
    expect(token).toBeTruthy();
    const current = await fetch(`${base}/api/live_api/account/current`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(current.status).toBe(200);
    const signUp = await post('/api/auth/sign-up/email', {
      email: `api-${Date.now()}@example.com`,
      password: 'a fine passphrase 42',
    });
    expect(signUp.status, await signUp.clone().text()).toBe(200);
  });

  it('still refuse browser requests from another site, and cookie requests without an Origin', async () => {
    const user = await t.signUpVerified();
    const body = { email: user.email, password: user.password };
    const crossSite = await post('/api/auth/sign-in/email', body, {
      origin: 'https://evil.example',
      'sec-fetch-site': 'cross-site',
      'sec-fetch-mode': 'cors',
    });
    expect(crossSite.status).toBe(403);
    const withCookie = await post('/api/auth/sign-in/email', body, { cookie: 'theme=dark' });
    expect(withCookie.status).toBe(403);
    const sameSite = await post('/api/auth/sign-in/email', body, { origin: base, 'sec-fetch-site': 'same-origin' });
    expect(sameSite.status).toBe(200);
  });
});
