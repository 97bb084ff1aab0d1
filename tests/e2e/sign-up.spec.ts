import { expect, test } from './support/fixtures';
import { APP_MESSAGES } from '@tessera/contracts';
import { mailLink, PASSWORD, uniqueEmail } from './support/helpers';

test('sign up, verify the email from the mailed link and land on /home', async ({ page, request }) => {
  const email = uniqueEmail('signup');
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Create account' }).click();
  await page.getByLabel('Name').fill('Ada Lovelace');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();

  // Signed in but unverified: the verification page waits, showing the address.
  await expect(page).toHaveURL(/\/auth\/verifyEmail\?.*continueUrl=%2Fhome/);
  await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();

  const link = await mailLink(request, email, /verify your email/i);
  expect(link).toContain('/api/auth/verify-email?token=');
  await page.goto(link);

  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: 'Your apps' })).toBeVisible();
  await expect(page.getByText(APP_MESSAGES.emailVerified)).toBeVisible();
  await expect(page.getByText('No apps yet')).toBeVisible();
  await expect(page.getByText('Lite plan').first()).toBeVisible();
});

test('a tampered verification link explains itself', async ({ page }) => {
  await page.goto(
    `/api/auth/verify-email?token=tampered&callbackURL=${encodeURIComponent('/auth/handler?mode=verifyEmail&continueUrl=%2Fhome')}`,
  );
  await expect(page).toHaveURL(/\/auth\/handler\?mode=verifyEmail.*error=INVALID_TOKEN/);
  await expect(page.getByText(APP_MESSAGES.verifyLinkInvalid)).toBeVisible();
});
