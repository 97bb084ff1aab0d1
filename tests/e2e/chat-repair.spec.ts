import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { loadReplays } from '@tessera/test-utils';
import { expect, test } from './support/fixtures';
import { E2E_ADMINS, PASSWORD } from './support/helpers';
import { DevOutbox, EditorPage, HomePage, LoginPage } from './support/pages';

const SHOTS_DIR = join(import.meta.dirname, '../../.test-output/screenshots');
// A reply of the replay corpus that imports recharts (which apps cannot use) and draws an icon it
// never imported; support/fake-model-server.ts answers this message with it, then with its repair.
const REPLAY = loadReplays().find((r) => r.name === '09-gpt-workouts-bad-and-missing-import')!;
const MESSAGE = REPLAY.turns[0]!.message;

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS_DIR, { recursive: true });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width > 600 ? 800 : 812 });
    await page.waitForTimeout(150);
    await page.screenshot({ path: join(SHOTS_DIR, `chat-repair-${name}-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

// A builder signs up, starts an app and asks an OpenAI-compatible model for a workout log. Its reply
// has one bad import and one missing import: the chat shows the repair step, the model fixes both
// without the builder typing anything, and the version renders in the preview.
test('a reply with a bad import and a missing import ends, without builder input, as a version that renders', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const email = E2E_ADMINS.chatRepair;
  const login = new LoginPage(page);
  await login.goto();
  await login.openSignUpTab();
  await login.signUp({ name: 'Rita Repair', email, password: PASSWORD });
  await expect(page).toHaveURL(/\/auth\/verifyEmail/);
  await new DevOutbox(page, request).openLink(email, /verify your email/i);
  const home = new HomePage(page);
  await home.expectOpen();
  // Home starts the app with the offline builder (the default model); its data has nothing to do with workouts.
  await home.buildApp('A notes app to jot down ideas');
  const editor = new EditorPage(page);
  await editor.waitForReply();

  // Admins choose the model: the OpenAI-compatible server on loopback.
  await editor.model.selectOption('compatible:fake-coder');
  const answer = await editor.ask(MESSAGE);
  const step = answer.getByRole('status', { name: 'Repair step 2' });
  await expect(step).toContainText('Found 2 problems in the changes: fixing them (step 2 of 4)');
  await expect(step).toContainText('"recharts" is not available');
  await expect(step).toContainText('Dumbbell is used but never imported or declared');
  // Both steps' changes are listed, the repair after the note, and nothing was refused.
  await expect(answer.getByRole('region', { name: 'Create the workout log' })).toBeVisible();
  await expect(answer.getByRole('region', { name: 'Fix the workout page imports' })).toBeVisible();
  await expect(answer.getByRole('alert')).toHaveCount(0);
  await expect(editor.chat.locator('li[data-role="user"]')).toHaveCount(2);

  // The version renders: the page with the icon and the weekly bars, no error box.
  const preview = editor.preview();
  await expect(preview.getByRole('heading', { name: 'Workout log' })).toBeVisible({ timeout: 30_000 });
  await expect(preview.getByLabel('Minutes per week')).toBeVisible();
  await expect(preview.getByRole('alert')).toHaveCount(0);
  await step.scrollIntoViewIfNeeded();
  await shoot(page, 'editor');
});
