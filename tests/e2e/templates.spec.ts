import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { TEMPLATE_MESSAGES, TOOL_MESSAGES } from '@tessera/contracts';
import { expect, test } from './support/fixtures';
import { createUser, E2E_ADMINS, PASSWORD, uniqueEmail, useSessionOf } from './support/helpers';
import { DevOutbox, EditorPage, HomePage, LoginPage } from './support/pages';

const SHOTS_DIR = join(import.meta.dirname, '../../.test-output/screenshots');

// The offline builder's book-club reference description (packages/agent/src/offline/golden/book-club).
const DESCRIPTION =
  'A book club app for our club: members can RSVP to meetings; each meeting is about a book and has a date and a host. Books have a title, author, cover image and a rating from 1 to 5.';

/** A 16x16 orange PNG: the template's picture. */
const IMAGE_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAF0lEQVR4nGP4n8ZAEiJN9aiGUQ1DSgMAyh1lEEKSRAcAAAAASUVORK5CYII=',
  'base64',
);

async function shoot(page: Page, name: string, { fullPage = true } = {}) {
  mkdirSync(SHOTS_DIR, { recursive: true });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width > 600 ? 800 : 812 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(SHOTS_DIR, `templates-${name}-${width}.png`), fullPage });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** The template section of App settings at 1280 and 375 px (the phone opens the panel as a drawer). */
async function shootSettings(page: Page, appId: string) {
  mkdirSync(SHOTS_DIR, { recursive: true });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width > 600 ? 800 : 812 });
    await page.goto(`/build/app/${appId}?panel=settings`);
    const save = page.getByRole('form', { name: 'Template' }).getByRole('button', { name: 'Save template' });
    await save.scrollIntoViewIfNeeded();
    await expect(save).toBeDisabled();
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(SHOTS_DIR, `templates-settings-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/build/app/${appId}?panel=settings`);
}

// docs/product/templates.md: an admin offers a published app as a template; a new builder starts
// their own copy of it from Home and lands in its editor.
test('an admin offers a published app as a template; a new builder starts their own copy from Home', async ({
  page,
  context,
  request,
  baseURL,
  browser,
}) => {
  test.setTimeout(180_000);
  const admin = await createUser(request, { email: E2E_ADMINS.templates, name: 'Template Admin' });
  await useSessionOf(context, baseURL!, admin);
  const home = new HomePage(page);
  await home.goto();
  await home.expectOpen();
  const templateId = await home.buildApp(DESCRIPTION);
  const editor = new EditorPage(page);
  await expect(await editor.waitForReply()).toContainText('Book Club');
  await editor.publish();

  // App settings: the template section, with the category list managed in place.
  await editor.menuEntry(/App settings/).click();
  const form = editor.panel.getByRole('form', { name: 'Template' });
  await form.scrollIntoViewIfNeeded();
  const newCategory = form.getByRole('textbox', { name: /New category/ });
  await form.getByRole('button', { name: 'Add category' }).click();
  await expect(form.getByText(TOOL_MESSAGES.categoryEmpty)).toBeVisible();
  await newCategory.fill('Clubs');
  await form.getByRole('button', { name: 'Add category' }).click();
  await expect(form.getByRole('combobox', { name: 'Template category' })).toHaveValue('Clubs');
  await newCategory.fill('clubs');
  await form.getByRole('button', { name: 'Add category' }).click();
  await expect(form.getByText(TOOL_MESSAGES.categoryExists)).toBeVisible();
  await newCategory.fill('');
  await form
    .getByRole('textbox', { name: /Template description/ })
    .fill('Meetings, books and RSVPs for a reading club.');
  await form
    .getByLabel('Template image file')
    .setInputFiles({ name: 'club.png', mimeType: 'image/png', buffer: IMAGE_PNG });
  await expect(form.getByRole('img', { name: 'Template image' })).toBeVisible({ timeout: 15_000 });
  await form.getByRole('switch', { name: 'Offer as a template' }).click();
  await form.getByRole('switch', { name: /Pro only/ }).click();
  await form.getByRole('button', { name: 'Save template' }).click();
  await expect(page.getByText('Offered as a template')).toBeVisible();
  await expect(form.getByRole('button', { name: 'Save template' })).toBeDisabled();
  await shootSettings(page, templateId);

  // A second builder signs up through the UI and finds the template on Home, marked Pro.
  const builderContext = await browser.newContext({ baseURL });
  const builderPage = await builderContext.newPage();
  const email = uniqueEmail('template-user');
  const login = new LoginPage(builderPage);
  await login.goto();
  await login.openSignUpTab();
  await login.signUp({ name: 'Grace Builder', email, password: PASSWORD });
  await expect(builderPage).toHaveURL(/\/auth\/verifyEmail/);
  await new DevOutbox(builderPage, request).openLink(email, /verify your email/i);
  const builderHome = new HomePage(builderPage);
  await builderHome.expectOpen();
  const gallery = builderPage.getByRole('region', { name: 'Start from a template' });
  const card = gallery.getByRole('article', { name: 'Book Club' });
  await expect(card).toBeVisible();
  await expect(card.getByText('Clubs')).toBeVisible();
  await expect(card.getByText('Meetings, books and RSVPs for a reading club.')).toBeVisible();
  await expect(card.getByText('Pro', { exact: true })).toBeVisible();
  await expect(card.locator('img[src*="/files/"]')).toHaveJSProperty('complete', true);

  // On the free plan a Pro template opens the upgrade dialog instead.
  await card.getByRole('button', { name: 'Use template Book Club' }).click();
  const upgrade = builderPage.getByRole('dialog', { name: 'Upgrade your plan' });
  await expect(upgrade).toBeVisible();
  await expect(upgrade).toContainText(TEMPLATE_MESSAGES.proOnly);
  await shoot(builderPage, 'upgrade', { fullPage: false });
  await builderPage.keyboard.press('Escape');
  await expect(upgrade).toBeHidden();

  // The admin makes it free for all; the builder's Home shows it without the badge.
  await form.getByRole('switch', { name: /Pro only/ }).click();
  await form.getByRole('button', { name: 'Save template' }).click();
  await expect(form.getByRole('button', { name: 'Save template' })).toBeDisabled();
  await builderPage.reload();
  await expect(card.getByText('Clubs')).toBeVisible();
  await expect(card.getByText('Pro', { exact: true })).toBeHidden();
  const chips = gallery.getByRole('group', { name: 'Template categories' });
  await chips.getByRole('button', { name: 'Clubs' }).click();
  await expect(chips.getByRole('button', { name: 'Clubs' })).toHaveAttribute('aria-pressed', 'true');
  await expect(card).toBeVisible();
  await shoot(builderPage, 'gallery');

  // A double click makes one copy, and the editor opens on it with the template's pages.
  await card.getByRole('button', { name: 'Use template Book Club' }).dblclick();
  await expect(builderPage).toHaveURL(/\/build\/app\/[0-9a-f-]+$/);
  const copyId = builderPage.url().split('/').at(-1)!;
  expect(copyId).not.toBe(templateId);
  const copyEditor = new EditorPage(builderPage);
  // The preview bundles the copy's files on first use: on a busy machine that can take a while.
  await expect(copyEditor.preview().getByRole('heading', { name: 'Dashboard' })).toBeVisible({ timeout: 60_000 });
  await shoot(builderPage, 'copy-editor', { fullPage: false });
  await builderHome.goto();
  await builderHome.expectOpen();
  const apps = builderPage.getByRole('region', { name: 'Your apps' });
  await expect(apps.getByRole('listitem')).toHaveCount(1);
  await expect(apps.getByRole('link', { name: 'Book Club' })).toHaveAttribute('href', `/build/app/${copyId}`);
  await builderContext.close();
});
