import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { MESSAGES } from '@tessera/contracts';
import { expect, test } from './support/fixtures';
import { createUser, useSessionOf, type TestUser } from './support/helpers';
import { DatabasePanel } from './support/pages';

const SHOTS_DIR = join(import.meta.dirname, '../../.test-output/screenshots');

const DEFINITION = {
  name: 'Shop',
  entities: {
    Product: {
      type: 'object',
      properties: {
        name: { type: 'string' },
        price: { type: 'number' },
        inStock: { type: 'boolean' },
        tags: { type: 'array', items: { type: 'string' } },
        launched: { type: 'string', format: 'date-time' },
        notes: { type: 'string' },
      },
      required: ['name'],
      'x-accessControl': { permissions: { read: 'creator', write: 'creator' } },
    },
  },
  pages: { Home: 'export default function Home() { return null; }' },
};

async function createShop(request: APIRequestContext, user: TestUser): Promise<string> {
  const res = await request.post('/api/apps', {
    headers: { authorization: `Bearer ${user.token}` },
    data: { appType: 'generated', appBuilderVersion: 4, genApp: DEFINITION },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { appId: string }).appId;
}

async function listProducts(request: APIRequestContext, user: TestUser, appId: string) {
  const res = await request.get(`/live_api/apps/${appId}/entities/Product?limit=1000&sort=name`, {
    headers: { authorization: `Bearer ${user.token}` },
  });
  return { rows: (await res.json()) as Array<Record<string, unknown>>, total: res.headers()['x-total-count'] };
}

async function shoot(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width > 600 ? 800 : 812 });
    await page.waitForTimeout(250);
    await page.screenshot({ path: join(SHOTS_DIR, `csv-import-${name}-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** A toast (the dialog shows the same outcome text, so page-wide text would match twice). */
const toastWith = (page: Page, text: string) => page.locator('[data-sonner-toast]', { hasText: text });

const csvFile = (name: string, text: string) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(text, 'utf8') });

test('a builder imports a CSV with a mapping step and sees progress', async ({ page, context, request, baseURL }) => {
  test.setTimeout(90_000);
  const user = await createUser(request, { tag: 'csv' });
  await useSessionOf(context, baseURL!, user);
  const appId = await createShop(request, user);
  // Playwright switches file-chooser interception on without waiting for it when a listener is
  // added, so a chooser opened just after `waitForEvent('filechooser')` can be missed: listen from
  // the start.
  page.on('filechooser', () => {});
  const database = new DatabasePanel(page);
  await database.open(appId, 'Product');

  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import CSV into Product' });
  await expect(dialog.getByRole('list', { name: 'Import steps' }).locator('[aria-current="step"]')).toHaveText(
    /Upload/,
  );
  await shoot(page, 'upload');

  // Only .csv; an empty file; a file that cannot be parsed (dropped on the drop zone); no valid rows.
  // Keyboard: the picker button has the focus; Enter opens the file chooser.
  await expect(dialog.getByRole('button', { name: 'Choose a CSV file' })).toBeFocused();
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  await (
    await chooser
  ).setFiles({ name: 'products.xlsx', mimeType: 'application/octet-stream', buffer: Buffer.from('PK') });
  const picker = dialog.getByLabel('CSV file');
  await expect(dialog.getByRole('alert')).toHaveText('Only .csv files can be imported');
  await picker.setInputFiles(csvFile('empty.csv', ' \n'));
  await expect(dialog.getByRole('alert')).toHaveText('This CSV file is empty');
  const dataTransfer = await page.evaluateHandle(() => {
    const dt = new DataTransfer();
    dt.items.add(new File(['name,price\n"Lamp,12\nDesk,3\n'], 'broken.csv', { type: 'text/csv' }));
    return dt;
  });
  await dialog.getByTestId('csv-drop-zone').dispatchEvent('drop', { dataTransfer });
  await expect(dialog.getByRole('alert')).toHaveText(MESSAGES.csvImport.parseFailed);
  await shoot(page, 'upload-error');
  await picker.setInputFiles(csvFile('header-only.csv', 'name,price\n\n'));
  await expect(dialog.getByRole('alert')).toHaveText('No valid rows found in this CSV file');

  // 25 good rows, one line with too many cells (skipped), an empty line, padded values.
  const lines = ['Product Name,Price,In stock,Keywords,Launch date,Internal code'];
  for (let i = 1; i <= 25; i++)
    lines.push(
      ` Item ${String(i).padStart(2, '0')} , ${i}.5 ,${i % 2 ? 'TRUE' : 'no'},"red;blue; big",2026-01-${String((i % 28) + 1).padStart(2, '0')},X-${i}`,
    );
  lines.splice(3, 0, 'Broken,1,true,a,2026-01-01,x,extra');
  lines.splice(5, 0, '');
  await picker.setInputFiles(csvFile('products.csv', `${lines.join('\r\n')}\r\n`));

  // Mapping: the suggestion maps what it can; the builder maps the rest and sees the preview.
  await expect(dialog.getByText('1 line with errors skipped')).toBeVisible();
  await expect(dialog.getByText('5 of 6 mapped').or(dialog.getByText('4 of 6 mapped'))).toBeVisible();
  await expect(dialog.getByLabel('Field for column Product Name')).toHaveValue('name');
  await expect(dialog.getByLabel('Field for column Keywords')).toHaveValue('tags');
  await expect(dialog.getByLabel('Separator for column Keywords')).toHaveValue(';');
  await expect(dialog.getByLabel('Field for column Internal code')).toHaveValue('');
  await dialog.getByLabel('Field for column Launch date').selectOption('launched');
  await expect(dialog.getByLabel('Data type for column Launch date')).toHaveValue('datetime');
  await dialog.getByLabel('Field for column Internal code').selectOption('notes');
  await dialog.getByLabel('Field for column Internal code').selectOption('');
  await expect(dialog.getByText('5 of 6 mapped')).toBeVisible();
  const preview = dialog.getByRole('region', { name: 'Preview of the first rows' });
  await expect(preview.locator('tbody tr')).toHaveCount(5);
  await expect(preview.locator('tbody tr').first()).toContainText('Item 01');
  await shoot(page, 'mapping');

  // Back clears everything; the same file again.
  await dialog.getByRole('button', { name: 'Back' }).click();
  await expect(dialog.getByRole('button', { name: 'Choose a CSV file' })).toBeVisible();
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await picker.setInputFiles(csvFile('products.csv', `${lines.join('\r\n')}\r\n`));
  await dialog.getByLabel('Field for column Launch date').selectOption('launched');

  // Import: batches of 10, 3 at a time; the first batches wait so the progress can be seen.
  const bulkBodies: unknown[][] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/entities/Product/bulk', async (route) => {
    bulkBodies.push(route.request().postDataJSON() as unknown[]);
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    await gate;
    await route.continue();
    inFlight--;
  });
  await dialog.getByRole('button', { name: 'Import 25 rows' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: /of 25 rows/ })).toHaveText('0 of 25 rows');
  await expect(dialog.getByRole('progressbar', { name: 'Import progress' })).toBeVisible();
  await expect.poll(() => bulkBodies.length).toBe(3);
  // Closing is blocked while importing.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Close' })).toHaveCount(0);
  await shoot(page, 'importing');
  release();
  await expect(dialog.getByRole('status').filter({ hasText: /of 25 rows/ })).toHaveText('25 of 25 rows');
  await expect(toastWith(page, MESSAGES.csvImport.importSuccess.replace('{n}', '25'))).toBeVisible();
  expect(bulkBodies.map((b) => b.length)).toEqual([10, 10, 5]);
  expect(maxInFlight).toBe(3);
  await shoot(page, 'done');
  await dialog.locator('button', { hasText: /^Close$/ }).click();
  await expect(dialog).toBeHidden();
  await page.unroute('**/entities/Product/bulk');

  // The grid shows the rows; the values went through the spec's conversions.
  const grid = database.grid('Product');
  await expect(page.getByText('25 rows', { exact: true })).toBeVisible();
  // Rows of one batch share a createdAt, so which ones the virtual grid renders first varies.
  await expect(
    grid
      .getByRole('row')
      .filter({ hasText: /Item \d\d/ })
      .first(),
  ).toBeVisible();
  await shoot(page, 'grid');
  const { rows, total } = await listProducts(request, user, appId);
  expect(total).toBe('25');
  expect(rows[0]).toMatchObject({
    name: 'Item 01',
    price: 1.5,
    inStock: true,
    tags: ['red', 'blue', 'big'],
    launched: '2026-01-02T00:00:00.000Z',
  });
  expect(rows[1]).toMatchObject({ name: 'Item 02', inStock: false });
  expect(rows[0]!.notes).toBeUndefined();

  // A row the entity refuses (no name) is counted in the warning; the others go in.
  await page.getByRole('button', { name: 'Import CSV' }).click();
  await dialog.getByLabel('CSV file').setInputFiles(csvFile('more.csv', 'name,price\nLamp,3\n,4\nDesk,5\n'));
  await dialog.getByRole('button', { name: 'Import 3 rows' }).click();
  await expect(toastWith(page, 'Import completed with 1 failed row out of 3 total')).toBeVisible();
  // The file's line: the header is line 1.
  await expect(dialog.getByText('Line 3:')).toBeVisible();
  await dialog.locator('button', { hasText: /^Close$/ }).click();
  await expect(page.getByText('27 rows', { exact: true })).toBeVisible();

  // The server refuses every batch: the import failed as a whole, nothing is added.
  await page.route('**/entities/Product/bulk', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({
        error: { code: 'INTERNAL', message: 'Something went wrong on our side, please try again' },
      }),
    }),
  );
  await page.getByRole('button', { name: 'Import CSV' }).click();
  await dialog.getByLabel('CSV file').setInputFiles(csvFile('again.csv', 'name\nChair\n'));
  await dialog.getByRole('button', { name: 'Import 1 row' }).click();
  await expect(toastWith(page, MESSAGES.csvImport.importFailed)).toBeVisible();
  await dialog.locator('button', { hasText: /^Close$/ }).click();
  await expect(page.getByText('27 rows', { exact: true })).toBeVisible();
  await page.unroute('**/entities/Product/bulk');
});

test('a file over 1,000 rows goes to the server as one streamed upload, retried without duplicates', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const user = await createUser(request, { tag: 'csv-big' });
  await useSessionOf(context, baseURL!, user);
  const appId = await createShop(request, user);
  await new DatabasePanel(page).open(appId, 'Product');

  const lines = ['NAME,Price,tags'];
  for (let i = 1; i <= 1500; i++) lines.push(`Bulk ${String(i).padStart(4, '0')},${i},"a,b"`);
  const calls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/entities/Product/'))
      calls.push(`${r.method()} ${new URL(r.url()).pathname.split('/').pop()}`);
  });
  // The mapping service fails: the basic mapping (same names, any case) is used, with the spec's toast.
  await page.route('**/api/csv/generateMapping', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'INTERNAL', message: 'down' } }),
    }),
  );
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import CSV into Product' });
  await dialog.getByLabel('CSV file').setInputFiles(csvFile('big.csv', lines.join('\n')));
  await expect(toastWith(page, MESSAGES.csvImport.mappingFallback)).toBeVisible();
  await expect(dialog.getByText('3 of 3 mapped')).toBeVisible();
  await expect(dialog.getByLabel('Field for column NAME')).toHaveValue('name');
  await expect(dialog.getByLabel('Separator for column tags')).toHaveValue(',');
  // The first upload reaches the server, which writes every row, but the answer is lost on the way
  // back: the wizard retries with the same importId and the server writes nothing twice.
  const importIds: string[] = [];
  await page.route('**/entities/Product/import', async (route) => {
    importIds.push(/name="importId"\r\n\r\n([^\r]+)/.exec(route.request().postData() ?? '')?.[1] ?? '');
    if (importIds.length > 1) return route.continue();
    const answer = await route.fetch();
    expect(await answer.text()).toContain('"type":"done"');
    await route.abort('connectionreset');
  });
  await dialog.getByRole('button', { name: 'Import 1,500 rows' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: /of 1,500 rows/ })).toBeVisible();
  await expect(dialog.getByRole('status').filter({ hasText: /of 1,500 rows/ })).toHaveText('1,500 of 1,500 rows', {
    timeout: 30_000,
  });
  await expect(toastWith(page, MESSAGES.csvImport.importSuccess.replace('{n}', '1500'))).toBeVisible();
  await dialog.locator('button', { hasText: /^Close$/ }).click();
  expect(calls.filter((c) => c === 'POST import')).toHaveLength(2);
  expect(importIds).toHaveLength(2);
  expect(importIds[0]).toMatch(/^[\w-]{8,64}$/);
  expect(importIds[1]).toBe(importIds[0]);
  expect(calls.filter((c) => c === 'POST bulk')).toHaveLength(0);

  await expect(page.getByText('1,500 rows', { exact: true })).toBeVisible();
  const { rows, total } = await listProducts(request, user, appId);
  expect(total).toBe('1500');
  expect(rows[0]).toMatchObject({ name: 'Bulk 0001', price: 1, tags: ['a', 'b'] });
});
