import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../../testing/harness';
import { buildGenApp } from '../../testing/factories';

// What full-text retrieval matches besides the exact words, on PGlite and on PostgreSQL without
// pgvector alike (docs/product/data-sources.md): other forms of a word, through the english stemmer;
// not a question in other words, nor a misspelt word (the offline vectors on PGlite hash whole
// words, so they do not find those either).
const t = await createTestApp();

const REFUNDS = 'Refunds are issued within 14 days of the parcel reaching our warehouse in Oslo.';
const DOCUMENTS = {
  Refunds: REFUNDS,
  Shipping: 'Orders leave the warehouse within two working days and travel by post.',
  Warranty: 'The kettle carries a two-year warranty covering its heating element.',
  Opening: 'The shop opens at nine on weekdays and at ten on Saturdays.',
};

let appId = '';
beforeAll(async () => {
  const b = await t.signUpVerified();
  await t.db.execute(sql`UPDATE accounts SET plan = 'moon' WHERE user_id = ${b.userId}`);
  const created = await t.request('POST', '/api/apps', { token: b.token, body: buildGenApp({ name: 'Shop help' }) });
  expect(created.status).toBe(200);
  appId = created.body.appId as string;
  for (const [name, context] of Object.entries(DOCUMENTS)) {
    const res = await t.request('POST', `/api/context/ingest/text?appId=${appId}`, {
      token: b.token,
      body: { context, name },
    });
    expect(res.status).toBe(200);
  }
  // Ingestion runs as a job: until every item is synced.
  t.jobRunner.start();
  await vi.waitFor(
    async () => {
      const { rows } = (await t.db.execute(
        sql`SELECT count(*)::int AS n FROM context_items WHERE app_id = ${appId} AND status = 'synced'`,
      )) as unknown as { rows: Array<{ n: number }> };
      expect(rows[0]!.n).toBe(Object.keys(DOCUMENTS).length);
    },
    { timeout: 20_000, interval: 50 },
  );
  await t.jobRunner.stop();
});

/** The contents found for `query` with full-text search alone (what PostgreSQL without pgvector does). */
async function fullText(query: string): Promise<string[]> {
  const hits = await t.retrieval.searchSimilar({ appId, query, limit: 3, mode: 'fts' });
  return hits.map((h) => h.content);
}

describe('full-text retrieval beyond the exact words', () => {
  it('matches other forms of a word through the english stemmer', async () => {
    for (const query of ['refunded?', 'refunding', 'Is a refund issued?', 'when are refunds issued'])
      expect((await fullText(query))[0], query).toBe(REFUNDS);
  });

  it('does not match a question put in other words, nor a misspelt word on its own', async () => {
    expect(await fullText('when do I get my money back')).toEqual([]);
    expect(await fullText('refnd')).toEqual([]);
    expect(await fullText('warrenty')).toEqual([]);
    // Another word of the question still finds the chunk.
    expect((await fullText('refnds issued'))[0]).toBe(REFUNDS);
    expect((await fullText('kettel heating'))[0]).toBe(DOCUMENTS.Warranty);
  });

  it('finds word forms the same way by default, with or without vectors', async () => {
    const hits = await t.retrieval.searchSimilar({ appId, query: 'refunded?', limit: 3 });
    expect(hits[0]!.content).toBe(REFUNDS);
    expect(await t.retrieval.hasVectors()).toBe(t.database.kind === 'pglite');
  });
});
