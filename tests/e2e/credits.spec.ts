import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { RUNTIME_MESSAGES } from '@tessera/contracts/runtime';
import { TOOL_PAGE_MESSAGES as T } from '@tessera/contracts/tool-page';
import { expect, test } from './support/fixtures';
import { confirmMailedCode, E2E_ADMINS, PASSWORD, SIGNUP_CONTACTS, uniqueEmail } from './support/helpers';
import { DevOutbox, HomePage, LoginPage, ToolBuilderPage } from './support/pages';

const SHOTS_DIR = process.env.SHOTS_DIR ?? join(import.meta.dirname, '../../.test-output/screenshots');
const TOOL_NAME = 'Trail Planner';

async function shoot(page: Page, name: string, fullPage = true) {
  mkdirSync(SHOTS_DIR, { recursive: true });
  const size = page.viewportSize() ?? { width: 1280, height: 800 };
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width > 600 ? 800 : 812 });
    await page.waitForTimeout(200);
    await page.screenshot({ path: join(SHOTS_DIR, `credits-${name}-${width}.png`), fullPage });
  }
  await page.setViewportSize(size);
}

async function ask(page: Page, question: string) {
  await page.getByLabel(T.defaultInputLabel).fill(question);
  await page.getByRole('button', { name: T.run }).click();
}

/** Opens Tool settings' End users and credits dialog. */
async function openCredits(page: Page, builder: ToolBuilderPage): Promise<Locator> {
  await builder.open('Tool settings');
  await builder.panel.getByRole('button', { name: 'End users and credits' }).click();
  return page.getByRole('dialog', { name: 'End users and credits' });
}

test('credits: an end user runs out, is told how to get more, the builder adds credits in the UI and they run again', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(150_000);
  // The builder (an admin: credits per run and starting credits are admin settings) makes a tool.
  const builderEmail = E2E_ADMINS.credits;
  const login = new LoginPage(page);
  await login.goto();
  await login.openSignUpTab();
  await login.signUp({ name: 'Cara Builder', email: builderEmail, password: PASSWORD });
  await expect(page).toHaveURL(/\/auth\/verifyEmail/);
  await new DevOutbox(page, request).openLink(builderEmail, /verify your email/i);
  await new HomePage(page).expectOpen();
  await page.getByRole('tab', { name: 'AI tool' }).click();
  const prompt = page.getByRole('textbox', { name: 'What do you want to build?' });
  await prompt.fill(TOOL_NAME);
  await prompt.press('Enter');
  await expect(page).toHaveURL(/\/build\/app\/[0-9a-f-]+\/tool\/[^/]+$/);
  const builder = new ToolBuilderPage(page);

  await page.getByRole('switch', { name: `${TOOL_NAME} is live` }).click();
  const live = page.getByRole('dialog', { name: 'Activate Your Tool' });
  const toolUrl = await live.getByLabel('Public link').inputValue();
  await live.getByRole('button', { name: 'Done' }).click();

  // Sign-up with its contacts, 10 credits a run and 20 to start: two runs, then out.
  await builder.open('Tool settings');
  await builder.panel.getByLabel(/^Terms of service link/).fill(SIGNUP_CONTACTS.termsOfServiceLink);
  await builder.panel.getByLabel(/^Privacy policy link/).fill(SIGNUP_CONTACTS.privacyPolicyLink);
  await builder.panel.getByLabel(/^Support e-mail/).fill(SIGNUP_CONTACTS.supportEmail);
  await builder.panel.getByRole('switch', { name: /Let users sign up/ }).click();
  await builder.panel.getByLabel(/^Credits per run/).fill('10');
  await builder.panel.getByLabel(/^Starting credits/).fill('20');
  await builder.done();
  await builder.expectSaved();

  // No end users yet.
  let dialog = await openCredits(page, builder);
  await expect(dialog.getByText('No end users yet')).toBeVisible();
  await expect(dialog.getByText('New end users start with 20 credits; a run costs 10 credits.')).toBeVisible();
  await dialog.press('Escape');
  await builder.done();

  // An end user signs up on the tool page and spends their credits.
  const userEmail = uniqueEmail('hiker');
  const userContext = await browser.newContext();
  const user = await userContext.newPage();
  await user.goto(toolUrl);
  await user.getByRole('link', { name: T.signUp }).click();
  await user.getByLabel(RUNTIME_MESSAGES.fullName).fill('Hana Hiker');
  await user.getByLabel(RUNTIME_MESSAGES.email).fill(userEmail);
  await user.getByLabel(RUNTIME_MESSAGES.password).fill(PASSWORD);
  await user.getByRole('button', { name: RUNTIME_MESSAGES.signUp }).click();
  await confirmMailedCode(user, request, userEmail);
  await expect(user).toHaveURL(toolUrl);
  const credits = user.getByTestId('credits-left');
  await expect(credits).toHaveText(T.creditsLeft.replace('{n}', '20'));
  const result = user.getByRole('region', { name: T.result });
  for (const [i, question] of ['Which trail is shortest?', 'Is the ridge open?'].entries()) {
    if (i > 0) await user.getByRole('button', { name: T.startOver }).click();
    await ask(user, question);
    await expect(user.getByRole('button', { name: T.startOver })).toBeVisible({ timeout: 20_000 });
    await expect(result).toBeVisible();
  }
  await expect(credits).toHaveText(T.creditsLeft.replace('{n}', '0'));
  await user.getByRole('button', { name: T.startOver }).click();
  await ask(user, 'What about the lake loop?');
  const refusal = user.getByRole('alert');
  await expect(refusal).toContainText("You don't have enough credits for this run (10 needed, 0 left)");
  const help = refusal.getByTestId('credits-help');
  await expect(help).toContainText(T.creditsGetMoreAt.replace('{app}', TOOL_NAME));
  await expect(help.getByRole('link', { name: SIGNUP_CONTACTS.supportEmail })).toHaveAttribute(
    'href',
    `mailto:${SIGNUP_CONTACTS.supportEmail}`,
  );
  // No paid memberships on this app: no membership link.
  await expect(help.getByRole('link', { name: T.becomeMember })).toHaveCount(0);
  await shoot(user, 'out-of-credits');

  // The builder finds them in the list, with no credits and two runs, and adds 30 with a reason.
  dialog = await openCredits(page, builder);
  const row = dialog.getByRole('listitem').filter({ hasText: userEmail });
  await expect(row).toContainText('0 credits');
  await expect(row).toContainText('Hana Hiker · 2 runs');
  await shoot(page, 'end-users', false);
  await row.getByRole('button', { name: `Adjust credits of ${userEmail}` }).click();
  dialog = page.getByRole('dialog', { name: userEmail });
  await expect(dialog.getByTestId('credits-balance')).toHaveText('0');
  // A removal below 0 is refused with the server's message.
  await dialog.getByLabel(/^Credits to add/).fill('-5');
  await dialog.getByLabel(/^Reason/).fill('Oops');
  await dialog.getByRole('button', { name: 'Save change' }).click();
  await expect(dialog.getByRole('alert')).toContainText("Credits can't go below 0: this user has 0 left");
  await dialog.getByLabel(/^Credits to add/).fill('30');
  await dialog.getByLabel(/^Reason/).fill('Thanks for testing the trails');
  await dialog.getByRole('button', { name: 'Save change' }).click();
  await expect(dialog.getByRole('status')).toContainText(`+30 credits saved. ${userEmail} now has 30.`);
  await expect(dialog.getByTestId('credits-balance')).toHaveText('30');
  const history = dialog.getByRole('list', { name: 'Credit history' });
  await expect(history).toContainText('+30');
  await expect(history).toContainText('Thanks for testing the trails');
  await expect(history).toContainText(builderEmail);
  await shoot(page, 'adjust', false);
  await dialog.getByRole('button', { name: 'All end users' }).click();
  await expect(
    page.getByRole('dialog', { name: 'End users and credits' }).getByRole('listitem').filter({ hasText: userEmail }),
  ).toContainText('30 credits');

  // The end user tries again and the run goes through.
  await user.getByRole('button', { name: T.tryAgain }).click();
  await ask(user, 'What about the lake loop?');
  await expect(user.getByRole('button', { name: T.startOver })).toBeVisible({ timeout: 20_000 });
  await expect(credits).toHaveText(T.creditsLeft.replace('{n}', '20'));
  await userContext.close();
});
