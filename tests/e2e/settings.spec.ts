import { expect, test } from './support/fixtures';
import { APP_MESSAGES, MESSAGES } from '@tessera/contracts';
import { createUser, mailLink, uniqueEmail, useSessionOf } from './support/helpers';

test('change email: the confirmation is mailed, and opening it updates the address', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const user = await createUser(request, { tag: 'chgmail' });
  const newEmail = uniqueEmail('chgmail-new');
  await useSessionOf(context, baseURL!, user);

  await page.goto('/settings');
  await expect(page.getByTestId('settings-email')).toHaveText(user.email);
  await expect(page.getByText('Verified', { exact: true })).toBeVisible();
  await page.getByLabel('New email address').fill(newEmail);
  await page.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(page.getByRole('status').filter({ hasText: APP_MESSAGES.emailChangeSent })).toBeVisible();

  const link = await mailLink(request, newEmail, /confirm your new email/i);
  expect(new URL(link).searchParams.get('callbackURL')).toContain('/auth/handler?mode=verifyAndChangeEmail');
  await page.goto(link);
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByText(MESSAGES.emailChange.updated)).toBeVisible();
  await expect(page.getByTestId('settings-email')).toHaveText(newEmail);
});

test('change email to an address in use: "This email is already in use"', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const [user, other] = await Promise.all([
    createUser(request, { tag: 'conflict' }),
    createUser(request, { tag: 'conflict-other', verified: false }),
  ]);
  await useSessionOf(context, baseURL!, user);
  await page.goto('/settings');
  await page.getByLabel('New email address').fill(other.email);
  await page.getByLabel('New email address').press('Enter');
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.emailChange.emailInUse);
});

test('change password: wrong current password, then success', async ({ page, context, request, baseURL }) => {
  const user = await createUser(request, { tag: 'chgpw' });
  await useSessionOf(context, baseURL!, user);
  await page.goto('/settings');
  await page.getByLabel('Current password').fill('not-my-password-1');
  await page.getByLabel('New password').fill('Fresh-new-Pass!55');
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(page.getByRole('alert')).toHaveText(APP_MESSAGES.currentPasswordWrong);

  await page.getByLabel('Current password').fill(user.password);
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(page.getByText(APP_MESSAGES.passwordChanged)).toBeVisible();
  // Still signed in with the token the server handed back.
  await page.reload();
  await expect(page.getByTestId('settings-email')).toHaveText(user.email);
});
