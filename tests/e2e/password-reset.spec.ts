import { expect, test } from './support/fixtures';
import { APP_MESSAGES, MESSAGES } from '@tessera/contracts';
import { createUser, waitForMail } from './support/helpers';
import { DevOutbox, HomePage, LoginPage } from './support/pages';

test('forgot password: mail, new password, sign in with it', async ({ page, request }) => {
  const user = await createUser(request, { tag: 'reset' });
  const newPassword = 'Brand-new-Pass!77';
  const login = new LoginPage(page);

  await login.goto();
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await login.requestPasswordReset(user.email);
  await expect(page.getByText('Check your inbox')).toBeVisible();
  await expect(page.getByText(APP_MESSAGES.resetEmailSent)).toBeVisible();

  const link = await new DevOutbox(page, request).openLink(user.email, /reset your tessera password/i);
  expect(link).toContain('/auth/handler?mode=resetPassword');
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();

  // A weak password is refused inline, with the reset's own wording.
  await page.getByLabel('New password').fill('12345678');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.passwordReset.weakPassword);

  await page.getByLabel('New password').fill(newPassword);
  await page.getByLabel('New password').press('Enter');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(APP_MESSAGES.passwordResetDone)).toBeVisible();

  await login.email.fill(user.email);
  await login.password.fill(newPassword);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await new HomePage(page).expectOpen();
});

test('an invalid reset link sends the user back to login with the spec message', async ({ page }) => {
  await page.goto('/auth/handler?mode=resetPassword&token=not-a-real-token&continueUrl=%2Fhome');
  await page.getByLabel('New password').fill('Another-good-Pass!9');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page).toHaveURL(/\/login\?view=forgot$/);
  await expect(page.getByText(MESSAGES.passwordReset.invalidLink)).toBeVisible();
});

test('a double click on "Send reset link" sends one mail', async ({ page, request }) => {
  const user = await createUser(request, { tag: 'reset-twice' });
  const login = new LoginPage(page);
  await login.goto('?view=forgot');
  await login.email.fill(user.email);
  await page.getByRole('button', { name: 'Send reset link' }).dblclick();
  await expect(page.getByText('Check your inbox')).toBeVisible();
  await waitForMail(request, user.email, /reset your tessera password/i);
  // A second mail would be on its way by now: give it the time to land, then count.
  await page.waitForTimeout(1500);
  const response = await request.get(`/api/dev/outbox?${new URLSearchParams({ to: user.email })}`);
  const { mails } = (await response.json()) as { mails: Array<{ subject: string }> };
  expect(mails.filter((mail) => /reset your tessera password/i.test(mail.subject))).toHaveLength(1);
});
