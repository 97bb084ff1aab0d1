import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { WATERMARK_TEXT } from '@tessera/contracts/apps';
import { RUNTIME_MESSAGES } from '@tessera/contracts/runtime';
import { TOOL_PAGE_MESSAGES as T } from '@tessera/contracts/tool-page';
import { expect, test } from './support/fixtures';
import { confirmMailedCode, E2E_ADMINS, PASSWORD, SIGNUP_CONTACTS, uniqueEmail } from './support/helpers';
import { DevOutbox, HomePage, LoginPage, ToolBuilderPage } from './support/pages';

const SHOTS_DIR = process.env.SHOTS_DIR ?? join(import.meta.dirname, '../../.test-output/screenshots');
const FAQ = `# Acme Outdoor FAQ

## Shipping
How long does shipping take? Standard shipping takes 3 to 5 business days. Express shipping arrives the next business day.

## Returns
Can I return an item? You can return any unused item within 30 days of delivery for a full refund.

## Warranty
Do tents have a warranty? Every Acme tent has a two-year warranty against manufacturing defects.
`;

const TOOL = {
  name: 'Ask Acme Outdoor',
  description: 'Answers about shipping, returns and warranties, straight from our help centre.',
  welcomeMessage: 'Hi! I answer from the Acme FAQ and show you where each answer comes from.',
  examples: ['How long does shipping take?', 'Can I return an item?', 'Do tents have a warranty?'],
  ctaMessage: 'Need a hand with an order?',
  ctaButton: 'Talk to our team',
  ctaLink: 'https://acme.example/contact',
};

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS_DIR, { recursive: true });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width > 600 ? 800 : 812 });
    await page.waitForTimeout(150);
    await page.screenshot({ path: join(SHOTS_DIR, `tool-page-${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** The builder API with the session the SPA keeps in its cookie. */
function builderApi(request: APIRequestContext, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  return {
    async post<T = Record<string, unknown>>(path: string, data: unknown): Promise<T> {
      const res = await request.post(path, { headers, data });
      expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
      return (await res.json()) as T;
    },
    async get<T = Record<string, unknown>>(path: string): Promise<T> {
      const res = await request.get(path, { headers });
      expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
      return (await res.json()) as T;
    },
  };
}

/** Asks the tool one question and waits for the whole answer. */
async function ask(page: Page, question: string) {
  await page.getByLabel(T.defaultInputLabel).fill(question);
  await page.getByRole('button', { name: T.run }).click();
}

/**
 * The builder signs up and makes a tool through the UI: texts with three examples, a call to
 * action, the colorful style, a FAQ as its data, a daily limit of 3 runs, 2 credits a run and
 * editable results (an admin: those are admin settings); then activates it and takes its link.
 */
async function builderWithFaqTool(
  page: Page,
  request: APIRequestContext,
  email: string,
  style: 'Colorful' | 'Dark' = 'Colorful',
) {
  const login = new LoginPage(page);
  await login.goto();
  await login.openSignUpTab();
  await login.signUp({ name: 'Tess Builder', email, password: PASSWORD });
  await expect(page).toHaveURL(/\/auth\/verifyEmail/);
  await new DevOutbox(page, request).openLink(email, /verify your email/i);
  await new HomePage(page).expectOpen();

  await page.getByRole('tab', { name: 'AI tool' }).click();
  const prompt = page.getByRole('textbox', { name: 'What do you want to build?' });
  await prompt.fill(TOOL.name);
  await prompt.press('Enter');
  await expect(page).toHaveURL(/\/build\/app\/[0-9a-f-]+\/tool\/[^/]+$/);
  const appId = /\/build\/app\/([0-9a-f-]+)\//.exec(page.url())![1]!;
  const builder = new ToolBuilderPage(page);

  await builder.open('Tool texts');
  await builder.panel.getByLabel(/^Description/).fill(TOOL.description);
  await builder.panel.getByLabel(/^Welcome message/).fill(TOOL.welcomeMessage);
  for (const [i, example] of TOOL.examples.entries()) await builder.panel.getByLabel(`Example ${i + 1}`).fill(example);
  await builder.done();

  await builder.open('Call to action');
  await builder.panel.getByLabel(/^Message/).fill(TOOL.ctaMessage);
  await builder.panel.getByLabel(/^Button text/).fill(TOOL.ctaButton);
  await builder.panel.getByLabel(/^Button link/).fill(TOOL.ctaLink);
  await builder.done();

  await builder.open('App branding');
  await builder.panel.getByRole('radio', { name: style }).click();
  await builder.panel.getByRole('textbox', { name: 'Button colour', exact: true }).fill('#0f766e');
  await builder.done();

  await builder.open('Data sources');
  await builder.panel.getByRole('button', { name: 'Add data' }).click();
  const dialog = page.getByRole('dialog', { name: 'Data Sources' });
  await dialog.getByRole('textbox', { name: 'Text', exact: true }).fill(FAQ);
  await dialog.getByRole('textbox', { name: /^Name/ }).fill('acme-faq.md');
  await dialog.getByRole('button', { name: 'Add text' }).click();
  await expect(dialog.getByText('Synced', { exact: true })).toBeVisible({ timeout: 30_000 });
  await dialog.press('Escape');
  await expect(builder.panel.getByRole('checkbox', { name: 'Use acme-faq.md in this tool' })).toBeChecked();
  await builder.done();

  await builder.open('Tool settings');
  await builder.panel.getByLabel(/^Daily runs per user/).fill('3');
  await builder.panel.getByLabel(/^Credits per run/).fill('2');
  await builder.panel.getByRole('switch', { name: /User can edit results/ }).click();
  await builder.done();
  await builder.expectSaved();

  await page.getByRole('switch', { name: `${TOOL.name} is live` }).click();
  const live = page.getByRole('dialog', { name: 'Activate Your Tool' });
  const toolUrl = await live.getByLabel('Public link').inputValue();
  await live.getByRole('button', { name: 'Done' }).click();
  await builder.expectSaved();

  const token = decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'tessera_token')!.value);
  return { api: builderApi(request, token), appId, toolUrl };
}

test('a tool page: an anonymous visitor runs it, sees the FAQ quoted with its source, edits the answer and hits the daily limit', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const { toolUrl } = await builderWithFaqTool(page, request, E2E_ADMINS.toolPage);

  // An anonymous visitor on the app's own host.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(toolUrl);
  await expect(visitor.getByRole('heading', { name: 'Ask Acme Outdoor' })).toBeVisible();
  await expect(visitor.getByText(TOOL.welcomeMessage)).toBeVisible();
  // The builder is an admin of the install, so on the top plan: no badge (app-branding.spec.ts shows a
  // free builder's badge).
  await expect(visitor.getByRole('link', { name: WATERMARK_TEXT })).toHaveCount(0);
  await expect(visitor.getByText(T.runsLeftToday.replace('{n}', '3'))).toBeVisible();
  // A question is needed first.
  await visitor.getByRole('button', { name: T.run }).click();
  await expect(visitor.getByText(T.inputRequired)).toBeVisible();
  await shoot(visitor, 'form');

  // An example fills the question; the answer streams in, quotes the FAQ and lists its source.
  await visitor.getByRole('button', { name: 'How long does shipping take?' }).click();
  await expect(visitor.getByLabel(T.defaultInputLabel)).toHaveValue('How long does shipping take?');
  await visitor.getByRole('button', { name: T.run }).click();
  const result = visitor.getByRole('region', { name: T.result });
  await expect(result).toContainText('3 to 5 business days', { timeout: 20_000 });
  await expect(result.getByRole('region', { name: T.sources })).toContainText('acme-faq.md');
  await expect(visitor.getByRole('link', { name: 'Talk to our team' })).toHaveAttribute(
    'href',
    'https://acme.example/contact',
  );
  await shoot(visitor, 'answer');

  // The tool lets its users edit results: the edit is saved on the run.
  await result.getByRole('button', { name: T.edit }).click();
  await result.getByRole('textbox', { name: T.edit }).fill('Shipping takes **3 to 5 business days**. Track it online!');
  await result.getByRole('button', { name: T.saveEdit }).click();
  await expect(result.getByText(T.editSaved)).toBeVisible();
  await expect(result.locator('strong')).toHaveText('3 to 5 business days');

  // Two more runs use up the day; the next is refused with the limit's message.
  for (const [question, quoted] of [
    ['Can I return an item?', '30 days'],
    ['Do tents have a warranty?', 'two-year warranty'],
  ] as const) {
    await visitor.getByRole('button', { name: T.startOver }).click();
    await ask(visitor, question);
    await expect(result).toContainText(quoted, { timeout: 20_000 });
  }
  await visitor.getByRole('button', { name: T.startOver }).click();
  await expect(visitor.getByText(T.runsLeftToday.replace('{n}', '0'))).toBeVisible();
  await ask(visitor, 'Is there express shipping?');
  await expect(visitor.getByRole('alert')).toContainText('You have reached your daily limit of 3 runs');
  await shoot(visitor, 'limit');
  await visitorContext.close();
});

test('a tool page: an end user signs up on it and spends credits on a run', async ({ page, request, browser }) => {
  test.setTimeout(120_000);
  const { api, appId, toolUrl } = await builderWithFaqTool(page, request, E2E_ADMINS.toolPageMembers, 'Dark');
  // TEMPORARY: sign-up for end users (with its three contacts) through the API, until the tool
  // builder's settings offer it.
  const { settings } = await api.get<{ settings: Record<string, unknown> }>(`/api/apps/${appId}`);
  expect(settings).toMatchObject({ dailyUserLimit: 3, creditsPerRun: 2, userCanEditResults: true });
  await api.post(`/api/apps/${appId}/settings`, {
    appSettings: { ...settings, isSignupEnabled: true, ...SIGNUP_CONTACTS },
  });

  const userContext = await browser.newContext();
  const user = await userContext.newPage();
  await user.goto(toolUrl);
  await user.getByRole('link', { name: T.signUp }).click();
  await user.getByLabel(RUNTIME_MESSAGES.fullName).fill('Sam Hiker');
  const hiker = uniqueEmail('hiker');
  await user.getByLabel(RUNTIME_MESSAGES.email).fill(hiker);
  await user.getByLabel(RUNTIME_MESSAGES.password).fill(PASSWORD);
  await user.getByRole('button', { name: RUNTIME_MESSAGES.signUp }).click();
  await confirmMailedCode(user, request, hiker);
  await expect(user).toHaveURL(toolUrl);
  const credits = user.getByTestId('credits-left');
  await expect(credits).toBeVisible();
  const before = Number(/\d+/.exec((await credits.textContent()) ?? '')![0]);

  await ask(user, 'Can I return an item?');
  await expect(user.getByRole('region', { name: T.result })).toContainText('30 days', { timeout: 20_000 });
  await expect(credits).toHaveText(T.creditsLeft.replace('{n}', String(before - 2)));
  await shoot(user, 'signed-in');
  await userContext.close();
});
