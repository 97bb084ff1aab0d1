import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { TEMPLATE_MESSAGES } from '@tessera/contracts/templates';
import { TOOL_MESSAGES } from '@tessera/contracts/tools';
import { expect, test } from './support/fixtures';
import { createUser, E2E_ADMINS, PASSWORD, uniqueEmail, useSessionOf } from './support/helpers';
import { DevOutbox, EditorPage, HomePage, LoginPage, ToolBuilderPage } from './support/pages';

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

/** A panel's template section at 1280 and 375 px, from its switch down. */
async function shootSection(page: Page, form: Locator, name: string) {
  mkdirSync(SHOTS_DIR, { recursive: true });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width > 600 ? 800 : 812 });
    await form.getByRole('heading', { name: 'Template library' }).scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(SHOTS_DIR, `templates-${name}-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** Someone signing up through the UI in a browser of their own, on Home once their address is verified. */
async function signUpElsewhere(
  browser: Browser,
  baseURL: string,
  request: APIRequestContext,
  name: string,
  email: string,
) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const login = new LoginPage(page);
  await login.goto();
  await login.openSignUpTab();
  await login.signUp({ name, email, password: PASSWORD });
  await expect(page).toHaveURL(/\/auth\/verifyEmail/);
  await new DevOutbox(page, request).openLink(email, /verify your email/i);
  const home = new HomePage(page);
  await home.expectOpen();
  return { context, page, home };
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
  const {
    context: builderContext,
    page: builderPage,
    home: builderHome,
  } = await signUpElsewhere(browser, baseURL!, request, 'Grace Builder', uniqueEmail('template-user'));
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

// docs/product/templates.md: a single AI tool is offered from its Tool settings with the same
// section as App settings, once it is live; another builder's copy opens in its own tool builder.
test('an admin offers a live AI tool from its Tool settings; another builder starts from it in the tool builder', async ({
  page,
  request,
  baseURL,
  browser,
}) => {
  test.setTimeout(180_000);
  const email = E2E_ADMINS.templatesTool;
  const login = new LoginPage(page);
  await login.goto();
  await login.openSignUpTab();
  await login.signUp({ name: 'Tool Admin', email, password: PASSWORD });
  await new DevOutbox(page, request).openLink(email, /verify your email/i);
  await new HomePage(page).expectOpen();
  await page.getByRole('tab', { name: 'AI tool' }).click();
  const prompt = page.getByRole('textbox', { name: 'What do you want to build?' });
  await prompt.fill('Fridge chef');
  await prompt.press('Enter');
  await expect(page).toHaveURL(/\/build\/app\/[0-9a-f-]+\/tool\/[^/]+$/);
  const builder = new ToolBuilderPage(page);
  await expect(builder.preview.getByRole('heading', { name: 'Fridge chef' })).toBeVisible();
  await builder.open('Tool texts');
  await builder.panel.getByLabel(/^Description/).fill('Dinner ideas from what is in your fridge.');
  await builder.done();

  // Tool settings have App settings' template section (no bare template switches), waiting for the tool to go live.
  await builder.open('Tool settings');
  const form = builder.panel.getByRole('form', { name: 'Template' });
  await expect(form.getByRole('switch', { name: 'Offer as a template' })).toBeDisabled();
  await expect(form).toContainText(TEMPLATE_MESSAGES.needsLiveTool);
  await expect(builder.panel.getByRole('switch', { name: /Tool template|Pro tool/ })).toHaveCount(0);
  await expect(page.getByText('Email verified')).toBeHidden({ timeout: 15_000 });
  await shootSection(page, form, 'tool-settings-draft');
  await builder.done();
  await page.getByRole('switch', { name: 'Fridge chef is live' }).click();
  const live = page.getByRole('dialog', { name: 'Activate Your Tool' });
  await live.getByRole('button', { name: 'Done' }).click();

  await builder.open('Tool settings');
  const newCategory = form.getByRole('textbox', { name: /New category/ });
  await form.getByRole('button', { name: 'Add category' }).click();
  await expect(form.getByText(TOOL_MESSAGES.categoryEmpty)).toBeVisible();
  await newCategory.fill('Kitchen');
  await form.getByRole('button', { name: 'Add category' }).click();
  await expect(form.getByRole('combobox', { name: 'Template category' })).toHaveValue('Kitchen');
  await newCategory.fill('KITCHEN');
  await form.getByRole('button', { name: 'Add category' }).click();
  await expect(form.getByText(TOOL_MESSAGES.categoryExists)).toBeVisible();
  await newCategory.fill('');
  await form
    .getByRole('textbox', { name: /Template description/ })
    .fill('Three dinners from what is left in the fridge.');
  await form
    .getByLabel('Template image file')
    .setInputFiles({ name: 'fridge.png', mimeType: 'image/png', buffer: IMAGE_PNG });
  await expect(form.getByRole('img', { name: 'Template image' })).toBeVisible({ timeout: 15_000 });
  await form.getByRole('switch', { name: 'Offer as a template' }).click();
  await form.getByRole('button', { name: 'Save template' }).click();
  await expect(page.getByText('Offered as a template')).toBeVisible();
  await expect(form.getByRole('button', { name: 'Save template' })).toBeDisabled();

  // A tool setting saved afterwards keeps the offer: the tool's settings save leaves the template's alone.
  await builder.panel.getByLabel(/^Daily runs per user/).fill('5');
  await builder.expectSaved();
  await page.reload();
  await builder.open('Tool settings');
  await expect(form.getByRole('switch', { name: 'Offer as a template' })).toBeChecked();
  await expect(form.getByRole('combobox', { name: 'Template category' })).toHaveValue('Kitchen');
  await expect(builder.panel.getByLabel(/^Daily runs per user/)).toHaveValue('5');
  await shootSection(page, form, 'tool-settings');

  // Another builder finds it on Home; Use template opens the copy's tool builder, its tool a draft.
  const other = await signUpElsewhere(browser, baseURL!, request, 'Ada Cook', uniqueEmail('template-tool-user'));
  const card = other.page
    .getByRole('region', { name: 'Start from a template' })
    .getByRole('article', { name: 'Fridge chef' });
  await expect(card.getByText('Kitchen')).toBeVisible();
  await expect(card.getByText('Three dinners from what is left in the fridge.')).toBeVisible();
  await expect(card.locator('img[src*="/files/"]')).toHaveJSProperty('naturalWidth', 16);
  await card.getByRole('button', { name: 'Use template Fridge chef' }).click();
  await expect(other.page).toHaveURL(/\/build\/app\/[0-9a-f-]+\/tool\/[^/]+$/);
  const copyId = other.page.url().split('/').at(-3)!;
  expect(page.url()).not.toContain(copyId);
  const copy = new ToolBuilderPage(other.page);
  await expect(copy.preview.getByRole('heading', { name: 'Fridge chef' })).toBeVisible({ timeout: 30_000 });
  await expect(copy.preview).toContainText('Dinner ideas from what is in your fridge.');
  await expect(other.page.getByRole('switch', { name: 'Fridge chef is live' })).not.toBeChecked();
  await expect(other.page.getByText('Email verified')).toBeHidden({ timeout: 15_000 });
  await shoot(other.page, 'tool-copy', { fullPage: false });
  await other.home.goto();
  await other.home.expectOpen();
  const apps = other.page.getByRole('region', { name: 'Your apps' });
  await expect(apps.getByRole('listitem')).toHaveCount(1);
  await expect(apps.getByRole('link', { name: 'Fridge chef' })).toHaveAttribute('href', `/build/app/${copyId}`);
  await other.context.close();
});
