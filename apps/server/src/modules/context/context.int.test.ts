import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, APP_MESSAGES } from '@tessera/contracts';
import { type ContextItem } from '@tessera/contracts/context';
import { buildCorpus, buildDocx, buildDocxBomb, buildPdf } from '@tessera/test-utils';
import { createJobsRepo } from '../../platform/jobs/jobs.repo';
import { createTestApp } from '../../testing/harness';
import { buildGenApp } from '../../testing/factories';
import { chunkText } from './chunking';

const t = await createTestApp({}, { jobs: { pollMs: 50, leaseMs: 3000, backoffBaseMs: 50 } });
beforeAll(() => t.jobRunner.start());
afterAll(() => t.jobRunner.stop());

const rowsOf = (r: unknown) => (r as { rows: Array<Record<string, unknown>> }).rows;

async function builderWithApp(plan: 'lite' | 'explorer' | 'moon' = 'lite') {
  const b = await t.signUpVerified();
  if (plan !== 'lite') await t.db.execute(sql`UPDATE accounts SET plan = ${plan} WHERE user_id = ${b.userId}`);
  const res = await t.request('POST', '/api/apps', {
    token: b.token,
    body: buildGenApp({ name: 'Data app' }),
  });
  expect(res.status).toBe(200);
  return { ...b, appId: res.body.appId as string };
}

async function upload(
  token: string,
  appId: string,
  bytes: Uint8Array | string,
  filename: string,
  type: string,
  query = '',
) {
  const form = new FormData();
  form.append('file', new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], { type }), filename);
  const res = await t.app.request(`/api/context/ingest/file?appId=${appId}${query}`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: res.status, body: (await res.json()) as any };
}

const FINAL = ['synced', 'error', 'usage_limit_reached'];
async function settled(token: string, id: string, timeoutMs = 20_000): Promise<ContextItem> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await t.request('GET', `/api/context/${id}`, { token });
    if (FINAL.includes(res.body.contextItem?.status)) return res.body.contextItem;
    if (Date.now() > deadline) throw new Error(`item ${id} still ${res.body.contextItem?.status}`);
    await new Promise((r) => setTimeout(r, 40));
  }
}

async function chunkRows(itemId: string) {
  return rowsOf(
    await t.db.execute(
      sql`SELECT id, content, content_hash FROM context_chunks WHERE item_id = ${itemId} ORDER BY ord`,
    ),
  );
}

const longText = (n: number, word = 'topic') =>
  Array.from(
    { length: n },
    (_, i) =>
      `Paragraph ${i} explains ${word} ${i} with enough words to matter. It has a second sentence about item ${i * 7}.`,
  ).join('\n\n');

describe('ingestion: each file type ends synced with the right chunks', () => {
  it('text', async () => {
    const b = await builderWithApp();
    const text = longText(40);
    const res = await t.request('POST', `/api/context/ingest/text?appId=${b.appId}`, {
      token: b.token,
      body: { context: text },
    });
    expect(res.status).toBe(200);
    const item = await settled(b.token, res.body.contextItemId);
    const expected = chunkText(text);
    expect(expected.length).toBeGreaterThan(3);
    expect(item).toMatchObject({
      status: 'synced',
      type: 'txt',
      source: 'local_files',
      provider: 'tessera',
      numOfChunks: expected.length,
      errorReason: null,
      size: Buffer.byteLength(text),
    });
    expect(item.lastSyncedAt).not.toBeNull();
    expect((await chunkRows(item.id)).map((r) => r.content)).toEqual(expected);
  });

  it('markdown file', async () => {
    const b = await builderWithApp();
    const md = `# Handbook\n\n${longText(20, 'policy')}`;
    const res = await upload(b.token, b.appId, md, 'handbook.md', 'text/markdown');
    expect(res.status).toBe(200);
    const item = await settled(b.token, res.body.contextItemId);
    expect(item).toMatchObject({
      status: 'synced',
      type: 'txt',
      name: 'handbook.md',
      numOfChunks: chunkText(md).length,
    });
  });

  it('CSV: rows become "header: value" lines', async () => {
    const b = await builderWithApp();
    const rows = Array.from({ length: 60 }, (_, i) => `Lamp ${i},${10 + i},"Warm light, model ${i}"`);
    const csv = ['name,price,description', ...rows].join('\n');
    const res = await upload(b.token, b.appId, csv, 'products.csv', 'text/csv');
    expect(res.status).toBe(200);
    const item = await settled(b.token, res.body.contextItemId);
    const rendered = Array.from(
      { length: 60 },
      (_, i) => `name: Lamp ${i}; price: ${10 + i}; description: Warm light, model ${i}`,
    ).join('\n');
    expect(item).toMatchObject({ status: 'synced', type: 'csv', numOfChunks: chunkText(rendered).length });
    expect(item.numOfChunks).toBeGreaterThan(1);
    expect((await chunkRows(item.id))[0]!.content).toContain(
      'name: Lamp 0; price: 10; description: Warm light, model 0',
    );
  });

  it('DOCX', async () => {
    const b = await builderWithApp();
    const paragraphs = Array.from(
      { length: 30 },
      (_, i) =>
        `Section ${i}: the warehouse in zone ${i} opens at ${i % 12} o'clock and stores crates of kind ${i * 3}.`,
    );
    const res = await upload(
      b.token,
      b.appId,
      await buildDocx(paragraphs),
      'manual.docx',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(res.status).toBe(200);
    const item = await settled(b.token, res.body.contextItemId);
    expect(item).toMatchObject({
      status: 'synced',
      type: 'doc',
      numOfChunks: chunkText(paragraphs.join('\n\n')).length,
    });
    expect(item.numOfChunks).toBeGreaterThan(1);
  });

  it('PDF (paid plan: several pages)', async () => {
    const b = await builderWithApp('explorer');
    const pages = [0, 1, 2].map((p) =>
      Array.from({ length: 25 }, (_, i) => `Page ${p} line ${i} describes the delivery route number ${p * 100 + i}.`),
    );
    const res = await upload(b.token, b.appId, buildPdf(pages), 'routes.pdf', 'application/pdf');
    expect(res.status).toBe(200);
    const item = await settled(b.token, res.body.contextItemId);
    expect(item).toMatchObject({
      status: 'synced',
      type: 'pdf',
      numOfChunks: chunkText(pages.map((lines) => lines.join('\n')).join('\n\n')).length,
    });
    expect(item.numOfChunks).toBeGreaterThan(2);
    expect((await chunkRows(item.id)).map((r) => r.content).join('\n')).toContain(
      'Page 2 line 24 describes the delivery route number 224.',
    );
  });
});

describe('bad input gets the spec messages', () => {
  it('refuses empty text and a missing file', async () => {
    const b = await builderWithApp();
    for (const body of [{ context: '' }, { context: '   \n ' }, {}]) {
      const res = await t.request('POST', `/api/context/ingest/text?appId=${b.appId}`, { token: b.token, body });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(MESSAGES.dataSources.emptyText);
    }
    const form = new FormData();
    form.append('note', 'no file here');
    const res = await t.app.request(`/api/context/ingest/file?appId=${b.appId}`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${b.token}` },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as any).error.message).toBe(MESSAGES.dataSources.noFile);
    const empty = await upload(b.token, b.appId, '', 'empty.txt', 'text/plain');
    expect(empty.status).toBe(400);
    expect(
      (await t.request('GET', `/api/context/items?appId=${b.appId}`, { token: b.token })).body.contextItems,
    ).toEqual([]);
  });

  it('refuses headerless and empty CSVs', async () => {
    const b = await builderWithApp();
    for (const csv of ['1,2,3\n4,5,6', 'name,price', '', '\n\n', 'a,,c\n1,2,3']) {
      const res = await upload(b.token, b.appId, csv || ' ', 'data.csv', 'text/csv');
      expect(res.status, csv).toBe(400);
      expect(res.body.error.message).toBe(MESSAGES.dataSources.csvInvalid);
    }
  });

  it('refuses a file over the plan size with code file-too-big while streaming', async () => {
    const b = await builderWithApp();
    const res = await upload(b.token, b.appId, new Uint8Array(5 * 1024 * 1024 + 10).fill(97), 'big.txt', 'text/plain');
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      code: 'file-too-big',
      message: 'Failed to upload context, file size is too big (max 5 MB)',
    });
    const paid = await builderWithApp('explorer');
    const ok = await upload(paid.token, paid.appId, new Uint8Array(6 * 1024 * 1024).fill(97), 'big.txt', 'text/plain');
    expect(ok.status).toBe(200);
    const tooBig = await upload(
      paid.token,
      paid.appId,
      new Uint8Array(10 * 1024 * 1024 + 1).fill(97),
      'bigger.txt',
      'text/plain',
    );
    expect(tooBig.body.error).toMatchObject({
      code: 'file-too-big',
      message: 'Failed to upload context, file size is too big (max 10 MB)',
    });
  });

  it('sniffs the type from the bytes, not the name', async () => {
    const b = await builderWithApp();
    const pdfAsDocx = await upload(
      b.token,
      b.appId,
      buildPdf([['hello']]),
      'letter.docx',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(pdfAsDocx.status).toBe(400);
    expect(pdfAsDocx.body.error.message).toBe(APP_MESSAGES.fileTypeMismatch.replace('{type}', 'DOCX'));
    const textAsPdf = await upload(b.token, b.appId, 'just text', 'report.pdf', 'application/pdf');
    expect(textAsPdf.body.error.message).toBe(APP_MESSAGES.fileTypeMismatch.replace('{type}', 'PDF'));
    const binary = await upload(
      b.token,
      b.appId,
      new Uint8Array([0, 1, 2, 3, 255, 0, 7]),
      'blob.bin',
      'application/octet-stream',
    );
    expect(binary.status).toBe(400);
    expect(binary.body.error.message).toBe(APP_MESSAGES.unsupportedFileType);
    const zipNotDocx = await upload(
      b.token,
      b.appId,
      new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]),
      'x.docx',
      'application/msword',
    );
    expect(zipNotDocx.status).toBe(400);
  });

  it('bounds DOCX inflation (zip bomb)', async () => {
    const b = await builderWithApp();
    const bomb = await buildDocxBomb();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const res = await upload(
      b.token,
      b.appId,
      bomb,
      'bomb.docx',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(APP_MESSAGES.fileTooLargeUnpacked.replace('{size}', '20 MB'));
  });

  it('refuses a multi-page PDF on lite (one-page file limit)', async () => {
    const b = await builderWithApp();
    const res = await upload(b.token, b.appId, buildPdf([['one'], ['two']]), 'two.pdf', 'application/pdf');
    expect(res.status).toBe(403);
    expect(res.body.error).toMatchObject({
      code: 'PLAN_LIMIT_REACHED',
      message: APP_MESSAGES.tooManyPages.replace('{pages}', '1'),
    });
  });
});

describe('plan limits', () => {
  it('lite: a second data item is refused with the free data items upgrade reason; a replacement is allowed', async () => {
    const b = await builderWithApp();
    const first = await t.request('POST', `/api/context/ingest/text?appId=${b.appId}`, {
      token: b.token,
      body: { context: 'The first item.' },
    });
    expect(first.status).toBe(200);
    const second = await t.request('POST', `/api/context/ingest/text?appId=${b.appId}`, {
      token: b.token,
      body: { context: 'The second item.' },
    });
    expect(second.status).toBe(403);
    expect(second.body.error).toMatchObject({
      code: 'PLAN_LIMIT_REACHED',
      message: APP_MESSAGES.freeDataItemsLimit,
      details: { upgradeReason: 'free_data_items_limit' },
    });
    const file = await upload(b.token, b.appId, 'other', 'other.txt', 'text/plain');
    expect(file.status).toBe(403);
    const scrape = await t.request('POST', `/api/context/ingest/metadata?appId=${b.appId}`, {
      token: b.token,
      body: { contextItems: [{ source: 'web_scraper', url: 'https://example.com' }] },
    });
    expect(scrape.status).toBe(403);
    const replacement = await upload(
      b.token,
      b.appId,
      'The replacement.',
      'new.txt',
      'text/plain',
      `&replaceItemId=${first.body.contextItemId}`,
    );
    expect(replacement.status).toBe(200);
    const item = await settled(b.token, replacement.body.contextItemId);
    expect(item.originalContextItemId).toBe(first.body.contextItemId);
  });

  it('lite: concurrent additions cannot pass the one-item limit together', async () => {
    const b = await builderWithApp();
    const results = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        t.request('POST', `/api/context/ingest/text?appId=${b.appId}`, {
          token: b.token,
          body: { context: `Racing item ${i}` },
        }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 403, 403, 403]);
    expect(
      (await t.request('GET', `/api/context/items?appId=${b.appId}`, { token: b.token })).body.contextItems,
    ).toHaveLength(1);
  });

  it('paid plans: up to 5 items', async () => {
    const b = await builderWithApp('explorer');
    for (let i = 0; i < 5; i++) {
      const res = await t.request('POST', `/api/context/ingest/text?appId=${b.appId}`, {
        token: b.token,
        body: { context: `Item ${i}` },
      });
      expect(res.status).toBe(200);
    }
    const sixth = await t.request('POST', `/api/context/ingest/text?appId=${b.appId}`, {
      token: b.token,
      body: { context: 'Item 6' },
    });
    expect(sixth.status).toBe(403);
    expect(sixth.body.error.details).toEqual({ upgradeReason: 'default' });
  });

  it('the monthly data processing limit ends items in usage_limit_reached and flags the list', async () => {
    const b = await builderWithApp();
    const month = new Date().toISOString().slice(0, 7);
    await t.db.execute(
      sql`INSERT INTO data_usage (user_id, month, bytes) VALUES (${b.userId}, ${month}, ${20 * 1024 * 1024 - 10})`,
    );
    const res = await t.request('POST', `/api/context/ingest/text?appId=${b.appId}`, {
      token: b.token,
      body: { context: 'This text is longer than ten bytes.' },
    });
    const item = await settled(b.token, res.body.contextItemId);
    expect(item).toMatchObject({
      status: 'usage_limit_reached',
      errorReason: MESSAGES.dataSources.dataLimitReached,
      numOfChunks: 0,
    });
    const before = await t.request('GET', `/api/context/items?appId=${b.appId}`, { token: b.token });
    expect(before.body.hasReachedDataLimit).toBe(false);
    await t.db.execute(sql`UPDATE data_usage SET bytes = ${20 * 1024 * 1024} WHERE user_id = ${b.userId}`);
    const list = await t.request('GET', `/api/context/items?appId=${b.appId}`, { token: b.token });
    expect(list.body.hasReachedDataLimit).toBe(true);
    const unsynced = await t.request('GET', `/api/context/items?appId=${b.appId}&status=usage_limit_reached`, {
      token: b.token,
    });
    expect(unsynced.body.contextItems.map((i: ContextItem) => i.id)).toEqual([item.id]);
  });
});

describe('re-sync', () => {
  it('replaces chunks by content hash: no duplicates, unchanged chunks kept, usage charged once', async () => {
    const b = await builderWithApp();
    const text = longText(30);
    const res = await t.request('POST', `/api/context/ingest/text?appId=${b.appId}`, {
      token: b.token,
      body: { context: text },
    });
    const item = await settled(b.token, res.body.contextItemId);
    const before = await chunkRows(item.id);
    const usage = async () =>
      Number(rowsOf(await t.db.execute(sql`SELECT bytes FROM data_usage WHERE user_id = ${b.userId}`))[0]!.bytes);
    const charged = await usage();
    expect(charged).toBe(Buffer.byteLength(text));
    for (let i = 0; i < 2; i++) {
      const again = await t.request('POST', `/api/context/${item.id}/sync`, { token: b.token });
      expect(again.status).toBe(200);
      await new Promise((r) => setTimeout(r, 50));
      const synced = await settled(b.token, item.id);
      expect(synced.numOfChunks).toBe(before.length);
    }
    const after = await chunkRows(item.id);
    expect(after.map((r) => r.id)).toEqual(before.map((r) => r.id));
    expect(new Set(after.map((r) => r.content_hash)).size).toBe(after.length);
    expect(await usage()).toBe(charged);
  });
});

describe('durable ingestion', () => {
  it('an ingestion claimed by a worker that died is finished by another once its lease expires', async () => {
    const b = await builderWithApp();
    // Earlier tests' jobs first, so the only job left to claim is this test's.
    for (let i = 0; i < 400; i++) {
      const live = rowsOf(
        await t.db.execute(sql`SELECT count(*) AS n FROM jobs WHERE status IN ('queued', 'running')`),
      );
      if (Number(live[0]!.n) === 0) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    await t.jobRunner.stop();
    const res = await t.request('POST', `/api/context/ingest/text?appId=${b.appId}`, {
      token: b.token,
      body: { context: longText(12) },
    });
    const jobsRepo = createJobsRepo(t.db);
    // A worker claims the job and dies at once: it never heartbeats, finishes or releases it.
    const claimed = await jobsRepo.claim('dead-worker', ['context.ingest'], 500);
    expect(claimed?.payload).toEqual({ itemId: res.body.contextItemId });
    expect(
      (await t.request('GET', `/api/context/${res.body.contextItemId}`, { token: b.token })).body.contextItem.status,
    ).toBe('pending');
    await t.jobRunner.start();
    const item = await settled(b.token, res.body.contextItemId);
    expect(item).toMatchObject({ status: 'synced', numOfChunks: chunkText(longText(12)).length });
    // The item is synced by the handler; the runner marks the job done right after it returns.
    await expect
      .poll(async () => jobsRepo.find(claimed!.id), { timeout: 10_000 })
      .toMatchObject({ status: 'done', attempts: 2 });
  });
});

describe('many concurrent ingestions', () => {
  it('every item ends synced: none is left pending by a worker faster than the request', async () => {
    const b = await builderWithApp('moon');
    const ids = await Promise.all(
      Array.from(
        { length: 5 },
        async (_, i) =>
          (
            await t.request('POST', `/api/context/ingest/text?appId=${b.appId}`, {
              token: b.token,
              body: { context: `Short item ${i}.` },
            })
          ).body.contextItemId as string,
      ),
    );
    for (const id of ids) expect((await settled(b.token, id)).status).toBe('synced');
    for (const id of ids) {
      await t.request('POST', `/api/context/${id}/sync`, { token: b.token });
      expect((await settled(b.token, id)).status).toBe('synced');
    }
  });
});

describe('rename, delete, replace', () => {
  it('renames, replaces the tool reference and deletes the old item', async () => {
    const b = await builderWithApp('explorer');
    const a1 = await t.request('POST', `/api/context/ingest/text?appId=${b.appId}`, {
      token: b.token,
      body: { context: 'Old facts.' },
    });
    const a2 = await t.request('POST', `/api/context/ingest/text?appId=${b.appId}`, {
      token: b.token,
      body: { context: 'New facts.' },
    });
    await t.db.execute(
      sql`UPDATE apps SET definition = ${JSON.stringify({ tools: [{ toolId: 't1', dataItems: [{ contextItemId: a1.body.contextItemId, type: 'txt' }] }] })}::jsonb WHERE id = ${b.appId}`,
    );
    const renamed = await t.request('PATCH', `/api/context/${a2.body.contextItemId}`, {
      token: b.token,
      body: { name: 'Fresh facts' },
    });
    expect(renamed.body.contextItem.name).toBe('Fresh facts');
    const badName = await t.request('PATCH', `/api/context/${a2.body.contextItemId}`, {
      token: b.token,
      body: { name: '  ' },
    });
    expect(badName.status).toBe(400);
    const replaced = await t.request('POST', `/api/tools/${b.appId}/replaceDataItem`, {
      token: b.token,
      body: { oldItemId: a1.body.contextItemId, newItemId: a2.body.contextItemId },
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body.contextItem).toMatchObject({
      id: a2.body.contextItemId,
      originalContextItemId: a1.body.contextItemId,
    });
    const [app] = rowsOf(await t.db.execute(sql`SELECT definition FROM apps WHERE id = ${b.appId}`));
    const definition = (typeof app!.definition === 'string' ? JSON.parse(app!.definition) : app!.definition) as {
      tools: Array<{ dataItems: Array<{ contextItemId: string }> }>;
    };
    expect(definition.tools[0]!.dataItems[0]).toMatchObject({
      contextItemId: a2.body.contextItemId,
      originalContextItemId: a1.body.contextItemId,
    });
    const list = await t.request('GET', `/api/context/items?appId=${b.appId}`, { token: b.token });
    expect(list.body.contextItems.map((i: ContextItem) => i.id)).toEqual([a2.body.contextItemId]);
    const deleted = await t.request('DELETE', `/api/context/${a2.body.contextItemId}`, { token: b.token });
    expect(deleted.body).toEqual({ deleted: true, id: a2.body.contextItemId });
    expect(
      rowsOf(await t.db.execute(sql`SELECT 1 FROM context_chunks WHERE item_id = ${a2.body.contextItemId}`)),
    ).toEqual([]);
  });
});

describe('ownership', () => {
  it("refuses every call on another builder's app or item, and anonymous calls", async () => {
    const owner = await builderWithApp();
    const other = await builderWithApp();
    const res = await t.request('POST', `/api/context/ingest/text?appId=${owner.appId}`, {
      token: owner.token,
      body: { context: 'Secret plans.' },
    });
    const id = res.body.contextItemId as string;
    const attempts: Array<[string, string, unknown?]> = [
      ['GET', `/api/context/items?appId=${owner.appId}`],
      ['GET', `/api/context/items/events?appId=${owner.appId}`],
      ['GET', `/api/context/${id}`],
      ['PATCH', `/api/context/${id}`, { name: 'Mine now' }],
      ['DELETE', `/api/context/${id}`],
      ['POST', `/api/context/${id}/sync`],
      ['POST', `/api/context/ingest/text?appId=${owner.appId}`, { context: 'Injected' }],
      [
        'POST',
        `/api/context/ingest/metadata?appId=${owner.appId}`,
        { contextItems: [{ source: 'web_scraper', url: 'https://example.com' }] },
      ],
      ['POST', `/api/context/search?appId=${owner.appId}`, { query: 'secret' }],
      ['POST', `/api/tools/${owner.appId}/replaceDataItem`, { oldItemId: id, newItemId: id }],
      ['POST', `/api/tools/${other.appId}/replaceDataItem`, { oldItemId: id, newItemId: id + 'x' }],
    ];
    for (const [method, path, body] of attempts) {
      const denied = await t.request(method, path, { token: other.token, body });
      expect(denied.status, `${method} ${path}`).toBe(404);
      const anonymous = await t.request(method, path, { body });
      expect(anonymous.status, `${method} ${path}`).toBe(401);
    }
    const uploadDenied = await upload(other.token, owner.appId, 'x', 'x.txt', 'text/plain');
    expect(uploadDenied.status).toBe(404);
    const item = await settled(owner.token, id);
    expect(item.name).toBe('Secret plans.');
  });
});

describe('live status over SSE', () => {
  it('streams item changes until synced, and count changes', async () => {
    const b = await builderWithApp('explorer');
    const controller = new AbortController();
    const res = await t.app.request(`/api/context/items/events?appId=${b.appId}`, {
      headers: { authorization: `Bearer ${b.token}` },
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    const events: Array<{ event: string; data: any }> = [];
    const next = async () => {
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event && data) return { event, data: JSON.parse(data) };
          continue;
        }
        const { value, done } = await reader.read();
        if (done) throw new Error('stream ended');
        buffer += decoder.decode(value, { stream: true });
      }
    };
    expect((await next()).event).toBe('ready');
    const created = await t.request('POST', `/api/context/ingest/text?appId=${b.appId}`, {
      token: b.token,
      body: { context: longText(10) },
    });
    while (!events.some((e) => e.event === 'item' && e.data.contextItem.status === 'synced')) events.push(await next());
    const statuses = events.filter((e) => e.event === 'item').map((e) => e.data.contextItem.status);
    expect(statuses).toContain('running');
    expect(statuses.at(-1)).toBe('synced');
    expect(events.find((e) => e.event === 'count')?.data).toEqual({ count: 1 });
    await t.request('DELETE', `/api/context/${created.body.contextItemId}`, { token: b.token });
    let deletedEvent = await next();
    while (deletedEvent.event !== 'count') deletedEvent = await next();
    expect(deletedEvent.data).toEqual({ count: 0 });
    controller.abort();
    await reader.cancel().catch(() => {});
  });
});

describe('retrieval', () => {
  it('finds the chunk that answers each labelled question', async () => {
    const b = await builderWithApp('moon');
    const corpus = buildCorpus({ documents: 5, factsPerDoc: 6, seed: 7 });
    for (const doc of corpus.documents) {
      const res = await t.request('POST', `/api/context/ingest/text?appId=${b.appId}`, {
        token: b.token,
        body: { context: doc.text, name: doc.name },
      });
      expect((await settled(b.token, res.body.contextItemId)).status).toBe('synced');
    }
    const vectors = await t.retrieval.hasVectors();
    expect(vectors).toBe(t.database.kind === 'pglite');
    const modes = vectors ? (['hybrid', 'fts', 'vector'] as const) : (['fts'] as const);
    for (const mode of modes) {
      let hits = 0;
      for (const q of corpus.questions) {
        const res = await t.request('POST', `/api/context/search?appId=${b.appId}`, {
          token: b.token,
          body: { query: q.question, limit: 5, mode },
        });
        expect(res.status).toBe(200);
        if (res.body.chunks.some((c: { content: string }) => c.content.includes(q.answer))) hits++;
      }
      // Recall@5 well above chance (30 questions over ~60 chunks); the bench reports exact figures.
      expect(hits / corpus.questions.length, mode).toBeGreaterThanOrEqual(mode === 'vector' ? 0.5 : 0.8);
    }
    const top = await t.retrieval.searchSimilar({ appId: b.appId, query: corpus.questions[0]!.question, limit: 3 });
    expect(top[0]!.contextItem.name).toMatch(/^Catalogue part/);
    const other = await builderWithApp('moon');
    expect(await t.retrieval.searchSimilar({ appId: other.appId, query: corpus.questions[0]!.question })).toEqual([]);
  });
});
