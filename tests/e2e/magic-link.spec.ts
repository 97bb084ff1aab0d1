import { expect, test } from './support/fixtures';
import { MESSAGES } from '@tessera/contracts';
import { createUser } from './support/helpers';
import { DevOutbox, HomePage, LoginPage } from './support/pages';

test('magic link: request it, open it, signed in on /home; the link works once', async ({ page, request }) => {
  const user = await createUser(request, { tag: 'magic' });

  const login = new LoginPage(page);
  await login.goto();
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in with a link' })).toBeVisible();
  await login.requestMagicLink(user.email);
  await expect(page.getByText(MESSAGES.magicLink.sent).first()).toBeVisible();

  const link = await new DevOutbox(page, request).openLink(user.email, /sign-in link/i);
  expect(link).toContain('/auth/handler?mode=signIn');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByText(MESSAGES.magicLink.signedIn)).toBeVisible();
  await expect(new HomePage(page).heading).toBeVisible();

  // A second use is refused with the spec's text and a way back.
  await page.goto(link);
  await expect(page.getByRole('alert').filter({ hasText: MESSAGES.magicLink.invalidOrExpired }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to sign in' })).toBeVisible();
});

test('magic link with an invalid email shows the spec message', async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto('?view=magic');
  await login.email.fill('nope@nowhere');
  await login.email.press('Enter');
  await expect(login.alert).toHaveText(MESSAGES.magicLink.invalidEmail);
});
