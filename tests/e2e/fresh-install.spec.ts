import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from '@playwright/test';
import { PLAN_CARD_REASONS } from '@tessera/contracts/plans';
import { expect, test } from './support/fixtures';
import { createUser } from './support/helpers';
import { EditorPage, LoginPage } from './support/pages';
import { ToolBuilderPage } from './support/pages/tool-builder-page';

// A self-hosted install as a newcomer starts it: a fresh data folder, no payment provider, no
// ADMIN_EMAILS. Its first verified account is the admin and has everything; builders get the
// default plan and are told why a paid plan cannot be bought; Home offers the starter templates.
const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SHOTS = '/tmp/shots-fresh-install';
mkdirSync(SHOTS, { recursive: true });

test.describe.configure({ timeout: 240_000 });

async function shoot(page: Page, name: string) {
  const size = page.viewportSize()!;
  await page.screenshot({ path: `${SHOTS}/${name}-1280.png` });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}/${name}-375.png` });
  await page.setViewportSize(size);
}

const freePort = () =>
  new Promise<number>((done) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => done(port));
    });
  });

async function signIn(page: Page, site: string, user: { email: string; password: string }) {
  await page.goto(`${site}/login`);
  expect(await new LoginPage(page).signIn(user.email, user.password)).toBe(200);
  await expect(page).toHaveURL(/\/home$/);
}

const starterGallery = (page: Page): Locator => page.getByRole('region', { name: 'Start from a template' });

let server: ChildProcess | undefined;
let dataDir: string | undefined;
test.afterAll(() => {
  server?.kill();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('a fresh install: the admin has everything, a builder is told why plans cannot be bought, Home offers starters', async ({
  page,
  browser,
  playwright,
}) => {
  dataDir = mkdtempSync(join(tmpdir(), 'tessera-fresh-'));
  const port = await freePort();
  const site = `http://localhost:${port}`;
  server = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: REPO_ROOT,
    stdio: 'ignore',
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      AUTH_SECRET: 'fresh'.repeat(8),
      PUBLIC_URL: site,
      LOG_LEVEL: 'warn',
    },
  });
  await expect(async () => expect((await fetch(`${site}/healthz`)).ok).toBe(true)).toPass({ timeout: 120_000 });
  const api = await playwright.request.newContext({ baseURL: site });
  const owner = await createUser(api, { tag: 'owner' });
  const builder = await createUser(api, { tag: 'builder' });

  // The admin (the install's first verified account): Home offers the starters.
  await signIn(page, site, owner);
  const gallery = starterGallery(page);
  await expect.poll(() => gallery.getByRole('article').count()).toBeGreaterThanOrEqual(8);
  await expect(gallery.getByRole('article', { name: 'Return Policy Helper' })).toBeVisible();
  await shoot(page, 'admin-home');

  // The plans say the admin has everything, and where builders' plans are chosen.
  await page.goto(`${site}/joinPlan`);
  await expect(page.getByText('You are an admin of this install: every feature is open to you')).toBeVisible();
  await expect(page.getByTestId('plan-card-moon')).toContainText('Current plan');
  await shoot(page, 'admin-plans');
  await page.getByRole('link', { name: 'Choose the plan builders get on the Admin page' }).click();
  await expect(page).toHaveURL(/\/admin#plans$/);
  const defaultPlan = page.getByRole('combobox', { name: 'Default plan for builders' });
  await expect(defaultPlan).toHaveValue('lite');
  await expect(page.getByTestId('payment-providers')).toContainText('No payment provider is configured');
  await expect(page.getByRole('switch', { name: 'Starter templates on Home' })).toBeChecked();
  await shoot(page, 'admin-settings');

  // An app starter opens a working app; the admin adds more data sources than the free plan allows.
  await page.goto(`${site}/home`);
  await gallery.getByRole('button', { name: 'Use template Clinic Appointments' }).click();
  await expect(page).toHaveURL(/\/build\/app\/[0-9a-f-]+$/);
  const editor = new EditorPage(page);
  await expect(editor.preview().locator('body')).toContainText('Doctor', { timeout: 90_000 });
  await shoot(page, 'admin-clinic');
  const openMenu = page.getByRole('button', { name: 'Open menu' });
  if (await openMenu.isVisible()) await openMenu.click();
  await page
    .getByRole('navigation', { name: 'Builder menu' })
    .getByRole('button', { name: /^Data sources/ })
    .click();
  const sources = page.getByRole('dialog', { name: 'Data Sources' });
  const items = sources.getByRole('list', { name: 'Data items' }).getByRole('listitem');
  for (const [i, text] of ['Dr. Lee sees patients on Mondays.', 'Appointments last 20 minutes.'].entries()) {
    await sources.getByRole('textbox', { name: 'Text', exact: true }).fill(text);
    await sources.getByRole('button', { name: 'Add text' }).click();
    await expect(items).toHaveCount(i + 1);
  }
  // The free plan's second source would open the upgrade dialog; the admin's is simply added.
  await expect(page.getByRole('dialog', { name: 'Upgrade your plan' })).toBeHidden();
  await shoot(page, 'admin-data-sources');
  await page.keyboard.press('Escape');
  await expect(sources).toBeHidden();

  // A builder: on the default (free) plan, the paid cards say why they cannot be bought here.
  const other = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const builderPage = await other.newPage();
  await signIn(builderPage, site, builder);
  await builderPage.goto(`${site}/joinPlan`);
  const explorer = builderPage.getByTestId('plan-card-explorer');
  await expect(explorer).toHaveAttribute('data-state', 'disabled');
  await expect(explorer.getByTestId('plan-card-reason')).toHaveText(PLAN_CARD_REASONS.noPaymentProvider);
  await expect(builderPage.getByRole('link', { name: PLAN_CARD_REASONS.adminHint })).toHaveCount(0);
  await expect(builderPage.getByTestId('plan-card-free')).toContainText('Current plan');
  await shoot(builderPage, 'builder-plans');

  // A tool starter opens the copy's tool builder on a working tool page (a draft).
  await builderPage.goto(`${site}/home`);
  await starterGallery(builderPage).getByRole('button', { name: 'Use template Return Policy Helper' }).click();
  await expect(builderPage).toHaveURL(/\/build\/app\/[0-9a-f-]+\/tool\/tool-1$/);
  const tool = new ToolBuilderPage(builderPage);
  await expect(tool.preview.getByRole('heading', { name: 'Return Policy Helper' })).toBeVisible({ timeout: 60_000 });
  await expect(tool.preview).toContainText('Your question about returns');
  await shoot(builderPage, 'builder-tool');
  await other.close();
  await api.dispose();
});
