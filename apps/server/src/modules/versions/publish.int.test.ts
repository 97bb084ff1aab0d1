import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appVersions, entityRecords } from '@tessera/db';
import { SIGNUP_CONTACTS, uniqueEmail } from '@tessera/test-utils';
import { signUpAppUser } from '../../testing/app-users';
import { createTestApp } from '../../testing/harness';
import { buildGenApp } from '../../testing/factories';

/**
 * Publishing means something (docs/publishing.md): end users get exactly the published version's
 * schemas and access rules; the builder's changes reach them on publish, with the records
 * migrated in one transaction.
 */
const t = await createTestApp();
const builder = await t.signUpVerified();

const reviewSchema = (read: string, rating: Record<string, unknown> = { type: 'string' }) => ({
  properties: { title: { type: 'string' }, rating_1_5: rating },
  'x-accessControl': { permissions: { read, write: 'creator' } },
});
const PAGE = [
  "import { Review } from '@/entities/Review';",
  'export default function Reviews() {',
  "  const load = () => Review.list('-rating_1_5');",
  '  return <ul>{[].map((r) => <li key={r.id}>{r.title}: {r.rating_1_5}</li>)}</ul>;',
  '}',
].join('\n');

async function makeApp() {
  const genApp = {
    name: `Reviews ${randomUUID().slice(0, 6)}`,
    entities: { Review: reviewSchema('creator') },
    pages: { Reviews: PAGE },
  };
  const { body } = await t.request('POST', '/api/apps', {
    token: builder.token,
    body: buildGenApp(genApp),
  });
  const appId = body.appId as string;
  expect((await t.request('POST', `/api/apps/${appId}/publish`, { token: builder.token })).status).toBe(200);
  await t.request('POST', `/api/apps/${appId}/settings`, {
    token: builder.token,
    body: { appSettings: { isSignupEnabled: true, ...SIGNUP_CONTACTS } },
  });
  const { body: user } = await signUpAppUser(t, appId, { email: uniqueEmail('end') });
  // 12 reviews written by the builder: an end user sees none of them while reads are "creator".
  for (let i = 1; i <= 12; i++)
    await t.request('POST', `/live_api/apps/${appId}/entities/Review`, {
      token: builder.token,
      body: { title: `Review ${i}`, rating_1_5: String((i % 5) + 1) },
    });
  return { appId, genApp, endUser: user.token as string };
}

const list = (appId: string, token?: string) =>
  t.request('GET', `/live_api/apps/${appId}/entities/Review?sort=title&limit=100`, token ? { token } : {});

/** A chat turn's version: the same code, new schemas (what the assistant's edit_entity makes). */
async function changeInChat(appId: string, entities: Record<string, unknown>) {
  const [latest] = await t.db
    .select({ snapshot: appVersions.snapshot, number: appVersions.number })
    .from(appVersions)
    .where(eq(appVersions.appId, appId))
    .orderBy(sql`${appVersions.number} desc`)
    .limit(1);
  const { createVersionsRepo } = await import('./versions.repo');
  await createVersionsRepo(t.db).createVersion({
    appId,
    snapshot: { files: latest!.snapshot.files, entities: entities as never },
    appName: 'Reviews',
    description: 'Change the permissions of the Review entity',
  });
}

describe('publish', () => {
  it('an access change in an unpublished version never reaches end users; publish brings it', async () => {
    const { appId, endUser } = await makeApp();
    expect((await list(appId, endUser)).body).toHaveLength(0);
    await changeInChat(appId, { Review: reviewSchema('all') });
    // The builder's preview and Database panel have the new rule at once...
    expect(
      (await t.request('GET', `/live_api/apps/${appId}/entities/Review/schema`, { token: builder.token })).body[
        'x-accessControl'
      ].permissions.read,
    ).toBe('all');
    // ...end users do not.
    expect((await list(appId, endUser)).body).toHaveLength(0);
    expect((await t.request('GET', `/live_api/apps/${appId}/entities/Review/schema`, { token: endUser })).status).toBe(
      200,
    );
    const dry = await t.request('GET', `/api/apps/${appId}/publish/dry-run`, { token: builder.token });
    expect(dry.body.entities).toEqual([
      {
        entity: 'Review',
        change: 'changed',
        fields: [],
        access: { before: { read: 'creator', write: 'creator' }, after: { read: 'all', write: 'creator' } },
      },
    ]);
    expect((await list(appId, endUser)).body).toHaveLength(0);
    expect(
      (
        await t.request('POST', `/api/apps/${appId}/publish`, {
          token: builder.token,
          body: { versionId: dry.body.versionId },
        })
      ).status,
    ).toBe(200);
    expect((await list(appId, endUser)).body).toHaveLength(12);
  });

  it('a Database-panel rename keeps every value; the published app works until publish, then after it', async () => {
    const { appId, endUser } = await makeApp();
    await changeInChat(appId, { Review: reviewSchema('all') });
    await t.request('POST', `/api/apps/${appId}/publish`, { token: builder.token });
    const renamed = await t.request('POST', `/api/apps/${appId}/entities/Review/fields/rating_1_5/rename`, {
      token: builder.token,
      body: { to: 'rating' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.updatedFiles).toEqual(['pages/Reviews.jsx']);
    expect(renamed.body.warnings).toEqual([]);
    const version = await t.request('GET', `/api/apps/${appId}/versions/${renamed.body.versionId}`, {
      token: builder.token,
    });
    const page = version.body.files.find((f: { path: string }) => f.path === 'pages/Reviews.jsx').content as string;
    expect(page).toContain("Review.list('-rating')");
    expect(page).toContain('{r.rating}');
    // The published app still reads and writes rating_1_5.
    const before = await list(appId, endUser);
    expect(before.body).toHaveLength(12);
    expect(before.body.every((r: { rating_1_5?: string }) => typeof r.rating_1_5 === 'string')).toBe(true);
    const created = await t.request('POST', `/live_api/apps/${appId}/entities/Review`, {
      token: endUser,
      body: { title: 'By an end user', rating_1_5: '4' },
    });
    expect(created.status).toBe(200);
    // The preview (latest) reads the new name, with the same values, including the end user's.
    const preview = await list(appId, builder.token);
    expect(preview.body).toHaveLength(13);
    for (const r of preview.body)
      expect(r.rating).toBe(before.body.find((b: { id: string }) => b.id === r.id)?.rating_1_5 ?? '4');
    const dry = await t.request('GET', `/api/apps/${appId}/publish/dry-run`, { token: builder.token });
    expect(dry.body.entities).toEqual([
      { entity: 'Review', change: 'changed', fields: [{ field: 'rating', change: 'renamed', from: 'rating_1_5' }] },
    ]);
    expect((await t.request('POST', `/api/apps/${appId}/publish`, { token: builder.token })).status).toBe(200);
    const after = await list(appId, endUser);
    expect(after.body).toHaveLength(13);
    for (const r of after.body) {
      expect(r).not.toHaveProperty('rating_1_5');
      expect(r.rating).toBe(preview.body.find((p: { id: string }) => p.id === r.id).rating);
    }
    expect(
      (
        await t.request('POST', `/live_api/apps/${appId}/entities/Review`, {
          token: endUser,
          body: { title: 'x', rating_1_5: '1' },
        })
      ).body.error.message,
    ).toBe('Unknown field "rating_1_5" on Review');
  });

  it('a type change converts values at publish and keeps, lists and never loses those that cannot be', async () => {
    const { appId, endUser } = await makeApp();
    await changeInChat(appId, { Review: reviewSchema('all') });
    await t.request('POST', `/api/apps/${appId}/publish`, { token: builder.token });
    const [odd] = (await list(appId, builder.token)).body;
    await t.request('PUT', `/live_api/apps/${appId}/entities/Review/${odd.id}`, {
      token: builder.token,
      body: { rating_1_5: 'great' },
    });
    const saved = await t.request('PUT', `/api/apps/${appId}/entities/Review`, {
      token: builder.token,
      body: { schema: reviewSchema('all', { type: 'number' }) },
    });
    expect(saved.status).toBe(200);
    expect((await list(appId, endUser)).body.find((r: { id: string }) => r.id === odd.id).rating_1_5).toBe('great');
    const dry = await t.request('GET', `/api/apps/${appId}/publish/dry-run`, { token: builder.token });
    expect(dry.body.entities[0].fields).toEqual([
      { field: 'rating_1_5', change: 'retyped', oldType: 'string', newType: 'number' },
    ]);
    expect(dry.body.unconvertibleCount).toBe(1);
    expect(dry.body.unconvertible[0]).toMatchObject({
      recordId: odd.id,
      field: 'rating_1_5',
      value: 'great',
      keptAs: 'rating_1_5_unconverted',
    });
    expect((await t.request('POST', `/api/apps/${appId}/publish`, { token: builder.token })).status).toBe(200);
    const after = (await list(appId, endUser)).body;
    expect(after).toHaveLength(12);
    const kept = after.find((r: { id: string }) => r.id === odd.id);
    expect(kept).not.toHaveProperty('rating_1_5');
    expect(kept.rating_1_5_unconverted).toBe('great');
    expect(after.filter((r: { rating_1_5?: unknown }) => typeof r.rating_1_5 === 'number')).toHaveLength(11);
  });

  it('a failed migration changes nothing: records, schemas and the published version stay', async () => {
    const { appId, endUser } = await makeApp();
    await changeInChat(appId, { Review: reviewSchema('all') });
    await t.request('POST', `/api/apps/${appId}/publish`, { token: builder.token });
    await t.request('POST', `/api/apps/${appId}/entities/Review/fields/rating_1_5/rename`, {
      token: builder.token,
      body: { to: 'rating' },
    });
    const stored = async () =>
      (
        await t.db
          .select({ id: entityRecords.id, data: entityRecords.data })
          .from(entityRecords)
          .where(and(eq(entityRecords.appId, appId), eq(entityRecords.entity, 'Review')))
      ).sort((a, b) => a.id.localeCompare(b.id));
    const before = await stored();
    const fn = `fail_publish_${randomUUID().replaceAll('-', '')}`;
    // The last write of a publish is the app's published version: refuse it for this app only.
    await t.db.execute(
      sql.raw(
        `CREATE FUNCTION ${fn}() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'forced failure'; END $$ LANGUAGE plpgsql`,
      ),
    );
    await t.db.execute(
      sql.raw(
        `CREATE TRIGGER ${fn} BEFORE UPDATE OF published_version_id ON apps FOR EACH ROW WHEN (NEW.id = '${appId}') EXECUTE FUNCTION ${fn}()`,
      ),
    );
    try {
      expect((await t.request('POST', `/api/apps/${appId}/publish`, { token: builder.token })).status).toBe(500);
    } finally {
      await t.db.execute(sql.raw(`DROP TRIGGER ${fn} ON apps`));
      await t.db.execute(sql.raw(`DROP FUNCTION ${fn}()`));
    }
    expect(await stored()).toEqual(before);
    expect(before.every((r) => 'rating_1_5' in r.data && 'rating' in r.data)).toBe(true);
    expect(
      (await list(appId, endUser)).body.every((r: { rating_1_5?: string }) => typeof r.rating_1_5 === 'string'),
    ).toBe(true);
    const dry = await t.request('GET', `/api/apps/${appId}/publish/dry-run`, { token: builder.token });
    expect(dry.body.entities[0].fields).toEqual([{ field: 'rating', change: 'renamed', from: 'rating_1_5' }]);
    // Once it can, the same publish goes through.
    expect((await t.request('POST', `/api/apps/${appId}/publish`, { token: builder.token })).status).toBe(200);
    expect(
      (await list(appId, endUser)).body.every(
        (r: { rating?: string; rating_1_5?: string }) => typeof r.rating === 'string' && r.rating_1_5 === undefined,
      ),
    ).toBe(true);
  });

  it('refuses to publish a version newer than the one the dialog showed', async () => {
    const { appId } = await makeApp();
    const dry = await t.request('GET', `/api/apps/${appId}/publish/dry-run`, { token: builder.token });
    await changeInChat(appId, { Review: reviewSchema('all') });
    const res = await t.request('POST', `/api/apps/${appId}/publish`, {
      token: builder.token,
      body: { versionId: dry.body.versionId },
    });
    expect(res.status).toBe(409);
  });
});
