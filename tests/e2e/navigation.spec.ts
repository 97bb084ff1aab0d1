import { expect, test } from './support/fixtures';
import { createUser, useSessionOf } from './support/helpers';

test('an unverified user visiting /home?foo=1 goes to /auth/verifyEmail?foo=1', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const user = await createUser(request, { tag: 'unverified', verified: false });
  await useSessionOf(context, baseURL!, user);
  await page.goto('/home?foo=1');
  await expect(page).toHaveURL(/\/auth\/verifyEmail\?foo=1&continueUrl=%2Fhome%3Ffoo%3D1$/);
  await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
  await expect(page.getByText(user.email)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open the dev mail outbox' })).toBeVisible();

  // Settings stay reachable without verification (docs/product/accounts-and-plans.md#screens-and-routes).
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByText('Not verified')).toBeVisible();
});

test('a signed-out user visiting /settings goes to /login', async ({ page }) => {
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fsettings$/);
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
});

test('the root sends signed-out users to /login and signed-in users to /home', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  const user = await createUser(request, { tag: 'root' });
  await useSessionOf(context, baseURL!, user);
  await page.goto('/');
  await expect(page).toHaveURL(/\/home$/);
});

test('signing out from the user menu goes to /login and forgets the session', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const user = await createUser(request, { tag: 'signout' });
  await useSessionOf(context, baseURL!, user);
  await page.goto('/home');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/home');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fhome$/);
});

test('an unknown route shows the 404 page', async ({ page, context, request, baseURL }) => {
  await useSessionOf(context, baseURL!, await createUser(request, { tag: 'notfound' }));
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});
