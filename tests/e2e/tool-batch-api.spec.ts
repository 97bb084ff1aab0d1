import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { TOOL_RUN_MESSAGES } from '@tessera/contracts/tool-runs';
import { expect, test } from './support/fixtures';
import { PASSWORD, uniqueEmail } from './support/helpers';
import { DevOutbox, HomePage, LoginPage, ToolBuilderPage } from './support/pages';

const SHOTS_DIR = process.env.SHOTS_DIR ?? join(import.meta.dirname, '../../.test-output/screenshots');

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS_DIR, { recursive: true });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width > 600 ? 800 : 812 });
    await page.waitForTimeout(200);
    await page.screenshot({ path: join(SHOTS_DIR, `tool-batch-api-${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

// A builder runs their tool over a CSV and calls it through its API (docs/product/tools.md#batch-runs,
// #the-tool-api): upload, map a column, watch the batch, download and check the results; create a
// key, copy the curl line and call it.
test('a builder runs a tool over a CSV and calls it with an API key', async ({ page, request, context }) => {
  test.setTimeout(150_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const email = uniqueEmail('tool-batch');
  const login = new LoginPage(page);
  await login.goto();
  await login.openSignUpTab();
  await login.signUp({ name: 'Bea Builder', email, password: PASSWORD });
  await new DevOutbox(page, request).openLink(email, /verify your email/i);
  await new HomePage(page).expectOpen();

  await page.getByRole('tab', { name: 'AI tool' }).click();
  const prompt = page.getByRole('textbox', { name: 'What do you want to build?' });
  await prompt.fill('Support answers');
  await prompt.press('Enter');
  await expect(page).toHaveURL(/\/build\/app\/[0-9a-f-]+\/tool\/[^/]+$/);
  const builder = new ToolBuilderPage(page);
  await page.getByRole('switch', { name: 'Support answers is live' }).click();
  await page.getByRole('dialog', { name: 'Activate Your Tool' }).getByRole('button', { name: 'Done' }).click();

  // Run on a CSV: the file, its Question column mapped to the tool's input, started.
  await page.getByRole('button', { name: 'Run on a CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Run on a CSV' });
  await expect(dialog.getByText('No batches yet')).toBeVisible();
  const csv = 'Question,Customer\r\nDo you deliver on Sundays?,Ann\r\n"=HYPERLINK(""http://x"")",Bob\r\n';
  await dialog
    .getByLabel('CSV file')
    .setInputFiles({ name: 'questions.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(dialog.getByText('questions.csv')).toBeVisible();
  await expect(dialog.getByText('· 2 rows · 2 columns')).toBeVisible();
  // Nothing names the input: starting without a column says so.
  await dialog.getByRole('button', { name: 'Run on 2 rows' }).click();
  await expect(dialog.getByText('Choose a column for the required field "Input"')).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Input' }).selectOption('Question');
  await shoot(page, 'mapping');
  await dialog.getByRole('button', { name: 'Run on 2 rows' }).click();

  const batch = dialog.locator('li[data-batch]').first();
  await expect(batch.getByTestId('batch-progress')).toHaveText('2 of 2 rows done', { timeout: 30_000 });
  await expect(batch.getByText('Done', { exact: true })).toBeVisible();
  // Progress survives a reload: the batch is listed with its state.
  await page.reload();
  await page.getByRole('button', { name: 'Run on a CSV' }).click();
  await expect(dialog.locator('li[data-batch]').first().getByTestId('batch-progress')).toHaveText('2 of 2 rows done');
  await shoot(page, 'batches');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Download results' }).first().click(),
  ]);
  expect(download.suggestedFilename()).toBe('questions-results.csv');
  const results = readFileSync((await download.path())!, 'utf8').split('\r\n');
  // The answer holds a comma, so it is quoted.
  const answer = `"${TOOL_RUN_MESSAGES.noDataItems}"`;
  expect(results[0]).toBe('Question,Customer,result,status,error');
  expect(results[1]).toBe(`Do you deliver on Sundays?,Ann,${answer},succeeded,`);
  // A formula in the file comes back neutralised.
  expect(results[2]).toBe(`"'=HYPERLINK(""http://x"")",Bob,${answer},succeeded,`);
  await page.keyboard.press('Escape');

  // API access: a key, shown once, and the curl line copied and called.
  await builder.open('Tool settings');
  await builder.panel.getByRole('textbox', { name: 'Key name' }).fill('Zapier');
  await builder.panel.getByRole('button', { name: 'Create key' }).click();
  const secret = (await builder.panel.getByTestId('new-api-key').textContent())!;
  expect(secret).toMatch(/^ttk_/);
  await builder.panel.getByRole('button', { name: 'Copy curl' }).click();
  await expect(page.getByText('Curl command copied')).toBeVisible();
  const curl = await page.evaluate(() => navigator.clipboard.readText());
  await expect(builder.panel.getByText('never used')).toBeVisible();
  await shoot(page, 'api-keys');

  const [, url] = /curl -X POST '([^']+)'/.exec(curl)!;
  const [, auth] = /-H 'Authorization: ([^']+)'/.exec(curl)!;
  const [, body] = /-d '(.+)'$/.exec(curl)!;
  expect(auth).toBe(`Bearer ${secret}`);
  const res = await fetch(url!, {
    method: 'POST',
    headers: { authorization: auth!, 'content-type': 'application/json' },
    body,
  });
  expect(res.status).toBe(200);
  const reply = (await res.json()) as { result: string; model: { offline: boolean }; usage: { cost: number } };
  expect(reply.result).toBe(TOOL_RUN_MESSAGES.noDataItems);
  expect(reply.model.offline).toBe(true);

  // Revoked, the key no longer works.
  await builder.panel.getByRole('button', { name: 'Revoke Zapier' }).click();
  await expect(builder.panel.getByText('never used')).toBeHidden();
  const refused = await fetch(url!, {
    method: 'POST',
    headers: { authorization: auth!, 'content-type': 'application/json' },
    body,
  });
  expect(refused.status).toBe(401);
});
