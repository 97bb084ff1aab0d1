import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apps } from '@tessera/db';
import { createSecretBox } from '../../platform/crypto/secret-box';
import { createTestApp } from '../../testing/harness';

/** The payment provider's access token in app settings: kept encrypted, never sent back. */
const t = await createTestApp({ SECRETS_KEY: 'a-dedicated-secrets-key-0123456789abcdef' });
const builder = await t.signUpVerified();
const TOKEN = 'gum_live_9f8e7d6c5b4a3210secret';
const PAID = { paymentProvider: 'gumroad', hasPaymentProviderAccessToken: false, isSetupCompleted: false };

async function makeTool() {
  const res = await t.request('POST', '/api/apps', {
    token: builder.token,
    body: { appType: 'tool', app: { name: 'Paid tool' } },
  });
  expect(res.status).toBe(200);
  return res.body.appId as string;
}
const save = (appId: string, appSettings: Record<string, unknown>) =>
  t.request('POST', `/api/apps/${appId}/settings`, { token: builder.token, body: { appSettings } });
const details = (appId: string) => t.request('GET', `/api/apps/${appId}`, { token: builder.token });
const storedSettings = async (appId: string) =>
  (await t.db.select({ settings: apps.settings }).from(apps).where(eq(apps.id, appId)))[0]!.settings;

describe('gumroadAccessToken', () => {
  it('is stored encrypted, never returned, and reported as hasPaymentProviderAccessToken', async () => {
    const appId = await makeTool();
    const saved = await save(appId, { paidMembershipsSettings: PAID, gumroadAccessToken: TOKEN });
    expect(saved.status).toBe(200);
    expect(JSON.stringify(saved.body)).not.toContain(TOKEN);

    const res = await details(appId);
    expect(JSON.stringify(res.body)).not.toContain(TOKEN);
    expect(res.body.settings).not.toHaveProperty('gumroadAccessToken');
    expect(res.body.settings.paidMembershipsSettings).toEqual({ ...PAID, hasPaymentProviderAccessToken: true });

    const row = await storedSettings(appId);
    expect(JSON.stringify(row)).not.toContain(TOKEN);
    const sealed = (row.gumroadAccessToken as { sealed: string }).sealed;
    // Opened with the server's key for this app only.
    const box = createSecretBox(t.config.secretsKey);
    expect(box.open(sealed, `app:${appId}:gumroadAccessToken`)).toBe(TOKEN);
    expect(box.open(sealed, `app:${await makeTool()}:gumroadAccessToken`)).toBeNull();
    expect(createSecretBox(t.config.authSecret).open(sealed, `app:${appId}:gumroadAccessToken`)).toBeNull();
  });

  it('is kept when the settings come back without it, and removed by null or empty text', async () => {
    const appId = await makeTool();
    await save(appId, { paidMembershipsSettings: PAID, gumroadAccessToken: TOKEN });
    const sealed = JSON.stringify((await storedSettings(appId)).gumroadAccessToken);
    // The panel saves what it read: no token in it.
    expect((await save(appId, (await details(appId)).body.settings)).status).toBe(200);
    expect(JSON.stringify((await storedSettings(appId)).gumroadAccessToken)).toBe(sealed);
    expect((await details(appId)).body.settings.paidMembershipsSettings.hasPaymentProviderAccessToken).toBe(true);

    for (const cleared of [null, '']) {
      await save(appId, { paidMembershipsSettings: PAID, gumroadAccessToken: TOKEN });
      expect((await save(appId, { paidMembershipsSettings: PAID, gumroadAccessToken: cleared })).status).toBe(200);
      expect(await storedSettings(appId)).not.toHaveProperty('gumroadAccessToken');
      expect((await details(appId)).body.settings.paidMembershipsSettings).toEqual(PAID);
    }
  });

  it('does not take a client-claimed hasPaymentProviderAccessToken', async () => {
    const appId = await makeTool();
    await save(appId, { paidMembershipsSettings: { ...PAID, hasPaymentProviderAccessToken: true } });
    expect((await details(appId)).body.settings.paidMembershipsSettings.hasPaymentProviderAccessToken).toBe(false);
  });

  it('encrypts a token stored in plaintext before, on the next save, and never returns it', async () => {
    const appId = await makeTool();
    await t.db
      .update(apps)
      .set({ settings: { paidMembershipsSettings: PAID, gumroadAccessToken: TOKEN } })
      .where(eq(apps.id, appId));
    const res = await details(appId);
    expect(JSON.stringify(res.body)).not.toContain(TOKEN);
    expect(res.body.settings.paidMembershipsSettings.hasPaymentProviderAccessToken).toBe(true);
    expect((await save(appId, res.body.settings)).status).toBe(200);
    const row = await storedSettings(appId);
    expect(JSON.stringify(row)).not.toContain(TOKEN);
    const sealed = (row.gumroadAccessToken as { sealed: string }).sealed;
    expect(createSecretBox(t.config.secretsKey).open(sealed, `app:${appId}:gumroadAccessToken`)).toBe(TOKEN);
  });
});
