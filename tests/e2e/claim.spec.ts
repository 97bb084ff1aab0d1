import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { TOOL_API_MESSAGES } from '@tessera/contracts/tool-runs';
import { CLAIM_MESSAGES } from '@tessera/contracts/tools';
import { expect, test } from './support/fixtures';
import { E2E_ADMINS, PASSWORD, uniqueEmail } from './support/helpers';
import { DevOutbox, HomePage, LoginPage, ToolBuilderPage } from './support/pages';

const SHOTS_DIR = process.env.SHOTS_DIR ?? join(import.meta.dirname, '../../.test-output/screenshots');

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS_DIR, { recursive: true });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width > 600 ? 800 : 812 });
    await page.waitForTimeout(200);
    await page.screenshot({ path: join(SHOTS_DIR, `claim-${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

// An agency (an admin: claim by customer is an admin setting) builds an AI tool, gives it an API key,
// turns on claim by customer and copies the invite link; the customer signs up through the link,
// claims the tool and lands in its builder, told the agency's key was revoked; the agency no longer
// has it and its key's next call is refused (docs/product/tools.md#claim-invitation).
test('a customer claims an AI tool through the invite link the agency sent', async ({ page, request, context }) => {
  test.setTimeout(150_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const agency = E2E_ADMINS.claim;
  const login = new LoginPage(page);
  await login.goto();
  await login.openSignUpTab();
  await login.signUp({ name: 'Ada Agency', email: agency, password: PASSWORD });
  await new DevOutbox(page, request).openLink(agency, /verify your email/i);
  await new HomePage(page).expectOpen();

  // The tool, from Home, made live.
  await page.getByRole('tab', { name: 'AI tool' }).click();
  const prompt = page.getByRole('textbox', { name: 'What do you want to build?' });
  await prompt.fill('Garden planner');
  await prompt.press('Enter');
  await expect(page).toHaveURL(/\/build\/app\/[0-9a-f-]+\/tool\/[^/]+$/);
  const [, appId, toolId] = /\/build\/app\/([0-9a-f-]+)\/tool\/([^/?#]+)/.exec(page.url())!;
  const builder = new ToolBuilderPage(page);
  await expect(builder.preview.getByRole('heading', { name: 'Garden planner' })).toBeVisible();
  await page.getByRole('switch', { name: 'Garden planner is live' }).click();
  await page.getByRole('dialog', { name: 'Activate Your Tool' }).getByRole('button', { name: 'Done' }).click();

  // Claim by customer, saved, then the invite link copied; and an API key for the agency's own use.
  await builder.open('Tool settings');
  await builder.panel.getByRole('textbox', { name: 'Key name' }).fill('Agency CRM');
  await builder.panel.getByRole('button', { name: 'Create key' }).click();
  const apiKey = (await builder.panel.getByTestId('new-api-key').textContent())!.trim();
  expect(apiKey).toMatch(/^ttk_/);
  // The panel's curl line carries the key and sample values for the tool's fields: run it as shown.
  const curl = (await builder.panel.getByTestId('api-curl').textContent())!;
  expect(curl).toContain(apiKey);
  const values = JSON.parse(/-d '(.*)'$/.exec(curl)![1]!) as unknown;
  const runWithKey = () =>
    request.post(`/api/v1/tools/${toolId}/run`, { headers: { authorization: `Bearer ${apiKey}` }, data: values });
  expect((await runWithKey()).status()).toBe(200);
  await builder.panel.getByRole('switch', { name: 'Claim by customer' }).click();
  await builder.expectSaved();
  await builder.panel.getByRole('button', { name: 'Copy invite link' }).click();
  await expect(page.getByText('Invite link copied')).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(new RegExp(`/claim/${appId}\\?code=[A-Za-z0-9_-]{16}$`));
  const invite = new URL(link);
  const claimPath = invite.pathname + invite.search;

  // The agency opening its own link is told it is already theirs.
  await page.goto(claimPath);
  await expect(page.getByRole('heading', { name: CLAIM_MESSAGES.alreadyYours })).toBeVisible();

  // The customer, signed out, opens the link: sign-up first, then back to the claim.
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login/);
  await page.goto(claimPath);
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fclaim%2F/);
  await login.openSignUpTab();
  const customer = uniqueEmail('claim-customer');
  await login.signUp({ name: 'Cleo Customer', email: customer, password: PASSWORD });
  await new DevOutbox(page, request).openLink(customer, /verify your email/i);
  await expect(page).toHaveURL(new RegExp(`/claim/${appId}\\?code=`));
  const claim = page.getByRole('button', { name: 'Claim this app' });
  await expect(page.getByRole('heading', { name: 'Claim Garden planner' })).toBeVisible();
  await expect(page.getByText(/The builder who sent the invite loses access and their API keys/)).toBeVisible();
  await shoot(page, 'page');

  // A double click claims once and opens the builder.
  await claim.dblclick();
  await expect(page).toHaveURL(new RegExp(`/build/app/${appId}`));
  await expect(page.getByText(CLAIM_MESSAGES.claimed.replace('{name}', 'Garden planner'))).toBeVisible();
  await expect(page.getByText(CLAIM_MESSAGES.keysRevoked.replace('{count}', '1'))).toBeVisible();
  await expect(page.getByText(CLAIM_MESSAGES.alreadyYours)).toHaveCount(0);
  await shoot(page, 'claimed');

  // The used link now says so, in plain words.
  await page.goto('/home');
  await expect(page.getByText('Garden planner').first()).toBeVisible();
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login/);
  await login.signIn(agency, PASSWORD);
  await new HomePage(page).expectOpen();
  await expect(page.getByText('Garden planner')).toHaveCount(0);
  await page.goto(claimPath);
  await expect(page.getByText(CLAIM_MESSAGES.invalidCode)).toBeVisible();
  await shoot(page, 'used');

  // The agency's API key went with the claim: its next call is refused.
  const refused = await runWithKey();
  expect(refused.status()).toBe(401);
  expect((await refused.json()).error.message).toBe(TOOL_API_MESSAGES.invalidKey);
});
