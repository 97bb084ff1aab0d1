import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { APP_MESSAGES } from '@tessera/contracts';
import {
  DOMAIN_MESSAGES,
  MAX_CUSTOM_DOMAINS_PER_APP,
  txtMismatchMessage,
  txtMissingMessage,
  type CustomDomain,
} from '@tessera/contracts/domains';
import { type PlanId } from '@tessera/contracts/plans';
import { accounts } from '@tessera/db';
import { SIGNUP_CONTACTS, startFakeDns, uniqueEmail } from '@tessera/test-utils';
import { signUpAppUser } from '../../testing/app-users';
import { createTestApp, type RequestOptions } from '../../testing/harness';
import { buildGenApp } from '../../testing/factories';

/** Custom domains (docs/product/custom-domains.md): every rule and message, DNS checks against a fake server, serving by Host. */
const dns = await startFakeDns();
afterAll(() => dns.close());
const t = await createTestApp(
  { DNS_SERVERS: dns.server, APP_HOSTNAMES: 'operator.example.org=somewhere' },
  { dnsTimeoutMs: 200 },
);
// The first account of an install is an admin: take that place with a builder of its own.
await t.signUpVerified();
const owner = await builderOn('moon');
const rival = await builderOn('moon');
const lite = await builderOn('lite');

async function builderOn(plan: PlanId) {
  const b = await t.signUpVerified(uniqueEmail(plan));
  await t.db.update(accounts).set({ plan }).where(eq(accounts.id, b.accountId));
  return b;
}
type Builder = { token: string };

let hosts = 0;
/** A hostname no other test uses. */
const freshHost = (base = 'shop') => `${base}-${Date.now().toString(36)}-${++hosts}.example.com`;

async function makeApp(by: Builder = owner, { publish = true } = {}) {
  const res = await t.request('POST', '/api/apps', { token: by.token, body: buildGenApp({ name: 'Shop' }) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  if (publish)
    expect((await t.request('POST', `/api/apps/${res.body.appId}/publish`, { token: by.token })).status).toBe(200);
  return { appId: res.body.appId as string, slug: res.body.slug as string };
}

const add = (appId: string, hostname: unknown, by: Builder = owner, options: RequestOptions = {}) =>
  t.request('POST', `/api/apps/${appId}/domains`, { token: by.token, body: { hostname }, ...options });
const verify = (appId: string, domainId: string, by: Builder = owner) =>
  t.request('POST', `/api/apps/${appId}/domains/${domainId}/verify`, { token: by.token });
const remove = (appId: string, domainId: string, by: Builder = owner) =>
  t.request('DELETE', `/api/apps/${appId}/domains/${domainId}`, { token: by.token });
const list = (appId: string, by: Builder = owner) =>
  t.request<{ domains: CustomDomain[]; limit: number }>('GET', `/api/apps/${appId}/domains`, { token: by.token });
const ask = (domain: string) => t.request('GET', `/api/domains/ask?domain=${encodeURIComponent(domain)}`);
const on = (host: string, method: string, path: string, options: RequestOptions = {}) =>
  t.request(method, path, { ...options, headers: { host, ...options.headers } });
/** The published app's bundle, as the runtime asks for it on the host it was loaded from. */
const bundleOn = (host: string, appId: string) => on(host, 'GET', `/runtime/bundle?appId=${appId}`);

/** Puts the domain's TXT record into the fake DNS, as the builder would at their DNS provider. */
function publishTxt(domain: CustomDomain, value = domain.records.find((r) => r.type === 'TXT')!.value) {
  dns.records.set(`_tessera-verify.${domain.hostname}`, { TXT: ['v=spf1 -all', value] });
}

async function verifiedDomain(app: { appId: string }, hostname = freshHost()) {
  const added = await add(app.appId, hostname);
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  publishTxt(added.body);
  const checked = await verify(app.appId, added.body.id);
  expect(checked.body.status).toBe('verified');
  return checked.body;
}

describe('adding a domain', () => {
  it('stores it lower-case and pending, with the CNAME and TXT records to create', async () => {
    const app = await makeApp();
    const host = freshHost('Shop');
    const res = await add(app.appId, ` ${host.toUpperCase()}. `);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ hostname: host.toLowerCase(), status: 'pending', failureReason: null });
    const [cname, txt] = res.body.records;
    expect(cname).toEqual({
      type: 'CNAME',
      name: host.toLowerCase(),
      value: `${app.slug}.apps.localhost`,
      purpose: 'routing',
    });
    expect(txt!.name).toBe(`_tessera-verify.${host.toLowerCase()}`);
    expect(txt!.value).toMatch(/^tessera-verify=[A-Za-z0-9_-]{24}$/);
    // Each domain gets its own random value.
    const second = await add(app.appId, freshHost());
    expect(second.body.records[1]!.value).not.toBe(txt!.value);
    expect((await list(app.appId)).body).toMatchObject({
      limit: MAX_CUSTOM_DOMAINS_PER_APP,
      domains: [{ id: res.body.id }, { id: second.body.id }],
    });
  });

  it('turns an international name into punycode', async () => {
    const app = await makeApp();
    const res = await add(app.appId, 'Bücher.example');
    expect(res.status).toBe(200);
    expect(res.body.hostname).toBe('xn--bcher-kva.example');
  });

  it.each([
    ['', DOMAIN_MESSAGES.hostnameRequired],
    ['   ', DOMAIN_MESSAGES.hostnameRequired],
    [42, DOMAIN_MESSAGES.hostnameRequired],
    ['https://shop.example.com', DOMAIN_MESSAGES.hostnameInvalid],
    ['shop.example.com/path', DOMAIN_MESSAGES.hostnameInvalid],
    ['shop.example.com:8443', DOMAIN_MESSAGES.hostnameInvalid],
    ['shop', DOMAIN_MESSAGES.hostnameInvalid],
    ['*.example.com', DOMAIN_MESSAGES.hostnameInvalid],
    ['-shop.example.com', DOMAIN_MESSAGES.hostnameInvalid],
    ['shop_1.example.com', DOMAIN_MESSAGES.hostnameInvalid],
    [`${'a'.repeat(64)}.example.com`, DOMAIN_MESSAGES.hostnameInvalid],
    [`${'abcdefghi.'.repeat(26)}com`, DOMAIN_MESSAGES.hostnameTooLong],
    ['x'.repeat(400), DOMAIN_MESSAGES.hostnameTooLong],
    ['203.0.113.7', DOMAIN_MESSAGES.hostnameIsIp],
    ['127.1', DOMAIN_MESSAGES.hostnameIsIp],
    ['[::1]', DOMAIN_MESSAGES.hostnameIsIp],
    ['2001:db8::1', DOMAIN_MESSAGES.hostnameIsIp],
    ['localhost', DOMAIN_MESSAGES.hostnameInvalid],
    ['app.localhost', DOMAIN_MESSAGES.hostnameReserved],
    ['apps.localhost', DOMAIN_MESSAGES.hostnameReserved],
    ['my-app.apps.localhost', DOMAIN_MESSAGES.hostnameReserved],
  ])('refuses %j: %s', async (hostname, message) => {
    const app = await makeApp(owner, { publish: false });
    const res = await add(app.appId, hostname);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.message).toBe(message);
    expect((await list(app.appId)).body.domains).toEqual([]);
  });

  it('refuses a body with a NUL character or a prototype key with a 400', async () => {
    const app = await makeApp(owner, { publish: false });
    const nul = await add(app.appId, undefined, owner, { rawBody: '{"hostname":"a\\u0000.example.com"}' });
    expect(nul.status).toBe(400);
    const proto = await add(app.appId, undefined, owner, { rawBody: '{"__proto__":{"hostname":"x.example.com"}}' });
    expect(proto.status).toBe(400);
    expect(proto.body.error.message).toBe(DOMAIN_MESSAGES.hostnameRequired);
  });

  it('refuses a domain this app already has, another app holds verified, or the operator has', async () => {
    const app = await makeApp();
    const other = await makeApp(rival);
    const host = freshHost();
    const mine = await add(app.appId, host);
    expect(mine.status).toBe(200);
    const again = await add(app.appId, host.toUpperCase());
    expect([again.status, again.body.error.message]).toEqual([409, DOMAIN_MESSAGES.alreadyAdded]);
    publishTxt(mine.body);
    expect((await verify(app.appId, mine.body.id)).body.status).toBe('verified');
    const taken = await add(other.appId, host, rival);
    expect([taken.status, taken.body.error.message]).toEqual([409, DOMAIN_MESSAGES.takenByOtherApp]);
    const operator = await add(app.appId, 'Operator.example.org');
    expect([operator.status, operator.body.error.message]).toEqual([409, DOMAIN_MESSAGES.takenByOtherApp]);
  });

  it("lets the domain's owner claim it past a squatter's unverified claim, and keeps it once verified", async () => {
    const squatter = await makeApp(rival);
    const real = await makeApp();
    const host = freshHost();
    const squat = await add(squatter.appId, host, rival);
    expect(squat.status).toBe(200);
    // The owner's claim coexists with the pending one, and the owner's DNS holds only the owner's token.
    const claim = await add(real.appId, host);
    expect(claim.status, JSON.stringify(claim.body)).toBe(200);
    publishTxt(claim.body);
    expect((await verify(squatter.appId, squat.body.id, rival)).body).toMatchObject({
      status: 'failed',
      failureReason: txtMismatchMessage(`_tessera-verify.${host}`),
    });
    expect((await verify(real.appId, claim.body.id)).body.status).toBe('verified');
    expect((await bundleOn(host, real.appId)).status).toBe(200);
    // Even a TXT record holding the squatter's token too never moves a verified claim.
    dns.records.set(`_tessera-verify.${host}`, {
      TXT: [squat.body.records[1].value, claim.body.records[1].value],
    });
    expect((await verify(squatter.appId, squat.body.id, rival)).body).toMatchObject({
      status: 'failed',
      failureReason: DOMAIN_MESSAGES.takenByOtherApp,
    });
    expect((await verify(real.appId, claim.body.id)).body.status).toBe('verified');
    expect((await add((await makeApp(rival)).appId, host, rival)).body.error.message).toBe(
      DOMAIN_MESSAGES.takenByOtherApp,
    );
    expect((await ask(host)).status).toBe(200);
  });

  it('gives a hostname to exactly one app when two verify it at once', async () => {
    const [a, b] = await Promise.all([makeApp(), makeApp(rival)]);
    const host = freshHost();
    const [first, second] = await Promise.all([add(a.appId, host), add(b.appId, host, rival)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    dns.records.set(`_tessera-verify.${host}`, {
      TXT: [first.body.records[1].value, second.body.records[1].value],
    });
    const results = await Promise.all([verify(a.appId, first.body.id), verify(b.appId, second.body.id, rival)]);
    expect(results.map((r) => r.body.status).sort()).toEqual(['failed', 'verified']);
  });

  it(`allows ${MAX_CUSTOM_DOMAINS_PER_APP} domains per app, also when added at once`, async () => {
    const app = await makeApp();
    const results = await Promise.all(
      Array.from({ length: MAX_CUSTOM_DOMAINS_PER_APP + 2 }, () => add(app.appId, freshHost())),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(MAX_CUSTOM_DOMAINS_PER_APP);
    for (const refused of results.filter((r) => r.status !== 200)) {
      expect([refused.status, refused.body.error.message]).toEqual([409, DOMAIN_MESSAGES.limitReached]);
    }
    expect((await list(app.appId)).body.domains).toHaveLength(MAX_CUSTOM_DOMAINS_PER_APP);
  });

  it('needs the App settings plan for a generated app', async () => {
    const app = await makeApp(lite, { publish: false });
    for (const res of [await add(app.appId, freshHost(), lite), await list(app.appId, lite)]) {
      expect(res.status).toBe(403);
      expect(res.body.error).toMatchObject({
        code: 'PLAN_LIMIT_REACHED',
        message: APP_MESSAGES.appSettingsPlanRequired,
      });
    }
  });
});

describe('verifying a domain', () => {
  it('fails with the reason while the TXT record is missing or wrong, then succeeds', async () => {
    const app = await makeApp();
    const added = (await add(app.appId, freshHost())).body;
    const txtName = `_tessera-verify.${added.hostname}`;

    const missing = await verify(app.appId, added.id);
    expect(missing.status).toBe(200);
    expect(missing.body).toMatchObject({
      status: 'failed',
      failureReason: txtMissingMessage(txtName),
      verifiedAt: null,
    });
    expect(missing.body.checkedAt).not.toBeNull();

    dns.records.set(txtName, { TXT: ['tessera-verify=someone-elses-token'] });
    const wrong = await verify(app.appId, added.id);
    expect(wrong.body).toMatchObject({ status: 'failed', failureReason: txtMismatchMessage(txtName) });

    publishTxt(added);
    const ok = await verify(app.appId, added.id);
    expect(ok.body).toMatchObject({ status: 'verified', failureReason: null });
    expect(ok.body.verifiedAt).not.toBeNull();
    expect(dns.queries).toContain(`${txtName} TXT`);
  });

  it('fails when the DNS servers do not answer in time', async () => {
    const app = await makeApp();
    const added = (await add(app.appId, freshHost())).body;
    dns.records.set(`_tessera-verify.${added.hostname}`, { silent: true });
    const res = await verify(app.appId, added.id);
    expect(res.body).toMatchObject({ status: 'failed', failureReason: DOMAIN_MESSAGES.dnsTimeout });
  });

  it('a re-check without the record takes a verified domain off the air', async () => {
    const app = await makeApp();
    const domain = await verifiedDomain(app);
    expect((await bundleOn(domain.hostname, app.appId)).status).toBe(200);
    dns.records.delete(`_tessera-verify.${domain.hostname}`);
    const res = await verify(app.appId, domain.id);
    expect(res.body.status).toBe('failed');
    expect((await bundleOn(domain.hostname, app.appId)).status).toBe(404);
  });
});

describe('serving an app on its verified domain', () => {
  it('serves its bundle, sign-up and the entity API there exactly as on its own host, once verified', async () => {
    const app = await makeApp();
    const saved = await t.request('POST', `/api/apps/${app.appId}/settings`, {
      token: owner.token,
      body: { appSettings: { isSignupEnabled: true, ...SIGNUP_CONTACTS } },
    });
    expect(saved.status).toBe(200);
    const host = freshHost();
    const added = (await add(app.appId, host)).body;
    // Pending: the host is nobody's, so nothing of the app is there.
    expect((await bundleOn(host, app.appId)).status).toBe(404);
    expect((await ask(host)).status).toBe(404);

    publishTxt(added);
    expect((await verify(app.appId, added.id)).body.status).toBe('verified');
    const bundle = await bundleOn(`${host}:3000`, app.appId);
    expect(bundle.status).toBe(200);
    expect(bundle.body).toMatchObject({ id: app.appId, slug: app.slug });
    const signUp = await signUpAppUser(t, app.appId, { email: uniqueEmail('member') }, { host });
    expect(signUp.status, JSON.stringify(signUp.body)).toBe(200);
    const me = await on(host, 'GET', `/live_api/apps/${app.appId}/entities/User/me`, { token: signUp.body.token });
    expect(me.status).toBe(200);
    // Origin isolation: that session is the custom host's own, not the slug host's.
    const elsewhere = await on(
      `${app.slug}.apps.localhost:3000`,
      'GET',
      `/live_api/apps/${app.appId}/entities/User/me`,
      {
        token: signUp.body.token,
      },
    );
    expect(elsewhere.status).toBe(401);
    expect((await t.request('GET', `/api/apps/${app.appId}`, { token: owner.token })).body.customDomains).toEqual([
      host,
    ]);

    expect((await remove(app.appId, added.id)).status).toBe(200);
    expect((await bundleOn(host, app.appId)).status).toBe(404);
    expect((await remove(app.appId, added.id)).body.error.message).toBe(DOMAIN_MESSAGES.notFound);
  });

  it('lets sign-up be turned on unpublished once the app has a verified domain', async () => {
    const app = await makeApp(owner, { publish: false });
    const turnOn = () =>
      t.request('POST', `/api/apps/${app.appId}/settings`, {
        token: owner.token,
        body: { appSettings: { isSignupEnabled: true, ...SIGNUP_CONTACTS } },
      });
    const added = (await add(app.appId, freshHost())).body;
    const refused = await turnOn();
    expect([refused.status, refused.body.error.message]).toEqual([409, APP_MESSAGES.signupNeedsPublish]);
    publishTxt(added);
    await verify(app.appId, added.id);
    expect((await turnOn()).status).toBe(200);
  });
});

describe("another builder's domains", () => {
  it('cannot be listed, added to, verified or removed through their app or id', async () => {
    const app = await makeApp();
    const domain = await verifiedDomain(app);
    const mine = await makeApp(rival);
    const attempts = [
      await list(app.appId, rival),
      await add(app.appId, freshHost(), rival),
      await verify(app.appId, domain.id, rival),
      await remove(app.appId, domain.id, rival),
      await verify(mine.appId, domain.id, rival),
      await remove(mine.appId, domain.id, rival),
    ];
    for (const res of attempts) expect(res.status).toBe(404);
    expect((await list(app.appId)).body.domains).toMatchObject([{ id: domain.id, status: 'verified' }]);
    expect((await bundleOn(domain.hostname, app.appId)).status).toBe(200);
  });

  it('needs a signed-in builder', async () => {
    const app = await makeApp();
    expect((await t.request('GET', `/api/apps/${app.appId}/domains`)).status).toBe(401);
  });
});

describe('the TLS ask endpoint', () => {
  it('answers 200 only for verified domains, the operator hostnames and existing apps’ own hosts', async () => {
    const app = await makeApp();
    const domain = await verifiedDomain(app);
    const pending = (await add(app.appId, freshHost())).body;
    expect((await ask(domain.hostname)).status).toBe(200);
    expect((await ask(domain.hostname.toUpperCase())).status).toBe(200);
    expect((await ask('operator.example.org')).status).toBe(200);
    expect((await ask(`${app.slug}.apps.localhost`)).status).toBe(200);
    expect((await ask(pending.hostname)).status).toBe(404);
    expect((await ask('no-such-app-here.apps.localhost')).status).toBe(404);
    expect((await ask('example.net')).status).toBe(404);
    expect((await ask('localhost')).status).toBe(404);
    const bad = await t.request('GET', '/api/domains/ask');
    expect([bad.status, bad.body.error.message]).toEqual([400, DOMAIN_MESSAGES.hostnameRequired]);
  });
});
