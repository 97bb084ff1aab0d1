import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { ANALYTICS_MESSAGES } from '@tessera/contracts/analytics';
import { RUNTIME_MESSAGES } from '@tessera/contracts/runtime';
import { expect, test } from './support/fixtures';
import {
  confirmMailedCode,
  createUser,
  E2E_ADMINS,
  PASSWORD,
  SIGNUP_CONTACTS,
  uniqueEmail,
  useSessionOf,
} from './support/helpers';
import { EditorPage, HomePage } from './support/pages';

const SHOTS_DIR = join(import.meta.dirname, '../../.test-output/screenshots');

// The offline builder's book-club reference description (packages/agent/src/offline/golden/book-club):
// its members are each end user's own, so visitors are asked to sign in first.
const DESCRIPTION =
  'A book club app for our club: members can RSVP to meetings; each meeting is about a book and has a date and a host. Books have a title, author, cover image and a rating from 1 to 5.';

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS_DIR, { recursive: true });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width > 600 ? 800 : 812 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(SHOTS_DIR, `analytics-${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

const tile = (page: Page, id: string) => page.getByTestId(`tile-${id}`).locator('dd').first();

/** The number a summary tile shows. */
async function count(page: Page, id: string): Promise<number> {
  await expect(tile(page, id)).toHaveText(/^\d+$/);
  return Number(await tile(page, id).textContent());
}

// Everything through the UI after the builder's sign-up: Home builds the app, the toolbar publishes
// it, App settings open sign-up, and an end user signs up and adds a record on the live app.
test('the analytics page shows the visit, sign-up and record just made, and exports them as CSV', async ({
  page,
  context,
  request,
  baseURL,
  browser,
}) => {
  test.setTimeout(180_000);
  const builder = await createUser(request, { email: E2E_ADMINS.analytics });
  await useSessionOf(context, baseURL!, builder);
  const home = new HomePage(page);
  await home.goto();
  await home.expectOpen();
  const appId = await home.buildApp(DESCRIPTION);
  const editor = new EditorPage(page);
  await expect(await editor.waitForReply()).toContainText('Book Club');

  // The builder's Analytics: nothing to show before the first publish.
  await page.getByRole('link', { name: 'Analytics' }).click();
  await expect(page).toHaveURL(`/analytics/app/${appId}`);
  await expect(page.getByText(ANALYTICS_MESSAGES.notPublished)).toBeVisible();
  await shoot(page, 'unpublished');

  // Back in the builder: publish from the toolbar, then open sign-up in App settings.
  await page.getByRole('link', { name: 'Open the builder' }).click();
  await expect(page).toHaveURL(`/build/app/${appId}`);
  const appUrl = await editor.publish();
  await editor.enableSignUp(SIGNUP_CONTACTS);

  // Published: the counts so far (the builder's sample records are records too).
  await page.getByRole('link', { name: 'Analytics' }).click();
  await expect(page).toHaveURL(`/analytics/app/${appId}`);
  const recordsBefore = await count(page, 'records');
  await expect(tile(page, 'signUps')).toHaveText('0');

  // A visitor opens the live app, signs up and adds a member.
  const visitor = await browser.newContext();
  const app = await visitor.newPage();
  await app.goto(appUrl);
  const prompt = app.getByRole('region', { name: RUNTIME_MESSAGES.signInToSee });
  await prompt.getByRole('link', { name: RUNTIME_MESSAGES.signIn }).click();
  await app.getByRole('button', { name: RUNTIME_MESSAGES.noAccount }).click();
  await app.getByLabel(RUNTIME_MESSAGES.fullName).fill('Nora Field');
  const nora = uniqueEmail('nora');
  await app.getByLabel(RUNTIME_MESSAGES.email).fill(nora);
  await app.getByLabel(RUNTIME_MESSAGES.password).fill(PASSWORD);
  await app.getByRole('button', { name: RUNTIME_MESSAGES.signUp }).click();
  await confirmMailedCode(app, request, nora);
  await app.getByRole('link', { name: 'New Members' }).click();
  await app.getByLabel('Name').fill('Nora Field');
  await app.getByLabel('Email').fill('nora@example.com');
  await app.getByRole('button', { name: 'Create member' }).click();
  await app.getByRole('link', { name: 'All members' }).click();
  await expect(app.getByRole('link', { name: 'Nora Field' })).toBeVisible();
  await visitor.close();

  // The analytics show them (visits are written within a second).
  await expect(page.getByRole('heading', { name: 'Analytics', exact: true })).toBeVisible();
  // Each try waits for the page to load again (seconds on a busy machine) before reading the tile.
  await expect(async () => {
    await page.reload();
    await expect(tile(page, 'visits')).toBeVisible({ timeout: 15_000 });
    await expect(tile(page, 'visits')).not.toHaveText('0', { timeout: 1000 });
  }).toPass({ timeout: 45_000 });
  await expect(tile(page, 'signUps')).toHaveText('1');
  await expect(tile(page, 'records')).toHaveText(String(recordsBefore + 1));
  await expect(tile(page, 'activeUsers')).not.toHaveText('0');
  const records = page.getByRole('figure', { name: 'Records created' });
  await expect(records.locator('.recharts-bar-rectangle').first()).toBeVisible();
  await expect(page.getByRole('figure', { name: 'Tool runs' })).toContainText('No tool runs in this range.');
  await shoot(page, 'figures-30d');

  // A shorter range, kept in the address.
  await page.getByRole('tab', { name: '7 days' }).click();
  await expect(page).toHaveURL(`/analytics/app/${appId}?days=7`);
  await expect(tile(page, 'signUps')).toHaveText('1');
  await shoot(page, 'figures-7d');

  // The CSV of the 7 days: named after the app and range, one line per day, a column per entity.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^Book Club analytics \d{4}-\d\d-\d\d to \d{4}-\d\d-\d\d\.csv$/);
  const lines = readFileSync((await download.path())!, 'utf8')
    .trim()
    .split('\r\n');
  const header = lines[0]!.split(',');
  expect(header.slice(0, 9)).toEqual([
    'day',
    'Visits',
    'Unique visitors',
    'Sign-ups',
    'Active users',
    'Records created',
    'Tool runs',
    'Tokens',
    'Cost',
  ]);
  expect(header).toContain('records: Member');
  expect(lines).toHaveLength(8);
  const today = Object.fromEntries(lines[7]!.split(',').map((value, i) => [header[i], value]));
  expect(Number(today.Visits)).toBeGreaterThan(0);
  expect(today).toMatchObject({ 'Sign-ups': '1', 'Records created': String(recordsBefore + 1), 'Tool runs': '0' });
});
