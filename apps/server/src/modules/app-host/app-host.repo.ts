import { and, eq, gt, or, sql } from 'drizzle-orm';
import type { AppSnapshot } from '@tessera/agent';
import { apps, authSessions, authUsers, type Db } from '@tessera/db';
import { EMPTY_LOOK, parseAppStyle, parseAppTexts, showsWatermark, type AppLook } from '@tessera/contracts/apps';
import type { BrandingRepo } from '../branding';
import type { HostApp, HostSource, HostVersion } from './app-host.service';

/** The versions repo's reads the app host needs (apps/server/src/modules/versions/versions.repo.ts). */
export interface VersionsLookup {
  findVersion(
    appId: string,
    versionId: string,
  ): Promise<{ id: string; number: number; snapshot: AppSnapshot; createdAt: Date } | null>;
  findLatestVersion(
    appId: string,
  ): Promise<{ id: string; number: number; snapshot: AppSnapshot; createdAt: Date } | null>;
  findPublishedVersion(
    appId: string,
  ): Promise<{ id: string; number: number; snapshot: AppSnapshot; createdAt: Date } | null>;
}

const toVersion = (
  row: { id: string; number: number; snapshot: AppSnapshot; createdAt: Date } | null,
): HostVersion | null =>
  row ? { id: row.id, number: row.number, snapshot: row.snapshot, createdAt: row.createdAt } : null;

/** Apps by id or slug (one indexed read each: both columns are unique), and versions through the versions repo. */
export function createHostSource({
  db,
  versionsRepo,
  brandingRepo,
}: {
  db: Db;
  versionsRepo: VersionsLookup;
  brandingRepo: Pick<BrandingRepo, 'lookOf'>;
}): HostSource {
  const ownerInSession = db
    .select({ ownerUserId: apps.ownerUserId })
    .from(apps)
    .innerJoin(
      authSessions,
      and(eq(authSessions.userId, apps.ownerUserId), eq(authSessions.id, sql.placeholder('sessionId'))),
    )
    .innerJoin(authUsers, eq(authUsers.id, apps.ownerUserId))
    .where(
      and(eq(apps.id, sql.placeholder('appId')), gt(authSessions.expiresAt, sql`now()`), eq(authUsers.disabled, false)),
    )
    .prepare('preview_owner_in_session');
  return {
    async findApp(idOrSlug: string): Promise<HostApp | null> {
      if (!idOrSlug || idOrSlug.length > 100) return null;
      const rows = await db
        .select({
          id: apps.id,
          slug: apps.slug,
          name: apps.name,
          ownerUserId: apps.ownerUserId,
          settings: apps.settings,
          kind: apps.kind,
        })
        .from(apps)
        .where(or(eq(apps.id, idOrSlug), eq(apps.slug, idOrSlug)))
        .limit(2);
      const row = rows.find((r) => r.id === idOrSlug) ?? rows[0];
      // Generated apps and single tools have a host (a tool's page is /tool/{path} there); spaces do not.
      if (!row || (row.kind !== 'generated' && row.kind !== 'tool')) return null;
      return { id: row.id, slug: row.slug, name: row.name, ownerUserId: row.ownerUserId, settings: row.settings };
    },
    /** Stored values are checked again: a style saved before the checks existed cannot reach the page unchecked. */
    async findLook(appId: string, which: 'draft' | 'published'): Promise<AppLook> {
      const stored = await brandingRepo.lookOf(appId, which);
      if (!stored) return EMPTY_LOOK;
      const style = parseAppStyle(stored.style);
      const texts = parseAppTexts(stored.texts);
      const checked = style.ok ? style.value : {};
      return {
        style: checked,
        texts: texts.ok ? texts.value : {},
        showWatermark: showsWatermark(checked, stored.plan),
      };
    },
    findVersion: async (appId, versionId) => toVersion(await versionsRepo.findVersion(appId, versionId)),
    findLatestVersion: async (appId) => toVersion(await versionsRepo.findLatestVersion(appId)),
    findPublishedVersion: async (appId) => toVersion(await versionsRepo.findPublishedVersion(appId)),

    // Every preview request asks (bundle, entity calls): one prepared read of app, session and owner.
    async findOwnerInSession(appId: string, sessionId: string): Promise<string | null> {
      const [row] = await ownerInSession.execute({ appId, sessionId });
      return row?.ownerUserId ?? null;
    },
  };
}
