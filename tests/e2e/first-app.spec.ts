import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { mailLink, PASSWORD, uniqueEmail } from './support/helpers';

const SHOTS_DIR = join(import.meta.dirname, '../../.test-output/screenshots');
const DESCRIPTION = 'Build a task tracker with tasks (title, done, due date) and projects (name)';

async function shoot(page: Page, name: string, fullPage = false) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width > 600 ? 800 : 812 });
    await page.waitForTimeout(200);
    await page.screenshot({ path: join(SHOTS_DIR, `first-app-${name}-${width}.png`), fullPage });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('the first hour: sign up, describe an app on Home, watch it build, then rename, duplicate and delete', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('first-app');
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Create account' }).click();
  await page.getByLabel('Name').fill('Ada Lovelace');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/auth\/verifyEmail/);
  await page.goto(await mailLink(request, email, /verify your email/i));
  await expect(page).toHaveURL(/\/home$/);

  // Home leads with the description box.
  const prompt = page.getByRole('textbox', { name: 'What do you want to build?' });
  await expect(prompt).toBeFocused();
  await expect(page.getByText('No apps yet')).toBeVisible();
  await shoot(page, 'home-empty');
  await page.getByRole('button', { name: 'New app' }).click();
  const dialog = page.getByRole('dialog', { name: 'New app' });
  await expect(dialog.getByRole('textbox', { name: 'Describe your app' })).toBeFocused();
  await shoot(page, 'new-app-dialog');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // An example fills the box; the builder writes their own and builds it (a double click makes one app).
  await page.getByRole('button', { name: /^A study buddy/ }).click();
  await expect(prompt).toHaveValue(/study buddy/);
  await prompt.fill(DESCRIPTION);
  await page.getByRole('button', { name: 'Build it' }).dblclick();
  await expect(page).toHaveURL(/\/build\/app\/[0-9a-f-]+$/);
  const appId = page.url().split('/').at(-1)!;

  // The editor opens with the description as the first message, streaming; the preview shows the app.
  const chat = page.getByRole('region', { name: 'Chat' });
  await expect(chat.locator('li[data-role="user"]')).toHaveText(/Build a task tracker/);
  await expect(chat.locator('[data-status="ready"]')).toBeVisible({ timeout: 90_000 });
  await expect(
    chat
      .locator('li[data-role="assistant"]')
      .last()
      .getByText(/^Answered by /),
  ).toBeVisible({
    timeout: 30_000,
  });
  const frame = page.frameLocator('iframe[title="App preview"]');
  await expect(frame.locator('body')).toContainText(/task/i, { timeout: 30_000 });
  await shoot(page, 'editor-first-reply');

  // A reload does not send the description again.
  await page.reload();
  await expect(chat.locator('li[data-role="assistant"]').first()).toBeVisible({ timeout: 30_000 });
  await page.waitForTimeout(1000);
  await expect(chat.locator('li[data-role="user"]')).toHaveCount(1);

  // Back on Home: one card, a draft, just edited.
  await page.goto('/home');
  const cards = page.getByRole('list').filter({ has: page.getByRole('link', { name: 'Task Tracker' }) });
  await expect(cards.getByRole('listitem')).toHaveCount(1);
  const card = cards.getByRole('listitem').first();
  await expect(card.getByText('Draft')).toBeVisible();
  await expect(card.getByText('Edited just now')).toBeVisible();
  await expect(card.getByRole('link', { name: 'Task Tracker' })).toHaveAttribute('href', `/build/app/${appId}`);
  await shoot(page, 'home-with-app', true);

  // Rename.
  await card.getByRole('button', { name: 'Actions for Task Tracker' }).click();
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename app' });
  await rename.getByLabel('Name').fill('Team Tasks');
  await rename.getByRole('button', { name: 'Rename' }).click();
  await expect(rename).toBeHidden();
  await expect(page.getByRole('link', { name: 'Team Tasks' })).toBeVisible();

  // Duplicate, with its data.
  await page.getByRole('button', { name: 'Actions for Team Tasks' }).click();
  await page.getByRole('menuitem', { name: 'Duplicate' }).click();
  const duplicate = page.getByRole('dialog', { name: 'Duplicate Team Tasks' });
  await duplicate.getByRole('checkbox').check();
  await duplicate.getByRole('button', { name: 'Duplicate' }).click();
  await expect(duplicate).toBeHidden();
  await expect(page.getByRole('link', { name: 'Team Tasks copy' })).toBeVisible();

  // Delete the copy: the button waits for its name.
  await page.getByRole('button', { name: 'Actions for Team Tasks copy' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Team Tasks copy?' });
  const deleteButton = confirm.getByRole('button', { name: 'Delete app' });
  await expect(deleteButton).toBeDisabled();
  await confirm.getByLabel('Type Team Tasks copy to confirm').fill('Team Tasks copy');
  await deleteButton.click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('link', { name: 'Team Tasks copy' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Team Tasks' })).toBeVisible();
});
