import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { TOOL_PAGE_MESSAGES } from '@tessera/contracts/tool-page';
import { TOOL_MESSAGES, fillMessage } from '@tessera/contracts/tools';
import { expect, test } from './support/fixtures';
import { E2E_ADMINS, PASSWORD, SIGNUP_CONTACTS, createUser, uniqueEmail } from './support/helpers';
import { DevOutbox, HomePage, LoginPage, ToolBuilderPage } from './support/pages';

const SHOTS_DIR = process.env.SHOTS_DIR ?? join(import.meta.dirname, '../../.test-output/screenshots');
const FAQ =
  'Do you ship abroad? Yes, we ship to every country in the EU within 5 working days. ' +
  'Can I return a bike? Returns are free within 30 days of delivery if the bike is unused.';
// A 1x1 PNG: the logo upload.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS_DIR, { recursive: true });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width > 600 ? 800 : 812 });
    await page.waitForTimeout(200);
    await page.screenshot({ path: join(SHOTS_DIR, `tool-builder-${name}-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

// A builder makes a single AI tool from Home through the UI only: fields of every type (an admin,
// since place and item select are admin-only), instructions with tags, texts, branding, a FAQ as
// its data, then activates it and copies its public link.
test('a builder creates an AI tool from Home, builds it in every panel and activates it', async ({
  page,
  request,
  context,
}) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const email = E2E_ADMINS.tools;
  const login = new LoginPage(page);
  await login.goto();
  await login.openSignUpTab();
  await login.signUp({ name: 'Grace Hopper', email, password: PASSWORD });
  await new DevOutbox(page, request).openLink(email, /verify your email/i);
  await new HomePage(page).expectOpen();

  // Home: AI tool, its name, Enter: the tool builder opens.
  await page.getByRole('tab', { name: 'AI tool' }).click();
  const prompt = page.getByRole('textbox', { name: 'What do you want to build?' });
  await prompt.fill('Bike shop helper');
  await shoot(page, 'home');
  await prompt.press('Enter');
  await expect(page).toHaveURL(/\/build\/app\/[0-9a-f-]+\/tool\/[^/]+$/);
  const builder = new ToolBuilderPage(page);
  await expect(builder.preview.getByRole('heading', { name: 'Bike shop helper' })).toBeVisible();

  // Texts, with the live preview following.
  await builder.open('Tool texts');
  await builder.panel.getByLabel(/^Description/).fill('Answers from our shop’s own FAQ.');
  await builder.panel.getByLabel('Example 1').fill('Do you ship to Spain?');
  await builder.panel.getByLabel('Example 2').fill('How do returns work?');
  await builder.panel.getByLabel('Example 3').fill('Which bike for a child?');
  await expect(builder.preview).toContainText('Answers from our shop’s own FAQ.');
  await expect(builder.preview.locator('.tt-examples')).toContainText('How do returns work?');
  // The header as it is typed, in the public page inside the preview frame, nothing saved yet.
  const header = builder.panel.getByLabel(/^Header/);
  await header.fill('Bike shop helper: ask us anything');
  await expect(page.frameLocator('iframe[title="Live preview"]').getByRole('heading', { level: 1 })).toHaveText(
    'Bike shop helper: ask us anything',
  );
  await expect(builder.preview).toContainText(TOOL_PAGE_MESSAGES.previewNotLive);
  await header.fill('Bike shop helper');
  await expect(builder.preview.getByRole('heading', { name: 'Bike shop helper', exact: true })).toBeVisible();
  await builder.done();

  // Fields of every type, with the rules' messages on the way.
  await builder.open('Custom fields');
  await builder.addField('text', 'Your name');
  await builder.addField('long_text', 'Question');
  await builder.addField('select', 'Bike type', ['City', 'Mountain']);
  await builder.addField('multiselect', 'Extras', ['Lights', 'Lock']);
  await builder.addField('email', 'Email');
  await builder.addField('place', 'City');
  await builder.addField('photo', 'Bike photo');
  await builder.addField('height', 'Height');
  await builder.addField('weight', 'Weight');
  await builder.addField('tool_item_select', 'Model', ['Roadster', 'Trail 2']);
  await builder.panel.getByRole('button', { name: 'Add field' }).click();
  const form = builder.panel.getByRole('form', { name: 'New field' });
  await form.getByLabel('Label').fill('your NAME');
  await expect(form.getByRole('alert')).toHaveText(TOOL_MESSAGES.fieldExists);
  await form.getByLabel('Label').fill('Input');
  await expect(form.getByRole('alert')).toHaveText(TOOL_MESSAGES.reservedFieldName);
  await form.getByRole('button', { name: 'Cancel' }).click();
  // Magic create proposes a field from a description, opened in its form to check.
  await builder.panel
    .getByRole('textbox', { name: 'Describe a field' })
    .fill('Riding style: commuting, touring, racing');
  await builder.panel.getByRole('button', { name: 'Create the field' }).click();
  const proposed = builder.panel.getByRole('form', { name: 'New field' });
  await expect(proposed.getByLabel('Label')).not.toHaveValue('');
  await proposed.getByRole('button', { name: 'Cancel' }).click();
  await expect(builder.panel.getByRole('list', { name: 'Fields' }).getByRole('listitem')).toHaveCount(10);
  await expect(builder.preview).toContainText('Bike photo');
  await builder.done();

  // Instructions with tags: an unknown tag is flagged as it is typed.
  await builder.open('Results layout');
  const instructions = builder.panel.getByRole('textbox', { name: 'Instructions' });
  await instructions.fill('Answer [question] for [your_name] from the FAQ. Mention [colour].');
  await expect(builder.panel.getByText('names no field')).toContainText('[colour]');
  await instructions.fill('Answer [question] for [your_name] from the FAQ, for a [bike_type] bike.');
  await expect(builder.panel.getByText('names no field')).toHaveCount(0);
  await builder.done();

  // A field in the instructions cannot be deleted.
  await builder.open('Custom fields');
  await builder.panel.getByRole('button', { name: 'Delete Question' }).click();
  await expect(page.getByText(fillMessage(TOOL_MESSAGES.fieldInUse, { name: 'question' }))).toBeVisible();
  await builder.done();

  await builder.open('Call to action');
  await builder.panel.getByLabel(/^Message/).fill('Want a test ride? Book one in the shop.');
  await builder.panel.getByLabel(/^Button text/).fill('Book a test ride');
  await builder.panel.getByLabel(/^Button link/).fill('https://example.com/test-ride');
  await expect(builder.preview).toContainText('Book a test ride');
  await builder.done();

  // Branding: the dark preset, a button colour, a logo.
  await builder.open('App branding');
  await builder.panel.getByRole('radio', { name: 'Dark' }).click();
  await builder.panel.getByRole('textbox', { name: 'Button colour', exact: true }).fill('#f97316');
  await builder.panel.getByLabel('Logo file').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await expect(builder.preview.locator('img').first()).toHaveAttribute('src', /\/files\//);
  await expect(builder.preview.getByRole('button', { name: 'Generate' })).toHaveCSS(
    'background-color',
    'rgb(249, 115, 22)',
  );
  await shoot(page, 'branding');
  await builder.done();

  // Tool settings: limits, credits and editable results (an admin may change them all).
  await builder.open('Tool settings');
  await builder.panel.getByLabel(/^Daily runs per user/).fill('5');
  await builder.panel.getByLabel(/^Credits per run/).fill('2');
  await builder.panel.getByLabel(/^Daily runs per user/).fill('500');
  await expect(builder.panel.getByRole('alert')).toHaveText(
    fillMessage(TOOL_MESSAGES.settingOutOfRange, { setting: 'Daily runs per user', min: 1, max: 100 }),
  );
  await builder.panel.getByLabel(/^Daily runs per user/).fill('5');
  await builder.panel.getByRole('switch', { name: 'User can edit results' }).click();
  await builder.expectSaved();
  await shoot(page, 'settings');
  await builder.done();

  // A small FAQ as the tool's data: added from its panel, it is the tool's at once.
  await builder.open('Data sources');
  await builder.panel.getByRole('button', { name: 'Add data' }).click();
  const dialog = page.getByRole('dialog', { name: 'Data Sources' });
  await dialog.getByRole('textbox', { name: 'Text', exact: true }).fill(FAQ);
  await dialog.getByRole('textbox', { name: /^Name/ }).fill('Shop FAQ');
  await dialog.getByRole('button', { name: 'Add text' }).click();
  await expect(dialog.getByText('Synced', { exact: true })).toBeVisible({ timeout: 30_000 });
  await dialog.press('Escape');
  await expect(builder.panel.getByRole('checkbox', { name: 'Use Shop FAQ in this tool' })).toBeChecked();
  await builder.expectSaved();
  await shoot(page, 'data');

  // Back to the menu; everything is saved, and a reload shows it.
  await builder.done();
  await builder.expectSaved();
  await page.reload();
  await expect(builder.preview).toContainText('Book a test ride');
  await builder.open('Custom fields');
  await expect(builder.panel.getByRole('list', { name: 'Fields' }).getByRole('listitem')).toHaveCount(10);
  await shoot(page, 'fields');
  await builder.done();
  await shoot(page, 'menu');
  // On a phone the panel and the preview take turns.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByRole('tab', { name: 'Preview' }).click();
  await expect(page.getByRole('tab', { name: 'Preview' })).toHaveAttribute('aria-selected', 'true');
  await expect(builder.preview).toContainText('Book a test ride');
  await page.screenshot({ path: join(SHOTS_DIR, 'tool-builder-preview-375.png') });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('tab', { name: 'Phone preview' }).click();
  await page.screenshot({ path: join(SHOTS_DIR, 'tool-builder-phone-preview-1280.png') });
  await page.getByRole('tab', { name: 'Desktop preview' }).click();

  // Activate: the Activate Your Tool dialog gives the public link to copy.
  await page.getByRole('switch', { name: 'Bike shop helper is live' }).click();
  const live = page.getByRole('dialog', { name: 'Activate Your Tool' });
  const link = await live.getByLabel('Public link').inputValue();
  expect(link).toMatch(/^http:\/\/[a-z0-9-]+\.apps\.localhost:\d+\/tool\/bike-shop-helper$/);
  await live.getByRole('button', { name: 'Copy link' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await expect(live.getByRole('link', { name: 'Open the tool' })).toHaveAttribute('href', link);
  await shoot(page, 'activate');
  await live.getByRole('button', { name: 'Done' }).click();
  // Live, Generate in the preview runs the saved tool, and says so.
  await expect(builder.preview).toContainText(TOOL_PAGE_MESSAGES.previewRunNote);

  // Live now, the tool may let its end users sign up (with its three contacts); fields may then be memorized.
  await builder.open('Tool settings');
  const signup = builder.panel.getByRole('switch', { name: 'Let users sign up' });
  await expect(signup).toBeDisabled();
  await builder.panel.getByLabel('Terms of service link').fill(SIGNUP_CONTACTS.termsOfServiceLink);
  await builder.panel.getByLabel('Privacy policy link').fill(SIGNUP_CONTACTS.privacyPolicyLink);
  await builder.panel.getByLabel('Support e-mail').fill(SIGNUP_CONTACTS.supportEmail);
  await signup.click();
  await expect(signup).toBeChecked();
  await builder.expectSaved();
  await builder.done();
  await builder.open('Custom fields');
  await builder.panel.getByRole('button', { name: 'Edit Your name' }).click();
  await builder.panel.getByRole('switch', { name: 'Memorize' }).click();
  await builder.panel.getByRole('button', { name: 'Save field' }).click();
  await builder.panel.getByRole('button', { name: 'Edit Bike photo' }).click();
  await expect(builder.panel.getByRole('switch', { name: 'Memorize' })).toHaveCount(0);
  await builder.panel.getByRole('button', { name: 'Cancel' }).click();
  await builder.done();
  await builder.expectSaved();

  // The tools page lists it as active.
  await page.getByRole('link', { name: 'Back to the tools' }).click();
  await expect(page).toHaveURL(/\/tools$/);
  const row = page.getByRole('list', { name: 'Tools' }).getByRole('listitem').filter({ hasText: 'Bike shop helper' });
  await expect(row.locator('[data-status]')).toHaveText('active');
  await expect(row).toContainText('/tool/bike-shop-helper');
  await shoot(page, 'tools');
});

// A builder on the free plan: the New app dialog starts a tool, settings are locked, photo fields are
// for paid plans, and with the plan's one live tool in use a second tool's switch opens the upgrade
// prompt; the tools page renames, re-paths (with the path rule) and deletes.
test('on the free plan the live-tool limit opens the upgrade prompt; tools are renamed, re-pathed and deleted', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  // The install's first verified builder is its admin: someone else is, whatever ran before.
  await createUser(request, { tag: 'install-owner' });
  const email = uniqueEmail('tools-lite');
  const login = new LoginPage(page);
  await login.goto();
  await login.openSignUpTab();
  await login.signUp({ name: 'Lin Free', email, password: PASSWORD });
  await new DevOutbox(page, request).openLink(email, /verify your email/i);
  await new HomePage(page).expectOpen();

  await page.getByRole('button', { name: 'New app' }).click();
  const dialog = page.getByRole('dialog', { name: 'New app' });
  await dialog.getByRole('tab', { name: 'AI tool' }).click();
  await dialog.getByRole('textbox').fill('Wine pairing');
  await dialog.getByRole('button', { name: 'Create tool' }).click();
  const builder = new ToolBuilderPage(page);
  await expect(builder.preview.getByRole('heading', { name: 'Wine pairing' })).toBeVisible();

  await builder.open('Tool settings');
  await expect(builder.panel).toContainText(TOOL_MESSAGES.settingsUpgrade);
  await expect(builder.panel.getByLabel(/^Daily runs per user/)).toBeDisabled();
  await builder.done();
  await builder.open('Custom fields');
  await builder.panel.getByRole('button', { name: 'Add field' }).click();
  await expect(builder.panel.getByRole('option', { name: 'Photo · paid plans' })).toBeDisabled();
  await expect(builder.panel.getByRole('option', { name: 'Place · admins only' })).toBeDisabled();
  await builder.panel.getByRole('button', { name: 'Cancel' }).click();
  await builder.done();

  await page.getByRole('switch', { name: 'Wine pairing is live' }).click();
  await page.getByRole('dialog', { name: 'Activate Your Tool' }).getByRole('button', { name: 'Done' }).click();
  await page.getByRole('link', { name: 'Back to the tools' }).click();

  // A second tool: the plan's one live tool is in use, so its switch opens the upgrade prompt.
  await page.getByRole('button', { name: 'New tool' }).click();
  await expect(page).toHaveURL(/\/tool\/[^/]+$/);
  await page.getByRole('link', { name: 'Back to the tools' }).click();
  const tools = page.getByRole('list', { name: 'Tools' });
  const second = tools.getByRole('listitem').filter({ hasText: 'Untitled tool' });
  // Not active reads "alert" (the status labels: active, alert, and draft only without a status).
  await expect(second.locator('[data-status]')).toHaveText('alert');
  await expect(second.getByRole('switch')).toBeDisabled();
  await second.getByRole('switch').click({ force: true });
  const upgrade = page.getByRole('dialog', { name: /Upgrade your plan|Your plan/ });
  await expect(upgrade).toContainText(fillMessage(TOOL_MESSAGES.liveToolLimit, { n: 1 }));
  await upgrade.press('Escape');

  await second.getByRole('button', { name: 'More for Untitled tool' }).click();
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename tool' });
  await rename.getByLabel('Title').fill('Cheese pairing');
  await rename.getByRole('button', { name: 'Rename' }).click();
  const cheese = tools.getByRole('listitem').filter({ hasText: 'Cheese pairing' });
  await cheese.getByRole('button', { name: 'More for Cheese pairing' }).click();
  await page.getByRole('menuitem', { name: 'Edit path' }).click();
  const pathDialog = page.getByRole('dialog', { name: 'Edit path' });
  await pathDialog.getByLabel('Path').fill('cheese pairing!');
  await expect(pathDialog.getByRole('alert')).toHaveText(TOOL_MESSAGES.invalidPath);
  await expect(pathDialog.getByRole('button', { name: 'Save path' })).toBeDisabled();
  await pathDialog.getByLabel('Path').fill('wine-pairing');
  await expect(pathDialog.getByRole('alert')).toHaveText(TOOL_MESSAGES.pathTaken);
  await pathDialog.getByLabel('Path').fill('cheese');
  await pathDialog.getByRole('button', { name: 'Save path' }).click();
  await expect(cheese).toContainText('/tool/cheese');

  await cheese.getByRole('button', { name: 'More for Cheese pairing' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page
    .getByRole('dialog', { name: 'Delete Cheese pairing?' })
    .getByRole('button', { name: 'Delete tool' })
    .click();
  await expect(tools.getByRole('listitem')).toHaveCount(1);
  await expect(tools.getByRole('listitem').first().locator('[data-status]')).toHaveText('active');
});
