import { Hono, type Context, type MiddlewareHandler } from 'hono';
import {
  CompleteEmailChangeSchema,
  SendMagicLinkSchema,
  SendResetPasswordEmailSchema,
  SendVerificationEmailSchema,
} from '@tessera/contracts/auth';
import type { Config } from '../../platform/config';
import { clientIp } from '../../platform/http/client-ip';
import { readJson } from '../../platform/http/validate';
import type { Auth } from './auth';
import { CLIENT_IP_HEADER } from './auth-hooks';
import { translateAuthError } from './auth-errors';
import type { AuthFlowsService } from './auth-flows.service';
import type { AuthVariables } from './session';

const AUTH_BASE = '/api/auth';
const FETCH_METADATA = ['sec-fetch-site', 'sec-fetch-mode', 'sec-fetch-dest', 'sec-fetch-user'];

/**
 * API clients (Node's fetch, Deno, Bun...) send Fetch Metadata headers but no Origin, which
 * better-auth's forgery check refuses as "Missing or null Origin". Browsers send an Origin with
 * every POST, and a cookie is what a forged request would ride on: a request with neither cookie
 * nor Origin/Referer authenticates by what it carries itself, so its Fetch Metadata is dropped and
 * the check lets it through. Browser and cookie-carrying requests keep the full check.
 */
function withoutApiClientFetchMetadata(headers: Headers): void {
  if (headers.has('cookie') || headers.has('origin') || headers.has('referer')) return;
  for (const name of FETCH_METADATA) headers.delete(name);
}

/**
 * Mounts the identity provider at /api/auth/* and re-renders its errors in our wire shape with the
 * spec's texts, plus the live_api account flows that send mail.
 */
export function authRoutes({
  auth,
  authFlows,
  config,
  signedIn,
}: {
  auth: Auth;
  authFlows: AuthFlowsService;
  config: Config;
  signedIn: MiddlewareHandler<{ Variables: AuthVariables }>;
}) {
  const app = new Hono<{ Variables: AuthVariables }>();
  /** The request's headers with the client address the identity provider's limits count by. */
  const headersOf = (c: Context) => {
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_IP_HEADER, clientIp(c, config.trustProxy));
    return headers;
  };

  app.on(['GET', 'POST'], `${AUTH_BASE}/*`, async (c) => {
    const raw = c.req.raw;
    const headers = headersOf(c);
    withoutApiClientFetchMetadata(headers);
    const hasBody = raw.method !== 'GET' && raw.method !== 'HEAD';
    const request = new Request(raw.url, {
      method: raw.method,
      headers,
      body: hasBody ? raw.body : undefined,
      duplex: 'half',
    } as RequestInit);
    const response = await auth.handler(request);
    const path = c.req.path.slice(AUTH_BASE.length);

    // The magic-link endpoint reports a bad token by redirecting with ?error=...
    if (path === '/magic-link/verify' && response.status >= 300 && response.status < 400) {
      const location = response.headers.get('location') ?? '';
      if (new URL(location, config.publicUrl).searchParams.has('error'))
        throw translateAuthError(path, 400, 'INVALID_TOKEN', undefined);
    }
    if (response.status < 400) return response;
    const body = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
    throw translateAuthError(path, response.status, body.code, body.message);
  });

  app.post('/api/live_api/account/sendResetPasswordEmail', async (c) => {
    return c.json(
      await authFlows.sendResetPasswordEmail(await readJson(c, SendResetPasswordEmailSchema), headersOf(c)),
    );
  });

  app.post('/api/live_api/account/sendMagicLink', async (c) => {
    return c.json(await authFlows.sendMagicLink(await readJson(c, SendMagicLinkSchema), headersOf(c)));
  });

  app.post('/api/live_api/account/sendVerificationEmail', signedIn, async (c) => {
    return c.json(
      await authFlows.sendVerificationEmail(c.var.user, await readJson(c, SendVerificationEmailSchema), headersOf(c)),
    );
  });
  app.post('/api/live_api/account/completeEmailChange', signedIn, async (c) => {
    return c.json(
      await authFlows.requestEmailChange(c.var.user, await readJson(c, CompleteEmailChangeSchema), headersOf(c)),
    );
  });

  return app;
}
