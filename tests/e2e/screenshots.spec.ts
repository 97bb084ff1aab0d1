import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { createUser, useSessionOf } from './support/helpers';

const SHOTS_DIR = join(import.meta.dirname, '../../.test-output/screenshots');
const WIDTHS = [1280, 375];

async function shoot(page: Page, name: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width > 600 ? 800 : 812 });
    // Let layout settle after the resize (no animations are running on these pages).
    await page.waitForTimeout(150);
    await page.screenshot({ path: join(SHOTS_DIR, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: WIDTHS[0]!, height: 800 });
}

test('screenshots of /login, /home and /settings at 1280 and 375 px', async ({ page, context, request, baseURL }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await shoot(page, 'login');

  await page.goto('/login?view=signup');
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await shoot(page, 'signup');

  const user = await createUser(request, { tag: 'shots', name: 'Grace Hopper' });
  await useSessionOf(context, baseURL!, user);
  await page.goto('/home');
  await expect(page.getByRole('heading', { name: 'Your apps' })).toBeVisible();
  await expect(page.getByText('Lite plan').first()).toBeVisible();
  await shoot(page, 'home');

  await page.getByRole('button', { name: 'New app' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await shoot(page, 'home-new-app');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();

  await page.goto('/settings');
  await expect(page.getByTestId('settings-email')).toHaveText(user.email);
  await shoot(page, 'settings');
});

test('screenshots of the other screens (verify email, reset, dev outbox, errors)', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  await page.goto('/login?view=forgot');
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await shoot(page, 'forgot-password');
  await page.getByLabel('Email').fill('someone@example.com');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Check your inbox')).toBeVisible();
  await shoot(page, 'forgot-password-sent');

  await page.goto('/auth/handler?mode=resetPassword&token=screenshot');
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await shoot(page, 'reset-password');

  await page.goto('/error/unauthorized?reason=account&paymentId=sale_123');
  await expect(page.getByRole('heading', { name: /couldn’t set up your account/ })).toBeVisible();
  await shoot(page, 'unauthorized');

  const user = await createUser(request, { tag: 'shots-unverified', verified: false });
  await useSessionOf(context, baseURL!, user);
  await page.goto('/home');
  await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
  await shoot(page, 'verify-email');

  await page.goto('/dev/mail');
  await expect(page.getByTestId('outbox-mail').first()).toBeVisible();
  await shoot(page, 'dev-mail');
});
