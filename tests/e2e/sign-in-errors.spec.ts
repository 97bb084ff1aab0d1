import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { MESSAGES } from '@tessera/contracts';
import { createUser, PASSWORD, uniqueEmail } from './support/helpers';

/**
 * Each sign-in and sign-up error shows the spec's exact text. The whole suite stays far below the
 * server's 30 sign-in attempts per address per minute.
 */
async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/auth/sign-in/email'));
  await page.getByLabel('Password', { exact: true }).press('Enter');
  return (await answer).status();
}

async function signUp(page: Page, email: string, password: string) {
  await page.goto('/login?view=signup');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
}

test('a wrong password or an unknown user: "Invalid email or password"', async ({ page, request }) => {
  const user = await createUser(request, { tag: 'wrongpw' });
  await page.goto('/login');
  expect(await signIn(page, user.email, 'not-the-password-1')).toBe(401);
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.login.invalidCredentials);

  expect(await signIn(page, uniqueEmail('nobody'), PASSWORD)).toBe(401);
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.login.invalidCredentials);
});

test('the right password signs in and goes to redirectTo', async ({ page, request }) => {
  const user = await createUser(request, { tag: 'signin' });
  await page.goto('/login?redirectTo=%2Fsettings');
  expect(await signIn(page, user.email, user.password)).toBe(200);
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByTestId('settings-email')).toHaveText(user.email);
});

test('five failures for one email: "Too many login attempts, try again later"', async ({ page, request }) => {
  const user = await createUser(request, { tag: 'locked' });
  await page.goto('/login');
  for (let i = 0; i < 5; i++) {
    expect(await signIn(page, user.email, `wrong-password-${i}`)).toBe(401);
    await expect(page.getByRole('alert')).toHaveText(MESSAGES.login.invalidCredentials);
  }
  // Even the right password is refused while the email is locked.
  expect(await signIn(page, user.email, user.password)).toBe(429);
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.login.tooManyAttempts);
});

test('sign-up with a weak password: "This password is too weak"', async ({ page }) => {
  await signUp(page, uniqueEmail('weak'), 'password');
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.signUp.weakPassword);
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('aria-invalid', 'true');
});

test('sign-up with a used email: "This email is already in use, try logging in"', async ({ page, request }) => {
  const user = await createUser(request, { tag: 'taken', verified: false });
  await signUp(page, user.email, PASSWORD);
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.signUp.emailInUse);
});

test('sign-up with an invalid email: "This email is invalid"', async ({ page }) => {
  await signUp(page, 'not-an-email', PASSWORD);
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.signUp.invalidEmail);
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
});
