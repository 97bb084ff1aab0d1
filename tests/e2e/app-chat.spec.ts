import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { APP_CHAT_MESSAGES } from '@tessera/contracts/app-chat';
import { expect, test } from './support/fixtures';
import { createUser, E2E_ADMINS, useSessionOf } from './support/helpers';
import { EditorPage } from './support/pages';

const SHOTS_DIR = join(import.meta.dirname, '../../.test-output/screenshots');
// The offline builder's book-club reference description (packages/agent/src/offline/golden/book-club).
const DESCRIPTION =
  'A book club app for our club: members can RSVP to meetings; each meeting is about a book and has a date and a host. Books have a title, author, cover image and a rating from 1 to 5.';
const FAQ = [
  'The book club meets on the first Thursday of every month at 7 pm in the town library.',
  'New members join by writing to the organiser; the first meeting is free.',
  'Each member brings a snack to share.',
].join('\n');

async function shoot(page: Page, name: string, widths = [1280, 375]) {
  mkdirSync(SHOTS_DIR, { recursive: true });
  for (const width of widths) {
    await page.setViewportSize({ width, height: width > 600 ? 800 : 812 });
    await page.waitForTimeout(200);
    await page.screenshot({ path: join(SHOTS_DIR, `app-chat-${name}-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

// docs/product/app-chat.md: an admin builder gives their app a FAQ, turns its chat assistant on in
// the App chat panel and publishes; an end user on the app's own host asks and reads the streamed
// answer with its source.
test('a builder activates the chat assistant and an end user gets a streamed answer from the FAQ', async ({
  page,
  request,
  baseURL,
  browser,
}) => {
  test.setTimeout(150_000);
  const admin = await createUser(request, { email: E2E_ADMINS.appChat, name: 'Chat Admin' });
  await useSessionOf(page.context(), baseURL!, admin);

  // Home: describe the app; the offline builder makes it.
  await page.goto('/home');
  const prompt = page.getByRole('textbox', { name: 'What do you want to build?' });
  await prompt.fill(DESCRIPTION);
  await prompt.press('Enter');
  await expect(page).toHaveURL(/\/build\/app\/[0-9a-f-]+$/);
  const editor = new EditorPage(page);
  await editor.waitForReply();

  // A small FAQ as a data source.
  await editor.menuEntry(/^Data sources/).click();
  const sources = page.getByRole('dialog', { name: 'Data Sources' });
  await sources.getByRole('textbox', { name: 'Text', exact: true }).fill(FAQ);
  await sources.getByRole('textbox', { name: /^Name/ }).fill('Club FAQ');
  await sources.getByRole('button', { name: 'Add text' }).click();
  await expect(sources.getByText('Synced', { exact: true })).toBeVisible({ timeout: 30_000 });
  await sources.press('Escape');

  // App chat: the first activation goes through the modal, named there.
  await editor.menuEntry(/^App chat/).click();
  await expect(page).toHaveURL(/[?&]panel=chat/);
  const panel = page.getByRole('form', { name: 'Chat assistant' });
  const status = panel.getByRole('switch', { name: 'Chat assistant' });
  await expect(status).not.toBeChecked();
  await status.click();
  const modal = page.getByRole('dialog', { name: 'Activate Your Chat Assistant' });
  await modal.getByLabel('Assistant name').fill('Book buddy');
  await modal.getByLabel(/^Welcome message/).fill('Hi! Ask me about the club.');
  // One width: under 768 px the panel moves out of the sidebar, which would close the modal.
  await shoot(page, 'activate-modal', [1280]);
  await modal.getByRole('button', { name: 'Activate' }).click();
  await expect(page.getByText(APP_CHAT_MESSAGES.activated)).toBeVisible();
  await expect(status).toBeChecked();
  await expect(panel.getByText('Active', { exact: true })).toBeVisible();
  await expect(panel.getByRole('checkbox', { name: 'Club FAQ' })).toBeChecked();
  await shoot(page, 'panel');

  // A failed call puts the switch back and says so.
  await page.route('**/chat/activate', (route) => route.abort(), { times: 1 });
  await status.click();
  await expect(page.getByText(APP_CHAT_MESSAGES.deactivateFailed)).toBeVisible();
  await expect(status).toBeChecked();

  // Publish, then an end user on the app's own host.
  await page.getByRole('button', { name: 'Publish' }).click();
  const live = page.getByRole('dialog', { name: 'Your app is live' });
  const appUrl = await live.getByLabel('App address').inputValue();
  await live.press('Escape');

  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(appUrl);
  const bubble = visitor.getByRole('button', { name: 'Chat with Book buddy' });
  await expect(bubble).toBeVisible({ timeout: 30_000 });
  await bubble.click();
  const chat = visitor.getByRole('dialog', { name: 'Book buddy' });
  await expect(chat.getByText('Hi! Ask me about the club.')).toBeVisible();
  await chat.getByRole('textbox', { name: 'Your question' }).fill('When does the book club meet each month?');
  await chat.getByRole('button', { name: 'Send' }).click();
  const answer = chat.locator('[data-status]').last();
  await expect(answer).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  await expect(answer).toContainText('first Thursday of every month at 7 pm');
  await expect(answer.getByRole('list', { name: 'Sources' })).toHaveText('Club FAQ');
  await shoot(visitor, 'answer');
});
