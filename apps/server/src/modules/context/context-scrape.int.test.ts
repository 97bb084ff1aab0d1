import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContextItem } from '@tessera/contracts/context';
import { PLAN_LIMITS } from '@tessera/contracts/plans';
import { startFakeSite } from '@tessera/test-utils';
import { createTestHarnessCrawler } from '../../testing/crawler';
import { createTestApp } from '../../testing/harness';
import { buildGenApp } from '../../testing/factories';

const site = await startFakeSite();
afterAll(() => site.close());
const t = await createTestApp(
  {},
  { jobs: { pollMs: 50, backoffBaseMs: 50 }, crawl: createTestHarnessCrawler([site.host]) },
);
beforeAll(() => t.jobRunner.start());

async function builderWithApp(plan = 'lite') {
  const b = await t.signUpVerified();
  await t.db.execute(sql`UPDATE accounts SET plan = ${plan} WHERE user_id = ${b.userId}`);
  const res = await t.request('POST', '/api/apps', {
    token: b.token,
    body: buildGenApp({ name: 'Site app' }),
  });
  return { ...b, appId: res.body.appId as string };
}

async function settled(token: string, id: string): Promise<ContextItem> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const res = await t.request('GET', `/api/context/${id}`, { token });
    if (['synced', 'error', 'usage_limit_reached'].includes(res.body.contextItem.status)) return res.body.contextItem;
    if (Date.now() > deadline) throw new Error(`still ${res.body.contextItem.status}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('web pages', () => {
  it('scrapes a site on loopback to synced within the lite depth limit, and retrieves its text', async () => {
    const b = await builderWithApp();
    const res = await t.request('POST', `/api/context/ingest/metadata?appId=${b.appId}`, {
      token: b.token,
      body: { contextItems: [{ source: 'web_scraper', url: site.baseUrl + '/', maxDepth: 9, maxPages: 500 }] },
    });
    expect(res.status).toBe(200);
    const item = await settled(b.token, res.body.contextItemIds[0]);
    expect(item).toMatchObject({
      status: 'synced',
      type: 'web_page',
      source: 'web_scraper',
      externalFileUrl: `${site.baseUrl}/`,
      progress: null,
    });
    expect(item.numOfChunks).toBeGreaterThan(0);
    const chunks = (await t.db.execute(
      sql`SELECT content FROM context_chunks WHERE item_id = ${item.id}`,
    )) as unknown as { rows: Array<{ content: string }> };
    const text = chunks.rows.map((r) => r.content).join('\n');
    expect(text).toContain(`Source: ${site.baseUrl}/docs/getting-started`);
    // Lite: depth 2 at most (requested 9), robots.txt respected.
    expect(text).toContain(`Source: ${site.baseUrl}/docs/guides/`);
    expect(text).not.toContain(`Source: ${site.baseUrl}/docs/guides/advanced`);
    expect(text).not.toContain(`Source: ${site.baseUrl}/private/secret`);
    expect(site.requests.some((r) => r.startsWith('/docs/guides/advanced'))).toBe(false);
    const found = await t.request('POST', `/api/context/search?appId=${b.appId}`, {
      token: b.token,
      body: { query: 'getting started' },
    });
    expect(found.body.chunks[0].contextItem.id).toBe(item.id);
  });

  it('caps the pages by plan and ends in error with the reason for a refused address', async () => {
    const b = await builderWithApp('explorer');
    const res = await t.request('POST', `/api/context/ingest/metadata?appId=${b.appId}`, {
      token: b.token,
      body: {
        contextItems: [
          { source: 'web_scraper', url: `${site.baseUrl}/many/`, maxPages: 1000 },
          { source: 'web_scraper', url: 'http://169.254.169.254/latest/meta-data/' },
        ],
      },
    });
    expect(res.status).toBe(200);
    const [many, metadata] = await Promise.all(res.body.contextItemIds.map((id: string) => settled(b.token, id)));
    expect(many!.status).toBe('synced');
    const pages = (await t.db.execute(
      sql`SELECT content FROM context_chunks WHERE item_id = ${many!.id}`,
    )) as unknown as { rows: Array<{ content: string }> };
    const sources = new Set(pages.rows.flatMap((r) => r.content.match(/Source: \S+/g) ?? []));
    expect(sources.size).toBeLessThanOrEqual(PLAN_LIMITS.explorer.scraperMaxPages);
    expect(sources.size).toBeGreaterThan(PLAN_LIMITS.lite.scraperMaxPages);
    expect(metadata!.status).toBe('error');
    expect(metadata!.errorReason).toBeTruthy();
  });

  it('refuses bad URLs and connectors that are not configured', async () => {
    const b = await builderWithApp('explorer');
    for (const url of ['not a url', 'ftp://example.com/file', 'javascript:alert(1)']) {
      const res = await t.request('POST', `/api/context/ingest/metadata?appId=${b.appId}`, {
        token: b.token,
        body: { contextItems: [{ source: 'web_scraper', url }] },
      });
      expect(res.status, url).toBe(400);
      expect(res.body.error.message).toBe('Enter a valid http(s) web address');
    }
    // Connectors read with the operator's credentials: only an admin gets as far as "not configured".
    await t.db.execute(sql`UPDATE accounts SET is_admin = true WHERE user_id = ${b.userId}`);
    const notion = await t.request('POST', `/api/context/ingest/metadata?appId=${b.appId}`, {
      token: b.token,
      body: { contextItems: [{ source: 'notion', providerItemId: 'p1', name: 'Page', type: 'notion_page' }] },
    });
    expect(notion.status).toBe(400);
    expect(notion.body.error.message).toBe('This connector is not configured on this server');
  });
});
