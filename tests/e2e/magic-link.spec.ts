import { expect, test } from './support/fixtures';
import { MESSAGES } from '@tessera/contracts';
import { createUser, mailLink } from './support/helpers';

test('magic link: request it, open it, signed in on /home; the link works once', async ({ page, request }) => {
  const user = await createUser(request, { tag: 'magic' });

  await page.goto('/login');
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in with a link' })).toBeVisible();
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Send magic link' }).click();
  await expect(page.getByText(MESSAGES.magicLink.sent).first()).toBeVisible();

  const link = await mailLink(request, user.email, /sign-in link/i);
  expect(link).toContain('/auth/handler?mode=signIn');
  await page.goto(link);
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByText(MESSAGES.magicLink.signedIn)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your apps' })).toBeVisible();

  // A second use is refused with the spec's text and a way back.
  await page.goto(link);
  await expect(page.getByRole('alert').filter({ hasText: MESSAGES.magicLink.invalidOrExpired }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to sign in' })).toBeVisible();
});

test('magic link with an invalid email shows the spec message', async ({ page }) => {
  await page.goto('/login?view=magic');
  await page.getByLabel('Email').fill('nope@nowhere');
  await page.getByLabel('Email').press('Enter');
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.magicLink.invalidEmail);
});
