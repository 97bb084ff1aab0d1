/**
 * Every auth route, enumerated (the identity provider's endpoints from its own table, the app
 * end users' `/live_api/apps/:appId/auth/*` and the account mail flows from the app's routes), so
 * a route added later is covered too: a NUL in an e-mail or in any other text is a 4xx with the
 * spec's message (a 400; sign-in's 401 for a bad e-mail), never a 500, and nothing the caller sent reaches the log.
 */
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@tessera/contracts';
import { SIGNUP_CONTACTS, STRONG_PASSWORD } from '@tessera/test-utils';
import { createLogger } from '../../platform/logger';
import { NUL_IN_BODY } from '../../platform/http/validate';
import { buildGenApp } from '../../testing/factories';
import { createTestApp } from '../../testing/harness';
import { createAuth } from './auth';
import { createAuthLimits } from './auth-limits';
import { createUsersRepo } from './users.repo';

const logLines: string[] = [];
const t = await createTestApp({ TRUST_PROXY: 'true' }, { logger: createLogger('debug', (l) => logLines.push(l)) });
const builder = await t.signUpVerified();
const { body: created } = await t.request('POST', '/api/apps', { token: builder.token, body: buildGenApp() });
const appId = created.appId as string;
expect((await t.request('POST', `/api/apps/${appId}/publish`, { token: builder.token })).status).toBe(200);
const opened = await t.request('POST', `/api/apps/${appId}/settings`, {
  token: builder.token,
  body: { appSettings: { isSignupEnabled: true, ...SIGNUP_CONTACTS } },
});
expect(opened.status).toBe(200);

const providerLog: string[] = [];
/** The identity provider's own endpoint table: the same better-auth set-up the server mounts. */
const provider = createAuth({
  db: t.db,
  config: t.config,
  logger: createLogger('debug', (l) => providerLog.push(l)),
  mailer: t.mailer,
  limits: createAuthLimits({} as never),
  usersRepo: createUsersRepo(t.db),
});
type Route = { method: string; path: string };
const providerRoutes: Route[] = Object.values(provider.api as Record<string, { path?: string; options?: unknown }>)
  .filter((endpoint) => typeof endpoint.path === 'string')
  .flatMap((endpoint) => {
    const method = (endpoint.options as { method?: string | string[] }).method ?? 'GET';
    const methods = (Array.isArray(method) ? method : [method]).flatMap((m) => (m === '*' ? ['GET', 'POST'] : [m]));
    return methods.map((m) => ({ method: m, path: `/api/auth${endpoint.path!}` }));
  });
const ownRoutes: Route[] = t.app.routes
  .filter((r) => /^\/live_api\/apps\/:appId\/auth\/|^\/api\/live_api\/account\//.test(r.path))
  .filter((r) => r.method !== 'ALL')
  .map((r) => ({ method: r.method, path: r.path.replace(':appId', appId) }));
const routes = [...new Map([...providerRoutes, ...ownRoutes].map((r) => [`${r.method} ${r.path}`, r])).values()];

/** Paths auth.ts turns off. */
const DISABLED = ['/list-sessions', '/revoke-session', '/revoke-other-sessions'];
const NUL_EMAIL = 'a\u0000@example.com';
const CLIENT_IP = '198.51.100.77';
const body = (email: string, text: string) => ({
  email,
  newEmail: email,
  user_email: email,
  password: text,
  newPassword: text,
  currentPassword: text,
  name: text,
  full_name: text,
  token: text,
  callbackURL: '/home',
  redirectTo: '/home',
});
const query = (email: string, text: string) => `?${new URLSearchParams({ email, token: text })}`;
const send = (route: Route, email: string, text: string, token?: string) =>
  t.request(route.method, route.method === 'GET' ? route.path + query(email, text) : route.path, {
    body: route.method === 'GET' ? undefined : body(email, text),
    token,
    headers: { 'x-forwarded-for': CLIENT_IP },
  });

/** A bad e-mail on sign-in answers as a wrong password does (401), so nothing tells which was wrong. */
const SIGN_IN = 'POST /api/auth/sign-in/email';
/** The spec's message for a bad e-mail where a flow names one (docs/product/accounts-and-plans.md). */
const EMAIL_MESSAGES: Record<string, string> = {
  'POST /api/auth/sign-in/email': MESSAGES.login.invalidCredentials,
  'POST /api/auth/sign-up/email': MESSAGES.signUp.invalidEmail,
  'POST /api/auth/sign-in/magic-link': MESSAGES.magicLink.invalidEmail,
  'POST /api/auth/request-password-reset': MESSAGES.signUp.invalidEmail,
  'POST /api/auth/change-email': MESSAGES.signUp.invalidEmail,
  'POST /api/auth/send-verification-email': MESSAGES.signUp.invalidEmail,
};

describe('a NUL in an auth request', () => {
  it('enumerates the auth routes the bug was reported on', () => {
    const names = routes.map((r) => `${r.method} ${r.path}`);
    for (const name of Object.keys(EMAIL_MESSAGES)) expect(names).toContain(name);
    expect(names).toContain(`POST /live_api/apps/${appId}/auth/sign-in`);
    expect(routes.length).toBeGreaterThan(30);
  });

  it.each(routes.map((r) => [`${r.method} ${r.path.replace(appId, ':appId')}`, r] as const))(
    '%s answers a 4xx with a plain message, never a 500',
    async (name, route) => {
      for (const token of [undefined, builder.token]) {
        for (const [email, text] of [
          [NUL_EMAIL, STRONG_PASSWORD],
          ['someone@example.com', `pass\u0000${STRONG_PASSWORD}`],
        ] as const) {
          const res = await send(route, email, text, token);
          const what = `${name} ${token ? 'signed in' : 'anonymous'} ${JSON.stringify(email)}: ${res.status} ${JSON.stringify(res.body)}`;
          expect(res.status, what).toBeLessThan(500);
          // The app's own routes read their body through readJson (a 400 for any NUL) or read none;
          // the provider's disabled paths are 404s; a NUL in a query string is a 400 before any route.
          const disabled = DISABLED.some((path) => route.path === `/api/auth${path}`);
          if (route.method === 'GET') expect(res.status, what).toBe(400);
          else if (name === SIGN_IN && email === NUL_EMAIL) expect(res.status, what).toBe(401);
          else if (route.path.startsWith('/api/auth/')) expect(res.status, what).toBe(disabled ? 404 : 400);
          if (res.status >= 400) expect(res.body?.error?.message, what).toEqual(expect.any(String));
          if (EMAIL_MESSAGES[name])
            expect(res.body.error.message, what).toBe(email === NUL_EMAIL ? EMAIL_MESSAGES[name] : NUL_IN_BODY);
        }
      }
    },
  );

  it("passes the identity provider's own error reports through the redacting logger", () => {
    const failed = Object.assign(new Error(`Failed query: select 1\nparams: login-fail:${NUL_EMAIL}:${CLIENT_IP}`), {
      query: 'select 1',
      params: [`login-fail:${NUL_EMAIL}:${CLIENT_IP}`],
      cause: { code: '22021' },
    });
    provider.options.logger!.log!('error', 'Error', failed);
    const line = providerLog.at(-1)!;
    expect(line).toContain('Failed query (SQLSTATE 22021): select 1');
    expect(line).not.toContain(CLIENT_IP);
    expect(line).not.toContain('example.com');
  });

  it('leaves no address or client IP in the log', () => {
    const log = logLines.join('');
    expect(log).not.toContain('a\\u0000@example.com');
    expect(log).not.toContain(CLIENT_IP);
    expect(log).not.toContain('unhandled error');
  });
});
