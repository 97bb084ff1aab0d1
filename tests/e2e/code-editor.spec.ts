import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { MESSAGES } from '@tessera/contracts';
import { expect, test } from './support/fixtures';
import { PASSWORD, uniqueEmail } from './support/helpers';
import { DevOutbox, EditorPage, HomePage, LoginPage } from './support/pages';

const SHOTS_DIR = join(import.meta.dirname, '../../.test-output/screenshots');

async function shoot(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width > 600 ? 800 : 812 });
    await page.waitForTimeout(400);
    await page.screenshot({ path: join(SHOTS_DIR, `code-editor-${name}-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('a builder edits a page by hand, deletes a component with its imports fixed, and restores the version before', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const email = uniqueEmail('code-editor');
  const login = new LoginPage(page);
  await login.goto();
  await login.openSignUpTab();
  await login.signUp({ name: 'Ada Lovelace', email, password: PASSWORD });
  await new DevOutbox(page, request).openLink(email, /verify your email/i);
  await new HomePage(page).expectOpen();

  // An app built by the chat (the offline builder answers): version 1, its main page the dashboard.
  await page
    .getByRole('textbox', { name: 'What do you want to build?' })
    .fill('Build a task tracker with tasks (title, done, due date) and projects (name)');
  await page.getByRole('button', { name: 'Build it' }).click();
  await expect(page).toHaveURL(/\/build\/app\/[0-9a-f-]+$/);
  const editor = new EditorPage(page);
  await editor.waitForReply();
  const preview = editor.preview();
  await expect(preview.getByRole('heading', { name: 'Dashboard' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: /^Versions, showing Version 1$/ })).toBeVisible();

  // The toolbar's Edit code opens the editor on the main page; the tree has its six sections.
  await page.getByRole('button', { name: 'Edit code' }).click();
  await expect(page).toHaveURL(/panel=code/);
  const files = page.getByRole('navigation', { name: 'Files' });
  await expect(files.getByRole('heading')).toHaveText([
    'Layout',
    'Styles',
    'Pages',
    'Components',
    /^Entities/,
    'Services',
  ]);
  await expect(files.getByRole('button', { name: 'Home.jsx', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(files.getByRole('button', { name: /Task\.json/ })).toBeVisible();
  const code = page.getByRole('textbox', { name: 'Code of pages/Home.jsx' });
  await expect(code).toContainText('title="Dashboard"');
  const status = page.locator('[role="status"][data-status]');
  await expect(status).toHaveAttribute('data-status', 'idle');
  await expect(preview.getByRole('heading', { name: 'Dashboard' })).toBeVisible({ timeout: 30_000 });
  await shoot(page, 'open');

  // Entity files are read-only.
  await files.getByRole('button', { name: /Task\.json/ }).click();
  const entity = page.getByRole('textbox', { name: 'Code of entities/Task.json' });
  await expect(entity).toHaveAttribute('contenteditable', 'false');
  await files.getByRole('button', { name: 'Home.jsx', exact: true }).click();

  // A hand edit: saving while the request runs (held a moment to be seen), then saved, then idle.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/files/update', async (route) => {
    await held;
    await route.continue();
  });
  // Double-click the page title's word and type over it.
  const titleLine = code.locator('.cm-line', { hasText: 'title="Dashboard"' });
  await titleLine.getByText('"Dashboard"', { exact: true }).dblclick();
  // Inserted at once: one edit, so one save however slowly a busy machine types (keystrokes 1 s apart made two).
  await page.keyboard.insertText('Team overview');
  await expect(code).toContainText('title="Team overview"');
  await expect(status).toHaveAttribute('data-status', 'saving');
  await expect(status).toContainText('Saving');
  release();
  await expect(status).toHaveAttribute('data-status', 'saved');
  const savedAt = Date.now();
  await expect(status).toContainText('Saved');
  // The preview follows the new version.
  await expect(preview.getByRole('heading', { name: 'Team overview' })).toBeVisible({ timeout: 10_000 });
  console.log(`preview showed the hand edit ${Date.now() - savedAt} ms after "Saved"`);
  await expect(page.getByRole('button', { name: /^Versions, showing Version 2$/ })).toBeVisible();
  await expect(status).toHaveAttribute('data-status', 'idle', { timeout: 4000 });
  await page.unroute('**/files/update');

  // A syntax error: saved, with a lint marker and the problem listed.
  await code.click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.press('Enter');
  await page.keyboard.insertText('export const broken = (;)');
  await expect(status).toHaveAttribute('data-status', 'saved');
  const problems = page.getByRole('list', { name: 'Problems' });
  await expect(problems).toContainText(/Syntax error/);
  await expect(page.locator('.cm-lint-marker-error').first()).toBeVisible();
  await shoot(page, 'lint');
  // Taken out again (the line, then the line break): the problem goes with the next save.
  await code.click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.press('End');
  await page.keyboard.press('Shift+Home');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await expect(problems).toHaveCount(0, { timeout: 5000 });
  await expect(page.getByRole('button', { name: /^Versions, showing Version 4$/ })).toBeVisible();

  // A save that fails: the toast, the error state, the text kept; Retry saves it.
  const failure = { status: 500, contentType: 'application/json', body: '{"error":{"code":"INTERNAL","message":"x"}}' };
  await page.route('**/files/update', (route) => route.fulfill(failure));
  await code.click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.press('Enter');
  await page.keyboard.insertText('// Edited by hand');
  await expect(page.getByText(MESSAGES.codeEditor.saveFailed)).toBeVisible();
  await expect(status).toHaveAttribute('data-status', 'error');
  await page.unroute('**/files/update');
  await status.getByRole('button', { name: 'Retry' }).click();
  await expect(status).toHaveAttribute('data-status', 'saved');
  await expect(page.getByRole('button', { name: /^Versions, showing Version 5$/ })).toBeVisible();

  // Delete a component: asked first, naming the imports to update; then the importers no longer use it.
  await files.getByRole('button', { name: 'Actions for components/LoadingState.jsx' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete components/LoadingState.jsx?' });
  await expect(confirm.getByRole('list', { name: 'Imports to update' })).toContainText('pages/Home.jsx');
  await shoot(page, 'delete');
  // A refused delete says so and keeps the dialog open: asking again deletes it.
  await page.route('**/files/delete', (route) => route.fulfill(failure), { times: 1 });
  await confirm.getByRole('button', { name: 'Delete file' }).click();
  await expect(page.getByText(MESSAGES.codeEditor.deleteFailed)).toBeVisible();
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete file' }).click();
  await expect(page.getByText('Deleted LoadingState.jsx')).toBeVisible();
  await expect(files.getByRole('button', { name: 'LoadingState.jsx', exact: true })).toHaveCount(0);
  await expect(code).not.toContainText('LoadingState');
  await expect(code).toContainText('title="Team overview"');
  await expect(page.getByRole('list', { name: 'Problems' })).toHaveCount(0);
  await files.getByRole('button', { name: 'Tasks.jsx', exact: true }).click();
  await expect(page.getByRole('textbox', { name: 'Code of pages/Tasks.jsx' })).not.toContainText('LoadingState');
  await expect(page.getByRole('button', { name: /^Versions, showing Version 6$/ })).toBeVisible();
  await expect(preview.getByRole('heading', { name: 'Team overview' })).toBeVisible({ timeout: 10_000 });

  // Back to the chat; restore version 1, the one before the hand edits: the dashboard is back.
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page).not.toHaveURL(/panel=code/);
  await page.getByRole('button', { name: /^Versions, showing/ }).click();
  await page
    .getByRole('menu')
    .getByRole('menuitem', { name: /Version 1/ })
    .click();
  await page
    .getByRole('dialog', { name: 'You are viewing Version 1' })
    .getByRole('button', { name: MESSAGES.chat.stayOnVersion })
    .click();
  // A restore the server refuses says so and changes nothing; asking again restores.
  await page.route('**/versions/*/restore', (route) => route.fulfill(failure), { times: 1 });
  await page.getByRole('button', { name: 'Restore this version' }).click();
  await expect(page.getByText(MESSAGES.chat.restoreFailed)).toBeVisible();
  await page.getByRole('button', { name: 'Restore this version' }).click();
  await expect(page.getByRole('button', { name: /^Versions, showing Version 7$/ })).toBeVisible();
  await expect(preview.getByRole('heading', { name: 'Dashboard' })).toBeVisible({ timeout: 10_000 });

  // The code editor (from the side panel's entry on a phone) shows the restored code.
  // First the files cannot be read: the toast, and Try again.
  await page.route('**/api/apps/*/files', (route) => route.fulfill(failure));
  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByRole('button', { name: 'Open menu' }).click();
  await editor.menuEntry(/Code editor/).click();
  await expect(page.getByText(MESSAGES.codeEditor.loadFailed).first()).toBeVisible({ timeout: 10_000 });
  await page.unroute('**/api/apps/*/files');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('textbox', { name: 'Code of pages/Home.jsx' })).toContainText('title="Dashboard"');
  await page.getByRole('button', { name: 'Files' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Files' }).getByRole('button', { name: 'LoadingState.jsx', exact: true }),
  ).toBeVisible();
  await page.screenshot({ path: join(SHOTS_DIR, 'code-editor-drawer-375.png') });
  await page.getByRole('button', { name: 'Close files' }).click();
  await page.getByRole('button', { name: 'Show preview' }).click();
  await expect(preview.getByRole('heading', { name: 'Dashboard' })).toBeVisible({ timeout: 10_000 });
  await page.screenshot({ path: join(SHOTS_DIR, 'code-editor-phone-preview-375.png') });
});
