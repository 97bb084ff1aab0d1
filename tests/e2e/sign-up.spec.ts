import { expect, test } from './support/fixtures';
import { APP_MESSAGES } from '@tessera/contracts';
import { PASSWORD, uniqueEmail } from './support/helpers';
import { DevOutbox, HomePage, LoginPage } from './support/pages';

test('sign up, verify the email from the mailed link and land on /home', async ({ page, request }) => {
  const email = uniqueEmail('signup');
  const login = new LoginPage(page);
  await login.goto();
  await login.openSignUpTab();
  await login.signUp({ name: 'Ada Lovelace', email, password: PASSWORD });

  // Signed in but unverified: the verification page waits, showing the address.
  await expect(page).toHaveURL(/\/auth\/verifyEmail\?.*continueUrl=%2Fhome/);
  await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();

  const link = await new DevOutbox(page, request).openLink(email, /verify your email/i);
  expect(link).toContain('/api/auth/verify-email?token=');

  await new HomePage(page).expectOpen();
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
