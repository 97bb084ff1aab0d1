import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { FrameLocator, Page } from '@playwright/test';
import { TOOL_MESSAGES } from '@tessera/contracts/tools';
import { expect, test } from './support/fixtures';
import { PASSWORD, uniqueEmail } from './support/helpers';
import { DevOutbox, EditorPage, HomePage, LoginPage, ToolBuilderPage } from './support/pages';

const SHOTS_DIR = process.env.SHOTS_DIR ?? join(import.meta.dirname, '../../.test-output/screenshots');
const TIPS =
  'Can I swap butter for oil? Yes, use three quarters as much oil as butter in cakes. ' +
  'How long does bread dough rise? Let it rise for about one hour in a warm place.';

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS_DIR, { recursive: true });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width > 600 ? 800 : 812 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(SHOTS_DIR, `app-tools-${name}-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** Runs the Recipe helper page of the app (in the preview frame or on the live host) and checks its answer. */
async function useHelper(app: Page | FrameLocator) {
  const menu = app.getByRole('button', { name: 'Open menu' });
  if (await menu.isVisible()) await menu.click();
  await app.getByRole('link', { name: 'Recipe helper' }).first().click();
  await expect(app.getByRole('heading', { name: 'Recipe helper' })).toBeVisible();
  await app.getByRole('textbox', { name: /What would you like to know\?/ }).fill('Can I use oil instead of butter?');
  await app.getByRole('button', { name: 'Run Recipe helper' }).click();
  const answer = app.getByRole('region', { name: 'Answer' });
  await expect(answer.getByRole('blockquote')).toHaveText('Yes, use three quarters as much oil as butter in cakes.', {
    timeout: 30_000,
  });
  await expect(answer).toContainText('— Kitchen tips');
  await expect(answer).toContainText(/\d+ runs left today/);
}

// A builder signs up, builds a recipe book by chat (the offline builder), opens App tools, creates a
// tool with its own data in the tool builder, turns it on, comes back to the editor, asks the chat
// to use it, and runs it from the app: in the preview and on the published app's own host.
test('a generated app gets an AI tool from App tools and runs it from its own pages', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(240_000);
  const email = uniqueEmail('app-tools');
  const login = new LoginPage(page);
  await login.goto();
  await login.openSignUpTab();
  await login.signUp({ name: 'Ada Baker', email, password: PASSWORD });
  await new DevOutbox(page, request).openLink(email, /verify your email/i);
  const home = new HomePage(page);
  await home.expectOpen();
  const appId = await home.buildApp('A recipe book with recipes (name, notes)');
  const editor = new EditorPage(page);
  await expect(await editor.waitForReply()).toContainText('Recipe');

  // App tools: its own address, no tools yet.
  await editor.menuEntry(/App tools/).click();
  await expect(page).toHaveURL(`/build/app/${appId}/tools`);
  await expect(editor.panel.getByRole('heading', { name: 'App tools' })).toBeVisible();
  await expect(editor.panel.getByText('No tools yet')).toBeVisible();
  // Another panel goes back to the editor's own address; the menu's entry opens App tools again.
  await editor.panel.getByRole('button', { name: 'Done' }).click();
  await expect(page).toHaveURL(`/build/app/${appId}`);
  await editor.menuEntry(/App tools/).click();
  await expect(page).toHaveURL(`/build/app/${appId}/tools`);
  await shoot(page, 'empty');

  // New tool: a draft, opened in the tool builder. Refused once by the server: said so, nothing made.
  await page.route(
    `**/api/apps/${appId}/tools`,
    (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 500, json: { error: { code: 'INTERNAL', message: 'Try again in a moment' } } })
        : route.fallback(),
    { times: 1 },
  );
  await editor.panel.getByRole('button', { name: 'New tool' }).click();
  await expect(page.getByText(TOOL_MESSAGES.saveToolFailed)).toBeVisible();
  await expect(page).toHaveURL(`/build/app/${appId}/tools`);
  await editor.panel.getByRole('button', { name: 'New tool' }).click();
  await expect(page).toHaveURL(new RegExp(`/build/app/${appId}/tool/[^/]+$`));
  const builder = new ToolBuilderPage(page);
  await builder.open('Tool texts');
  await builder.panel.getByLabel(/^Header/).fill('Recipe helper');
  // The path made for the new tool follows its header.
  await expect(page.getByText('/tool/recipe-helper', { exact: true })).toBeVisible();
  await builder.expectSaved();
  await builder.done();
  await builder.open('Data sources');
  await builder.panel.getByRole('button', { name: 'Add data' }).click();
  const dialog = page.getByRole('dialog', { name: 'Data Sources' });
  await dialog.getByRole('textbox', { name: 'Text', exact: true }).fill(TIPS);
  await dialog.getByRole('textbox', { name: /^Name/ }).fill('Kitchen tips');
  await dialog.getByRole('button', { name: 'Add text' }).click();
  await expect(dialog.getByText('Synced', { exact: true })).toBeVisible({ timeout: 30_000 });
  await dialog.press('Escape');
  await expect(builder.panel.getByRole('checkbox', { name: 'Use Kitchen tips in this tool' })).toBeChecked();
  await builder.expectSaved();
  await builder.done();

  // Back to App tools (the builder's back link), where the draft is listed; turn it on there.
  await page.getByRole('link', { name: 'Back to the tools' }).click();
  await expect(page).toHaveURL(`/build/app/${appId}/tools`);
  const tools = editor.panel.getByRole('list', { name: 'App tools' });
  await expect(tools.getByRole('link', { name: 'Recipe helper' })).toBeVisible();
  await expect(tools.locator('[data-status]')).toHaveAttribute('data-status', 'alert');
  await expect(tools).toContainText('/tool/recipe-helper');
  await tools.getByRole('switch', { name: 'Recipe helper is live' }).click();
  const live = page.getByRole('dialog', { name: 'Activate Your Tool' });
  const toolUrl = await live.getByLabel('Public link').inputValue();
  expect(toolUrl).toMatch(/\/tool\/recipe-helper$/);
  await live.getByRole('button', { name: 'Done' }).click();
  await expect(tools.locator('[data-status]')).toHaveAttribute('data-status', 'active');

  // A second new tool with the same header gets a path of its own; the live tool keeps its link.
  await editor.panel.getByRole('button', { name: 'New tool' }).click();
  await builder.open('Tool texts');
  await builder.panel.getByLabel(/^Header/).fill('Recipe helper');
  await expect(page.getByText('/tool/recipe-helper-2', { exact: true })).toBeVisible();
  await builder.expectSaved();
  await page.getByRole('link', { name: 'Back to the tools' }).click();
  await expect(tools.getByText('/tool/recipe-helper-2', { exact: true })).toBeVisible();
  await expect(tools.getByText('/tool/recipe-helper', { exact: true })).toBeVisible();
  await shoot(page, 'live');
  // A path set by hand stays when the header changes.
  await tools.getByRole('button', { name: 'More for Recipe helper' }).last().click();
  await page.getByRole('menuitem', { name: 'Edit path' }).click();
  const pathDialog = page.getByRole('dialog', { name: 'Edit path' });
  await pathDialog.getByLabel('Path').fill('pantry');
  await pathDialog.getByRole('button', { name: 'Save path' }).click();
  await expect(tools.getByText('/tool/pantry', { exact: true })).toBeVisible();
  await tools.getByRole('listitem').last().getByRole('link', { name: 'Edit' }).click();
  await builder.open('Tool texts');
  await builder.panel.getByLabel(/^Header/).fill('Pantry check');
  await builder.expectSaved();
  await expect(page.getByText('/tool/pantry', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Back to the tools' }).click();
  await expect(tools.getByText('/tool/pantry', { exact: true })).toBeVisible();
  await tools.getByRole('button', { name: 'More for Pantry check' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete Pantry check?' }).getByRole('button', { name: 'Delete tool' }).click();
  await expect(tools.getByRole('listitem')).toHaveCount(1);

  // Use in app: the request goes into the chat input; sending it adds a page that runs the tool.
  await tools.getByRole('button', { name: 'Use in app' }).click();
  await expect(editor.composer).toHaveValue('Use the Recipe helper tool: add a page that runs it');
  await editor.panel.getByRole('button', { name: 'Done' }).click();
  await expect(page).toHaveURL(`/build/app/${appId}`);
  await editor.composer.press('Enter');
  await expect(await editor.waitForReply()).toContainText('pages/RecipeHelper.jsx');

  // The preview runs it: the same run engine as the tool's own page.
  await useHelper(editor.preview());
  await shoot(page, 'preview');

  // Published, a visitor on the app's own host runs it too, and the host serves the tool's own page.
  const appUrl = await editor.publish();
  const visitor = await browser.newContext();
  const app = await visitor.newPage();
  await app.goto(appUrl);
  await useHelper(app);
  await shoot(app, 'live-app');
  await app.goto(toolUrl);
  await expect(app.getByRole('heading', { name: 'Recipe helper', level: 1 })).toBeVisible();
  await visitor.close();
});
