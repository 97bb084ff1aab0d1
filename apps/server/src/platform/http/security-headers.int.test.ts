import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../testing/harness';
import { buildGenApp } from '../../testing/factories';

const t = await createTestApp();
const builder = await t.signUpVerified();
const created = await t.request('POST', '/api/apps', {
  token: builder.token,
  body: buildGenApp({ name: 'Headers' }),
});
const { appId, slug } = created.body as { appId: string; slug: string };
const appHost = `${slug}.apps.localhost:3000`;

/** The CSP as directive -> value. */
const cspOf = (headers: Headers) =>
  Object.fromEntries(
    (headers.get('content-security-policy') ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name!, values.join(' ')]),
  );

describe('security headers', () => {
  it('the builder and its API: own scripts only, never framed, app hosts in the preview frame', async () => {
    const responses = [
      await t.request('GET', '/api/config'),
      await t.request('GET', '/api/apps'),
      await t.request('GET', `/api/apps/${appId}`, { token: builder.token }),
      await t.request('GET', '/some/spa/route'),
    ];
    expect(responses.map((r) => r.status)).toEqual([200, 401, 200, 404]);
    for (const { headers } of responses) {
      const csp = cspOf(headers);
      expect(csp['script-src']).toBe("'self'");
      expect(csp['frame-ancestors']).toBe("'none'");
      expect(csp['frame-src']).toBe('http://*.apps.localhost:3000');
      expect(csp['object-src']).toBe("'none'");
      expect(headers.get('x-frame-options')).toBe('DENY');
      expect(headers.get('x-content-type-options')).toBe('nosniff');
      expect(headers.get('referrer-policy')).toBe('same-origin');
    }
  });

  it("app hosts: the runtime may run, and only the builder's origin may frame the app", async () => {
    const shell = await t.request('GET', `/app/${slug}/`, { headers: { host: appHost } });
    expect(shell.status).toBe(200);
    const csp = cspOf(shell.headers);
    expect(csp['frame-ancestors']).toBe('http://localhost:3000');
    expect(csp['script-src']).toMatch(/^'self' 'sha256-[A-Za-z0-9+/=]+'$/);
    expect(shell.headers.get('x-content-type-options')).toBe('nosniff');
    expect(shell.headers.get('referrer-policy')).toBe('same-origin');
    expect(shell.headers.get('x-frame-options')).toBeNull();

    // Its other answers (JSON, message pages, redirects, the entity API) run nothing.
    for (const res of [
      await t.request('GET', `/runtime/bundle?appId=${appId}`, { headers: { host: appHost } }),
      await t.request('GET', '/no/such/page', { headers: { host: appHost } }),
      await t.request('GET', '/', { headers: { host: appHost } }),
      await t.request('GET', `/live_api/apps/${appId}/entities/User/me`, { headers: { host: appHost } }),
      await t.request('GET', '/', { headers: { host: 'no-such-app.apps.localhost:3000' } }),
    ]) {
      const fallback = cspOf(res.headers);
      expect(fallback['default-src'], String(res.status)).toBe("'none'");
      expect(fallback['frame-ancestors']).toBe('http://localhost:3000');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBeNull();
    }
  });
});
