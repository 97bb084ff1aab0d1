import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { APP_KEY_HEADER, EXPORT_MESSAGES } from '@tessera/contracts/app-export';
import { TOOL_API_MESSAGES } from '@tessera/contracts/tool-runs';
import { CLAIM_MESSAGES } from '@tessera/contracts/tools';
import { accounts, apps, contextItems, entityRecords } from '@tessera/db';
import { buildGenApp } from '../../testing/factories';
import { createTestApp } from '../../testing/harness';

/** Claiming an app by invitation (docs/product/tools.md#claim-invitation). */
const t = await createTestApp();
// The first account of an install is an admin (claim by customer is an admin setting): the agency.
const agency = await t.signUpVerified();
type Builder = Awaited<ReturnType<typeof t.signUpVerified>>;
const customer = async () => {
  const b = await t.signUpVerified();
  await t.db.update(accounts).set({ plan: 'lite' }).where(eq(accounts.id, b.accountId));
  return b;
};
const api = (b: Builder, method: string, path: string, body?: unknown) =>
  t.request(method, path, { token: b.token, ...(body !== undefined ? { body } : {}) });

const ORDER = { properties: { total: { type: 'number' } } };

/** A tool app of the agency with a live tool, a data source, a record and claim by customer on. */
async function invited(): Promise<{ appId: string; code: string; inviteLink: string }> {
  const made = await api(agency, 'POST', '/api/apps', { appType: 'tool', app: { name: 'Quote Helper' } });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  const appId = made.body.appId as string;
  const tool = (await api(agency, 'POST', `/api/apps/${appId}/tools`, { title: 'Quotes' })).body.tool.toolId;
  expect((await api(agency, 'POST', `/api/apps/${appId}/tools/${tool}/activate`, { isActive: true })).status).toBe(200);
  const saved = await api(agency, 'POST', `/api/apps/${appId}/settings`, { appSettings: { isClaimable: true } });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  await t.db.insert(contextItems).values({ id: `ci-${appId}`, appId, name: 'Prices', type: 'text', source: 'text' });
  await t.db.insert(entityRecords).values({ id: `er-${appId}`, appId, entity: 'Quote', data: { total: 3 } });
  const invite = await api(agency, 'GET', `/api/apps/${appId}/settings/claimInvitation`);
  expect(invite.status).toBe(200);
  return { appId, code: invite.body.claimCode, inviteLink: invite.body.inviteLink };
}

describe('claiming an app by invitation', () => {
  it('moves the app with its data to the customer once; the agency loses it', async () => {
    const { appId, code, inviteLink } = await invited();
    expect(new URL(inviteLink).pathname).toBe(`/claim/${appId}`);
    const b = await customer();
    const preview = await api(b, 'GET', `/api/apps/${appId}/claim?code=${code}`);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body).toEqual({ appId, name: 'Quote Helper', appType: 'tool', isYours: false });

    const claimed = await api(b, 'POST', `/api/apps/${appId}/claim`, { code });
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(200);
    expect(claimed.body).toEqual({ appId, name: 'Quote Helper', appType: 'tool', revokedKeys: 0 });

    // The customer has it on Home with its tools, data source and records; claiming is off now.
    const home = await api(b, 'GET', '/api/apps');
    expect(home.body.apps.map((a: { appId?: string; id?: string }) => a.appId ?? a.id)).toContain(appId);
    expect((await api(b, 'GET', `/api/apps/${appId}/tools`)).body.tools).toHaveLength(1);
    const [row] = await t.db.select().from(apps).where(eq(apps.id, appId));
    expect(row!.settings.isClaimable).toBe(false);
    expect(await t.db.select().from(contextItems).where(eq(contextItems.appId, appId))).toHaveLength(1);
    expect(await t.db.select().from(entityRecords).where(eq(entityRecords.appId, appId))).toHaveLength(1);

    // The agency gets 404 everywhere, and does not see it on Home.
    expect((await api(agency, 'GET', `/api/apps/${appId}`)).status).toBe(404);
    expect((await api(agency, 'GET', `/api/apps/${appId}/tools`)).status).toBe(404);
    const agencyHome = await api(agency, 'GET', '/api/apps');
    expect(JSON.stringify(agencyHome.body)).not.toContain(appId);

    // The code works once: a third builder is refused, the customer is told it is theirs.
    const c = await customer();
    const again = await api(c, 'POST', `/api/apps/${appId}/claim`, { code });
    expect(again.status).toBe(404);
    expect(again.body.error.message).toBe(CLAIM_MESSAGES.invalidCode);
    const mine = await api(b, 'POST', `/api/apps/${appId}/claim`, { code });
    expect(mine.status).toBe(409);
    expect(mine.body.error.message).toBe(CLAIM_MESSAGES.alreadyYours);
    expect((await api(b, 'GET', `/api/apps/${appId}/claim?code=${code}`)).body.isYours).toBe(true);
  });

  it("revokes the agency's app keys and tool API keys in the claim, and tells the customer", async () => {
    const made = await api(agency, 'POST', '/api/apps', buildGenApp({ name: 'Shop', entities: { Order: ORDER } }));
    const appId = made.body.appId as string;
    expect((await api(agency, 'POST', `/api/apps/${appId}/publish`)).status).toBe(200);
    const tool = (await api(agency, 'POST', `/api/apps/${appId}/tools`, { title: 'Quotes' })).body.tool.toolId;
    expect((await api(agency, 'POST', `/api/apps/${appId}/tools/${tool}/activate`, { isActive: true })).status).toBe(
      200,
    );
    const appKey = await api(agency, 'POST', `/api/apps/${appId}/keys`, {
      name: 'CRM',
      kind: 'server',
      canWrite: true,
    });
    expect(appKey.status, JSON.stringify(appKey.body)).toBe(200);
    const siteKey = await api(agency, 'POST', `/api/apps/${appId}/keys`, { name: 'Site' });
    const toolKey = await api(agency, 'POST', `/api/apps/${appId}/tools/${tool}/api-keys`, { name: 'Zapier' });
    expect(toolKey.status, JSON.stringify(toolKey.body)).toBe(200);
    const readOrders = () =>
      t.request('GET', `/live_api/apps/${appId}/entities/Order`, { headers: { [APP_KEY_HEADER]: appKey.body.key } });
    const runTool = () =>
      t.request('POST', `/api/v1/tools/${tool}/run`, {
        headers: { authorization: `Bearer ${toolKey.body.secret}` },
        body: { inputs: {} },
      });
    expect((await readOrders()).status).toBe(200);
    expect((await runTool()).status).not.toBe(401);

    expect(
      (await api(agency, 'POST', `/api/apps/${appId}/settings`, { appSettings: { isClaimable: true } })).status,
    ).toBe(200);
    const { claimCode } = (await api(agency, 'GET', `/api/apps/${appId}/settings/claimInvitation`)).body;
    const b = await customer();
    const claimed = await api(b, 'POST', `/api/apps/${appId}/claim`, { code: claimCode });
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(200);

    const read = await readOrders();
    expect(read.status).toBe(401);
    expect(read.body.error.message).toBe(EXPORT_MESSAGES.invalidKey);
    const site = await t.request('GET', `/live_api/apps/${appId}/entities/Order`, {
      headers: { [APP_KEY_HEADER]: siteKey.body.key },
    });
    expect(site.status).toBe(401);
    const run = await runTool();
    expect(run.status).toBe(401);
    expect(run.body.error.message).toBe(TOOL_API_MESSAGES.invalidKey);
    // The customer is told, and sees no live key of the agency's: they make their own.
    expect(claimed.body.revokedKeys).toBe(3);
    expect((await api(b, 'GET', `/api/apps/${appId}/keys`)).body.keys).toEqual([]);
    const toolKeys = (await api(b, 'GET', `/api/apps/${appId}/tools/${tool}/api-keys`)).body.keys;
    expect(toolKeys.every((k: { revokedAt: string | null }) => k.revokedAt !== null)).toBe(true);
  });

  it('lets one of two claims at once win', async () => {
    const { appId, code } = await invited();
    const [b, c] = [await customer(), await customer()];
    const results = await Promise.all([
      api(b, 'POST', `/api/apps/${appId}/claim`, { code }),
      api(c, 'POST', `/api/apps/${appId}/claim`, { code }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 404]);
    const winner = results[0]!.status === 200 ? b : c;
    const [row] = await t.db.select().from(apps).where(eq(apps.id, appId));
    expect(row!.ownerUserId).toBe(winner.userId);
  });

  it('refuses forged codes, codes from before a claim, unknown apps and an app not open to claiming', async () => {
    const { appId, code } = await invited();
    const b = await customer();
    for (const forged of ['', 'x', code.slice(0, 15), `${code}x`, code.toUpperCase(), 'a'.repeat(200)]) {
      const res = await api(b, 'POST', `/api/apps/${appId}/claim`, { code: forged });
      expect(res.status, forged).toBe(404);
      expect(res.body.error.message).toBe(CLAIM_MESSAGES.invalidCode);
    }
    // Another app's code opens nothing here; an unknown app answers like a wrong code.
    const other = await invited();
    expect((await api(b, 'POST', `/api/apps/${appId}/claim`, { code: other.code })).status).toBe(404);
    expect((await api(b, 'GET', `/api/apps/no-such-app/claim?code=${code}`)).body.error.message).toBe(
      CLAIM_MESSAGES.invalidCode,
    );
    // Turned off, the code is refused; the preview says why.
    await api(agency, 'POST', `/api/apps/${appId}/settings`, { appSettings: { isClaimable: false } });
    const off = await api(b, 'POST', `/api/apps/${appId}/claim`, { code });
    expect(off.status).toBe(409);
    expect(off.body.error.message).toBe(CLAIM_MESSAGES.notClaimable);
    expect((await api(b, 'GET', `/api/apps/${appId}/claim?code=${code}`)).status).toBe(409);
    // A code from before a claim: the app changed hands, so the old code is dead even if re-enabled.
    await api(agency, 'POST', `/api/apps/${appId}/settings`, { appSettings: { isClaimable: true } });
    expect((await api(b, 'POST', `/api/apps/${appId}/claim`, { code })).status).toBe(200);
    await t.db
      .update(apps)
      .set({ settings: { isClaimable: true } })
      .where(eq(apps.id, appId));
    const c = await customer();
    expect((await api(c, 'POST', `/api/apps/${appId}/claim`, { code })).status).toBe(404);
  });

  it('answers bad input with a 4xx, never a 500, and needs a signed-in builder', async () => {
    const { appId, code } = await invited();
    const b = await customer();
    const bodies: unknown[] = [{}, { code: 5 }, { code: null }, { code: 'x'.repeat(10_000) }, { code: 'a\u0000b' }, []];
    for (const body of bodies) {
      const res = await api(b, 'POST', `/api/apps/${appId}/claim`, body);
      expect(res.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.status, JSON.stringify(body)).toBeLessThan(500);
    }
    for (const id of ['%00', 'a'.repeat(300), "x'; drop table apps;--", '__proto__']) {
      const res = await api(b, 'POST', `/api/apps/${id}/claim`, { code });
      expect(res.status, id).toBeGreaterThanOrEqual(400);
      expect(res.status, id).toBeLessThan(500);
    }
    expect((await t.request('POST', `/api/apps/${appId}/claim`, { body: { code } })).status).toBe(401);
    expect((await t.request('GET', `/api/apps/${appId}/claim?code=${code}`)).status).toBe(401);
    const [row] = await t.db.select().from(apps).where(eq(apps.id, appId));
    expect(row!.ownerUserId).toBe(agency.userId);
  });
});
