import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createClient } from '@base44/sdk';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { MEMBERSHIP_MESSAGES } from '@tessera/contracts/memberships';
import { INTEGRATION_MESSAGES } from '@tessera/contracts/runtime';
import { TOOL_RUN_MESSAGES } from '@tessera/contracts/tool-runs';
import { accounts, apps } from '@tessera/db';
import { SIGNUP_CONTACTS, STRONG_PASSWORD, uniqueEmail } from '@tessera/test-utils';
import { mailedCode } from '../../testing/app-users';
import { buildGenApp } from '../../testing/factories';
import { createTestApp } from '../../testing/harness';
import { appHost } from '../../testing/tool-apps';

/** The real `@base44/sdk`'s `integrations.Core.*` and `app.getPublicSettings` over HTTP on the app's host. */
const t = await createTestApp();
const server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
await new Promise<void>((resolve) => server.once('listening', () => resolve()));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const builder = await t.signUpVerified();
await t.db.update(accounts).set({ plan: 'moon' }).where(eq(accounts.id, builder.accountId));
const { body: made } = await t.request('POST', '/api/apps', {
  token: builder.token,
  body: buildGenApp({ name: 'Desk' }),
});
const appId = made.appId as string;
await t.request('POST', `/api/apps/${appId}/publish`, { token: builder.token });
const sdk = (token?: string, id = appId) =>
  createClient({
    serverUrl: origin,
    appId: id,
    token,
    headers: { Host: appHost(made.slug as string) },
    analytics: { enabled: false },
  });
const statusOf = (call: Promise<unknown>) =>
  call.then(
    () => 200,
    (err: { status?: number }) => err.status,
  );
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a1e0a4d40000000049454e44ae426082',
  'hex',
);

describe('@base44/sdk integrations and public settings', () => {
  it('public settings follow the app: no sign-in, then sign-up open; the browser logout page', async () => {
    expect(await sdk().app.getPublicSettings()).toEqual({ id: appId, public_settings: 'public_without_login' });
    const opened = await t.request('POST', `/api/apps/${appId}/settings`, {
      token: builder.token,
      body: { appSettings: { isSignupEnabled: true, ...SIGNUP_CONTACTS } },
    });
    expect(opened.status).toBe(200);
    expect((await sdk().app.getPublicSettings()).public_settings).toBe('public_with_login');
    expect(await statusOf(sdk(undefined, 'other').app.getPublicSettings())).toBe(404);
    // The page a browser's logout() opens: back to a page of this host, never elsewhere.
    const host = appHost(made.slug as string);
    const logout = (from: string) =>
      t.request('GET', `/api/apps/auth/logout?from_url=${encodeURIComponent(from)}`, { headers: { host } });
    expect((await logout(`http://${host}/app/${made.slug}/orders?x=1`)).headers.get('location')).toBe(
      `/app/${made.slug}/orders?x=1`,
    );
    expect((await logout('https://evil.example/steal')).headers.get('location')).toBe('/');
    expect((await logout('::nonsense')).status).toBe(302);
  });

  it('Core: InvokeLLM answers the bare value, UploadFile, SendEmail, ExtractData by file_url, GenerateImage', async () => {
    const email = uniqueEmail('sdk');
    await sdk().auth.register({ email, password: STRONG_PASSWORD });
    const { access_token: token } = (await sdk().auth.verifyOtp({
      email,
      otpCode: await mailedCode(t, email),
    })) as unknown as { access_token: string };
    const { Core } = sdk(token).integrations;

    // The offline answer model (no model configured): text without data sources, an object for a schema.
    expect(await Core.InvokeLLM({ prompt: 'Hello?' })).toBe(TOOL_RUN_MESSAGES.offlineNoContext);
    const shaped = await Core.InvokeLLM({
      prompt: 'Name a colour',
      response_json_schema: { type: 'object', properties: { colour: { type: 'string' } } },
    });
    expect(typeof shaped).toBe('object');
    expect(await statusOf(Core.InvokeLLM({ prompt: '' }))).toBe(400);

    const uploaded = (await Core.UploadFile({ file: new File([PNG], 'dot.png', { type: 'image/png' }) })) as {
      file_url: string;
    };
    expect(uploaded.file_url).toMatch(/\/files\/[0-9a-f-]{36}\.png$/);

    expect(await Core.SendEmail({ to: email, subject: 'Hi', body: 'Welcome' })).toEqual({ sent: true });
    expect((await t.outbox(email)).some((mail) => mail.subject === 'Hi')).toBe(true);
    expect(await statusOf(Core.SendEmail({ to: 'someone@example.com', subject: 'x', body: 'x' }))).toBe(403);

    // Only this host's stored files; an image is no document to read.
    const schema = { type: 'object', properties: { name: { type: 'string' } } };
    const path = new URL(uploaded.file_url).pathname;
    expect(await statusOf(Core.ExtractDataFromUploadedFile({ file_url: path, json_schema: schema }))).toBe(400);
    const elsewhere = Core.ExtractDataFromUploadedFile({ file_url: 'https://example.com/a.csv', json_schema: schema });
    expect(await statusOf(elsewhere)).toBe(400);

    const image = Core.GenerateImage({ prompt: 'a cat' }).catch((err: { status: number; message: string }) => err);
    expect(await image).toMatchObject({ status: 404, message: INTEGRATION_MESSAGES.noImageModel });
    expect(await statusOf((Core as unknown as Record<string, (data: object) => Promise<unknown>>).Nope!({}))).toBe(404);

    // The callers' rule of the host's routes: one of the app's users.
    expect(await statusOf(sdk().integrations.Core.InvokeLLM({ prompt: 'Hello?' }))).toBe(401);
    expect(await statusOf(sdk(builder.token).integrations.Core.SendEmail({ to: email, subject: 'x', body: 'x' }))).toBe(
      401,
    );
  });

  it('paid memberships keep non-members out of entity calls, as on /live_api', async () => {
    const email = uniqueEmail('sdk');
    await sdk().auth.register({ email, password: STRONG_PASSWORD });
    const { access_token: token } = (await sdk().auth.verifyOtp({
      email,
      otpCode: await mailedCode(t, email),
    })) as unknown as { access_token: string };
    const paid = {
      isPaidMembershipsEnabled: true,
      paidMembershipsProduct: { id: 'club', name: 'Club' },
      paidMembershipsSettings: { paymentProvider: 'gumroad', isSetupCompleted: true },
    };
    await t.db
      .update(apps)
      .set({ settings: sql`${apps.settings} || ${JSON.stringify(paid)}::jsonb` })
      .where(eq(apps.id, appId));
    // The host keeps an app's settings up to 3 s (a save through the API forgets them at once).
    await new Promise((resolve) => setTimeout(resolve, 3100));
    const refused = await sdk(token)
      .entities.Note!.list()
      .catch((err: { status: number; message: string }) => err);
    expect(refused).toMatchObject({ status: 403, message: MEMBERSHIP_MESSAGES.membershipRequired });
    expect((await sdk().app.getPublicSettings()).public_settings).toBe('private_with_login');
    // The paywall still knows who is asking.
    expect((await sdk(token).auth.me()).email).toBe(email);
  });
});
