import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import {
  accounts,
  appEntities,
  appLooks,
  apps,
  authUsers,
  contextItems,
  entityRecords,
  installSettings,
  templateCategories,
  type Db,
} from '@tessera/db';
import type { AppSnapshot } from '@tessera/agent';
import { copyDataItems, insertCopiedApp } from '../apps/app-lifecycle.repo';
import type { AppRow } from '../apps/apps.repo';
import { SHOW_STARTERS_SETTING } from './starters';

/** A template as the library reads it: the app row and the look its end users get. */
export interface TemplateRow {
  app: AppRow;
  publishedStyle: Record<string, unknown> | null;
  publishedTexts: Record<string, unknown> | null;
  texts: Record<string, unknown> | null;
}

/** The builder's own copy of a template, made in one transaction. */
export interface TemplateCopy {
  id: string;
  ownerUserId: string;
  kind: string;
  appBuilderVersion: number;
  slug: string;
  name: string;
  definition: Record<string, unknown>;
  style: Record<string, unknown>;
  texts: Record<string, unknown>;
  settings: Record<string, unknown>;
  /** The template's published files with the copy's name (null: a single tool has no version). */
  snapshot: AppSnapshot | null;
  /** Template data item id -> the copy's item id. */
  itemIds: Map<string, string>;
  /** Sample records a starter app begins with (a template's own records are never copied). */
  records?: Array<{ entity: string; data: Record<string, unknown> }>;
}

/** Template flags are set by an admin (docs/product/templates.md#roles-and-permissions). */
const isFlagged = or(
  sql`${apps.settings}->>'isAppTemplate' = 'true'`,
  sql`${apps.settings}->>'isToolTemplate' = 'true'`,
)!;
/** Published: a published version, or a single tool with an active tool (its page is live). */
const isPublished = or(
  isNotNull(apps.publishedVersionId),
  and(eq(apps.kind, 'tool'), sql`${apps.definition}->'tools' @> '[{"status":"active"}]'::jsonb`),
)!;

/** The template library's SQL: flagged published apps of admins, their copies, the categories. */
export function createTemplatesRepo(db: Db, adminEmails: ReadonlySet<string>) {
  /** The owner is an admin now: a verified address and the admin flag or one of ADMIN_EMAILS. */
  const ownerIsAdmin = (): SQL => {
    const emails = [...adminEmails];
    const byEmail = emails.length ? inArray(sql`lower(${authUsers.email})`, emails) : sql`false`;
    return and(eq(authUsers.emailVerified, true), or(eq(accounts.isAdmin, true), byEmail))!;
  };

  function templates(where: SQL) {
    return db
      .select({
        app: apps,
        publishedStyle: appLooks.publishedStyle,
        publishedTexts: appLooks.publishedTexts,
        texts: appLooks.texts,
      })
      .from(apps)
      .innerJoin(authUsers, eq(authUsers.id, apps.ownerUserId))
      .innerJoin(accounts, eq(accounts.userId, apps.ownerUserId))
      .leftJoin(appLooks, eq(appLooks.appId, apps.id))
      .where(and(where, isFlagged, isPublished, ownerIsAdmin()))
      .orderBy(asc(apps.name), asc(apps.id));
  }

  return {
    async listTemplates(): Promise<TemplateRow[]> {
      return templates(sql`true`);
    },

    async findTemplate(appId: string): Promise<TemplateRow | null> {
      const [row] = await templates(eq(apps.id, appId));
      return row ?? null;
    },

    async countDataItems(appId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(contextItems)
        .where(eq(contextItems.appId, appId));
      return Number(row?.n ?? 0);
    },

    /**
     * Stores the copy: its slug, the app row, the entity schemas and version 1 from the template's
     * published files, its look, and each data item with its bytes, chunks and embeddings (the
     * indexed text is copied, nothing is fetched or parsed again). Records, end users, keys,
     * domains, memberships, chats and analytics stay with the template.
     */
    async insertCopy(copy: TemplateCopy): Promise<AppRow> {
      return db.transaction(async (tx) => {
        const { id, ownerUserId, kind, slug, name, definition, style, settings, appBuilderVersion } = copy;
        const row = await insertCopiedApp(
          tx,
          { id, ownerUserId, kind, slug, name, definition, style, settings, appBuilderVersion },
          { snapshot: copy.snapshot, description: `Started from the ${name} template` },
        );
        const entities = Object.entries(copy.snapshot?.entities ?? {});
        if (entities.length)
          await tx.insert(appEntities).values(
            entities.map(([name, schema]) => ({
              appId: copy.id,
              name,
              schema: schema as unknown as Record<string, unknown>,
            })),
          );
        await tx.insert(appLooks).values({ appId: copy.id, texts: copy.texts });
        if (copy.records?.length)
          await tx
            .insert(entityRecords)
            .values(copy.records.map((r) => ({ id: randomUUID(), appId: copy.id, entity: r.entity, data: r.data })));
        await copyDataItems(tx, copy.id, copy.itemIds);
        return row;
      });
    },

    /** Whether the starter templates are offered: yes unless an admin turned them off on /admin. */
    async showStarters(): Promise<boolean> {
      const [row] = await db
        .select({ value: installSettings.value })
        .from(installSettings)
        .where(eq(installSettings.key, SHOW_STARTERS_SETTING));
      return row?.value !== false;
    },

    /** A starter tool's copy gets its definition again once its document is a data item. */
    async updateDefinition(appId: string, definition: Record<string, unknown>): Promise<void> {
      await db.update(apps).set({ definition, updatedAt: new Date() }).where(eq(apps.id, appId));
    },

    async listCategories(): Promise<string[]> {
      const rows = await db
        .select({ name: templateCategories.name })
        .from(templateCategories)
        .orderBy(asc(templateCategories.createdAt), asc(templateCategories.name));
      return rows.map((r) => r.name);
    },

    async insertCategory(name: string): Promise<void> {
      await db.insert(templateCategories).values({ id: randomUUID(), name });
    },
  };
}

export type TemplatesRepo = ReturnType<typeof createTemplatesRepo>;
