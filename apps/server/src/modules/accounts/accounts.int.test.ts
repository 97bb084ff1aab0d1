import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { APP_MESSAGES } from '@tessera/contracts';
import { AccountSchema } from '@tessera/contracts/accounts';
import { accounts } from '@tessera/db';
import { uniqueEmail } from '@tessera/test-utils';
import { createTestApp } from '../../testing/harness';

const adminEmail = uniqueEmail('boss');
const t = await createTestApp({ ADMIN_EMAILS: `someone@example.com, ${adminEmail.toUpperCase()}` });

describe('account/create and account/current', () => {
  it('answer 401 without a valid bearer token', async () => {
    for (const token of [undefined, 'garbage', 'abc.def']) {
      const create = await t.request('POST', '/api/live_api/account/create', { token });
      expect(create.status).toBe(401);
      expect(create.body.error).toEqual({ code: 'UNAUTHORIZED', message: APP_MESSAGES.unauthorized });
      expect((await t.request('GET', '/api/live_api/account/current', { token })).status).toBe(401);
    }
  });

  it('make the first account of a fresh install admin (with every plan), then builders lite, with exactly the spec fields', async () => {
    const first = await t.signUpVerified();
    const res = await t.request('GET', '/api/live_api/account/current', { token: first.token });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(Object.keys(AccountSchema.shape).sort());
    expect(AccountSchema.parse(res.body)).toEqual({
      accountId: first.accountId,
      accountType: 'builder',
      plan: 'moon',
      hasPaidAppPackage: false,
      subscriptionId: null,
      planSubscriptionStatus: null,
      planSubscriptionCancelledAt: null,
      appId: null,
      appHeader: null,
      hasBusinessInfo: true,
      isAdmin: true,
    });

    const second = await t.signUpVerified();
    const current = await t.request('GET', '/api/live_api/account/current', { token: second.token });
    expect(current.body).toMatchObject({ isAdmin: false, plan: 'lite', hasBusinessInfo: false });
  });

  it('is idempotent, also under concurrent calls', async () => {
    const user = await t.signUp();
    const results = await Promise.all(
      [1, 2, 3].map(() => t.request('POST', '/api/live_api/account/create', { token: user.token })),
    );
    const ids = new Set(results.map((r) => r.body.accountId));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(ids.size).toBe(1);
    const again = await t.request('POST', '/api/live_api/account/create', { token: user.token });
    expect(again.body.accountId).toBe([...ids][0]);
  });

  it('answers 404 with a clear message before the account exists', async () => {
    const user = await t.signUp();
    const res = await t.request('GET', '/api/live_api/account/current', { token: user.token });
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe(APP_MESSAGES.accountNotFound);
  });

  it('makes ADMIN_EMAILS admins, case-insensitively', async () => {
    const user = await t.signUpVerified(adminEmail);
    const res = await t.request('GET', '/api/live_api/account/current', { token: user.token });
    expect(res.body.isAdmin).toBe(true);
  });

  it('flags business info when set or when the plan is not lite', async () => {
    const user = await t.signUpVerified();
    const current = () =>
      t.request('GET', '/api/live_api/account/current', { token: user.token }).then((r) => r.body.hasBusinessInfo);
    expect(await current()).toBe(false);
    await t.db.update(accounts).set({ plan: 'explorer' }).where(eq(accounts.id, user.accountId));
    expect(await current()).toBe(true);
    await t.db.update(accounts).set({ plan: 'lite', hasBusinessInfo: true }).where(eq(accounts.id, user.accountId));
    expect(await current()).toBe(true);
  });

  it('keeps the sale id of a purchase, from the body or the query', async () => {
    const a = await t.signUp();
    await t.request('POST', '/api/live_api/account/create', { token: a.token, body: { saleId: 'sale-123' } });
    const b = await t.signUp();
    await t.request('POST', '/api/live_api/account/create?sale_id=sale-456', { token: b.token });
    const rows = await t.db.select({ userId: accounts.userId, saleId: accounts.saleId }).from(accounts);
    expect(rows.find((r) => r.userId === a.userId)?.saleId).toBe('sale-123');
    expect(rows.find((r) => r.userId === b.userId)?.saleId).toBe('sale-456');
  });

  it('refuses bad bodies with a 400 and keeps the account', async () => {
    const user = await t.signUpVerified();
    for (const rawBody of ['{nope', '[1]', '{"saleId": 42}']) {
      const res = await t.request('POST', '/api/live_api/account/create', { token: user.token, rawBody });
      expect(res.status, rawBody).toBe(400);
    }
    const current = await t.request('GET', '/api/live_api/account/current', { token: user.token });
    expect(current.body.accountId).toBe(user.accountId);
  });

  it('authenticate by the bearer header only, never by a session cookie', async () => {
    const user = await t.signUpVerified();
    const cookie = `better-auth.session_token=${encodeURIComponent(user.token)}`;
    const res = await t.request('GET', '/api/live_api/account/current', {
      token: 'forged.signature',
      headers: { cookie },
    });
    expect(res.status).toBe(401);
  });
});
