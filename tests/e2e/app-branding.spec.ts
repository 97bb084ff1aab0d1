import type { Locator, Page } from '@playwright/test';
import { STYLE_PRESETS, WATERMARK_TEXT } from '@tessera/contracts/apps';
import { expect, test } from './support/fixtures';
import { createUser, useSessionOf } from './support/helpers';
import { EditorPage, LoginPage } from './support/pages';

const SHOTS_DIR = process.env.SHOTS_DIR ?? '/tmp/shots-app-brand';
/** A 16x16 orange PNG: the logo. */
const LOGO_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAF0lEQVR4nGP4n8ZAEiJN9aiGUQ1DSgMAyh1lEEKSRAcAAAAASUVORK5CYII=',
  'base64',
);

async function shoot(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width > 600 ? 800 : 812 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS_DIR}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** A theme variable of the page the locator is in. */
const themeVar = (anyElement: Locator, name: string) =>
  anyElement.evaluate((_, n) => getComputedStyle(document.documentElement).getPropertyValue(n).trim(), name);

test('brand an app built by chat: preset, colours, logo and texts in the preview, then in the live app', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(420_000);
  const builder = await createUser(request, { tag: 'branding' });
  const login = new LoginPage(page);
  await login.goto();
  expect(await login.signIn(builder.email, builder.password)).toBe(200);
  await expect(page).toHaveURL(/\/home$/);

  // Build the app by chat from Home.
  await page
    .getByRole('textbox', { name: 'What do you want to build?' })
    .fill('A book club with books (title, author) and meetings (date, place)');
  await page.getByRole('button', { name: 'Build it' }).click();
  await expect(page).toHaveURL(/\/build\/app\/[0-9a-f-]+$/);
  const appId = page.url().split('/').at(-1)!;
  const editor = new EditorPage(page);
  await expect(editor.chat.locator('[data-status="ready"]')).toBeVisible({ timeout: 90_000 });
  const frame = editor.preview();
  await expect(frame.getByRole('heading', { name: 'Dashboard' })).toBeVisible({ timeout: 30_000 });
  const html = frame.locator('html');

  // App branding: the dark preset reaches the preview at once.
  await editor.menuEntry(/App branding/).click();
  const panel = editor.panel;
  await expect(panel.getByRole('heading', { name: 'App branding' })).toBeVisible();
  await panel.getByRole('radio', { name: 'Dark' }).click();
  await expect.poll(() => themeVar(html, '--color-background')).toBe(STYLE_PRESETS.dark.background);
  await shoot(page, 'panel-branding-dark');

  // A colour over the preset, then the logo through the upload path.
  await panel.getByRole('textbox', { name: 'Button colour', exact: true }).fill('#ff6600');
  await expect.poll(() => themeVar(html, '--color-primary')).toBe('#ff6600');
  await panel.locator('input[type="file"]').first().setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: LOGO_PNG,
  });
  await expect(frame.locator('img[src*="/files/"]').first()).toBeAttached({ timeout: 15_000 });
  await expect(panel.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible({ timeout: 10_000 });
  await panel.getByRole('button', { name: 'Done' }).click();
  await expect(editor.menu).toBeVisible();

  // App texts: the header and welcome message show in the preview as they are typed.
  await editor.menuEntry(/App texts/).click();
  await panel.getByRole('textbox', { name: 'Header', exact: true }).fill('Readers Club');
  await panel.getByRole('textbox', { name: 'Welcome message' }).fill('Welcome, readers!');
  await expect(frame.getByText('Readers Club').filter({ visible: true }).first()).toBeVisible();
  await expect(frame.getByText('Welcome, readers!')).toBeVisible();
  await expect(panel.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible({ timeout: 10_000 });
  await shoot(page, 'panel-texts');
  // A text over its limit cannot be typed.
  await expect(panel.getByRole('textbox', { name: 'Header', exact: true })).toHaveAttribute('maxlength', '100');
  await panel.getByRole('button', { name: 'Done' }).click();

  // Saved: a reload shows the same look.
  await page.reload();
  await expect(frame.getByText('Welcome, readers!')).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => themeVar(frame.locator('html'), '--color-primary')).toBe('#ff6600');

  // Publish: end users get the look, with the badge of a plan that keeps it.
  await page.getByRole('button', { name: 'Publish' }).click();
  const published = page.getByRole('dialog', { name: 'Your app is live' });
  const address = await published.getByLabel('App address').inputValue();
  await page.keyboard.press('Escape');
  await expect(published).toBeHidden();
  const live = await context.newPage();
  await live.goto(address);
  // The header and logo are the shell's; the home page's data (and its welcome) is for signed-in users.
  await expect(live.getByText('Readers Club').filter({ visible: true }).first()).toBeVisible({ timeout: 30_000 });
  await expect(live).toHaveTitle('Readers Club');
  await expect(live.locator('img[src*="/files/"]').first()).toBeVisible();
  await expect(live.getByRole('link', { name: WATERMARK_TEXT })).toBeVisible();
  expect(await themeVar(live.locator('html'), '--color-background')).toBe(STYLE_PRESETS.dark.background);
  expect(await live.locator('link[rel="icon"]').getAttribute('href')).toContain('/files/');
  await shoot(live, 'live-dark');

  // The colorful and light presets: the preview changes at once; the live app only after publishing.
  for (const preset of ['colorful', 'light'] as const) {
    await editor.menuEntry(/App branding/).click();
    await panel.getByRole('radio', { name: preset === 'colorful' ? 'Colorful' : 'Light' }).click();
    await expect
      .poll(() => themeVar(frame.locator('html'), '--color-background'))
      .toBe(STYLE_PRESETS[preset].background);
    await expect(panel.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible({ timeout: 10_000 });
    await panel.getByRole('button', { name: 'Done' }).click();
    await live.reload();
    await expect(live.getByText('Readers Club').filter({ visible: true }).first()).toBeVisible({ timeout: 30_000 });
    expect(await themeVar(live.locator('html'), '--color-background')).not.toBe(STYLE_PRESETS[preset].background);
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(published).toBeVisible({ timeout: 30_000 });
    await page.keyboard.press('Escape');
    await expect(published).toBeHidden();
    await live.reload();
    await expect(live.getByText('Readers Club').filter({ visible: true }).first()).toBeVisible({ timeout: 30_000 });
    await expect
      .poll(() => themeVar(live.locator('html'), '--color-background'))
      .toBe(STYLE_PRESETS[preset].background);
    await shoot(live, `live-${preset}`);
  }
  expect(appId).toMatch(/^[0-9a-f-]+$/);
});

test('App details of a space app: name, address and description, saved and shown in its link', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const builder = await createUser(request, { tag: 'details' });
  const headers = { authorization: `Bearer ${builder.token}` };
  // Space apps are made for a builder by the operator's tooling: the API stands in for it.
  const created = await request.post('/api/apps', {
    headers,
    data: { appType: 'space', app: { name: 'Team space' } },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { appId } = (await created.json()) as { appId: string };
  await useSessionOf(context, baseURL!, builder);
  const editor = new EditorPage(page);
  await editor.goto(appId);
  await editor.menuEntry(/App details/).click();
  const panel = editor.panel;
  await panel.getByRole('textbox', { name: 'Name' }).fill('Team handbook');
  const address = panel.getByRole('textbox', { name: 'Address' });
  await address.fill('Bad address!');
  await expect(panel.getByText('Lowercase letters, digits and dashes only')).toBeVisible();
  const slug = `handbook-${Date.now().toString(36)}`;
  await address.fill(slug);
  await panel.getByRole('textbox', { name: 'Description' }).fill('How our team works');
  await expect(panel.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible({ timeout: 10_000 });
  await shoot(page, 'panel-details');
  await panel.getByRole('button', { name: 'Done' }).click();
  await expect(editor.menuEntry(/App details/)).toBeVisible();

  const app = (await (await request.get(`/api/apps/${appId}`, { headers })).json()) as { name: string; slug: string };
  expect(app).toMatchObject({ name: 'Team handbook', slug });
  const look = (await (await request.get(`/api/apps/${appId}/look`, { headers })).json()) as {
    texts: Record<string, string>;
  };
  expect(look.texts.shareDescription).toBe('How our team works');
});
