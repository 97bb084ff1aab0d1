import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { MESSAGES } from '@tessera/contracts';
import { permissionChangeRequest } from '@tessera/contracts/entities';
import { RUNTIME_MESSAGES } from '@tessera/contracts/runtime';
import { expect, test } from './support/fixtures';
import { createUser, useSessionOf, type TestUser } from './support/helpers';

const SHOTS_DIR = join(import.meta.dirname, '../../.test-output/screenshots');

/** A generated app as someone would paste it: a bare genApp object. */
const DEFINITION = {
  name: 'Team tasks',
  entities: {
    Task: {
      type: 'object',
      properties: {
        title: { type: 'string' },
        estimate: { type: 'number' },
        status: { type: 'string', enum: ['todo', 'doing', 'done'] },
        tags: { type: 'array', items: { type: 'string', enum: ['ops', 'design', 'backend'] } },
        urgent: { type: 'boolean' },
        meta: { type: 'object' },
        due: { type: 'string', format: 'date-time' },
      },
      'x-accessControl': { permissions: { read: 'creator', write: 'creator' } },
    },
    Project: { type: 'object', properties: { name: { type: 'string' } } },
  },
  pages: { Home: 'export default function Home() { return null; }' },
};

async function shoot(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width > 600 ? 800 : 812 });
    await page.waitForTimeout(200);
    await page.screenshot({ path: join(SHOTS_DIR, `database-${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

function tasksApi(request: APIRequestContext, user: TestUser, appId: string) {
  const base = `/live_api/apps/${appId}/entities/Task`;
  const headers = { authorization: `Bearer ${user.token}` };
  return {
    list: async () =>
      (await (await request.get(`${base}?limit=1000`, { headers })).json()) as Array<Record<string, unknown>>,
    bulk: async (rows: object[]) =>
      expect((await request.post(`${base}/bulk`, { headers, data: rows })).status()).toBe(200),
  };
}

test('a builder imports an app and edits its data in the Database panel', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const user = await createUser(request, { tag: 'db', name: 'Ada Lovelace' });
  await useSessionOf(context, baseURL!, user);

  // Import from a pasted definition; a bad one shows the server's message.
  await page.goto('/home');
  await page.getByRole('button', { name: 'Import app' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import app' });
  await dialog
    .getByLabel('App definition (JSON)')
    .fill(JSON.stringify({ name: 'Broken', entities: { Task: { properties: { x: { type: 'text' } } } } }));
  await dialog.getByRole('button', { name: 'Import app' }).click();
  await expect(dialog.getByRole('alert')).toContainText('property "x"');
  await dialog.getByLabel('App definition (JSON)').fill(JSON.stringify(DEFINITION, null, 2));
  await shoot(page, 'import');
  await dialog.getByRole('button', { name: 'Import app' }).click();
  await expect(page).toHaveURL(/\/build\/app\/[^/?]+$/);
  const appId = new URL(page.url()).pathname.split('/')[3]!;
  await expect(page.getByRole('heading', { name: 'Team tasks' }).first()).toBeVisible();

  const tasks = tasksApi(request, user, appId);
  await tasks.bulk(
    Array.from({ length: 12 }, (_, i) => ({
      title: `Seed ${String(i + 1).padStart(2, '0')}`,
      estimate: i,
      status: 'todo',
      tags: ['ops'],
    })),
  );
  await tasks.bulk([{ title: '=HYPERLINK("x")', estimate: 1, meta: { note: 'a, "quoted"' } }]);

  // Open the Database panel: Project and Task, User hidden.
  await page
    .getByRole('navigation', { name: 'Builder menu' })
    .getByRole('button', { name: /^Database/ })
    .click();
  const entities = page.getByRole('navigation', { name: 'Entities' });
  await expect(entities.getByRole('button')).toHaveText([/Project/, /Task/]);
  await entities.getByRole('button', { name: /Task/ }).click();
  const grid = page.getByRole('grid', { name: 'Task rows' });
  await expect(page.getByText('13 rows')).toBeVisible();
  await expect(grid.getByRole('columnheader', { name: /Created At/ })).toBeVisible();
  await expect(grid.getByRole('row').filter({ hasText: 'Seed 01' }).getByText('todo')).toBeVisible();

  // Add a row: an empty pending row is refused; a filled one is saved.
  await page.getByRole('button', { name: 'Add row', exact: true }).first().click();
  const pendingRow = grid.locator('[data-pending]');
  await pendingRow.getByRole('button', { name: 'Save row' }).click();
  await expect(page.getByText('This row is empty')).toBeVisible();
  // Keyboard: click a cell, Enter edits, Escape cancels, arrows move, typing starts an edit.
  await pendingRow.locator('[data-key="title"]').click();
  await page.keyboard.press('Enter');
  await page.keyboard.type('Never mind');
  await page.keyboard.press('Escape');
  await expect(pendingRow.locator('[data-key="title"]')).toHaveText('');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Write the docs');
  await page.keyboard.press('Enter');
  await pendingRow.locator('[data-key="estimate"]').click();
  await page.keyboard.type('3');
  await page.keyboard.press('Enter');
  await expect(pendingRow.locator('[data-key="estimate"]')).toHaveText('3');
  // A save the server refuses keeps the draft and says so; saving again works.
  const refuseOnce = (method: string) =>
    page.route(
      `**/live_api/apps/${appId}/entities/Task**`,
      (route) =>
        route.request().method() === method
          ? route.fulfill({ status: 500, json: { error: { code: 'INTERNAL', message: 'Try again in a moment' } } })
          : route.fallback(),
      { times: 1 },
    );
  await refuseOnce('POST');
  await pendingRow.getByRole('button', { name: 'Save row' }).click();
  await expect(page.getByText(MESSAGES.database.createRowFailed)).toBeVisible();
  await expect(pendingRow).toHaveCount(1);
  await pendingRow.getByRole('button', { name: 'Save row' }).click();
  await expect(pendingRow).toHaveCount(0);
  const docsRow = grid.getByRole('row').filter({ hasText: 'Write the docs' });
  await expect(docsRow).toBeVisible();
  await expect(page.getByText('14 rows')).toBeVisible();

  // Edit cells: a number through the keyboard, a select, JSON with validation.
  await docsRow.locator('[data-key="estimate"]').dblclick();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('5.5');
  await page.keyboard.press('Enter');
  await expect(docsRow.locator('[data-key="estimate"]')).toHaveText('5.5');
  await docsRow.locator('[data-key="status"]').dblclick();
  await docsRow.getByRole('combobox', { name: 'status' }).selectOption('doing');
  await expect(docsRow.locator('[data-key="status"]')).toHaveText('doing');
  await docsRow.locator('[data-key="meta"]').dblclick();
  const jsonDialog = page.getByRole('dialog', { name: 'Edit meta' });
  await jsonDialog.getByLabel('JSON').fill('{oops');
  await jsonDialog.getByRole('button', { name: 'Save' }).click();
  await expect(jsonDialog.getByText(/^Invalid JSON: /)).toBeVisible();
  await jsonDialog.getByLabel('JSON').fill('{"owner": "ada"}');
  await jsonDialog.getByRole('button', { name: 'Save' }).click();
  await expect(docsRow.locator('[data-key="meta"]')).toHaveText('{"owner":"ada"}');
  await expect
    .poll(async () => (await tasks.list()).find((t) => t.title === 'Write the docs'))
    .toMatchObject({ estimate: 5.5, status: 'doing', meta: { owner: 'ada' } });

  // A bad number is refused with the toast and the reason.
  await docsRow.locator('[data-key="estimate"]').dblclick();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('lots');
  await page.keyboard.press('Enter');
  await expect(page.getByText(MESSAGES.database.updateRowFailed)).toBeVisible();
  await expect(page.getByText('estimate must be a number')).toBeVisible();
  await shoot(page, 'grid');

  // Columns: add, rename, delete.
  await grid.getByRole('button', { name: 'Add column' }).click();
  const columnDialog = page.getByRole('dialog', { name: 'Add column' });
  await columnDialog.getByLabel('Column name').fill('priority');
  await columnDialog.getByLabel('Type').selectOption('number');
  await columnDialog.getByRole('button', { name: 'Add column' }).click();
  await expect(grid.getByRole('button', { name: 'priority column menu' })).toBeVisible();
  await grid.getByRole('button', { name: 'priority column menu' }).click();
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  const renameDialog = page.getByRole('dialog', { name: 'Rename column' });
  await renameDialog.getByLabel('Column name').fill('rank');
  await renameDialog.getByRole('button', { name: 'Rename' }).click();
  await expect(grid.getByRole('button', { name: 'rank column menu' })).toBeVisible();
  await grid.getByRole('button', { name: 'rank column menu' }).click();
  await page.getByRole('menuitem', { name: 'Delete column' }).click();
  await page.getByRole('dialog', { name: 'Delete column' }).getByRole('button', { name: 'Delete column' }).click();
  await expect(grid.getByRole('button', { name: 'rank column menu' })).toHaveCount(0);

  // Delete one row.
  await docsRow.hover();
  await docsRow.getByRole('button', { name: 'Row actions' }).click();
  await refuseOnce('DELETE');
  await page.getByRole('menuitem', { name: 'Delete row' }).click();
  await expect(page.getByText(MESSAGES.database.deleteRowFailed)).toBeVisible();
  await expect(docsRow).toHaveCount(1);
  await docsRow.hover();
  await docsRow.getByRole('button', { name: 'Row actions' }).click();
  await page.getByRole('menuitem', { name: 'Delete row' }).click();
  await expect(docsRow).toHaveCount(0);
  await expect(page.getByText('13 rows')).toBeVisible();

  // Export: every row, quoted, with the formula neutralised.
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^Task_export_\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync(await download.path(), 'utf8');
  const lines = csv.trim().split('\r\n');
  const header = lines[0]!.split(',');
  expect(header[0]).toBe('id');
  expect(header.slice(-2)).toEqual(['createdAt', 'creatorId']);
  expect(header.slice(1, -2).sort()).toEqual(['due', 'estimate', 'meta', 'status', 'tags', 'title', 'urgent']);
  expect(lines).toHaveLength(14);
  expect(csv).toContain(`"'=HYPERLINK(""x"")"`);
  expect(csv).toContain('"{""note"":""a, \\""quoted\\""""}"');
  const seed = lines.find((l) => l.includes('Seed 12'))!.split(',');
  expect(seed[header.indexOf('estimate')]).toBe('11');
  expect(seed[header.indexOf('status')]).toBe('todo');
  expect(lines.find((l) => l.includes('Seed 12'))).toContain('"[""ops""]"');

  // Access control goes through the chat (docs/product/editor-and-chat.md#roles-and-permissions): a preset becomes a request, the assistant's
  // answer a version. The turn is held back here, so a second change meanwhile is refused.
  await page.getByRole('tab', { name: 'Access control' }).click();
  // Switching tables keeps the open tab.
  await entities.getByRole('button', { name: /Project/ }).click();
  await expect(page.getByRole('heading', { name: 'Project', level: 2 })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Access control' })).toHaveAttribute('aria-selected', 'true');
  await entities.getByRole('button', { name: /Task/ }).click();
  await expect(page.getByRole('heading', { name: 'Task', level: 2 })).toBeVisible();
  // The table list counts fields and says so; the levels read in plain words.
  await expect(entities.getByRole('button', { name: /Task/ })).toContainText(/\d+ fields?$/);
  await expect(page.getByRole('button', { name: /^Anonymous Read\/Admin Write/ })).toContainText(
    'Read: Anyone, even signed out · Write: Admins only',
  );
  await page.getByRole('button', { name: /^Public Read\/Creator Write/ }).click();
  await expect(page.getByLabel('Who can read rows')).toHaveValue('all');
  await shoot(page, 'access');
  let releaseChat: () => void = () => {};
  const chatGate = new Promise<void>((resolve) => (releaseChat = resolve));
  await page.route(`**/api/apps/${appId}/chat`, async (route) => {
    await chatGate;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Apply with the assistant' }).click();
  await expect(page.getByText('Asked the assistant to change who can access Task')).toBeVisible();
  const chatLog = page.getByRole('log');
  await expect(chatLog.getByText(permissionChangeRequest('Task', { read: 'all', write: 'creator' }))).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Builder menu' })
    .getByRole('button', { name: /^Database/ })
    .click();
  await page.getByRole('navigation', { name: 'Entities' }).getByRole('button', { name: /Task/ }).click();
  await expect(page.getByRole('heading', { name: 'Task', level: 2 })).toBeVisible();
  await page.getByRole('tab', { name: 'Access control' }).click();
  await page
    .getByRole('button', { name: /^Admin Only/ })
    .first()
    .click();
  await page.getByRole('button', { name: 'Apply with the assistant' }).click();
  await expect(page.getByText(MESSAGES.chat.waitForPermissions)).toBeVisible();
  releaseChat();
  const permissionsOfTask = async () =>
    (await (await request.get(`/api/apps/${appId}`, { headers: { authorization: `Bearer ${user.token}` } })).json())
      .entities.Task['x-accessControl'].permissions;
  await expect.poll(permissionsOfTask).toEqual({ read: 'all', write: 'creator' });
  // The view follows the new version once the turn has ended.
  await expect(page.getByText(/fields · Read: Signed-in users · Write: Row creator/)).toBeVisible();
  await page.unroute(`**/api/apps/${appId}/chat`);
  // A request the server refuses says so, with the server's reason underneath.
  await page.route(`**/api/apps/${appId}/chat`, (route) =>
    route.fulfill({ status: 500, json: { error: { code: 'INTERNAL', message: 'The server is down for a moment' } } }),
  );
  await page
    .getByRole('button', { name: /^Admin Only/ })
    .first()
    .click();
  await page.getByRole('button', { name: 'Apply with the assistant' }).click();
  await expect(page.getByText(MESSAGES.database.accessChangeFailed)).toBeVisible();
  await page.unroute(`**/api/apps/${appId}/chat`);
  await page
    .getByRole('navigation', { name: 'Builder menu' })
    .getByRole('button', { name: /^Database/ })
    .click();
  await page.getByRole('navigation', { name: 'Entities' }).getByRole('button', { name: /Task/ }).click();

  // Bulk delete of all 13 rows (3 chunks of 5), cancelled after the first chunk.
  await page.getByRole('tab', { name: 'Data' }).click();
  await grid.getByRole('checkbox', { name: 'Select all rows' }).check();
  await expect(page.getByText('13 selected')).toBeVisible();
  // The delete-many calls wait until Cancel is clicked, so Cancel lands during the first chunk.
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/entities/Task?q=*', async (route) => {
    await gate;
    await route.continue();
  });
  // Deleting asks first, naming how many rows go; keeping them deletes nothing.
  await page.getByRole('button', { name: 'Delete selected' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete 13 rows?' });
  await confirm.getByRole('button', { name: 'Keep them' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('13 selected')).toBeVisible();
  expect((await tasks.list()).length).toBe(13);
  await page.getByRole('button', { name: 'Delete selected' }).click();
  await confirm.getByRole('button', { name: 'Delete 13 rows' }).click();
  await expect(page.getByText(/^Deleting 13 rows… 0%$/)).toBeVisible();
  await page.screenshot({ path: join(SHOTS_DIR, 'database-bulk-delete-1280.png') });
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('button', { name: 'Cancelling…' })).toBeDisabled();
  release();
  await expect(page.getByText('Stopped: 5 of 13 rows deleted')).toBeVisible();
  await expect(page.getByText('8 rows', { exact: true })).toBeVisible();
  await page.unroute('**/entities/Task?q=*');
  const left = (await tasks.list()).length;
  expect(left).toBe(8);

  // Delete the rest without cancelling, then undo it from the toast: the rows come back with their data.
  const rowData = (list: Array<Record<string, unknown>>) =>
    list
      .map(({ title, estimate, status, tags, meta }) => JSON.stringify({ title, estimate, status, tags, meta }))
      .sort();
  const beforeDelete = rowData(await tasks.list());
  await grid.getByRole('checkbox', { name: 'Select all rows' }).check();
  await page.getByRole('button', { name: 'Delete selected' }).click();
  await page
    .getByRole('dialog', { name: `Delete ${left} rows?` })
    .getByRole('button', { name: `Delete ${left} rows` })
    .click();
  await expect(page.getByRole('progressbar', { name: 'Bulk delete progress' })).toBeVisible();
  const deletedToast = page.locator('[data-sonner-toast]').filter({ hasText: `Deleted ${left} rows` });
  await expect(deletedToast).toBeVisible();
  await expect(page.getByText('No rows yet')).toBeVisible();
  await page.getByRole('button', { name: 'Export CSV' }).click();
  await expect(page.getByText(MESSAGES.database.noDataToExport)).toBeVisible();
  expect(await tasks.list()).toEqual([]);
  await deletedToast.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText(`Restored ${left} rows`)).toBeVisible();
  await expect(page.getByText(`${left} rows`, { exact: true })).toBeVisible();
  expect(rowData(await tasks.list())).toEqual(beforeDelete);

  // Done returns to the menu.
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('navigation', { name: 'Builder menu' })).toBeVisible();
});

test('the Database panel shows the empty state and a dropdown on mobile', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const user = await createUser(request, { tag: 'db-empty' });
  await useSessionOf(context, baseURL!, user);
  const empty = await request.post('/api/apps', {
    headers: { authorization: `Bearer ${user.token}` },
    data: { appType: 'generated', appBuilderVersion: 4, genApp: { name: 'Blank slate' } },
  });
  const { appId } = (await empty.json()) as { appId: string };
  await page.goto(`/build/app/${appId}?panel=database`);
  await expect(page.getByText(MESSAGES.database.noEntities)).toBeVisible();
  await shoot(page, 'empty');

  const full = await request.post('/api/apps', {
    headers: { authorization: `Bearer ${user.token}` },
    data: { appType: 'generated', appBuilderVersion: 4, genApp: DEFINITION },
  });
  const fullId = ((await full.json()) as { appId: string }).appId;
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`/build/app/${fullId}?panel=database`);
  await expect(page.getByRole('navigation', { name: 'Entities' })).toBeHidden();
  await page.getByLabel('Table').selectOption('Task');
  await expect(page.getByRole('heading', { name: 'Task', exact: true })).toBeVisible();
  await expect(page.getByRole('grid', { name: 'Task rows' })).toBeVisible();

  await page.goto('/home');
  await expect(page.getByRole('link', { name: /Blank slate/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /Team tasks/ })).toBeVisible();
  await shoot(page, 'home');
});

test('an image cell takes an uploaded picture, served from the app host, and refuses files of 10 MB or more', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const user = await createUser(request, { tag: 'db-image' });
  await useSessionOf(context, baseURL!, user);
  const headers = { authorization: `Bearer ${user.token}` };
  const definition = {
    name: 'Shop',
    entities: {
      Product: { type: 'object', properties: { name: { type: 'string' }, cover_image: { type: 'string' } } },
    },
  };
  const created = await request.post('/api/apps', {
    headers,
    data: { appType: 'generated', appBuilderVersion: 4, genApp: definition },
  });
  const { appId, slug } = (await created.json()) as { appId: string; slug: string };
  expect(
    (await request.post(`/live_api/apps/${appId}/entities/Product`, { headers, data: { name: 'Mug' } })).status(),
  ).toBe(200);
  await page.goto(`/build/app/${appId}?panel=database`);
  const grid = page.getByRole('grid', { name: 'Product rows' });
  const cell = grid.locator('[data-cell="0:1"]');
  await cell.dblclick();
  const dialog = page.getByRole('dialog', { name: 'Edit cover_image' });
  await expect(dialog).toBeVisible();

  // 10,000,000 bytes is refused before anything is sent.
  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(10_000_000) });
  await expect(page.getByText('File size to large')).toBeVisible();

  const png = Buffer.from(
    '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a1e0a4d40000000049454e44ae426082',
    'hex',
  );
  // An upload the server fails says so (3 s); choosing the file again uploads it.
  await page.route(`**/api/apps/${appId}/files`, (route) => route.fulfill({ status: 502, body: 'Bad gateway' }), {
    times: 1,
  });
  await dialog.locator('input[type="file"]').setInputFiles({ name: 'mug.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByText(RUNTIME_MESSAGES.uploadFailed)).toBeVisible();
  await dialog.locator('input[type="file"]').setInputFiles({ name: 'mug.png', mimeType: 'image/png', buffer: png });
  const address = dialog.getByLabel('Image address');
  await expect(address).toHaveValue(new RegExp(`^http://${slug}\\.apps\\.localhost:\\d+/files/[0-9a-f-]+\\.png$`));
  await expect(dialog.getByRole('img', { name: 'cover_image preview' })).toBeVisible();
  const url = await address.inputValue();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(cell.locator('img')).toHaveAttribute('src', url);
  const [row] = (await (await request.get(`/live_api/apps/${appId}/entities/Product`, { headers })).json()) as Array<{
    cover_image: string;
  }>;
  expect(row!.cover_image).toBe(url);
  // Served from the app's own host (Chromium resolves *.localhost; Node does not).
  const image = await page.goto(url);
  expect(image!.headers()['content-type']).toBe('image/png');
});
