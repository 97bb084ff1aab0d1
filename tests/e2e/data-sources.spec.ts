import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import JSZip from 'jszip';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { APP_MESSAGES, MESSAGES } from '@tessera/contracts';
import { type ContextItem } from '@tessera/contracts/context';
import { expect, test } from './support/fixtures';
import { createUser, useSessionOf, type TestUser } from './support/helpers';

const SHOTS_DIR = join(import.meta.dirname, '../../.test-output/screenshots');
const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

// ---------------------------------------------------------------------------------------------
// Fixture files, made here so the journey owns its data.

/** A PDF with one page per entry of `pages` (lines of Helvetica text), written by hand with a correct cross-reference table. */
function minimalPdf(...pages: string[][]): Buffer {
  const escape = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`);
  const pageIds = pages.map((_, i) => 4 + i * 2);
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  pages.forEach((lines, i) => {
    const content = lines.map((line, j) => `BT /F1 14 Tf 72 ${720 - j * 22} Td (${escape(line)}) Tj ET`).join('\n');
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${pageIds[i]! + 1} 0 R >>`,
    );
    objects.push(`<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`);
  });
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** The smallest DOCX Word and mammoth accept: content types, the package relationship, one document part. */
async function minimalDocx(paragraphs: string[]): Promise<Buffer> {
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  );
  zip.file(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
  );
  const body = paragraphs.map((p) => `<w:p><w:r><w:t xml:space="preserve">${p}</w:t></w:r></w:p>`).join('');
  zip.file(
    'word/document.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
  );
  return zip.generateAsync({ type: 'nodebuffer' });
}

const csv = (rows: string[][]) => Buffer.from(rows.map((r) => r.join(',')).join('\n') + '\n');

// ---------------------------------------------------------------------------------------------
// Helpers.

async function createApp(request: APIRequestContext, user: TestUser, name: string): Promise<string> {
  const response = await request.post('/api/apps', {
    headers: { authorization: `Bearer ${user.token}` },
    data: {
      appType: 'generated',
      genApp: { name, entities: {}, pages: { Home: 'export default function Home() { return null; }' } },
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { appId: string }).appId;
}

async function listItems(request: APIRequestContext, user: TestUser, appId: string): Promise<ContextItem[]> {
  const response = await request.get(`/api/context/items?appId=${appId}`, {
    headers: { authorization: `Bearer ${user.token}` },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { contextItems: ContextItem[] }).contextItems;
}

async function openDataSources(page: Page, appId: string): Promise<Locator> {
  await page.goto(`/build/app/${appId}`);
  return ensureDialogOpen(page);
}

const itemRow = (dialog: Locator, name: string) =>
  dialog.getByRole('list', { name: 'Data items' }).getByRole('listitem', { name, exact: true });

/**
 * Records every status each row shows, from the page itself, so the test can tell the list moved
 * from Pending/Syncing... to Synced while it stayed open (no reload).
 */
async function recordStatuses(page: Page) {
  await page.evaluate(() => {
    const seen: Record<string, string[]> = {};
    (window as unknown as { __statuses: typeof seen }).__statuses = seen;
    const scan = () => {
      for (const badge of document.querySelectorAll<HTMLElement>('[data-item-id] [data-status]')) {
        const id = badge.closest<HTMLElement>('[data-item-id]')!.dataset.itemId!;
        const list = (seen[id] ??= []);
        const status = badge.dataset.status!;
        if (list.at(-1) !== status) list.push(status);
      }
    };
    new MutationObserver(scan).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['data-status'],
    });
    scan();
  });
}

async function statusesSeen(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(() => (window as unknown as { __statuses: Record<string, string[]> }).__statuses);
}

/** A screenshot at the current viewport width (the builder re-lays out, so each width is its own pass). */
async function shoot(page: Page, name: string) {
  await page.waitForTimeout(250);
  await page.screenshot({ path: join(SHOTS_DIR, `data-sources-${name}-${page.viewportSize()!.width}.png`) });
}

/**
 * Opens the dialog from the builder menu, on a phone through the menu drawer. Crossing the 768 px
 * breakpoint re-lays out the builder (the sidebar becomes a drawer), which closes the dialog.
 */
async function ensureDialogOpen(page: Page): Promise<Locator> {
  const dialog = page.getByRole('dialog', { name: 'Data Sources' });
  if (await dialog.isVisible()) return dialog;
  const openMenu = page.getByRole('button', { name: 'Open menu' });
  if (await openMenu.isVisible()) await openMenu.click();
  await page
    .getByRole('navigation', { name: 'Builder menu' })
    .getByRole('button', { name: /^Data sources/ })
    .click();
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Picks a file into the dialog's file input and uploads it with the form's button. */
async function uploadFile(
  dialog: Locator,
  kind: 'CSV' | 'DOCX' | 'PDF',
  file: { name: string; mimeType: string; buffer: Buffer },
) {
  await dialog.getByLabel(`${kind} file`).setInputFiles(file);
  await dialog.getByRole('button', { name: `Upload ${kind}` }).click();
}

async function deleteItem(page: Page, dialog: Locator, name: string) {
  await itemRow(dialog, name)
    .getByRole('button', { name: `Actions for ${name}` })
    .click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: `Delete ${name}?` });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText(`Deleted ${name}`)).toBeVisible();
  await expect(itemRow(dialog, name)).toHaveCount(0);
}

// ---------------------------------------------------------------------------------------------

test('a builder adds text, a CSV, a DOCX and a PDF, watches them sync live, renames, replaces and deletes', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const user = await createUser(request, { tag: 'data' });
  await useSessionOf(context, baseURL!, user);
  const appId = await createApp(request, user, 'Shop assistant');
  const streams: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/context/items/events')) streams.push(r.url());
  });

  const dialog = await openDataSources(page, appId);
  await recordStatuses(page);
  await expect(dialog.getByRole('radiogroup', { name: 'Data source' }).getByRole('radio')).toHaveText([
    'Text',
    'Items List (CSV)',
    'Doc (DOCX)',
    'PDF',
    'Web scraper',
    /^Notion/,
    /^Google Drive/,
  ]);
  await expect(dialog.getByText('No data yet.', { exact: false })).toBeVisible();

  // Text: empty is refused with the spec's words, then a real text syncs.
  await dialog.getByRole('button', { name: 'Add text' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(MESSAGES.dataSources.emptyText);
  await dialog
    .getByRole('textbox', { name: 'Text', exact: true })
    .fill('Our shop opens Monday to Friday from 9:00 to 18:00 and on Saturdays from 10:00 to 14:00.');
  await dialog.getByRole('textbox', { name: /^Name/ }).fill('Opening hours');
  await dialog.getByRole('button', { name: 'Add text' }).click();
  await expect(itemRow(dialog, 'Opening hours').getByText('Synced', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(itemRow(dialog, 'Opening hours')).toContainText('1 chunk');
  await shoot(page, 'text-synced');

  // Rename: Enter saves at once; a blur saves after the delay; Escape cancels without closing the dialog.
  let name = itemRow(dialog, 'Opening hours').getByLabel('Item name');
  await name.fill('Shop hours');
  await name.press('Enter');
  await expect.poll(async () => (await listItems(request, user, appId))[0]?.name).toBe('Shop hours');
  name = itemRow(dialog, 'Shop hours').getByLabel('Item name');
  await name.fill('Store hours');
  await dialog.getByRole('heading', { name: 'Your data' }).click();
  await expect.poll(async () => (await listItems(request, user, appId))[0]?.name).toBe('Store hours');
  name = itemRow(dialog, 'Store hours').getByLabel('Item name');
  await name.fill('Never saved');
  await name.press('Escape');
  await expect(dialog).toBeVisible();
  await expect(name).toHaveValue('Store hours');
  await page.waitForTimeout(700);
  expect((await listItems(request, user, appId))[0]?.name).toBe('Store hours');

  // The lite plan holds one item: a second one opens the upgrade prompt with the free data items reason.
  await dialog.getByRole('textbox', { name: 'Text', exact: true }).fill('Second item');
  await dialog.getByRole('button', { name: 'Add text' }).click();
  const upgrade = page.getByRole('dialog', { name: 'Upgrade your plan' });
  await expect(upgrade).toBeVisible();
  await expect(upgrade.getByRole('status')).toContainText(APP_MESSAGES.freeDataItemsLimit);
  await expect(upgrade.getByRole('listitem').filter({ hasText: 'Current plan' })).toContainText('Lite');
  await shoot(page, 'upgrade');
  await upgrade.getByRole('button', { name: 'Not now' }).click();
  await expect(upgrade).toBeHidden();
  expect(await listItems(request, user, appId)).toHaveLength(1);
  await dialog.getByRole('textbox', { name: 'Text', exact: true }).fill('');

  await deleteItem(page, dialog, 'Store hours');

  // CSV: no file, a file of another type, a CSV without rows, then a good one.
  await dialog.getByRole('radio', { name: 'Items List (CSV)' }).click();
  await dialog.getByRole('button', { name: 'Upload CSV' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(MESSAGES.dataSources.noFile);
  await dialog
    .getByLabel('CSV file')
    .setInputFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: minimalPdf(['x']) });
  await expect(dialog.getByRole('alert')).toHaveText(
    'The file content does not match its type, upload a valid CSV file',
  );
  await shoot(page, 'csv-wrong-type');
  await dialog
    .getByLabel('CSV file')
    .setInputFiles({ name: 'huge.csv', mimeType: 'text/csv', buffer: Buffer.alloc(5 * 1024 * 1024 + 1, 'a') });
  await expect(dialog.getByRole('alert')).toHaveText(MESSAGES.dataSources.fileTooBig.replace('{size}', '5 MB'));
  await uploadFile(dialog, 'CSV', { name: 'empty.csv', mimeType: 'text/csv', buffer: Buffer.from('\n\n') });
  await expect(page.getByText(MESSAGES.dataSources.csvInvalid)).toBeVisible();
  await uploadFile(dialog, 'CSV', {
    name: 'prices.csv',
    mimeType: 'text/csv',
    buffer: csv([
      ['product', 'price'],
      ['Espresso', '2.50'],
      ['Cappuccino', '3.20'],
      ['Croissant', '1.90'],
    ]),
  });
  await expect(itemRow(dialog, 'prices.csv').getByText('Synced', { exact: true })).toBeVisible({ timeout: 30_000 });

  // Replace: a new file takes the old one's place.
  const oldId = (await listItems(request, user, appId))[0]!.id;
  const chooser = page.waitForEvent('filechooser');
  await itemRow(dialog, 'prices.csv').getByRole('button', { name: 'Actions for prices.csv' }).click();
  await page.getByRole('menuitem', { name: 'Replace file' }).click();
  await (
    await chooser
  ).setFiles({
    name: 'prices-2026.csv',
    mimeType: 'text/csv',
    buffer: csv([
      ['product', 'price'],
      ['Espresso', '2.80'],
      ['Flat white', '3.60'],
    ]),
  });
  await expect(page.getByText('Replaced prices.csv with prices-2026.csv')).toBeVisible();
  await expect(itemRow(dialog, 'prices-2026.csv').getByText('Synced', { exact: true })).toBeVisible({
    timeout: 30_000,
  });
  await expect(itemRow(dialog, 'prices.csv')).toHaveCount(0);
  const afterReplace = await listItems(request, user, appId);
  expect(afterReplace.map((i) => [i.name, i.originalContextItemId])).toEqual([['prices-2026.csv', oldId]]);
  await deleteItem(page, dialog, 'prices-2026.csv');

  // DOCX.
  await dialog.getByRole('radio', { name: 'Doc (DOCX)' }).click();
  await uploadFile(dialog, 'DOCX', {
    name: 'shipping.docx',
    mimeType: DOCX_MIME,
    buffer: await minimalDocx(['Shipping', 'We ship worldwide within 3 to 5 working days.']),
  });
  await expect(itemRow(dialog, 'shipping.docx').getByText('Synced', { exact: true })).toBeVisible({ timeout: 30_000 });
  await deleteItem(page, dialog, 'shipping.docx');

  // PDF.
  await dialog.getByRole('radio', { name: 'PDF' }).click();
  // Lite takes one-page files: a longer PDF opens the upgrade prompt with the server's words.
  await uploadFile(dialog, 'PDF', {
    name: 'catalogue.pdf',
    mimeType: 'application/pdf',
    buffer: minimalPdf(['Catalogue'], ['Page two']),
  });
  const pageLimit = page.getByRole('dialog', { name: 'Upgrade your plan' });
  await expect(pageLimit.getByRole('status')).toContainText(APP_MESSAGES.tooManyPages.replace('{pages}', '1'));
  await pageLimit.getByRole('button', { name: 'Not now' }).click();
  expect(await listItems(request, user, appId)).toHaveLength(0);
  await uploadFile(dialog, 'PDF', {
    name: 'refunds.pdf',
    mimeType: 'application/pdf',
    buffer: minimalPdf(['Refund policy', 'Refunds are accepted within 30 days of purchase.']),
  });
  await expect(itemRow(dialog, 'refunds.pdf').getByText('Synced', { exact: true })).toBeVisible({ timeout: 30_000 });
  await shoot(page, 'pdf-synced');

  // The same dialog on a phone: the list, then the upgrade prompt.
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
  await page.waitForTimeout(300);
  const phoneDialog = await ensureDialogOpen(page);
  await expect(itemRow(phoneDialog, 'refunds.pdf').getByText('Synced', { exact: true })).toBeVisible();
  await phoneDialog.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  await shoot(page, 'pdf-synced');
  await phoneDialog.getByRole('radio', { name: 'Text' }).click();
  await phoneDialog.getByRole('textbox', { name: 'Text', exact: true }).fill('Another text');
  await phoneDialog.getByRole('button', { name: 'Add text' }).click();
  await expect(page.getByRole('dialog', { name: 'Upgrade your plan' })).toBeVisible();
  await shoot(page, 'upgrade');
  await page.getByRole('dialog', { name: 'Upgrade your plan' }).getByRole('button', { name: 'Not now' }).click();
  await page.setViewportSize({ width: 1280, height: 800 });

  // Every item reached Synced in the open dialog, without a reload; any item seen while still
  // pending or syncing was followed over the live stream.
  const seen = await statusesSeen(page);
  expect(Object.values(seen).every((statuses) => statuses.at(-1) === 'synced' || statuses.includes('synced'))).toBe(
    true,
  );
  const sawLive = Object.values(seen).some((statuses) =>
    statuses.some((s) => s === 'pending' || s === 'unsynced' || s === 'running'),
  );
  if (sawLive) expect(streams.length, 'the dialog subscribed to live updates').toBeGreaterThan(0);
});

test('the web scraper checks the address, shows an unreachable site as Error with its reason', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const user = await createUser(request, { tag: 'scrape-refused' });
  await useSessionOf(context, baseURL!, user);
  const appId = await createApp(request, user, 'Metadata probe');
  const dialog = await openDataSources(page, appId);

  // Connectors without server credentials say so, on the option and in its panel.
  for (const connector of ['Notion', 'Google Drive']) {
    const option = dialog.getByRole('radio', { name: new RegExp(`^${connector}`) });
    await expect(option).toHaveAccessibleDescription('not configured');
    await option.click();
    await expect(dialog.getByRole('group', { name: connector })).toContainText(`${connector}not configured`);
  }

  await dialog.getByRole('radio', { name: 'Web scraper' }).click();
  await expect(dialog.getByText('up to 20 pages, 2 links deep on your plan', { exact: false })).toBeVisible();
  await dialog.getByRole('button', { name: 'Scrape' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(APP_MESSAGES.invalidUrl);
  await dialog.getByLabel('Website address').fill('ftp://example.com');
  await dialog.getByRole('button', { name: 'Scrape' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(APP_MESSAGES.invalidUrl);

  // The cloud metadata address is refused by the server's scraper whatever the environment.
  await dialog.getByLabel('Website address').fill('http://169.254.169.254/latest/');
  await dialog.getByRole('button', { name: 'Scrape' }).click();
  const row = itemRow(dialog, '169.254.169.254/latest/');
  const reasonToggle = row.getByRole('button', { name: /^Error/ });
  await expect(reasonToggle).toBeVisible({ timeout: 30_000 });
  const [item] = await listItems(request, user, appId);
  expect(item).toMatchObject({ source: 'web_scraper', type: 'web_page', status: 'error' });
  expect(item!.errorReason).toBeTruthy();
  await expect(reasonToggle).toHaveAttribute('title', item!.errorReason!);
  await expect(row.getByRole('note')).toBeHidden();
  await reasonToggle.click();
  await expect(reasonToggle).toHaveAttribute('aria-expanded', 'true');
  await expect(row.getByRole('note')).toHaveText(item!.errorReason!);
  await shoot(page, 'scrape-error');

  // Sync again: the item goes back to Pending and the live stream follows it to its new end.
  await recordStatuses(page);
  await row.getByRole('button', { name: 'Actions for 169.254.169.254/latest/' }).click();
  await page.getByRole('menuitem', { name: 'Sync again' }).click();
  await expect
    .poll(async () => (await statusesSeen(page))[item!.id]?.join(' > '))
    .toMatch(/^error > pending( > running)? > error$/);

  // On a phone: the row with its reason open.
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
  await page.waitForTimeout(300);
  const phoneDialog = await ensureDialogOpen(page);
  await itemRow(phoneDialog, '169.254.169.254/latest/')
    .getByRole('button', { name: /^Error/ })
    .click();
  await phoneDialog.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  await shoot(page, 'scrape-error');
  await page.setViewportSize({ width: 1280, height: 800 });
});

test('the web scraper crawls a small local site with progress until it is synced', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const site = await serveSite();
  try {
    const user = await createUser(request, { tag: 'scrape' });
    await useSessionOf(context, baseURL!, user);
    const appId = await createApp(request, user, 'Cafe site');
    const streams: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/context/items/events')) streams.push(r.url());
    });
    const dialog = await openDataSources(page, appId);
    await recordStatuses(page);
    await dialog.getByRole('radio', { name: 'Web scraper' }).click();
    await dialog.getByLabel('Website address').fill(site.url);
    await dialog.getByRole('button', { name: 'Scrape' }).click();
    const row = itemRow(dialog, '127.0.0.1');
    // The slow site keeps the crawl running long enough to watch: the form follows it with a bar.
    await expect(dialog.getByRole('progressbar', { name: 'Scraping progress of 127.0.0.1' })).toBeVisible();
    await page.screenshot({ path: join(SHOTS_DIR, 'data-sources-scraping-1280.png') });
    await expect(row.getByText('Synced', { exact: true })).toBeVisible({ timeout: 60_000 });
    await expect(dialog.getByRole('progressbar', { name: 'Scraping progress of 127.0.0.1' })).toBeHidden();
    const seen = Object.values(await statusesSeen(page))[0]!;
    expect(seen.at(-1)).toBe('synced');
    expect(
      seen.some((s) => s === 'pending' || s === 'running'),
      `statuses seen: ${seen.join(' > ')}`,
    ).toBe(true);
    expect(streams.length, 'the dialog followed the crawl over the live stream').toBeGreaterThan(0);
    const [item] = await listItems(request, user, appId);
    expect(item).toMatchObject({ source: 'web_scraper', type: 'web_page', status: 'synced' });
    expect(item!.numOfChunks).toBeGreaterThan(0);
    expect(site.requested()).toEqual(expect.arrayContaining(['/', '/menu', '/about']));
    await shoot(page, 'scraped');
  } finally {
    await site.close();
  }
});

/**
 * A three-page café site on loopback, on the one port the e2e server's scraper may fetch
 * (OUTBOUND_TEST_ALLOW_HOSTS in playwright.config.ts). Pages answer slowly, so the crawl is seen running.
 */
async function serveSite() {
  const pages: Record<string, string> = {
    '/': '<h1>Corner Cafe</h1><p>Fresh coffee and pastries every morning.</p><a href="/menu">Menu</a> <a href="/about">About us</a>',
    '/menu': '<h1>Menu</h1><p>Espresso 2.50, cappuccino 3.20, croissant 1.90.</p><a href="/">Home</a>',
    '/about': '<h1>About us</h1><p>Family-run since 1998, on the corner of Elm Street.</p><a href="/">Home</a>',
  };
  const requested: string[] = [];
  const server: Server = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    requested.push(path);
    await new Promise((resolve) => setTimeout(resolve, 400));
    const body = pages[path];
    if (!body) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(`<!doctype html><html><head><title>Corner Cafe</title></head><body><main>${body}</main></body></html>`);
  });
  await new Promise<void>((resolve) =>
    server.listen(Number(process.env.E2E_SCRAPER_SITE_PORT ?? 3591), '127.0.0.1', resolve),
  );
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    requested: () => [...requested],
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
