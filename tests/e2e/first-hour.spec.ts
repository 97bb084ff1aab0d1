import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { APP_MESSAGES } from '@tessera/contracts';
import { RUNTIME_MESSAGES } from '@tessera/contracts/runtime';
import { expect, test } from './support/fixtures';
import { confirmMailedCode, FIRST_HOUR_ADMINS, PASSWORD, SIGNUP_CONTACTS, uniqueEmail } from './support/helpers';
import { DevOutbox, EditorPage, HomePage, LoginPage } from './support/pages';

const SHOTS_DIR = join(import.meta.dirname, '../../.test-output/screenshots');
// The offline builder's book-club reference description (packages/agent/src/offline/golden/book-club).
const DESCRIPTION =
  'A book club app for our club: members can RSVP to meetings; each meeting is about a book and has a date and a host. Books have a title, author, cover image and a rating from 1 to 5.';

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS_DIR, { recursive: true });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width > 600 ? 800 : 812 });
    await page.waitForTimeout(150);
    await page.screenshot({ path: join(SHOTS_DIR, `first-hour-${name}-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/**
 * The toast saying `text` stays inside a phone's screen, also when it was shown at desktop width and
 * the window then narrowed (sampled through the moment the outlet moves to its mobile place).
 */
async function expectToastOnScreen(page: Page, text: string) {
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: text });
  await expect(toast).toBeVisible();
  await page.setViewportSize({ width: 375, height: 812 });
  for (let i = 0; i < 5; i++) {
    const box = (await toast.boundingBox())!;
    expect(box.x, `the toast's left edge ${i * 80} ms after narrowing`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    await page.waitForTimeout(80);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

// The first hour of a new builder, through the UI only: sign up, describe an app, try it in the
// preview, open sign-up and publish, then an end user signs up on the live app. Access changes that
// wait for a publish and column renames are proven in publish.spec.ts.
test('the first hour: sign up, describe a book club, add a book, publish, and an end user signs up', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(90_000);
  // An admin address (App settings of generated apps are for admins), one per repeat of the journey.
  const email = FIRST_HOUR_ADMINS[test.info().repeatEachIndex]!;
  const login = new LoginPage(page);
  await login.goto();
  await login.openSignUpTab();
  await login.signUp({ name: 'Ada Lovelace', email, password: PASSWORD });
  await expect(page).toHaveURL(/\/auth\/verifyEmail/);
  await new DevOutbox(page, request).openLink(email, /verify your email/i);
  const home = new HomePage(page);
  await home.expectOpen();
  await expectToastOnScreen(page, APP_MESSAGES.emailVerified);

  // Home: the description, then Enter.
  const prompt = page.getByRole('textbox', { name: 'What do you want to build?' });
  await prompt.fill(DESCRIPTION);
  await shoot(page, 'home');
  await prompt.press('Enter');
  await expect(page).toHaveURL(/\/build\/app\/[0-9a-f-]+$/);

  // The editor: the reply arrives and the preview shows the app with its sample records.
  const editor = new EditorPage(page);
  await expect(editor.chat.locator('li[data-role="user"]')).toHaveText(/A book club app/);
  const reply = await editor.waitForReply();
  await expect(reply).toContainText('Book Club');
  const preview = editor.preview();
  await expect(preview.getByRole('heading', { name: 'Dashboard' })).toBeVisible({ timeout: 30_000 });
  await expect(preview.getByText('March meeting')).toBeVisible();
  await shoot(page, 'editor');

  // The builder adds a book in the preview and sees it listed.
  await preview.getByRole('link', { name: 'New Books' }).click();
  await preview.getByLabel('Title').fill('Piranesi');
  await preview.getByLabel('Author').fill('Susanna Clarke');
  await preview.getByLabel('Rating').fill('5');
  await preview.getByRole('button', { name: 'Create book' }).click();
  await preview.getByRole('link', { name: 'All books' }).click();
  await expect(preview.getByRole('link', { name: 'Piranesi' })).toBeVisible();

  // Publish (sign-up waits for a first publish), then open sign-up in App settings.
  await page.getByRole('button', { name: 'Publish' }).click();
  const live = page.getByRole('dialog', { name: 'Your app is live' });
  const appUrl = await live.getByLabel('App address').inputValue();
  await live.press('Escape');
  await editor.menuEntry(/App settings/).click();
  const panel = editor.panel;
  await panel.getByRole('switch', { name: 'Let users sign up' }).click();
  await panel.getByLabel('Terms of service link').fill(SIGNUP_CONTACTS.termsOfServiceLink);
  await panel.getByLabel('Privacy policy link').fill(SIGNUP_CONTACTS.privacyPolicyLink);
  await panel.getByLabel('Support e-mail').fill(SIGNUP_CONTACTS.supportEmail);
  await panel.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(APP_MESSAGES.appSettingsSaved)).toBeVisible();

  // An anonymous visitor on the live app: members are the creator's only, so a sign-in prompt.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(appUrl);
  const signInPrompt = visitor.getByRole('region', { name: RUNTIME_MESSAGES.signInToSee });
  await expect(signInPrompt).toBeVisible();
  await expect(visitor.getByRole('alert')).toHaveCount(0);
  await shoot(visitor, 'live-anonymous');

  // The visitor signs up (the form shows the app's terms, privacy and support links) and adds a member.
  await signInPrompt.getByRole('link', { name: RUNTIME_MESSAGES.signIn }).click();
  await visitor.getByRole('button', { name: RUNTIME_MESSAGES.noAccount }).click();
  await expect(visitor.getByRole('link', { name: RUNTIME_MESSAGES.termsOfService })).toHaveAttribute(
    'href',
    SIGNUP_CONTACTS.termsOfServiceLink,
  );
  await expect(visitor.getByRole('link', { name: RUNTIME_MESSAGES.privacyPolicy })).toHaveAttribute(
    'href',
    SIGNUP_CONTACTS.privacyPolicyLink,
  );
  await expect(visitor.getByRole('link', { name: RUNTIME_MESSAGES.support })).toHaveAttribute(
    'href',
    `mailto:${SIGNUP_CONTACTS.supportEmail}`,
  );
  await visitor.getByLabel(RUNTIME_MESSAGES.fullName).fill('Grace Reader');
  const reader = uniqueEmail('reader');
  await visitor.getByLabel(RUNTIME_MESSAGES.email).fill(reader);
  await visitor.getByLabel(RUNTIME_MESSAGES.password).fill(PASSWORD);
  await visitor.getByRole('button', { name: RUNTIME_MESSAGES.signUp }).click();
  await confirmMailedCode(visitor, request, reader);
  await visitor.getByRole('link', { name: 'New Members' }).click();
  await visitor.getByLabel('Name').fill('Grace Reader');
  await visitor.getByLabel('Email').fill('grace@example.com');
  await visitor.getByRole('button', { name: 'Create member' }).click();
  await visitor.getByRole('link', { name: 'All members' }).click();
  await expect(visitor.getByRole('link', { name: 'Grace Reader' })).toBeVisible();
  // Members stay with whoever added them: the builder's sample members are not hers to see.
  await expect(visitor.getByRole('link', { name: 'Alan Turing' })).toHaveCount(0);
  await shoot(visitor, 'live-signed-in');
  await visitorContext.close();
});
