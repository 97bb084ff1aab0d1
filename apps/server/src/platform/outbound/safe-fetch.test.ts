import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSite, type FakeSite } from '@tessera/test-utils';
import { AppError } from '../errors';
import { fetchPolicyForTests, isOutboundError, safeFetch, type Resolver } from './safe-fetch';

let site: FakeSite;
beforeAll(async () => {
  site = await startFakeSite({ slowMs: 5000, hugeBytes: 4 * 1024 * 1024 });
});
afterAll(() => site.close());

const allowSite = () => ({ allowHosts: [site.host] });

/** The AppError a promise rejects with (fails the test when it resolves). */
async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('safeFetch refuses what is not on the public internet', () => {
  // Each one points at the fake site's port, so a connection that slipped through would show up in
  // site.requests (the loopback ones) — the test checks that none did.
  const forms = (port: number) => [
    `http://127.0.0.1:${port}/`,
    `http://127.0.0.2:${port}/`,
    `http://[::1]:${port}/`,
    `http://0.0.0.0:${port}/`,
    `http://0:${port}/`,
    `http://[::]:${port}/`,
    `http://2130706433:${port}/`,
    `http://0177.0.0.1:${port}/`,
    `http://0x7f.0.0.1:${port}/`,
    `http://0x7f000001:${port}/`,
    `http://127.1:${port}/`,
    `http://017700000001:${port}/`,
    `http://127.0.0.1.:${port}/`,
    `http://[::ffff:127.0.0.1]:${port}/`,
    `http://[0:0:0:0:0:ffff:7f00:1]:${port}/`,
    `http://[::127.0.0.1]:${port}/`,
    `http://[64:ff9b::7f00:1]:${port}/`,
    `http://[2002:7f00:1::1]:${port}/`,
    'http://10.0.0.1/',
    'http://10.255.255.255/',
    'http://172.16.0.1/',
    'http://172.31.255.254/',
    'http://192.168.1.1/',
    'http://169.254.169.254/latest/meta-data/',
    'http://169.254.1.1/',
    'http://100.64.0.1/',
    'http://224.0.0.1/',
    'http://255.255.255.255/',
    'http://[fc00::1]/',
    'http://[fd00:ec2::254]/latest/meta-data/',
    'http://[fe80::1]/',
    'http://[ff02::1]/',
    'http://[::ffff:a9fe:a9fe]/',
    'https://[::ffff:10.0.0.1]/',
    'https://192.168.0.10:8443/',
  ];

  it('refuses 35 loopback, private, link-local, metadata and odd-IPv4 URLs before any connection', async () => {
    const resolverCalls: string[] = [];
    const resolve: Resolver = async (host) => {
      resolverCalls.push(host);
      return [{ address: '127.0.0.1', family: 4 }];
    };
    const urls = forms(site.port);
    expect(urls.length).toBeGreaterThanOrEqual(35);
    for (const url of urls) {
      const error = await rejection(safeFetch(url, { policy: { resolve } }));
      expect(error.code, url).toBe('URL_NOT_ALLOWED');
      expect(error.status).toBe(400);
      expect((error.details as { reason: string }).reason, url).toBe('address');
      expect(error.message).toMatch(/^Refused to fetch .+: .+ is an? .+ address$/);
    }
    // IP literals are judged without asking DNS, and nothing reached the loopback server.
    expect(resolverCalls).toEqual([]);
    expect(site.requests).toEqual([]);
  });

  it('names the normalised address of an odd IPv4 form in the message', async () => {
    const error = await rejection(safeFetch(`http://0x7f.1:${site.port}/`));
    expect(error.message).toBe(`Refused to fetch http://127.0.0.1:${site.port}/: 127.0.0.1 is a loopback address`);
  });

  it('refuses a host name that resolves to loopback, at connect time', async () => {
    const resolve: Resolver = async (host) => (host === 'intranet.test' ? [{ address: '127.0.0.1', family: 4 }] : []);
    const before = site.requests.length;
    const error = await rejection(safeFetch(`http://intranet.test:${site.port}/about`, { policy: { resolve } }));
    expect(error.code).toBe('URL_NOT_ALLOWED');
    expect(error.message).toBe(
      `Refused to fetch http://intranet.test:${site.port}/about: intranet.test resolves to 127.0.0.1, a loopback address`,
    );
    // The same check guards https (its own lookup path through node:https).
    const secure = await rejection(safeFetch(`https://intranet.test:${site.port}/`, { policy: { resolve } }));
    expect(secure.message).toBe(
      `Refused to fetch https://intranet.test:${site.port}/: intranet.test resolves to 127.0.0.1, a loopback address`,
    );
    expect(site.requests.length).toBe(before);
  });

  it('refuses a name when any of its addresses is private, even next to a public one', async () => {
    const resolve: Resolver = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '::1', family: 6 },
    ];
    const error = await rejection(safeFetch(`http://mixed.test:${site.port}/`, { policy: { resolve } }));
    expect(error.details).toMatchObject({ reason: 'address', address: '::1', addressKind: 'loopback' });
  });

  it('refuses localhost through the system resolver', async () => {
    const before = site.requests.length;
    const error = await rejection(safeFetch(`http://localhost:${site.port}/`));
    expect(error.code).toBe('URL_NOT_ALLOWED');
    expect(error.message).toMatch(/localhost resolves to (127\.0\.0\.1|::1), a loopback address/);
    expect(site.requests.length).toBe(before);
  });

  it('asks the resolver at connect time on every fetch, so a rebinding name is judged on the answer used', async () => {
    let calls = 0;
    // A rebinding DNS server: the first answer is the allowed test site, the next one is private.
    const resolve: Resolver = async () =>
      ++calls === 1 ? [{ address: '127.0.0.1', family: 4 }] : [{ address: '10.0.0.1', family: 4 }];
    const policy = { resolve, allowHosts: [] as string[] };
    // First fetch: loopback answer, refused (no allowance for this name).
    expect((await rejection(safeFetch(`http://rebind.test:${site.port}/`, { policy }))).details).toMatchObject({
      address: '127.0.0.1',
    });
    // Second fetch: the answer changed, and the check sees the new one.
    expect((await rejection(safeFetch(`http://rebind.test:${site.port}/`, { policy }))).details).toMatchObject({
      address: '10.0.0.1',
    });
    expect(calls).toBe(2);
  });

  it.each([
    ['file:///etc/passwd', 'scheme'],
    ['ftp://example.com/file', 'scheme'],
    ['gopher://example.com/', 'scheme'],
    ['data:text/html,<h1>hi</h1>', 'scheme'],
    ['javascript:alert(1)', 'scheme'],
    ['not a url', 'invalid-url'],
    ['//example.com/no-scheme', 'invalid-url'],
  ])('refuses %s (%s)', async (url, reason) => {
    const error = await rejection(safeFetch(url));
    expect(error.code).toBe('URL_NOT_ALLOWED');
    expect(error.details).toMatchObject({ reason });
  });
});

describe('safeFetch with the test allowance', () => {
  it('fetches the loopback test site only when it is explicitly allowed', async () => {
    const res = await safeFetch(`${site.baseUrl}/about`, { policy: allowSite() });
    expect(res.status).toBe(200);
    expect(res.ok).toBe(true);
    expect(res.contentType).toBe('text/html');
    expect(res.text()).toContain('<title>About</title>');
    expect(res.url).toBe(`${site.baseUrl}/about`);
  });

  it('the allowance is for one host and port: another port on loopback stays refused', async () => {
    const error = await rejection(safeFetch(`http://127.0.0.1:${site.port + 1}/`, { policy: allowSite() }));
    expect(error.code).toBe('URL_NOT_ALLOWED');
  });

  it('host:* allows every port of that host only', async () => {
    const policy = { allowHosts: ['127.0.0.1:*'] };
    expect((await safeFetch(`${site.baseUrl}/about`, { policy })).status).toBe(200);
    expect((await rejection(safeFetch(`http://localhost:${site.port}/about`, { policy }))).code).toBe(
      'URL_NOT_ALLOWED',
    );
    expect((await rejection(safeFetch(`${site.baseUrl}/redirect-private`, { policy }))).code).toBe('URL_NOT_ALLOWED');
  });

  it('an allowed name may resolve to loopback through an injected resolver', async () => {
    const resolve: Resolver = async () => [{ address: '127.0.0.1', family: 4 }];
    const res = await safeFetch(`http://site.test:${site.port}/about`, {
      policy: { resolve, allowHosts: [`site.test:${site.port}`] },
    });
    expect(res.status).toBe(200);
  });

  it.each([
    ['the cloud metadata address', '/redirect-private', /169\.254\.169\.254 is a cloud metadata address/],
    [
      'a private address',
      `/redirect?to=${encodeURIComponent('http://10.0.0.1/admin')}`,
      /10\.0\.0\.1 is a private address/,
    ],
    [
      'IPv4-mapped loopback',
      `/redirect?to=${encodeURIComponent('http://[::ffff:127.0.0.1]/')}`,
      /is an IPv4-mapped IPv6 address/,
    ],
    [
      'a decimal loopback',
      `/redirect?to=${encodeURIComponent('http://2130706433/')}`,
      /127\.0\.0\.1 is a loopback address/,
    ],
  ])('refuses a redirect from the allowed site to %s', async (_name, path, message) => {
    const error = await rejection(safeFetch(`${site.baseUrl}${path}`, { policy: allowSite() }));
    expect(error.code).toBe('URL_NOT_ALLOWED');
    expect(error.message).toMatch(message);
  });

  it('refuses a redirect to a name that resolves to loopback, and the target is never requested', async () => {
    const before = site.requests.length;
    const target = `http://localhost:${site.port}/offsite`;
    const error = await rejection(
      safeFetch(`${site.baseUrl}/redirect?to=${encodeURIComponent(target)}`, { policy: allowSite() }),
    );
    expect(error.message).toMatch(/localhost resolves to .+, a loopback address/);
    expect(site.requests.slice(before)).toEqual([`/redirect?to=${encodeURIComponent(target)}`]);
  });

  it('refuses a redirect to another scheme', async () => {
    const error = await rejection(
      safeFetch(`${site.baseUrl}/redirect?to=${encodeURIComponent('file:///etc/passwd')}`, { policy: allowSite() }),
    );
    expect(error.details).toMatchObject({ reason: 'scheme' });
  });

  it('follows at most 5 redirects, each one checked', async () => {
    const ok = await safeFetch(`${site.baseUrl}/chain/5`, { policy: allowSite() });
    expect(ok.status).toBe(200);
    expect(ok.redirects).toHaveLength(5);
    expect(ok.url).toBe(`${site.baseUrl}/chain/0`);
    const error = await rejection(safeFetch(`${site.baseUrl}/chain/6`, { policy: allowSite() }));
    expect(error.code).toBe('FETCH_FAILED');
    expect(error.details).toMatchObject({ reason: 'too-many-redirects' });
  });

  it('hands the 3xx back when followRedirect says no', async () => {
    const res = await safeFetch(`${site.baseUrl}/chain/1`, { policy: allowSite(), followRedirect: () => false });
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/chain/0');
  });

  it('sends a body, and turns a POST into a GET on a 302 as browsers do', async () => {
    const direct = await safeFetch(`${site.baseUrl}/echo`, {
      policy: allowSite(),
      method: 'POST',
      body: 'q=1',
      headers: { 'content-type': 'text/plain' },
    });
    expect(JSON.parse(direct.text())).toEqual({ method: 'POST', body: 'q=1' });
    const redirected = await safeFetch(`${site.baseUrl}/redirect?to=/echo`, {
      policy: allowSite(),
      method: 'POST',
      body: 'q=1',
    });
    expect(JSON.parse(redirected.text())).toEqual({ method: 'GET', body: '' });
  });

  it('answers HEAD without a body', async () => {
    const res = await safeFetch(`${site.baseUrl}/about`, { policy: allowSite(), method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.body.length).toBe(0);
  });

  it('drops credentials when a redirect leaves the origin', async () => {
    const headers = { authorization: 'Bearer secret', 'x-kept': 'yes' };
    const policy = { allowHosts: [site.host, `localhost:${site.port}`] };
    const same = await safeFetch(`${site.baseUrl}/redirect?to=/headers`, { policy, headers });
    expect(JSON.parse(same.text())).toMatchObject({ authorization: 'Bearer secret', 'x-kept': 'yes' });
    const cross = await safeFetch(
      `${site.baseUrl}/redirect?to=${encodeURIComponent(`http://localhost:${site.port}/headers`)}`,
      { policy, headers },
    );
    const seen = JSON.parse(cross.text()) as Record<string, string>;
    expect(seen.authorization).toBeUndefined();
    expect(seen['x-kept']).toBe('yes');
  });

  it('gives up on a slow page at the timeout', async () => {
    const started = Date.now();
    const error = await rejection(safeFetch(`${site.baseUrl}/slow`, { policy: allowSite(), timeoutMs: 300 }));
    expect(error.code).toBe('FETCH_FAILED');
    expect(error.details).toMatchObject({ reason: 'timeout' });
    expect(error.message).toBe(`Could not fetch ${site.baseUrl}/slow: no answer within 300 ms`);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('stops reading a body larger than the cap', async () => {
    const error = await rejection(safeFetch(`${site.baseUrl}/huge`, { policy: allowSite(), maxBytes: 256 * 1024 }));
    expect(error.details).toMatchObject({ reason: 'too-large', maxBytes: 256 * 1024 });
  });

  it('counts the cap after decompression (a gzip bomb stops too)', async () => {
    const error = await rejection(safeFetch(`${site.baseUrl}/bomb`, { policy: allowSite(), maxBytes: 1024 * 1024 }));
    expect(error.details).toMatchObject({ reason: 'too-large' });
  });

  it('decodes a gzip body', async () => {
    const res = await safeFetch(`${site.baseUrl}/gzip`, { policy: allowSite() });
    expect(res.text()).toContain('<title>Compressed</title>');
  });

  it('refuses a content type outside the allow-list, and accepts wildcards', async () => {
    const error = await rejection(
      safeFetch(`${site.baseUrl}/file.pdf`, { policy: allowSite(), allowedContentTypes: ['text/html'] }),
    );
    expect(error.details).toMatchObject({ reason: 'content-type', contentType: 'application/pdf' });
    const robots = await safeFetch(`${site.baseUrl}/robots.txt`, {
      policy: allowSite(),
      allowedContentTypes: ['text/*'],
    });
    expect(robots.text()).toContain('Disallow: /private');
  });

  it('returns an error status instead of throwing', async () => {
    const res = await safeFetch(`${site.baseUrl}/missing`, {
      policy: allowSite(),
      allowedContentTypes: ['application/json'],
    });
    expect(res.status).toBe(404);
    expect(res.ok).toBe(false);
  });

  it('reports a refused connection as a network failure', async () => {
    const error = await rejection(safeFetch('http://127.0.0.1:1/', { policy: { allowHosts: ['127.0.0.1:1'] } }));
    expect(error.code).toBe('FETCH_FAILED');
    expect(error.message).toBe('Could not fetch http://127.0.0.1:1/: the connection was refused');
    expect(isOutboundError(error, 'network')).toBe(true);
  });

  it('stops when the caller aborts', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const error = await safeFetch(`${site.baseUrl}/slow`, { policy: allowSite(), signal: controller.signal }).catch(
      (e: unknown) => e,
    );
    expect((error as Error).name).toBe('AbortError');
  });
});

describe('fetchPolicyForTests', () => {
  it('is nothing when unset, a host list in development and test', () => {
    expect(fetchPolicyForTests(undefined, 'test')).toBeUndefined();
    expect(fetchPolicyForTests(' ', 'development')).toBeUndefined();
    expect(fetchPolicyForTests('127.0.0.1:*, localhost:4100', 'test')).toEqual({
      allowHosts: ['127.0.0.1:*', 'localhost:4100'],
    });
  });

  it('refuses production and entries without a port', () => {
    expect(() => fetchPolicyForTests('127.0.0.1:*', 'production')).toThrow(/cannot be set in production/);
    expect(() => fetchPolicyForTests('127.0.0.1', 'test')).toThrow(
      'OUTBOUND_TEST_ALLOW_HOSTS: "127.0.0.1" is not host:port (or host:*)',
    );
  });
});
