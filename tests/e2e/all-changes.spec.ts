import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { MESSAGES } from '@tessera/contracts';
import { expect, test } from './support/fixtures';
import { PASSWORD, uniqueEmail } from './support/helpers';
import { DevOutbox, EditorPage, HomePage, LoginPage } from './support/pages';

const SHOTS_DIR = join(import.meta.dirname, '../../.test-output/screenshots');

async function shoot(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width > 600 ? 800 : 812 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(SHOTS_DIR, `all-changes-${name}-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** Picks the option of `select` whose label starts with "Version {number} ·". */
async function pickVersion(select: Locator, number: number) {
  const label = await select.locator('option', { hasText: new RegExp(`^Version ${number} ·`) }).textContent();
  await select.selectOption({ label: label! });
}

test('All Changes compares any two versions: the first version as base lists the files of both chat turns', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('all-changes');
  const login = new LoginPage(page);
  await login.goto();
  await login.openSignUpTab();
  await login.signUp({ name: 'Grace Hopper', email, password: PASSWORD });
  await new DevOutbox(page, request).openLink(email, /verify your email/i);
  await new HomePage(page).expectOpen();

  // The app described on Home (the offline builder answers) is version 1; two chat turns follow.
  await page
    .getByRole('textbox', { name: 'What do you want to build?' })
    .fill('Build a task tracker with tasks (title, done, due date) and projects (name)');
  await page.getByRole('button', { name: 'Build it' }).click();
  await expect(page).toHaveURL(/\/build\/app\/[0-9a-f-]+$/);
  const editor = new EditorPage(page);
  const assistant = editor.chat.locator('li[data-role="assistant"]');
  await expect(assistant.last().getByText(/^Answered by /)).toBeVisible({ timeout: 90_000 });
  await editor.ask('add a priority field to tasks');
  await expect(assistant).toHaveCount(2);
  await editor.ask('add a Contacts entity with name and email');
  await expect(assistant).toHaveCount(3);

  // All Changes opens on what the last turn changed: version 3 against version 2.
  await page.getByRole('button', { name: 'All Changes' }).click();
  const dialog = page.getByRole('dialog', { name: 'All Changes' });
  const compare = dialog.getByRole('group', { name: 'Compare' });
  const base = compare.getByLabel('Base version');
  const target = compare.getByLabel('Target version');
  await expect(target.locator('option:checked')).toHaveText(/^Version 3 · .+ · just now$/);
  await expect(base.locator('option:checked')).toHaveText(/^Version 2 · /);
  await expect(base.locator('option')).toHaveText([/^Version 3 · /, /^Version 2 · /, /^Version 1 · /]);
  const files = dialog.getByRole('navigation', { name: 'Changed files' });
  const file = (path: string, status: string) => files.getByRole('button', { name: `${path} ${status}`, exact: true });
  await expect(file('entities/Contact.json', 'added')).toBeVisible();
  await expect(file('entities/Task.json', 'modified')).toHaveCount(0);

  // The first version as base: the files of both turns.
  await pickVersion(base, 1);
  await expect(file('entities/Task.json', 'modified')).toBeVisible();
  await expect(file('entities/Contact.json', 'added')).toBeVisible();
  await expect(dialog.locator('tr[data-kind="add"]').first()).toBeVisible();
  await shoot(page, 'base-v1');

  // The same version on both sides changed nothing.
  await pickVersion(target, 1);
  await expect(dialog.getByText(MESSAGES.chat.noChanges)).toBeVisible();
  await expect(files).toHaveCount(0);

  // Closed and opened again, it starts from the version on screen once more.
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'All Changes' }).click();
  await expect(base.locator('option:checked')).toHaveText(/^Version 2 · /);
  await expect(target.locator('option:checked')).toHaveText(/^Version 3 · /);
});
