import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { APP_MESSAGES } from '@tessera/contracts';
import { type Account } from '@tessera/contracts/accounts';
import { expect, test } from './support/fixtures';
import { createUser, E2E_ADMINS, type TestUser } from './support/helpers';
import { LoginPage } from './support/pages';

const SHOTS = '/tmp/shots-plans';
mkdirSync(SHOTS, { recursive: true });

test.describe.configure({ mode: 'serial', timeout: 120_000 });

/** Screenshots at 1280 and 375 px wide (the viewport is put back). */
async function shoot(page: Page, name: string) {
  const size = page.viewportSize()!;
  await page.screenshot({ path: `${SHOTS}/${name}-1280.png`, fullPage: false });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}/${name}-375.png`, fullPage: false });
  await page.setViewportSize(size);
}

async function account(request: APIRequestContext, user: TestUser): Promise<Account> {
  const res = await request.get('/api/live_api/account/current', {
    headers: { authorization: `Bearer ${user.token}` },
  });
  return (await res.json()) as Account;
}

async function createApp(request: APIRequestContext, user: TestUser): Promise<string> {
  const res = await request.post('/api/apps', {
    headers: { authorization: `Bearer ${user.token}` },
    data: {
      appType: 'generated',
      genApp: { name: 'Plan shop', entities: {}, pages: { Home: 'export default function Home() { return null; }' } },
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { appId: string }).appId;
}

async function openDataSources(page: Page, appId: string): Promise<Locator> {
  await page.goto(`/build/app/${appId}`);
  const dialog = page.getByRole('dialog', { name: 'Data Sources' });
  const openMenu = page.getByRole('button', { name: 'Open menu' });
  if (await openMenu.isVisible()) await openMenu.click();
  await page
    .getByRole('navigation', { name: 'Builder menu' })
    .getByRole('button', { name: /^Data sources/ })
    .click();
  await expect(dialog).toBeVisible();
  return dialog;
}

async function addText(dialog: Locator, text: string) {
  await dialog.getByRole('textbox', { name: 'Text', exact: true }).fill(text);
  await dialog.getByRole('button', { name: 'Add text' }).click();
}

const planCard = (scope: Locator | Page, id: string) => scope.getByTestId(`plan-card-${id}`);

test('a lite builder upgrades through Stripe and Gumroad; limits apply at once; a cancellation shows in settings', async ({
  page,
  request,
}) => {
  const user = await createUser(request, { tag: 'plans' });
  const appId = await createApp(request, user);
  const login = new LoginPage(page);
  await login.goto();
  expect(await login.signIn(user.email, user.password)).toBe(200);
  await expect(page).toHaveURL(/\/home/);

  // From a limit: the second data item of the lite plan.
  let dialog = await openDataSources(page, appId);
  await addText(dialog, 'Our shop opens at nine.');
  await expect.poll(async () => dialog.getByRole('list', { name: 'Data items' }).getByRole('listitem').count()).toBe(1);
  await addText(dialog, 'Refunds within 30 days.');
  const upgrade = page.getByRole('dialog', { name: 'Upgrade your plan' });
  await expect(upgrade).toBeVisible();
  await expect(upgrade.getByRole('status')).toContainText(APP_MESSAGES.freeDataItemsLimit);
  await expect(planCard(upgrade, 'free')).toHaveAttribute('data-state', 'selected');
  await expect(planCard(upgrade, 'free').getByRole('button', { name: 'Current plan' })).toBeDisabled();
  await expect(planCard(upgrade, 'explorer')).toHaveAttribute('data-state', 'upgrade');
  await expect(planCard(upgrade, 'explorer')).toContainText('$19.00');
  // The builder lays itself out again on a phone (dialogs close): this one is shot at 1280 only.
  await page.screenshot({ path: `${SHOTS}/upgrade-dialog-limit-1280.png` });
  await upgrade.getByRole('button', { name: 'Not now' }).click();
  await expect(upgrade).toBeHidden();

  // From ?goto=upgrade_app_plan: the dialog opens on any page, and the parameter goes away.
  await page.goto('/home?goto=upgrade_app_plan');
  await expect(upgrade).toBeVisible();
  await expect(page).toHaveURL(/\/home$/);
  await shoot(page, 'upgrade-dialog');

  // Stripe: the card's button goes to the hosted checkout; paying comes back to settings.
  await planCard(upgrade, 'explorer').getByRole('button', { name: 'Upgrade' }).click();
  await expect(page.getByRole('heading', { name: 'Fake Stripe checkout' })).toBeVisible();
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/settings/);
  await expect(page.getByTestId('settings-plan')).toContainText('Explorer plan');
  await expect(page.getByTestId('settings-plan-status')).toContainText('Active');
  await expect(page.getByRole('button', { name: 'Manage billing' })).toBeVisible();
  expect((await account(request, user)).plan).toBe('explorer');

  // The new limits apply at once: the second data item goes in.
  dialog = await openDataSources(page, appId);
  await addText(dialog, 'Refunds within 30 days.');
  await expect(page.getByRole('dialog', { name: 'Upgrade your plan' })).toBeHidden();
  await expect.poll(async () => dialog.getByRole('list', { name: 'Data items' }).getByRole('listitem').count()).toBe(2);

  // Gumroad: the MOON card's link, the fake's product page, back to settings with sale_id.
  await page.goto('/settings?goto=upgrade_app_plan');
  await expect(planCard(upgrade, 'free')).toHaveAttribute('data-state', 'downgrade');
  await expect(planCard(upgrade, 'explorer')).toHaveAttribute('data-state', 'selected');
  await planCard(upgrade, 'moon').getByRole('button', { name: 'Pay with Gumroad' }).click();
  await expect(page.getByRole('heading', { name: 'MOON' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(user.email);
  await page.getByRole('button', { name: 'I want this!' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByText('Your plan is now Moon')).toBeVisible();
  await expect(page.getByTestId('settings-plan')).toContainText('Moon plan');
  const moon = await account(request, user);
  expect(moon).toMatchObject({ plan: 'moon', planSubscriptionStatus: 'active' });
  await shoot(page, 'settings-moon');

  // The buyer cancels on Gumroad: the ping moves the account to cancelled, with its date in settings.
  const gumroadBase = `http://127.0.0.1:${process.env.E2E_GUMROAD_PORT}`;
  await page.goto(`${gumroadBase}/subscriptions/${encodeURIComponent(moon.subscriptionId!)}/manage`);
  await page.getByRole('button', { name: 'Cancel membership' }).click();
  await expect(page.getByText('Your membership was cancelled.')).toBeVisible();
  await page.goto('/settings');
  await expect(page.getByTestId('settings-plan-status')).toContainText('Cancelled');
  const cancelled = await account(request, user);
  expect(cancelled.planSubscriptionStatus).toBe('cancelled');
  const day = new Date(cancelled.planSubscriptionCancelledAt!).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });
  await expect(page.getByTestId('settings-plan-cancelled-at')).toContainText(day);
  await shoot(page, 'settings-cancelled');
});

test('/joinPlan shows the plans to a visitor; the admin screen changes a plan and disables a user', async ({
  page,
  request,
}) => {
  await page.goto('/joinPlan');
  await expect(page.getByRole('heading', { name: 'Choose your plan' })).toBeVisible();
  await expect(planCard(page, 'monetizer')).toHaveAttribute('data-state', 'none');
  await shoot(page, 'join-plan');
  await planCard(page, 'free').getByRole('button', { name: 'Start free' }).click();
  await expect(page).toHaveURL(/\/login\?view=signup/);

  const builder = await createUser(request, { tag: 'plans-managed' });
  const admin = await createUser(request, { email: E2E_ADMINS.plans });
  const login = new LoginPage(page);
  await login.goto('?redirectTo=%2Fadmin');
  expect(await login.signIn(admin.email, admin.password)).toBe(200);
  await expect(page.getByRole('heading', { name: 'Builders' })).toBeVisible();
  await page.getByLabel('Search builders').fill(builder.email);
  const row = page.getByTestId(`admin-builder-${builder.email}`);
  await expect(row).toBeVisible();
  await row.getByLabel(`Plan of ${builder.email}`).selectOption('monetizer');
  await expect(page.getByText(`${builder.email} is now on Monetizer`)).toBeVisible();
  expect((await account(request, builder)).plan).toBe('monetizer');
  await row.getByRole('button', { name: 'Disable' }).click();
  await expect(row.getByText('Disabled')).toBeVisible();
  await shoot(page, 'admin');
  const signIn = await request.post('/api/auth/sign-in/email', {
    data: { email: builder.email, password: builder.password },
  });
  expect(signIn.status()).toBe(403);
});
