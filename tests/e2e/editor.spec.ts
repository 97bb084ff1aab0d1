import { join } from 'node:path';
import { test as baseTest, type Locator, type Page } from '@playwright/test';
import { MESSAGES } from '@tessera/contracts';
import { expect, test } from './support/fixtures';
import { createUser, E2E_ADMINS, useSessionOf } from './support/helpers';

const SHOTS_DIR = join(import.meta.dirname, '../../.test-output/screenshots');

async function shoot(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width > 600 ? 800 : 812 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(SHOTS_DIR, `editor-${name}-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** Waits until the chat says Ready again after a turn, and returns the last assistant message. */
async function waitForTurn(page: Page): Promise<Locator> {
  const chat = page.getByRole('region', { name: 'Chat' });
  await expect(chat.getByRole('status').filter({ hasText: /Sending|Writing/ }))
    .toBeVisible({ timeout: 15_000 })
    .catch(() => {});
  await expect(chat.locator('[data-status="ready"]')).toBeVisible({ timeout: 90_000 });
  return chat.locator('li[data-role="assistant"]').last();
}

test('a builder chats an app into being, sees versions, restores, diffs and publishes it', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const user = await createUser(request, { tag: 'editor', name: 'Margaret Hamilton' });
  await useSessionOf(context, baseURL!, user);
  const headers = { authorization: `Bearer ${user.token}` };
  const created = await request.post('/api/apps', {
    headers,
    data: { appType: 'generated', appBuilderVersion: 4, genApp: { name: 'Task tracker' } },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { appId } = (await created.json()) as { appId: string };

  await page.goto(`/build/app/${appId}`);
  const chat = page.getByRole('region', { name: 'Chat' });
  await expect(page.getByRole('heading', { name: 'Task tracker', level: 1 })).toBeVisible();
  await expect(chat.getByText(MESSAGES.chat.emptyTitle)).toBeVisible();
  await expect(chat.getByText(MESSAGES.chat.emptyHint)).toBeVisible();
  await shoot(page, 'empty');

  // The sidebar collapses with Ctrl+B and remembers it in a 7-day cookie.
  const sidebar = page.getByRole('complementary', { name: 'Builder panel' });
  await expect(sidebar).toHaveAttribute('data-state', 'expanded');
  await page.keyboard.press('Control+b');
  await expect(sidebar).toHaveAttribute('data-state', 'collapsed');
  await expect(sidebar).toHaveCSS('width', '48px');
  await page.screenshot({ path: join(SHOTS_DIR, 'editor-sidebar-collapsed-1280.png') });
  const cookie = (await context.cookies()).find((c) => c.name === 'tessera_sidebar_state');
  expect(cookie?.value).toBe('false');
  expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(604_800 - 60);
  await page.keyboard.press('Control+b');
  await expect(sidebar).toHaveAttribute('data-state', 'expanded');

  // First turn: watch it stream, then a version appears and the preview loads it.
  // The call is held until the turn's state has been seen: the offline builder answers in well
  // under a second, too fast to catch otherwise.
  let releaseTurn: () => void = () => {};
  const turnGate = new Promise<void>((resolve) => (releaseTurn = resolve));
  await page.route(`**/api/apps/${appId}/chat`, async (route) => {
    await turnGate;
    await route.continue();
  });
  const composer = chat.getByRole('textbox', { name: 'Message' });
  await composer.fill('Build a task tracker with tasks (title, done, due date) and projects (name)');
  await composer.press('Enter');
  await expect(chat.locator('li[data-role="user"]')).toHaveText(/Build a task tracker/);
  await expect(composer).toHaveValue('');
  await expect(chat.locator('[data-status="streaming"], [data-status="submitted"]')).toBeVisible();
  releaseTurn(); // later turns pass the released gate at once
  await expect(chat.getByRole('region').first()).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: join(SHOTS_DIR, 'editor-streaming-1280.png') });
  // A second tab opened mid-turn follows the same turn through the live stream.
  const second = await context.newPage();
  await second.goto(`/build/app/${appId}`);
  const secondChat = second.getByRole('region', { name: 'Chat' });
  await expect(secondChat.locator('li[data-role="user"]')).toHaveText(/Build a task tracker/);
  const first = await waitForTurn(page);
  await expect(secondChat.locator('li[data-role="assistant"]').getByText(/^Answered by /)).toBeVisible({
    timeout: 30_000,
  });
  await expect(second.getByRole('button', { name: /^Versions, showing Version 2$/ })).toBeVisible();
  await second.close();
  await expect(first.getByText(/^Answered by /)).toBeVisible();
  // The stored copies arrive after the turn: the answer's time, and the message can be reverted.
  await expect(first.locator('time')).toHaveText('just now');
  await expect(chat.locator('li[data-role="user"]').first().getByRole('button', { name: 'Revert' })).toHaveCount(1);
  await expect(first.getByRole('alert')).toHaveCount(0);
  const versionsButton = page.getByRole('button', { name: /^Versions, showing Version 2$/ });
  await expect(versionsButton).toBeVisible();
  const frame = page.frameLocator('iframe[title="App preview"]');
  await expect(page.locator('iframe[title="App preview"]')).toHaveAttribute(
    'src',
    /^http:\/\/[a-z0-9-]+\.apps\.localhost:\d+\/app\//,
  );
  await expect(frame.locator('body')).toContainText(/task/i, { timeout: 30_000 });
  await shoot(page, 'built');

  // An action opens its detail dialog.
  await first.getByRole('region').first().getByRole('button').first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');

  // Refresh shows its indicator and reloads the frame.
  await page.getByRole('button', { name: 'Refresh preview' }).click();
  await expect(page.getByRole('button', { name: 'Refresh preview' })).toHaveAttribute('aria-busy', 'true');
  await expect(page.getByRole('button', { name: 'Refresh preview' })).not.toHaveAttribute('aria-busy', 'true', {
    timeout: 3000,
  });

  // Viewports.
  await page.getByRole('button', { name: 'Mobile', exact: true }).click();
  const box = await page.locator('iframe[title="App preview"]').boundingBox();
  expect([Math.round(box!.width), Math.round(box!.height)]).toEqual([375, 667]);
  await page.getByRole('button', { name: 'Desktop', exact: true }).click();

  // The toolbar's Database opens the Database panel (its tables are in the sidebar); Done goes back.
  await page.getByRole('button', { name: 'Database', exact: true }).click();
  await expect(page).toHaveURL(/panel=database/);
  await expect(page.getByRole('navigation', { name: 'Entities' }).getByRole('button')).toHaveText([/Project/, /Task/]);
  await shoot(page, 'database');
  // On a phone the sidebar is a closed drawer: the table picker comes with the workspace.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByLabel('Table').selectOption('Task');
  await expect(page.getByRole('heading', { name: 'Task', exact: true })).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 800 });
  await sidebar.getByRole('button', { name: 'Done' }).click();
  await expect(chat).toBeVisible();

  // Follow-up: version 3.
  await composer.fill('add a priority field to tasks');
  await composer.press('Enter');
  await waitForTurn(page);
  await expect(page.getByRole('button', { name: /^Versions, showing Version 3$/ })).toBeVisible();

  // All Changes of the latest version: the Task entity changed.
  await page.getByRole('button', { name: 'All Changes' }).click();
  const diff = page.getByRole('dialog', { name: 'All Changes' });
  await expect(diff.getByRole('navigation', { name: 'Changed files' })).toBeVisible();
  await expect(diff.getByText('modified').first()).toBeVisible();
  await expect(diff.locator('tr[data-kind="add"]').first()).toBeVisible();
  await expect(
    diff
      .locator('tr[data-kind="add"]')
      .filter({ hasText: /priority/i })
      .first(),
  ).toBeVisible();
  await shoot(page, 'diff');
  await page.keyboard.press('Escape');

  // An older version: the dialog offers to switch back or stay; staying shows it and blocks sending.
  await page.getByRole('button', { name: /^Versions, showing/ }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem')).toHaveCount(3);
  await expect(menu.getByRole('menuitem').first()).toContainText('current');
  await menu.getByRole('menuitem', { name: /Version 2/ }).click();
  const older = page.getByRole('dialog', { name: 'You are viewing Version 2' });
  await expect(older.getByRole('button', { name: MESSAGES.chat.switchToLatest })).toBeVisible();
  await older.getByRole('button', { name: MESSAGES.chat.stayOnVersion }).click();
  await expect(page.getByRole('button', { name: /^Versions, showing Version 2$/ })).toBeVisible();
  await composer.fill('this cannot be sent');
  await expect(chat.getByRole('button', { name: 'Send' })).toBeDisabled();
  await composer.fill('');
  await shoot(page, 'older-version');

  // Restore version 2: a new version 4, and the chat says so.
  await page.getByRole('button', { name: 'Restore this version' }).click();
  await expect(page.getByRole('button', { name: /^Versions, showing Version 4$/ })).toBeVisible();
  await expect(chat.getByText(/Restored version 2/).first()).toBeVisible();

  // Revert the follow-up after confirming: it and later messages go, and the app steps back (a new version).
  const followUp = chat.locator('li[data-role="user"]').filter({ hasText: 'add a priority field to tasks' });
  await followUp.hover();
  await followUp.getByRole('button', { name: 'Revert' }).click();
  const confirm = page.getByRole('dialog', { name: 'Revert to before this message?' });
  await confirm.getByRole('button', { name: 'Revert' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(chat.locator('li[data-role="user"]')).toHaveCount(1);
  await expect(chat.getByText(/Restored version 2/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Versions, showing Version 5$/ })).toBeVisible();
  // The reverted text is back in the composer, ready to edit.
  await expect(composer).toHaveValue('add a priority field to tasks');
  await composer.fill('');

  // Publish: the app's address with a copy button.
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
  await page.getByRole('button', { name: 'Publish' }).click();
  const published = page.getByRole('dialog', { name: 'Your app is live' });
  const address = published.getByLabel('App address');
  await expect(address).toHaveValue(/^http:\/\/[a-z0-9-]+\.apps\.localhost:\d+\/app\/[a-z0-9-]+\/$/);
  await published.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByText(MESSAGES.chat.linkCopied)).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await address.inputValue());
  // The published app opens on its own host.
  const live = await context.newPage();
  await live.goto(await address.inputValue());
  await expect(live.getByText('Task Tracker').first()).toBeVisible({ timeout: 30_000 });
  await live.close();
  await page.keyboard.press('Escape');

  // A reload sees the whole conversation.
  await page.reload();
  await expect(chat.locator('li[data-role="user"]')).toHaveCount(1);
  await expect(chat.locator('li[data-role="assistant"]')).toHaveCount(1);

  // Mobile: chat and preview take turns; Done goes back to the chat.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByRole('region', { name: 'Preview' })).toBeVisible();
  await expect(chat).toBeHidden();
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(chat).toBeVisible();
  // The menu is a drawer there, closed until asked for; Escape closes it.
  await expect(sidebar).toHaveCount(0);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(sidebar).toBeVisible();
  await expect(sidebar).toHaveCSS('width', '288px');
  await page.keyboard.press('Escape');
  await expect(sidebar).toHaveCount(0);
});

// The app in the frame throws on purpose, and React logs that in the frame's console: this journey
// checks the builder's own console only (errors logged by the app host's scripts are expected).
baseTest(
  'errors of the previewed app show in the error panel and Resolve with AI sends them',
  async ({ page, context, request, baseURL }) => {
    baseTest.setTimeout(150_000);
    const builderErrors: string[] = [];
    page.on('pageerror', (err) => builderErrors.push(`uncaught: ${err.message}`));
    page.on('console', (msg) => {
      const isAppHost = /\.apps\.localhost[:/]/.test(msg.location().url);
      if (msg.type() === 'error' && !isAppHost && !msg.text().startsWith('Failed to load resource'))
        builderErrors.push(`console: ${msg.text()}`);
    });
    const user = await createUser(request, { tag: 'errors' });
    await useSessionOf(context, baseURL!, user);
    const headers = { authorization: `Bearer ${user.token}` };
    const broken = 'export default function Home() {\n  throw new Error("Tasks could not be counted");\n}\n';
    const created = await request.post('/api/apps', {
      headers,
      data: { appType: 'generated', appBuilderVersion: 4, genApp: { name: 'Broken board', pages: { Home: broken } } },
    });
    expect(created.status(), await created.text()).toBe(200);
    const { appId } = (await created.json()) as { appId: string };

    await page.goto(`/build/app/${appId}`);
    const panel = page.getByRole('region', { name: 'App errors' });
    await expect(panel.getByRole('heading', { name: /^\d+ errors?$/ })).toBeVisible({ timeout: 30_000 });
    await expect(panel.getByText(/Tasks could not be counted/).first()).toBeVisible();
    await shoot(page, 'error-panel');

    // Minimise and expand.
    await panel.getByRole('button', { name: 'Minimise errors' }).click();
    await expect(panel.getByText(/Tasks could not be counted/)).toHaveCount(0);
    await panel.getByRole('button', { name: 'Expand errors' }).click();

    // Suppress every error, then show them again.
    while ((await panel.getByRole('button', { name: /^Suppress / }).count()) > 0)
      await panel
        .getByRole('button', { name: /^Suppress / })
        .first()
        .click();
    await expect(panel.getByRole('heading', { name: '0 errors' })).toBeVisible();
    await panel.getByRole('button', { name: /^Show \d+ hidden$/ }).click();
    await expect(panel.getByText(/Tasks could not be counted/).first()).toBeVisible();

    // Resolve with AI: the errors go to the chat, ending with the spec's words, and clear when the turn ends.
    await panel.getByRole('button', { name: 'Resolve with AI' }).click();
    const chat = page.getByRole('region', { name: 'Chat' });
    // The message's bubble: once the turn has a version, a Revert button follows it in the same item.
    const sent = chat.locator('li[data-role="user"] > div').first();
    await expect(sent).toContainText('Tasks could not be counted');
    await expect(sent).toContainText(new RegExp(`${MESSAGES.chat.fixErrorsSuffix}$`));
    await expect(chat.locator('[data-status="ready"]')).toBeVisible({ timeout: 90_000 });
    await expect(panel).toHaveCount(0);
    expect(builderErrors, 'errors in the builder page').toEqual([]);
  },
);

test('after a reply with its usage table the page itself never scrolls and the top bar stays put', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // Admins see each paid answer's usage as one line that opens its rows (header for screen readers only).
  const admin = await createUser(request, { email: E2E_ADMINS.editor, name: 'Usage Admin' });
  await useSessionOf(context, baseURL!, admin);
  const created = await request.post('/api/apps', {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { appType: 'generated', appBuilderVersion: 4, genApp: { name: 'Steady' } },
  });
  const { appId } = (await created.json()) as { appId: string };
  await page.goto(`/build/app/${appId}`);
  const chat = page.getByRole('region', { name: 'Chat' });
  const composer = chat.getByRole('textbox', { name: 'Message' });
  const topBar = page.getByRole('banner').first();
  // The editor renders its loading shell first; measure once the loaded editor (composer) is on screen.
  await expect(composer).toBeEditable();
  await expect(topBar).toBeVisible();
  const topBarY = async () => {
    const box = await topBar.boundingBox();
    expect(box, 'the top bar is laid out').not.toBeNull();
    return box!.y;
  };
  const pageScroll = () =>
    page.evaluate(() => {
      const root = document.scrollingElement!;
      return { top: root.scrollTop, overflow: root.scrollHeight - root.clientHeight };
    });
  const before = await topBarY();

  await composer.fill('Build a reading list with books (title, author, read)');
  await composer.press('Enter');
  const answer = await waitForTurn(page);
  // The offline model costs nothing: no usage line, and never a table of "$0 / 1M" rows.
  await expect(answer.getByText(/Usage:/)).toHaveCount(0);
  await expect(answer.getByRole('table', { name: 'Usage' })).toHaveCount(0);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width > 600 ? 800 : 812 });
    // The chat follows its newest message; that must scroll the chat, never the page around it.
    await answer.evaluate((el) => el.scrollIntoView({ block: 'end' }));
    await page.mouse.wheel(0, 2000);
    await page.waitForTimeout(300);
    expect(await pageScroll(), `page scroll at ${width} px`).toEqual({ top: 0, overflow: 0 });
    expect(await topBarY(), `top bar at ${width} px`).toBe(before);
  }
});

test('a refused chat call shows the spec text; a limit blocks the composer', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const user = await createUser(request, { tag: 'limits' });
  await useSessionOf(context, baseURL!, user);
  const created = await request.post('/api/apps', {
    headers: { authorization: `Bearer ${user.token}` },
    data: { appType: 'generated', appBuilderVersion: 4, genApp: { name: 'Limited' } },
  });
  const { appId } = (await created.json()) as { appId: string };
  // The server's limits are tested on the server; here the browser gets its refusals as they are sent.
  let refusal: { status: number; code: string; message: string } = {
    status: 429,
    code: 'RATE_LIMITED',
    message: MESSAGES.chat.rateLimited,
  };
  await page.route(`**/api/apps/${appId}/chat`, async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    return route.fulfill({
      status: refusal.status,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: refusal.code, message: refusal.message } }),
    });
  });

  await page.goto(`/build/app/${appId}`);
  const chat = page.getByRole('region', { name: 'Chat' });
  const composer = chat.getByRole('textbox', { name: 'Message' });
  await composer.fill('Build a habit tracker');
  await composer.press('Enter');
  // Rate limited: said once as a toast and once in the chat; the message is back in the composer.
  await expect(page.getByText(MESSAGES.chat.rateLimited)).toHaveCount(2);
  await expect(composer).toHaveValue('Build a habit tracker');
  await expect(composer).toBeEnabled();
  await expect(chat.locator('li[data-role="user"]')).toHaveCount(0);

  refusal = { status: 403, code: 'builder-chat-messages-limit-reached', message: MESSAGES.chat.builderLimit };
  await chat.getByRole('button', { name: 'Send' }).click();
  await expect(chat.getByRole('alert').filter({ hasText: MESSAGES.chat.builderLimit })).toBeVisible();
  await expect(page.getByText(MESSAGES.chat.builderLimit)).toHaveCount(2);
  await expect(composer).toBeDisabled();
  await expect(chat.getByRole('button', { name: 'Send' })).toBeDisabled();
});

test('leaving while a turn runs asks first; staying keeps the editor, confirming leaves', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const user = await createUser(request, { tag: 'leave' });
  await useSessionOf(context, baseURL!, user);
  const created = await request.post('/api/apps', {
    headers: { authorization: `Bearer ${user.token}` },
    data: { appType: 'generated', appBuilderVersion: 4, genApp: { name: 'Leaving' } },
  });
  const { appId } = (await created.json()) as { appId: string };
  // The turn is held until the end: the chat stays busy the whole time.
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/api/apps/${appId}/chat`, async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    await gate;
    return route.fulfill({
      status: 429,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'RATE_LIMITED', message: MESSAGES.chat.rateLimited } }),
    });
  });
  // The confirmation is answered as it opens (docs/product/runtime.md#screens-and-routes text): dismissed first, accepted second.
  const prompts: string[] = [];
  page.on('dialog', (dialog) => {
    prompts.push(dialog.message());
    void (prompts.length === 1 ? dialog.dismiss() : dialog.accept());
  });

  await page.goto(`/build/app/${appId}`);
  const chat = page.getByRole('region', { name: 'Chat' });
  await chat.getByRole('textbox', { name: 'Message' }).fill('Build a habit tracker');
  await chat.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(chat.locator('li[data-role="user"]')).toHaveCount(1);

  await page.getByRole('link', { name: 'Back to apps' }).click();
  await expect.poll(() => prompts).toEqual([MESSAGES.chat.unsavedChanges]);
  await expect(chat).toBeVisible();
  expect(new URL(page.url()).pathname).toBe(`/build/app/${appId}`);

  await page.getByRole('link', { name: 'Back to apps' }).click();
  await expect.poll(() => prompts).toEqual([MESSAGES.chat.unsavedChanges, MESSAGES.chat.unsavedChanges]);
  await expect(page).not.toHaveURL(new RegExp(`/build/app/${appId}`));
  release();
});
