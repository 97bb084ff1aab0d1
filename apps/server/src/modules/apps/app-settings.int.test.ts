import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { APP_MESSAGES } from '@tessera/contracts';
import { signupNeedsFieldsMessage } from '@tessera/contracts/apps';
import { type PlanId } from '@tessera/contracts/plans';
import { accounts, apps } from '@tessera/db';
import { SIGNUP_CONTACTS, uniqueEmail } from '@tessera/test-utils';
import { createTestApp, type RequestOptions } from '../../testing/harness';
import { buildGenApp } from '../../testing/factories';
import { APP_SETTINGS_CHANNEL } from './apps.repo';

/** `POST /api/apps/{id}/settings` (docs/product/editor-and-chat.md#data): the sign-up rules, the plan gate, bad input, and the app host seeing a save at once. */
const ADMIN_EMAIL = uniqueEmail('listed-admin');
const t = await createTestApp({ APP_HOSTNAMES: 'club.example.com=custom-club', ADMIN_EMAILS: ADMIN_EMAIL });
// The first account of an install is an admin: take that place with a builder of its own.
const firstAdmin = await t.signUpVerified();
const moon = await builderOn('moon');

async function builderOn(plan: PlanId, email = uniqueEmail(plan)) {
  const b = await t.signUpVerified(email);
  await t.db.update(accounts).set({ plan }).where(eq(accounts.id, b.accountId));
  return b;
}

type Builder = { token: string };

async function makeApp(
  owner: Builder,
  {
    appType = 'generated',
    slug,
    publish = false,
  }: { appType?: 'generated' | 'tool' | 'space'; slug?: string; publish?: boolean } = {},
) {
  const body =
    appType === 'generated'
      ? buildGenApp({ name: 'Club', ...(slug ? { slug } : {}) })
      : { appType, app: { name: 'Club tool' } };
  const res = await t.request('POST', '/api/apps', { token: owner.token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  if (publish)
    expect((await t.request('POST', `/api/apps/${res.body.appId}/publish`, { token: owner.token })).status).toBe(200);
  return { appId: res.body.appId as string, slug: res.body.slug as string };
}

const save = (owner: Builder, appId: string, appSettings: unknown, options: RequestOptions = {}) =>
  t.request('POST', `/api/apps/${appId}/settings`, { token: owner.token, body: { appSettings }, ...options });
const settingsOf = async (owner: Builder, appId: string) =>
  (await t.request('GET', `/api/apps/${appId}`, { token: owner.token })).body.settings;
/** The end users' login page on the app's own host: its boot data says whether sign-up is offered. */
const loginPage = async (app: { appId: string; slug: string }) =>
  (await t.request('GET', `/apps/${app.appId}/login`, { headers: { host: `${app.slug}.apps.localhost:3000` } }))
    .body as string;
const offersSignup = async (app: { appId: string; slug: string }) =>
  (await loginPage(app)).includes('"isSignupEnabled":true');
/** Signup on while the app is unpublished: what an app had before these rules, or one whose custom domain was unmapped. */
const forceSettings = (appId: string, settings: Record<string, unknown>) =>
  t.db.update(apps).set({ settings }).where(eq(apps.id, appId));

describe('turning sign-up on', () => {
  it('needs a published app, then the terms link, privacy link and support e-mail', async () => {
    const app = await makeApp(moon);
    const unpublished = await save(moon, app.appId, { isSignupEnabled: true, ...SIGNUP_CONTACTS });
    expect(unpublished.status).toBe(409);
    expect(unpublished.body.error).toMatchObject({ code: 'CONFLICT', message: APP_MESSAGES.signupNeedsPublish });
    expect(await settingsOf(moon, app.appId)).toEqual({});

    expect((await t.request('POST', `/api/apps/${app.appId}/publish`, { token: moon.token })).status).toBe(200);
    const none = await save(moon, app.appId, { isSignupEnabled: true, modelTemperature: 0.5 });
    expect(none.status).toBe(400);
    expect(none.body.error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Sign-up needs a terms of service link, a privacy policy link and a support e-mail',
    });
    expect(none.body.error.details.fields).toEqual(['termsOfServiceLink', 'privacyPolicyLink', 'supportEmail']);
    for (const field of ['termsOfServiceLink', 'privacyPolicyLink', 'supportEmail'] as const) {
      for (const empty of ['', '   ', null, undefined]) {
        const res = await save(moon, app.appId, { isSignupEnabled: true, ...SIGNUP_CONTACTS, [field]: empty });
        expect(res.status, `${field}=${JSON.stringify(empty)}`).toBe(400);
        expect(res.body.error.message).toBe(signupNeedsFieldsMessage([field]));
      }
    }
    // Refusals stored nothing, not even the other fields of the same request.
    expect(await settingsOf(moon, app.appId)).toEqual({});
    expect(await offersSignup(app)).toBe(false);

    const ok = await save(moon, app.appId, {
      isSignupEnabled: true,
      termsOfServiceLink: ' https://club.example/terms ',
      privacyPolicyLink: 'http://club.example/privacy',
      supportEmail: 'help@club.example',
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ status: true });
    expect(await settingsOf(moon, app.appId)).toEqual({
      isSignupEnabled: true,
      termsOfServiceLink: 'https://club.example/terms',
      privacyPolicyLink: 'http://club.example/privacy',
      supportEmail: 'help@club.example',
    });
  });

  it('is allowed unpublished on a custom domain (APP_HOSTNAMES)', async () => {
    const app = await makeApp(moon, { slug: 'custom-club' });
    const details = await t.request('GET', `/api/apps/${app.appId}`, { token: moon.token });
    expect(details.body).toMatchObject({ publishedVersionId: null, customDomains: ['club.example.com'] });
    expect((await save(moon, app.appId, { isSignupEnabled: true, ...SIGNUP_CONTACTS })).status).toBe(200);
    const other = await makeApp(moon);
    expect((await t.request('GET', `/api/apps/${other.appId}`, { token: moon.token })).body.customDomains).toEqual([]);
  });

  it('keeps working once on: other fields save unpublished, contacts cannot be emptied, turning off always works', async () => {
    const app = await makeApp(moon);
    await forceSettings(app.appId, { isSignupEnabled: true, ...SIGNUP_CONTACTS, isLoginRequired: false });
    const edited = await save(moon, app.appId, {
      isSignupEnabled: true,
      ...SIGNUP_CONTACTS,
      supportEmail: 'team@example.com',
      isLoginRequired: true,
    });
    expect(edited.status).toBe(200);
    expect(await settingsOf(moon, app.appId)).toEqual({
      isSignupEnabled: true,
      ...SIGNUP_CONTACTS,
      supportEmail: 'team@example.com',
      isLoginRequired: true,
    });

    const cleared = await save(moon, app.appId, { isSignupEnabled: true, ...SIGNUP_CONTACTS, privacyPolicyLink: '' });
    expect(cleared.status).toBe(400);
    expect(cleared.body.error.message).toBe(signupNeedsFieldsMessage(['privacyPolicyLink']));
    expect((await settingsOf(moon, app.appId)).privacyPolicyLink).toBe(SIGNUP_CONTACTS.privacyPolicyLink);

    // Off, the contacts are optional; on again, the app is unpublished and it is refused.
    expect((await save(moon, app.appId, { isSignupEnabled: false, termsOfServiceLink: '' })).status).toBe(200);
    expect(await settingsOf(moon, app.appId)).toEqual({ isSignupEnabled: false, termsOfServiceLink: '' });
    expect((await save(moon, app.appId, { isSignupEnabled: true, ...SIGNUP_CONTACTS })).status).toBe(409);
  });

  it('keeps the paid-membership fields and other keys as given', async () => {
    const app = await makeApp(moon, { publish: true });
    const settings = {
      isSignupEnabled: true,
      ...SIGNUP_CONTACTS,
      isPaidMembershipsEnabled: false,
      paidMembershipsProduct: { id: 'prod_1', name: 'Club pass' },
      paidMembershipsSettings: {
        paymentProvider: 'gumroad',
        hasPaymentProviderAccessToken: false,
        isSetupCompleted: false,
      },
      modelTemperature: 0.7,
      isLoginRequired: false,
    };
    expect((await save(moon, app.appId, settings)).status).toBe(200);
    expect(await settingsOf(moon, app.appId)).toEqual(settings);
  });
});

describe('bad input', () => {
  it('is a 400 naming the field in plain words, and nothing stored is lost', async () => {
    const app = await makeApp(moon, { publish: true });
    const stored = { isSignupEnabled: true, ...SIGNUP_CONTACTS };
    expect((await save(moon, app.appId, stored)).status).toBe(200);
    const cases: Array<[unknown, string]> = [
      [
        { ...stored, termsOfServiceLink: 'example.com/terms' },
        'Terms of service link must be a web address starting with http:// or https://',
      ],
      [
        { ...stored, termsOfServiceLink: 'javascript:alert(1)' },
        'Terms of service link must be a web address starting with http:// or https://',
      ],
      [
        { ...stored, privacyPolicyLink: 'ftp://example.com/privacy' },
        'Privacy policy link must be a web address starting with http:// or https://',
      ],
      [
        { ...stored, privacyPolicyLink: 'https://' },
        'Privacy policy link must be a web address starting with http:// or https://',
      ],
      [
        { ...stored, privacyPolicyLink: `https://example.com/${'p'.repeat(2000)}` },
        'Privacy policy link must be at most 2000 characters',
      ],
      [{ ...stored, termsOfServiceLink: 42 }, 'Terms of service link must be a web address'],
      [{ ...stored, supportEmail: 'help' }, 'Support e-mail must be an e-mail address such as help@example.com'],
      [
        { ...stored, supportEmail: 'help@localhost' },
        'Support e-mail must be an e-mail address such as help@example.com',
      ],
      [{ ...stored, supportEmail: ['help@example.com'] }, 'Support e-mail must be an e-mail address'],
      [{ ...stored, isSignupEnabled: 'yes' }, 'Is signup enabled must be true or false'],
      [{ ...stored, isPaidMembershipsEnabled: 1 }, 'Is paid memberships enabled must be true or false'],
      ['on', 'App settings must be an object'],
      [null, 'App settings must be an object'],
      [[stored], 'App settings must be an object'],
    ];
    for (const [appSettings, message] of cases) {
      const res = await save(moon, app.appId, appSettings);
      expect(res.status, JSON.stringify(appSettings).slice(0, 80)).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_FAILED');
      expect(res.body.error.message.startsWith(message), res.body.error.message).toBe(true);
    }
    const missing = await t.request('POST', `/api/apps/${app.appId}/settings`, { token: moon.token, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toBe('App settings is required');
    const notJson = await t.request('POST', `/api/apps/${app.appId}/settings`, {
      token: moon.token,
      rawBody: '{"appSettings":',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.status).toBe(400);
    expect(notJson.body.error.message).toBe(APP_MESSAGES.invalidJson);
    expect(await settingsOf(moon, app.appId)).toEqual(stored);
  });

  it("is the owner's only: another builder gets 404, nobody signed in 401", async () => {
    const app = await makeApp(moon, { publish: true });
    const stranger = await builderOn('moon');
    expect((await save(stranger, app.appId, { isSignupEnabled: false })).status).toBe(404);
    expect((await t.request('POST', `/api/apps/${app.appId}/settings`, { body: { appSettings: {} } })).status).toBe(
      401,
    );
    expect((await save(moon, 'no-such-app', {})).status).toBe(404);
  });
});

describe('plan gating (docs/product/editor-and-chat.md#roles-and-permissions)', () => {
  it('App settings of generated apps need an admin or the MOON plan; a refusal stores nothing', async () => {
    for (const plan of ['lite', 'explorer', 'monetizer'] as const) {
      const b = await builderOn(plan);
      const app = await makeApp(b, { publish: true });
      const res = await save(b, app.appId, { isSignupEnabled: true, ...SIGNUP_CONTACTS });
      expect(res.status, plan).toBe(403);
      expect(res.body.error).toMatchObject({
        code: 'PLAN_LIMIT_REACHED',
        message: APP_MESSAGES.appSettingsPlanRequired,
        details: { upgradeReason: 'default' },
      });
      // The gate comes before any other rule: even harmless settings are refused.
      expect((await save(b, app.appId, { isLoginRequired: true })).status).toBe(403);
      expect(await settingsOf(b, app.appId)).toEqual({});
    }
    const listedAdmin = await builderOn('lite', ADMIN_EMAIL);
    for (const owner of [firstAdmin, listedAdmin]) {
      const app = await makeApp(owner, { publish: true });
      expect((await save(owner, app.appId, { isSignupEnabled: true, ...SIGNUP_CONTACTS })).status).toBe(200);
    }
  });

  it('holds whatever the order of saves: settings written while the app was another kind do not come back with it', async () => {
    const lite = await builderOn('lite');
    const app = await makeApp(lite, { publish: true });
    const replaceAs = (appType: 'generated' | 'tool' | 'space', appId = app.appId) =>
      t.request('POST', '/api/apps', {
        token: lite.token,
        body:
          appType === 'generated' ? buildGenApp({ name: 'Club' }, appId) : { appType, appId, app: { name: 'Club' } },
      });
    for (const detour of ['tool', 'space'] as const) {
      expect((await replaceAs(detour)).status, detour).toBe(200);
      expect((await save(lite, app.appId, { isLoginRequired: true, supportEmail: 'x@example.com' })).status).toBe(200);
      const back = await replaceAs('generated');
      expect(back.status, detour).toBe(403);
      expect(back.body.error).toMatchObject({
        code: 'PLAN_LIMIT_REACHED',
        message: APP_MESSAGES.appSettingsPlanRequired,
      });
      // Refused whole: the app stays what it was, with its settings.
      const stored = (await t.request('GET', `/api/apps/${app.appId}`, { token: lite.token })).body;
      expect(stored.appType).toBe(detour);
      expect(stored.settings).toEqual({ isLoginRequired: true, supportEmail: 'x@example.com' });
      // Without settings of its own the app may become a generated app again.
      expect((await save(lite, app.appId, {})).status).toBe(200);
      expect((await replaceAs('generated')).status, detour).toBe(200);
    }
    // A tool made with settings, then turned into a generated app: the same gate.
    const tool = await makeApp(lite, { appType: 'tool' });
    expect((await save(lite, tool.appId, { isLoginRequired: true })).status).toBe(200);
    expect((await replaceAs('generated', tool.appId)).status).toBe(403);
    // A builder allowed App settings keeps them across such a change.
    const moonApp = await makeApp(moon, { appType: 'tool' });
    expect((await save(moon, moonApp.appId, { dailyUserLimit: 30 })).status).toBe(200);
    const moonBack = await t.request('POST', '/api/apps', {
      token: moon.token,
      body: buildGenApp({ name: 'Club' }, moonApp.appId),
    });
    expect(moonBack.status).toBe(200);
    expect(await settingsOf(moon, moonApp.appId)).toEqual({ dailyUserLimit: 30 });
  });

  it('does not apply to single tools and space apps, which always have App settings', async () => {
    const lite = await builderOn('lite');
    for (const appType of ['tool', 'space'] as const) {
      const app = await makeApp(lite, { appType });
      expect(
        (await save(lite, app.appId, { isLoginRequired: true, supportEmail: 'help@example.com' })).status,
        appType,
      ).toBe(200);
      // The sign-up rules are the same for every kind: these cannot be published yet.
      expect((await save(lite, app.appId, { isSignupEnabled: true, ...SIGNUP_CONTACTS })).status, appType).toBe(409);
    }
  });
});

describe('the app host', () => {
  it('sees a save at once, though it caches settings for 3 s', async () => {
    const app = await makeApp(moon, { publish: true });
    expect(await offersSignup(app)).toBe(false);
    expect((await save(moon, app.appId, { isSignupEnabled: true, ...SIGNUP_CONTACTS })).status).toBe(200);
    expect(await offersSignup(app)).toBe(true);
    expect((await save(moon, app.appId, { isSignupEnabled: false, ...SIGNUP_CONTACTS })).status).toBe(200);
    expect(await offersSignup(app)).toBe(false);
  });

  it("forgets its copy when another process's save is notified (Postgres NOTIFY)", async () => {
    const app = await makeApp(moon, { publish: true });
    expect(await offersSignup(app)).toBe(false);
    // Another process stores the settings: this one still serves its cached copy...
    await forceSettings(app.appId, { isSignupEnabled: true, ...SIGNUP_CONTACTS });
    const cachedAt = Date.now();
    expect(await offersSignup(app)).toBe(false);
    // ...until the notice of that save arrives, well before the cache would have run out.
    await t.db.execute(sql`SELECT pg_notify(${APP_SETTINGS_CHANNEL}, ${app.slug})`);
    await expect.poll(() => offersSignup(app), { timeout: 2000, interval: 50 }).toBe(true);
    expect(Date.now() - cachedAt).toBeLessThan(3000);
  });
});
