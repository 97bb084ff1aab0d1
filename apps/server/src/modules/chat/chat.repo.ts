import { and, asc, desc, eq, gte, sql, type Placeholder } from 'drizzle-orm';
import type { ChatAnnotation, ChatMessage } from '@tessera/contracts/chat';
import type { EntitySchema } from '@tessera/contracts/entities';
import { accounts, appEntities, apps, appVersions, chatMessages, chatUsage, type Db } from '@tessera/db';
import type { RateLimiter } from '../../platform/rate-limit';
import type { AccountRow } from '../accounts';
import type { AppRow } from '../apps/apps.repo';
import type { VersionRow } from '../versions/versions.repo';

type Row = typeof chatMessages.$inferSelect;

const toMessage = (row: Row): ChatMessage => ({
  id: row.id,
  role: row.role as ChatMessage['role'],
  parts: row.parts as ChatMessage['parts'],
  annotations: row.annotations as ChatAnnotation[],
  status: row.status as ChatMessage['status'],
  createdAt: row.createdAt.toISOString(),
});

export interface NewChatMessage {
  id: string;
  appId: string;
  role: 'user' | 'assistant';
  parts: ChatMessage['parts'];
  annotations: ChatAnnotation[];
  status: ChatMessage['status'];
}

/** The builder chat of each app, in order, plus per-day usage counters of each builder. */
export function createChatRepo(db: Db, rateLimiter: Pick<RateLimiter, 'hitAs'>) {
  // Every live update reads the newest messages.
  const last = db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.appId, sql.placeholder('appId')))
    .orderBy(desc(chatMessages.seq))
    .limit(sql.placeholder('n'))
    .prepare('chat_last_messages');
  // What a turn starts from, in one statement: the app, its latest version, its live entity
  // schemas and its last message.
  const turnStart = db
    .select({
      app: apps,
      version: appVersions,
      entities: sql<Array<{ name: string; schema: EntitySchema }>>`(
        SELECT coalesce(json_agg(json_build_object('name', e.name, 'schema', e.schema) ORDER BY e.name), '[]'::json)
        FROM ${appEntities} e WHERE e.app_id = ${apps.id})`,
      last: chatMessages,
    })
    .from(apps)
    .leftJoin(
      appVersions,
      eq(
        appVersions.id,
        sql`(SELECT v.id FROM ${appVersions} v WHERE v.app_id = ${apps.id} ORDER BY v.number DESC LIMIT 1)`,
      ),
    )
    .leftJoin(
      chatMessages,
      eq(
        chatMessages.id,
        sql`(SELECT m.id FROM ${chatMessages} m WHERE m.app_id = ${apps.id} ORDER BY m.seq DESC LIMIT 1)`,
      ),
    )
    .where(eq(apps.id, sql.placeholder('appId')))
    .prepare('chat_turn_start');
  // Whether a builder may send: their account, their messages today and in all, and the hit on
  // their rate limit, in one statement (on PGlite each statement costs a turn ~0.5 ms).
  const hit = rateLimiter.hitAs('chat_hit');
  const usageOfUser = (day?: Placeholder) =>
    sql<number>`(SELECT COALESCE(SUM(${chatUsage.messages}), 0)::int FROM ${chatUsage} WHERE ${chatUsage.userId} = ${sql.placeholder('userId')}${day ? sql` AND ${chatUsage.day} = ${day}` : sql``})`;
  const allowanceOf = db
    .with(hit)
    .select({ account: accounts, today: usageOfUser(sql.placeholder('day')), total: usageOfUser(), calls: hit.count })
    .from(hit)
    .leftJoin(accounts, eq(accounts.userId, sql.placeholder('userId')))
    .prepare('chat_allowance');
  return {
    async list(appId: string): Promise<ChatMessage[]> {
      return (
        await db.select().from(chatMessages).where(eq(chatMessages.appId, appId)).orderBy(asc(chatMessages.seq))
      ).map(toMessage);
    },

    /**
     * The app with its latest version (null before the first), its live entity schemas by name and
     * its last message (null in a new chat); null when there is no app.
     */
    async findTurnStart(appId: string): Promise<{
      app: AppRow;
      version: VersionRow | null;
      entities: Array<{ name: string; schema: EntitySchema }>;
      last: ChatMessage | null;
    } | null> {
      const [row] = await turnStart.execute({ appId });
      return row
        ? {
            app: row.app,
            version: row.version as unknown as VersionRow | null,
            entities: row.entities,
            last: row.last ? toMessage(row.last) : null,
          }
        : null;
    },

    /** The newest `n` messages, oldest first (the realtime collection of docs/product/editor-and-chat.md#calls). */
    async listLast(appId: string, n: number): Promise<ChatMessage[]> {
      const rows = await last.execute({ appId, n });
      return rows.reverse().map(toMessage);
    },

    async find(appId: string, id: string): Promise<(ChatMessage & { seq: number }) | null> {
      const [row] = await db
        .select()
        .from(chatMessages)
        .where(and(eq(chatMessages.appId, appId), eq(chatMessages.id, id)));
      return row ? { ...toMessage(row), seq: row.seq } : null;
    },

    /** Appends a message at the end of the app's chat; an id already there is kept as it is. */
    async append(message: NewChatMessage): Promise<void> {
      await db.execute(sql`
        INSERT INTO chat_messages (id, app_id, seq, role, parts, annotations, status)
        SELECT ${message.id}, ${message.appId}, COALESCE(MAX(seq), 0) + 1, ${message.role},
               ${JSON.stringify(message.parts)}::jsonb, ${JSON.stringify(message.annotations)}::jsonb, ${message.status}
        FROM chat_messages WHERE app_id = ${message.appId}
        ON CONFLICT (id) DO NOTHING`);
    },

    async update(
      appId: string,
      id: string,
      patch: { parts?: ChatMessage['parts']; annotations?: ChatAnnotation[]; status?: ChatMessage['status'] },
    ): Promise<void> {
      await db
        .update(chatMessages)
        .set({
          ...patch,
          annotations: patch.annotations as Array<Record<string, unknown>> | undefined,
          updatedAt: sql`now()`,
        })
        .where(and(eq(chatMessages.appId, appId), eq(chatMessages.id, id)));
    },

    /** A running turn's answer so far, while it is still streaming; the write is also its heartbeat (chat-orphans.ts). */
    async heartbeat(appId: string, id: string, parts: ChatMessage['parts']): Promise<void> {
      await db
        .update(chatMessages)
        .set({ parts, updatedAt: sql`now()` })
        .where(and(eq(chatMessages.appId, appId), eq(chatMessages.id, id), eq(chatMessages.status, 'streaming')));
    },

    /**
     * Closes a streaming message as failed with `annotation` if it was not written for `staleMs`
     * (the database's clock, shared by every process); whether it did.
     */
    async closeStale(appId: string, id: string, staleMs: number, annotation: ChatAnnotation): Promise<boolean> {
      const closed = await db
        .update(chatMessages)
        .set({ status: 'error', annotations: [annotation as Record<string, unknown>], updatedAt: sql`now()` })
        .where(
          and(
            eq(chatMessages.appId, appId),
            eq(chatMessages.id, id),
            eq(chatMessages.status, 'streaming'),
            sql`${chatMessages.updatedAt} <= now() - make_interval(secs => ${staleMs / 1000})`,
          ),
        )
        .returning({ id: chatMessages.id });
      return closed.length > 0;
    },

    /** Removes the message at `seq` and everything after it (a revert). */
    async deleteFrom(appId: string, seq: number): Promise<void> {
      await db.delete(chatMessages).where(and(eq(chatMessages.appId, appId), gte(chatMessages.seq, seq)));
    },

    /** Counts one message the builder sent today. */
    async countMessage(userId: string, day: string): Promise<void> {
      await db
        .insert(chatUsage)
        .values({ userId, day, messages: 1 })
        .onConflictDoUpdate({
          target: [chatUsage.userId, chatUsage.day],
          set: { messages: sql`${chatUsage.messages} + 1` },
        });
    },

    async addCost(userId: string, day: string, cost: number): Promise<void> {
      await db
        .update(chatUsage)
        .set({ cost: sql`${chatUsage.cost} + ${cost}` })
        .where(and(eq(chatUsage.userId, userId), eq(chatUsage.day, day)));
    },

    /**
     * Counts one chat call on the builder's rate limit (`key`, per `windowSeconds`) and reads what
     * the plan limits are checked against: the account (null without one), the messages sent on
     * `day` and in all, and the calls in the current window.
     */
    async allowance(
      userId: string,
      day: string,
      key: string,
      windowSeconds: number,
    ): Promise<{ account: AccountRow | null; today: number; total: number; calls: number }> {
      const [row] = await allowanceOf.execute({ userId, day, key, windowSeconds });
      return { account: row!.account, today: Number(row!.today), total: Number(row!.total), calls: Number(row!.calls) };
    },

    /** Wakes every process's live followers of this app's chat (Postgres NOTIFY). */
    async notify(appId: string): Promise<void> {
      await db.execute(sql`SELECT pg_notify(${chatChannel(appId)}, '')`);
    },
  };
}

/** The NOTIFY channel of one app's chat. */
export const chatChannel = (appId: string) => `chat_${appId.replace(/[^a-zA-Z0-9]/g, '')}`.slice(0, 63);

export type ChatRepo = ReturnType<typeof createChatRepo>;
