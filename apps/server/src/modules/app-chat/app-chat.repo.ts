import { and, eq, inArray, sql } from 'drizzle-orm';
import { APP_CHAT_DEFAULTS, type AppChatSettings, type AppChatSettingsUpdate } from '@tessera/contracts/app-chat';
import { appChats, appEntities, contextItems, publishedEntities, type Db } from '@tessera/db';

type Row = typeof appChats.$inferSelect;

const toSettings = (row: Row | undefined): AppChatSettings =>
  row
    ? {
        status: row.status === 'active' ? 'active' : 'draft',
        chatAppId: row.chatAppId,
        name: row.name,
        welcomeMessage: row.welcomeMessage,
        instructions: row.instructions,
        dataItemIds: row.dataItemIds ?? null,
        canReadRecords: row.canReadRecords,
      }
    : { status: 'draft', chatAppId: null, ...APP_CHAT_DEFAULTS, dataItemIds: null, canReadRecords: false };

/** SQL of app chat assistants: one row per app, made on first save or activation. */
export function createAppChatRepo(db: Db) {
  return {
    /** The app's chat settings (the defaults, draft, when it has none yet). */
    async find(appId: string): Promise<AppChatSettings> {
      const [row] = await db.select().from(appChats).where(eq(appChats.appId, appId));
      return toSettings(row);
    },

    async save(appId: string, update: AppChatSettingsUpdate): Promise<AppChatSettings> {
      const values = { ...update, updatedAt: new Date() };
      const [row] = await db
        .insert(appChats)
        .values({ appId, ...values })
        .onConflictDoUpdate({ target: appChats.appId, set: values })
        .returning();
      return toSettings(row);
    },

    /**
     * Sets the status; the chatAppId is given on the first activation and kept after (one
     * statement, so two activations at once agree on it).
     */
    async setStatus(appId: string, status: 'active' | 'draft', newChatAppId: string): Promise<AppChatSettings> {
      const [row] = await db
        .insert(appChats)
        .values({ appId, status, chatAppId: newChatAppId, name: APP_CHAT_DEFAULTS.name })
        .onConflictDoUpdate({
          target: appChats.appId,
          set: { status, chatAppId: sql`coalesce(${appChats.chatAppId}, ${newChatAppId})`, updatedAt: new Date() },
        })
        .returning();
      return toSettings(row);
    },

    /** The names of the app's entities, in its latest or its published version. */
    async entityNames(appId: string): Promise<string[]> {
      const [latest, published] = await Promise.all([
        db.select({ name: appEntities.name }).from(appEntities).where(eq(appEntities.appId, appId)),
        db.select({ name: publishedEntities.name }).from(publishedEntities).where(eq(publishedEntities.appId, appId)),
      ]);
      return [...new Set([...latest, ...published].map((r) => r.name))].sort();
    },

    /** Which of these ids are data sources of the app. */
    async existingItemIds(appId: string, ids: string[]): Promise<Set<string>> {
      if (!ids.length) return new Set();
      const rows = await db
        .select({ id: contextItems.id })
        .from(contextItems)
        .where(and(eq(contextItems.appId, appId), inArray(contextItems.id, ids)));
      return new Set(rows.map((r) => r.id));
    },
  };
}

export type AppChatRepo = ReturnType<typeof createAppChatRepo>;
