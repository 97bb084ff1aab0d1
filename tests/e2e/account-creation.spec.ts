import type { Page } from '@playwright/test';
import { APP_MESSAGES, MESSAGES } from '@tessera/contracts';
import { ACCOUNT_CREATE_RETRIES } from '@tessera/contracts/auth';
import { expect, test } from './support/fixtures';
import { createUser, useSessionOf } from './support/helpers';

/**
 * Account creation after sign-in with a sale_id (docs/product/accounts-and-plans.md#states-and-transitions): wait 3 s, retry 401s 7 times 4 s
 * apart, then give up to /error/unauthorized signed out. The browser clock is fast-forwarded; the
 * create endpoint answers 401 through route interception (the real one would succeed).
 */
async function answer401(page: Page, times: number) {
  let calls = 0;
  await page.route('**/api/live_api/account/create', async (route) => {
    calls += 1;
    if (calls > times) return route.continue();
    return route.fulfill({
      status: 401,
      json: { error: { code: 'UNAUTHORIZED', message: APP_MESSAGES.unauthorized } },
    });
  });
  return () => calls;
}

async function fastForwardUntil(page: Page, isDone: () => boolean) {
  for (let i = 0; i < 15 && !isDone(); i++) {
    await page.clock.fastForward(4_000);
    await page.waitForTimeout(200);
  }
}

test('sale_id: 401s are retried, then the account is created and the user lands on /home', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const calls = await answer401(page, 2);
  await page.clock.install();
  const user = await createUser(request, { tag: 'sale-ok' });
  await useSessionOf(context, baseURL!, user);
  // The server verifies the sale with Gumroad: buy one for this user on the fake's product page.
  const bought = await request.post(`http://127.0.0.1:${process.env.E2E_GUMROAD_PORT}/l/explorer`, {
    form: { email: user.email },
    maxRedirects: 0,
  });
  expect(bought.status()).toBe(303);
  const saleId = new URL(bought.headers().location!).searchParams.get('sale_id')!;
  await page.goto(`/login?sale_id=${encodeURIComponent(saleId)}`);
  await expect(page.getByRole('heading', { name: 'Setting up your account' })).toBeVisible();
  await fastForwardUntil(page, () => page.url().includes('/home'));
  await expect(page).toHaveURL(/\/home$/);
  expect(calls()).toBe(3);
});

test('sale_id: still 401 after 7 retries goes to /error/unauthorized and signs out', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const calls = await answer401(page, 100);
  await page.clock.install();
  await useSessionOf(context, baseURL!, await createUser(request, { tag: 'sale-fail' }));
  await page.goto('/login?sale_id=sale_e2e_fail');
  await expect(page.getByRole('heading', { name: 'Setting up your account' })).toBeVisible();
  await fastForwardUntil(page, () => page.url().includes('/error/unauthorized'));

  await expect(page).toHaveURL(/\/error\/unauthorized\?reason=account&paymentId=sale_e2e_fail$/);
  expect(calls()).toBe(ACCOUNT_CREATE_RETRIES + 1);
  await expect(page.getByRole('alert').filter({ hasText: MESSAGES.account.createFailed }).first()).toBeVisible();
  await expect(page.getByText('sale_e2e_fail')).toBeVisible();

  await page.getByRole('link', { name: 'Back to sign in' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/home');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fhome$/);
});
