import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { authAccounts } from '@tessera/db';
import { startFakeGoogle } from '@tessera/test-utils';
import { createTestApp, TEST_PUBLIC_URL } from '../../testing/harness';

const google = await startFakeGoogle();
afterAll(() => google.close());
const t = await createTestApp({
  GOOGLE_CLIENT_ID: google.clientId,
  GOOGLE_CLIENT_SECRET: google.clientSecret,
  GOOGLE_OAUTH_BASE_URL: google.baseUrl,
});
const withoutGoogle = await createTestApp();

/** Cookies set by one response, as a Cookie header for the next request (what a browser does). */
const cookiesOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

describe('Google sign-in', () => {
  it('is neither offered nor accepted when not configured', async () => {
    expect((await withoutGoogle.request('GET', '/api/config')).body.googleEnabled).toBe(false);
    const res = await withoutGoogle.request('POST', '/api/auth/sign-in/social', {
      body: { provider: 'google', callbackURL: '/auth/handler?mode=oauth' },
    });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
  });

  it('completes the OAuth round trip against Google and gives the SPA a bearer token', async () => {
    expect((await t.request('GET', '/api/config')).body.googleEnabled).toBe(true);
    google.nextProfile = { sub: 'g-42', email: 'ada@gmail.test', email_verified: true, name: 'Ada Lovelace' };

    const start = await t.request('POST', '/api/auth/sign-in/social', {
      body: { provider: 'google', callbackURL: '/auth/handler?mode=oauth&continueUrl=%2Fhome' },
    });
    expect(start.status).toBe(200);
    const authorize = new URL(start.body.url);
    expect(authorize.origin + authorize.pathname).toBe(`${google.baseUrl}/o/oauth2/v2/auth`);
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${TEST_PUBLIC_URL}/api/auth/callback/google`);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    const stateCookie = cookiesOf(start.headers);

    // The browser visits Google, which sends it back to our callback with a code.
    const consent = await fetch(authorize, { redirect: 'manual' });
    const back = new URL(consent.headers.get('location')!);
    const callback = await t.request('GET', back.pathname + back.search, { headers: { cookie: stateCookie } });
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toBe('/auth/handler?mode=oauth&continueUrl=%2Fhome');
    expect(google.tokenRequests.at(-1)?.get('code_verifier')).toBeTruthy();

    // The SPA's handler reads the session with the cookie and keeps its token as the bearer.
    const session = await t.request('GET', '/api/auth/get-session', {
      headers: { cookie: cookiesOf(callback.headers) },
    });
    expect(session.body.user).toMatchObject({ email: 'ada@gmail.test', emailVerified: true, name: 'Ada Lovelace' });
    const create = await t.request('POST', '/api/live_api/account/create', { token: session.body.session.token });
    expect(create.status).toBe(200);

    // Google's access token is kept encrypted: a database dump does not hand it out.
    const issued = google.issuedAccessTokens.at(-1)!;
    const [row] = await t.db
      .select({ accessToken: authAccounts.accessToken })
      .from(authAccounts)
      .where(eq(authAccounts.providerId, 'google'));
    expect(row?.accessToken).toBeTruthy();
    expect(row?.accessToken).not.toContain(issued);
  });

  it('refuses a callback with a forged state', async () => {
    const res = await t.request('GET', '/api/auth/callback/google?code=abc&state=forged');
    expect(res.status).toBeLessThan(500);
    expect(res.headers.get('location') ?? '').toContain('error=');
  });
});
