import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { createUser, useSessionOf } from './support/helpers';

/** A published app listing reviews; its code reads `rating_1_5`. */
const GEN_APP = {
  name: 'Film reviews',
  entities: {
    Review: {
      type: 'object',
      properties: { title: { type: 'string' }, rating_1_5: { type: 'string' } },
      'x-accessControl': { permissions: { read: 'creator', write: 'creator' } },
    },
  },
  pages: {
    Reviews: [
      "import { useEffect, useState } from 'react';",
      "import { Review } from '@/entities/Review';",
      'export default function Reviews() {',
      '  const [rows, setRows] = useState(null);',
      "  useEffect(() => { Review.list('title').then(setRows, () => setRows([])); }, []);",
      '  if (!rows) return <p>Loading</p>;',
      '  return <ul><li>{rows.length} reviews</li>{rows.map((r) => <li key={r.id}>{r.title} rated {r.rating_1_5}</li>)}</ul>;',
      '}',
    ].join('\n'),
  },
};

async function anonymousList(request: APIRequestContext, appId: string) {
  const res = await request.get(`/live_api/apps/${appId}/entities/Review?limit=100`);
  return { status: res.status(), rows: res.ok() ? ((await res.json()) as Array<Record<string, unknown>>) : [] };
}

test('schema and access changes reach end users only on publish, with every value kept', async ({
  page,
  context,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const builder = await createUser(request, { tag: 'publish' });
  const headers = { authorization: `Bearer ${builder.token}` };
  const created = await request.post('/api/apps', { headers, data: { appType: 'generated', genApp: GEN_APP } });
  expect(created.status(), await created.text()).toBe(200);
  const { appId } = (await created.json()) as { appId: string };
  expect((await request.post(`/api/apps/${appId}/publish`, { headers })).status()).toBe(200);
  const rows = Array.from({ length: 12 }, (_, i) => ({ title: `Film ${i + 1}`, rating_1_5: String((i % 5) + 1) }));
  expect((await request.post(`/live_api/apps/${appId}/entities/Review/bulk`, { headers, data: rows })).status()).toBe(
    200,
  );
  const { appUrl } = (await (await request.get(`/api/apps/${appId}`, { headers })).json()) as { appUrl: string };

  // An end user (signed out) on the live app: reviews are the creator's only.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(appUrl);
  await expect(visitor.getByText('Film 1 rated')).toHaveCount(0);
  expect((await anonymousList(request, appId)).status).toBe(401);

  // The builder opens reading to anyone through the chat: a new version, not yet published.
  await useSessionOf(context, baseURL!, builder);
  await page.goto(`/build/app/${appId}`);
  const menu = page.getByRole('navigation', { name: 'Builder menu' });
  await menu.getByRole('button', { name: /^Database/ }).click();
  await page
    .getByRole('navigation', { name: 'Entities' })
    .getByRole('button', { name: /Review/ })
    .click();
  await page.getByRole('tab', { name: 'Access control' }).click();
  await page.getByRole('button', { name: /^Anonymous Read\/Admin Write/ }).click();
  await page.getByRole('button', { name: 'Apply with the assistant' }).click();
  await expect
    .poll(
      async () =>
        ((await (await request.get(`/api/apps/${appId}/versions`, { headers })).json()) as { versions: unknown[] })
          .versions.length,
      { timeout: 60_000 },
    )
    .toBe(2);
  // End users are unaffected until publish.
  expect((await anonymousList(request, appId)).status).toBe(401);
  await visitor.reload();
  await expect(visitor.getByText('Film 1 rated')).toHaveCount(0);

  // Publish lists the access change, then end users get it.
  await page.getByRole('button', { name: 'Publish' }).click();
  const review = page.getByRole('dialog', { name: 'Publish version 2?' });
  await expect(review.getByText('Access: read creator → anonymous, write creator → admin')).toBeVisible();
  await review.getByRole('button', { name: 'Publish changes' }).click();
  await page.getByRole('dialog', { name: 'Your app is live' }).press('Escape');
  await visitor.reload();
  await expect(visitor.getByText('12 reviews')).toBeVisible({ timeout: 30_000 });
  await expect(visitor.getByText('Film 1 rated 1', { exact: true })).toBeVisible();

  // Rename the column in the Database panel: the preview follows at once, the live app keeps working.
  await menu.getByRole('button', { name: /^Database/ }).click();
  await page
    .getByRole('navigation', { name: 'Entities' })
    .getByRole('button', { name: /Review/ })
    .click();
  await page.getByRole('tab', { name: 'Data' }).click();
  const grid = page.getByRole('grid', { name: 'Review rows' });
  await grid.getByRole('button', { name: 'rating_1_5 column menu' }).click();
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename column' });
  await rename.getByLabel('Column name').fill('rating');
  await rename.getByRole('button', { name: 'Rename' }).click();
  await expect(grid.getByRole('button', { name: 'rating column menu' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Versions, showing Version 3' })).toBeVisible();
  await page.getByRole('button', { name: 'Done' }).click();
  const preview = page.frameLocator('iframe[title="App preview"]');
  await expect(preview.getByText('Film 1 rated 1', { exact: true })).toBeVisible({ timeout: 30_000 });
  await visitor.reload();
  await expect(visitor.getByText('Film 1 rated 1', { exact: true })).toBeVisible({ timeout: 30_000 });
  expect((await anonymousList(request, appId)).rows.every((r) => typeof r.rating_1_5 === 'string')).toBe(true);

  // Publish moves every value to the new name; the live app runs the renamed code.
  await page.getByRole('button', { name: 'Publish' }).click();
  const second = page.getByRole('dialog', { name: 'Publish version 3?' });
  await expect(second.getByText('Field rating_1_5 renamed to rating (every value moves)')).toBeVisible();
  await second.getByRole('button', { name: 'Publish changes' }).click();
  await page.getByRole('dialog', { name: 'Your app is live' }).press('Escape');
  await visitor.reload();
  for (let i = 1; i <= 12; i++)
    await expect(visitor.getByText(`Film ${i} rated ${((i - 1) % 5) + 1}`, { exact: true })).toBeVisible({
      timeout: 30_000,
    });
  const live = (await anonymousList(request, appId)).rows;
  expect(live).toHaveLength(12);
  expect(live.map((r) => [r.title, r.rating, r.rating_1_5])).toEqual(
    expect.arrayContaining(rows.map((r) => [r.title, r.rating_1_5, undefined])),
  );
});
