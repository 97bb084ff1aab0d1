import { randomUUID } from 'node:crypto';
import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import type { AppSnapshot } from '@tessera/agent';
import { appEntities, apps, appVersions, entityRecords, publishedEntities, type Db } from '@tessera/db';

export interface VersionRow {
  id: string;
  appId: string;
  number: number;
  snapshot: AppSnapshot;
  messageId: string | null;
  description: string;
  userRequest: string | null;
  createdAt: Date;
}

export type VersionSummary = Omit<VersionRow, 'snapshot'>;

export interface NewVersion {
  appId: string;
  snapshot: AppSnapshot;
  /** The app's display name from the snapshot's app.json. */
  appName: string;
  messageId?: string | null;
  description: string;
  userRequest?: string | null;
  /** Seed records (insert_entity_records), already checked against their schemas. */
  records?: Array<{ entity: string; data: Record<string, unknown> }>;
  /** A Database-panel rename the version makes: the records follow it (see renameRecords). */
  fieldRename?: { entity: string; from: string; to: string };
  /**
   * For work that started from an older state of the app (a chat turn that ran while the builder
   * could edit the schema): called inside the transaction with the app as it is now (the latest
   * version and the live schemas), it returns the snapshot and records to write instead, or null
   * when nothing changed since, so no edit can slip in between the check and the write.
   */
  rebase?: (now: AppNow) => Promise<Pick<NewVersion, 'snapshot' | 'records'> | null>;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The app as it is inside a version's transaction. */
export interface AppNow {
  versionId: string | null;
  /** The latest version's files (null without a version). */
  files: AppSnapshot['files'] | null;
  entities: AppSnapshot['entities'];
}

/** The version's snapshot and records: as given, or as `rebase` remakes them from the app as it is now. */
async function contentOf(tx: Tx, input: NewVersion): Promise<Pick<NewVersion, 'snapshot' | 'records'>> {
  if (!input.rebase) return input;
  const [last] = await tx
    .select({ id: appVersions.id, snapshot: appVersions.snapshot })
    .from(appVersions)
    .where(eq(appVersions.appId, input.appId))
    .orderBy(desc(appVersions.number))
    .limit(1);
  const live = await tx
    .select({ name: appEntities.name, schema: appEntities.schema })
    .from(appEntities)
    .where(eq(appEntities.appId, input.appId));
  const remade = await input.rebase({
    versionId: last?.id ?? null,
    files: last ? (last.snapshot as unknown as AppSnapshot).files : null,
    entities: Object.fromEntries(live.map((e) => [e.name, e.schema])) as unknown as AppSnapshot['entities'],
  });
  return remade ?? input;
}

/**
 * Moves a renamed field's values in the records. A field the published version has keeps its old
 * key too, so end users' app goes on reading and writing it until the next publish moves it
 * (app_entities.renamed_from remembers the pair; writes through either name set both); any other
 * field (never published, or itself a pending new name) simply moves.
 */
async function renameRecords(tx: Tx, appId: string, { entity, from, to }: NonNullable<NewVersion['fieldRename']>) {
  const [published] = await tx
    .select({ schema: publishedEntities.schema })
    .from(publishedEntities)
    .where(and(eq(publishedEntities.appId, appId), eq(publishedEntities.name, entity)));
  const properties = (published?.schema as { properties?: Record<string, unknown> } | undefined)?.properties ?? {};
  const keepsOld = Object.hasOwn(properties, from);
  const value = sql`jsonb_build_object(${to}::text, ${entityRecords.data} -> ${from}::text)`;
  await tx
    .update(entityRecords)
    .set({
      data: keepsOld
        ? sql`${entityRecords.data} || ${value}`
        : sql`(${entityRecords.data} - ${from}::text) || ${value}`,
      updatedAt: sql`now()`,
    })
    .where(
      and(eq(entityRecords.appId, appId), eq(entityRecords.entity, entity), sql`${entityRecords.data} ? ${from}::text`),
    );
  // The new name stands for the published field: the old one itself, or the one `from` stood for.
  const source = keepsOld ? sql`${from}::text` : sql`${appEntities.renamedFrom} ->> ${from}::text`;
  await tx
    .update(appEntities)
    .set({
      renamedFrom: sql`(${appEntities.renamedFrom} - ${from}::text) || (CASE WHEN ${source} IS NULL THEN '{}'::jsonb ELSE jsonb_build_object(${to}::text, ${source}) END)`,
    })
    .where(and(eq(appEntities.appId, appId), eq(appEntities.name, entity)));
}

const summaryColumns = {
  id: appVersions.id,
  appId: appVersions.appId,
  number: appVersions.number,
  messageId: appVersions.messageId,
  description: appVersions.description,
  userRequest: appVersions.userRequest,
  createdAt: appVersions.createdAt,
};

/** Immutable app versions; creating one also makes its entity schemas the app's latest ones (docs/publishing.md). */
export function createVersionsRepo(db: Db) {
  const latest = db
    .select()
    .from(appVersions)
    .where(eq(appVersions.appId, sql.placeholder('appId')))
    .orderBy(desc(appVersions.number))
    .limit(1)
    .prepare('app_latest_version');
  return {
    async findVersion(appId: string, versionId: string): Promise<VersionRow | null> {
      const [row] = await db
        .select()
        .from(appVersions)
        .where(and(eq(appVersions.appId, appId), eq(appVersions.id, versionId)));
      return (row as unknown as VersionRow | undefined) ?? null;
    },

    async findLatestVersion(appId: string): Promise<VersionRow | null> {
      const [row] = await latest.execute({ appId });
      return (row as unknown as VersionRow | undefined) ?? null;
    },

    /** The version just before `number`, for diffs and reverts. */
    async findPreviousVersion(appId: string, number: number): Promise<VersionRow | null> {
      const [row] = await db
        .select()
        .from(appVersions)
        .where(and(eq(appVersions.appId, appId), sql`${appVersions.number} < ${number}`))
        .orderBy(desc(appVersions.number))
        .limit(1);
      return (row as unknown as VersionRow | undefined) ?? null;
    },

    async listVersions(appId: string, limit: number): Promise<VersionSummary[]> {
      return db
        .select(summaryColumns)
        .from(appVersions)
        .where(eq(appVersions.appId, appId))
        .orderBy(desc(appVersions.number))
        .limit(limit);
    },

    async findPublishedVersion(appId: string): Promise<VersionRow | null> {
      const [row] = await db
        .select({ version: appVersions })
        .from(apps)
        .innerJoin(appVersions, eq(appVersions.id, apps.publishedVersionId))
        .where(eq(apps.id, appId));
      return (row?.version as unknown as VersionRow | undefined) ?? null;
    },

    /**
     * Writes a new version in one transaction: the next number (the app row is locked so two
     * turns never take the same one), the app's live entity schemas replaced by the snapshot's
     * (records of a dropped entity stay and come back with it), seed records, and the app's name.
     */
    async createVersion(given: NewVersion): Promise<VersionRow> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`SELECT 1 FROM apps WHERE id = ${given.appId} FOR UPDATE`);
        const input = { ...given, ...(await contentOf(tx, given)) };
        const [last] = await tx
          .select({ number: appVersions.number })
          .from(appVersions)
          .where(eq(appVersions.appId, input.appId))
          .orderBy(desc(appVersions.number))
          .limit(1);
        const [row] = await tx
          .insert(appVersions)
          .values({
            id: randomUUID(),
            appId: input.appId,
            number: (last?.number ?? 0) + 1,
            snapshot: input.snapshot as unknown as typeof appVersions.$inferInsert.snapshot,
            messageId: input.messageId ?? null,
            description: input.description,
            userRequest: input.userRequest ?? null,
          })
          .returning();
        const names = Object.keys(input.snapshot.entities);
        await tx
          .delete(appEntities)
          .where(
            names.length
              ? and(eq(appEntities.appId, input.appId), notInArray(appEntities.name, names))
              : eq(appEntities.appId, input.appId),
          );
        if (names.length) {
          await tx
            .insert(appEntities)
            .values(
              names.map((name) => ({
                appId: input.appId,
                name,
                schema: input.snapshot.entities[name] as unknown as Record<string, unknown>,
              })),
            )
            .onConflictDoUpdate({
              target: [appEntities.appId, appEntities.name],
              set: { schema: sql`excluded.schema`, updatedAt: sql`now()` },
            });
        }
        if (input.fieldRename) await renameRecords(tx, input.appId, input.fieldRename);
        if (input.records?.length) {
          await tx.insert(entityRecords).values(
            input.records.map((r) => ({
              id: randomUUID(),
              appId: input.appId,
              entity: r.entity,
              data: r.data,
              creatorId: null,
            })),
          );
        }
        await tx
          .update(apps)
          .set({ name: input.appName, updatedAt: sql`now()` })
          .where(eq(apps.id, input.appId));
        return row as unknown as VersionRow;
      });
    },

    async setPublished(appId: string, versionId: string): Promise<void> {
      await db
        .update(apps)
        .set({ publishedVersionId: versionId, publishedAt: sql`now()` })
        .where(eq(apps.id, appId));
    },
  };
}

export type VersionsRepo = ReturnType<typeof createVersionsRepo>;
