import { and, desc, eq, sql } from 'drizzle-orm';
import type { UnconvertibleValue } from '@tessera/contracts/apps';
import type { EntitySchema } from '@tessera/contracts/entities';
import { appEntities, apps, appVersions, entityRecords, publishedEntities, type Db } from '@tessera/db';
import { convertStoredValue, planPublish, type EntityMigration, type PublishPlan } from './publish-plan';
import { moveRecordField } from '../entities';
import { publishLook } from '../branding';

/** Records rewritten per statement when values change type. */
const CONVERSION_BATCH = 1000;

/** What the app has now: its latest version and what its end users have. */
interface PublishState {
  latest: { id: string; number: number; entities: Record<string, EntitySchema> } | null;
  /** Null before the first publish. */
  published: Record<string, EntitySchema> | null;
  renamedFrom: Record<string, Record<string, string>>;
}

/** A value rewrite: the key to remove (if any) and the keys to set. */
interface Rewrite {
  id: string;
  drop: string | null;
  patch: Record<string, unknown>;
}

export interface PublishOutcome {
  plan: PublishPlan;
  latest: PublishState['latest'];
  isPublished: boolean;
  unconvertible: UnconvertibleValue[];
  rewrites: Rewrite[];
}

async function readState(q: Db, appId: string): Promise<PublishState> {
  const [latest] = await q
    .select({
      id: appVersions.id,
      number: appVersions.number,
      entities: sql<unknown>`${appVersions.snapshot} -> 'entities'`,
    })
    .from(appVersions)
    .where(eq(appVersions.appId, appId))
    .orderBy(desc(appVersions.number))
    .limit(1);
  const [app] = await q.select({ publishedVersionId: apps.publishedVersionId }).from(apps).where(eq(apps.id, appId));
  const published = app?.publishedVersionId
    ? await q
        .select({ name: publishedEntities.name, schema: publishedEntities.schema })
        .from(publishedEntities)
        .where(eq(publishedEntities.appId, appId))
    : null;
  const renamed = await q
    .select({ name: appEntities.name, renamedFrom: appEntities.renamedFrom })
    .from(appEntities)
    .where(eq(appEntities.appId, appId));
  const entities = typeof latest?.entities === 'string' ? JSON.parse(latest.entities) : latest?.entities;
  return {
    latest: latest
      ? { id: latest.id, number: latest.number, entities: (entities ?? {}) as Record<string, EntitySchema> }
      : null,
    published: published && Object.fromEntries(published.map((p) => [p.name, p.schema as unknown as EntitySchema])),
    renamedFrom: Object.fromEntries(renamed.map((r) => [r.name, r.renamedFrom])),
  };
}

/** The value rewrites an entity's type changes need, and the values that cannot be converted. */
async function conversionsOf(q: Db, appId: string, migration: EntityMigration) {
  const rewrites: Rewrite[] = [];
  const unconvertible: UnconvertibleValue[] = [];
  for (const retype of migration.retypes) {
    const rows = await q
      .select({
        id: entityRecords.id,
        value: sql<unknown>`coalesce(${entityRecords.data} -> ${retype.source}::text, ${entityRecords.data} -> ${retype.field}::text)`,
      })
      .from(entityRecords)
      .where(
        and(
          eq(entityRecords.appId, appId),
          eq(entityRecords.entity, migration.entity),
          sql`(${entityRecords.data} ? ${retype.source}::text OR ${entityRecords.data} ? ${retype.field}::text)`,
        ),
      )
      .orderBy(entityRecords.createdAt, entityRecords.id);
    for (const { id, value } of rows) {
      const converted = convertStoredValue(migration.entity, retype, value);
      if (!converted.ok) {
        unconvertible.push({
          entity: migration.entity,
          recordId: id,
          field: retype.field,
          value,
          keptAs: retype.keptAs,
          reason: converted.reason,
        });
        rewrites.push({ id, drop: retype.field, patch: { [retype.keptAs]: value } });
      } else if (JSON.stringify(converted.value) !== JSON.stringify(value)) {
        rewrites.push({ id, drop: null, patch: { [retype.field]: converted.value } });
      }
    }
  }
  return { rewrites, unconvertible };
}

async function outcomeOf(q: Db, appId: string): Promise<PublishOutcome> {
  const state = await readState(q, appId);
  const plan = planPublish(state.published, state.latest?.entities ?? {}, state.renamedFrom);
  const rewrites: Rewrite[] = [];
  const unconvertible: UnconvertibleValue[] = [];
  for (const migration of plan.migrations) {
    const found = await conversionsOf(q, appId, migration);
    rewrites.push(...found.rewrites);
    unconvertible.push(...found.unconvertible);
  }
  return { plan, latest: state.latest, isPublished: state.published !== null, unconvertible, rewrites };
}

/**
 * Publishing (docs/publishing.md): end users get the latest version's schemas and access rules, and
 * the records move with them in one transaction — renamed fields to their new keys, retyped values
 * converted, values that cannot be converted kept under another key. Any failure changes nothing.
 */
export function createPublishRepo(db: Db) {
  return {
    /** What publishing now would change; nothing is written. */
    dryRun: (appId: string): Promise<PublishOutcome> => outcomeOf(db, appId),

    /**
     * Publishes the latest version; `check` sees the outcome before anything is written and may
     * refuse (throw) with the app locked, so no version or rename slips in between.
     */
    async publish(appId: string, check: (outcome: PublishOutcome) => void): Promise<PublishOutcome> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`SELECT 1 FROM apps WHERE id = ${appId} FOR UPDATE`);
        const outcome = await outcomeOf(tx, appId);
        check(outcome);
        const latest = outcome.latest!;
        for (const migration of outcome.plan.migrations) {
          for (const { from, to } of migration.renames) await moveRecordField(tx, appId, migration.entity, from, to);
        }
        for (let i = 0; i < outcome.rewrites.length; i += CONVERSION_BATCH) {
          const batch = JSON.stringify(outcome.rewrites.slice(i, i + CONVERSION_BATCH));
          await tx.execute(sql`
            UPDATE ${entityRecords} AS r
            SET data = (CASE WHEN x.drop IS NULL THEN r.data ELSE r.data - x.drop END) || x.patch, updated_at = now()
            FROM jsonb_to_recordset(${batch}::jsonb) AS x(id text, drop text, patch jsonb)
            WHERE r.app_id = ${appId} AND r.id = x.id`);
        }
        await tx.delete(publishedEntities).where(eq(publishedEntities.appId, appId));
        const names = Object.keys(latest.entities);
        if (names.length)
          await tx.insert(publishedEntities).values(
            names.map((name) => ({
              appId,
              name,
              schema: latest.entities[name] as unknown as Record<string, unknown>,
            })),
          );
        await tx
          .update(appEntities)
          .set({ renamedFrom: {} })
          .where(and(eq(appEntities.appId, appId), sql`${appEntities.renamedFrom} <> '{}'::jsonb`));
        await tx
          .update(apps)
          .set({ publishedVersionId: latest.id, publishedAt: sql`now()` })
          .where(eq(apps.id, appId));
        // The live app gets the style and texts of this moment along with the version.
        await publishLook(tx, appId);
        return outcome;
      });
    },
  };
}

export type PublishRepo = ReturnType<typeof createPublishRepo>;
