import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_MESSAGES } from '@tessera/contracts';
import { type ContextItem } from '@tessera/contracts/context';
import {
  FAKE_DRIVE_DOC,
  FAKE_DRIVE_SHEET,
  FAKE_DRIVE_TOKEN,
  FAKE_NOTION_PAGE,
  FAKE_NOTION_TOKEN,
  startFakeDrive,
  startFakeNotion,
} from '@tessera/test-utils';
import { createTestApp } from '../../testing/harness';
import { buildGenApp } from '../../testing/factories';
import { chunkText } from './chunking';
import { CONNECTORS_ADMIN_ONLY, createGoogleDriveConnector, createNotionConnector } from './connectors';

const notion = await startFakeNotion();
const drive = await startFakeDrive();
afterAll(async () => {
  await notion.close();
  await drive.close();
});
const t = await createTestApp(
  {},
  {
    jobs: { pollMs: 50, backoffBaseMs: 50 },
    connectors: {
      notion: createNotionConnector({ baseUrl: notion.baseUrl, token: FAKE_NOTION_TOKEN }),
      google_drive: createGoogleDriveConnector({ baseUrl: drive.baseUrl, token: FAKE_DRIVE_TOKEN }),
    },
  },
);
const bare = await createTestApp();
beforeAll(() => t.jobRunner.start());

/** A builder with an app; an admin (an operator account) unless `isAdmin` is false. */
async function builderWithApp(app = t, isAdmin = true) {
  const b = await app.signUpVerified();
  await app.db.execute(sql`UPDATE accounts SET plan = 'explorer', is_admin = ${isAdmin} WHERE user_id = ${b.userId}`);
  const res = await app.request('POST', '/api/apps', {
    token: b.token,
    body: buildGenApp({ name: 'Connected' }),
  });
  return { ...b, appId: res.body.appId as string };
}

async function settled(token: string, id: string): Promise<ContextItem> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const res = await t.request('GET', `/api/context/${id}`, { token });
    if (['synced', 'error', 'usage_limit_reached'].includes(res.body.contextItem.status)) return res.body.contextItem;
    if (Date.now() > deadline) throw new Error(`still ${res.body.contextItem.status}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
const chunksOf = async (id: string) =>
  (
    (await t.db.execute(sql`SELECT content FROM context_chunks WHERE item_id = ${id} ORDER BY ord`)) as unknown as {
      rows: Array<{ content: string }>;
    }
  ).rows.map((r) => r.content);

describe('connectors', () => {
  it('are "not configured" without credentials, and refused', async () => {
    const b = await builderWithApp(bare);
    expect((await bare.request('GET', '/api/context/connectors', { token: b.token })).body).toEqual({
      connectors: [
        { id: 'notion', configured: false },
        { id: 'google_drive', configured: false },
      ],
    });
    const items = await bare.request('GET', '/api/context/connectors/notion/items', { token: b.token });
    expect(items.status).toBe(400);
    expect(items.body.error.message).toBe(APP_MESSAGES.connectorNotConfigured);
  });

  it("are the operator's: a builder who is not an admin can neither list nor import their documents", async () => {
    const b = await builderWithApp(t, false);
    expect((await t.request('GET', '/api/context/connectors', { token: b.token })).body.connectors).toEqual([
      { id: 'notion', configured: false },
      { id: 'google_drive', configured: false },
    ]);
    for (const id of ['notion', 'google_drive']) {
      const items = await t.request('GET', `/api/context/connectors/${id}/items`, { token: b.token });
      expect(items.status, id).toBe(403);
      expect(items.body.error.message).toBe(CONNECTORS_ADMIN_ONLY);
    }
    const res = await t.request('POST', `/api/context/ingest/metadata?appId=${b.appId}`, {
      token: b.token,
      body: {
        contextItems: [{ source: 'notion', providerItemId: FAKE_NOTION_PAGE.id, name: 'Theirs', type: 'notion_page' }],
      },
    });
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe(CONNECTORS_ADMIN_ONLY);
    expect(
      (await t.request('GET', `/api/context/items?appId=${b.appId}`, { token: b.token })).body.contextItems,
    ).toEqual([]);
  });

  it("are not fetched again with the operator's token for a builder who is no longer an admin", async () => {
    const b = await builderWithApp(t);
    const imported = await t.request('POST', `/api/context/ingest/metadata?appId=${b.appId}`, {
      token: b.token,
      body: {
        contextItems: [{ source: 'notion', providerItemId: FAKE_NOTION_PAGE.id, name: 'Theirs', type: 'notion_page' }],
      },
    });
    expect(imported.status).toBe(200);
    const [item] = (await t.request('GET', `/api/context/items?appId=${b.appId}`, { token: b.token })).body
      .contextItems;
    await t.db.execute(sql`UPDATE accounts SET is_admin = false WHERE user_id = ${b.userId}`);
    const sync = await t.request('POST', `/api/context/${item.id}/sync`, { token: b.token });
    expect(sync.status).toBe(403);
    expect(sync.body.error.message).toBe(CONNECTORS_ADMIN_ONLY);
  });

  it('Notion: lists pages and ingests one (paginated and nested blocks) to synced', async () => {
    const b = await builderWithApp();
    expect((await t.request('GET', '/api/context/connectors', { token: b.token })).body.connectors).toEqual([
      { id: 'notion', configured: true },
      { id: 'google_drive', configured: true },
    ]);
    const listed = await t.request('GET', '/api/context/connectors/notion/items', { token: b.token });
    expect(listed.body.items[0]).toEqual({
      providerItemId: FAKE_NOTION_PAGE.id,
      name: FAKE_NOTION_PAGE.title,
      type: 'notion_page',
      externalFileUrl: 'https://notion.so/page-1',
    });
    const res = await t.request('POST', `/api/context/ingest/metadata?appId=${b.appId}`, {
      token: b.token,
      body: { contextItems: [{ source: 'notion', ...listed.body.items[0] }] },
    });
    expect(res.status).toBe(200);
    const item = await settled(b.token, res.body.contextItemIds[0]);
    const text = [
      `# ${FAKE_NOTION_PAGE.title}`,
      FAKE_NOTION_PAGE.blocks[0],
      FAKE_NOTION_PAGE.blocks[1],
      FAKE_NOTION_PAGE.nested,
      `- ${FAKE_NOTION_PAGE.blocks[2]}`,
    ].join('\n\n');
    expect(item).toMatchObject({
      status: 'synced',
      source: 'notion',
      provider: 'notion',
      type: 'notion_page',
      providerItemId: FAKE_NOTION_PAGE.id,
      numOfChunks: chunkText(text).length,
    });
    expect((await chunksOf(item.id)).join('\n')).toContain(FAKE_NOTION_PAGE.nested);
    const calls = notion.requests.filter((r) => r.path.startsWith('/v1/blocks/'));
    expect(
      calls.every((r) => r.authorization === `Bearer ${FAKE_NOTION_TOKEN}` && r.notionVersion === '2022-06-28'),
    ).toBe(true);
  });

  it('Notion: a page the integration cannot read ends in error with the reason', async () => {
    const b = await builderWithApp();
    const res = await t.request('POST', `/api/context/ingest/metadata?appId=${b.appId}`, {
      token: b.token,
      body: {
        contextItems: [{ source: 'notion', providerItemId: 'page-gone', name: 'Deleted page', type: 'notion_page' }],
      },
    });
    const item = await settled(b.token, res.body.contextItemIds[0]);
    expect(item.status).toBe('error');
    expect(item.errorReason).toContain(APP_MESSAGES.connectorFailed);
  });

  it('Google Drive: lists Google files only and ingests a doc and a sheet', async () => {
    const b = await builderWithApp();
    const listed = await t.request('GET', '/api/context/connectors/google_drive/items', { token: b.token });
    expect(listed.body.items.map((i: { name: string; type: string }) => [i.name, i.type])).toEqual([
      [FAKE_DRIVE_DOC.name, 'google_doc'],
      [FAKE_DRIVE_SHEET.name, 'google_sheet'],
    ]);
    const res = await t.request('POST', `/api/context/ingest/metadata?appId=${b.appId}`, {
      token: b.token,
      body: { contextItems: listed.body.items.map((i: object) => ({ source: 'google_drive', ...i })) },
    });
    const [doc, sheet] = await Promise.all(res.body.contextItemIds.map((id: string) => settled(b.token, id)));
    expect(doc).toMatchObject({ status: 'synced', type: 'google_doc', provider: 'google_drive', numOfChunks: 1 });
    expect(await chunksOf(doc!.id)).toEqual([FAKE_DRIVE_DOC.text]);
    expect(await chunksOf(sheet!.id)).toEqual([FAKE_DRIVE_SHEET.csv]);
    const wrongType = await t.request('POST', `/api/context/ingest/metadata?appId=${b.appId}`, {
      token: b.token,
      body: { contextItems: [{ source: 'google_drive', providerItemId: 'x', name: 'x', type: 'notion_page' }] },
    });
    expect(wrongType.status).toBe(400);
  });
});
