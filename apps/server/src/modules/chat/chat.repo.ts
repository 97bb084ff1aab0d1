import { and, asc, desc, eq, gte, sql } from 'drizzle-orm';
import type { ChatAnnotation, ChatMessage } from '@tessera/contracts';
import { chatMessages, chatUsage, type Db } from '@tessera/db';

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
export function createChatRepo(db: Db) {
  // On every chat turn's way to the first token (and every live update).
  const last = db.select().from(chatMessages).where(eq(chatMessages.appId, sql.placeholder('appId'))).orderBy(desc(chatMessages.seq)).limit(sql.placeholder('n')).prepare('chat_last_messages');
  const usageOf = db
    .select({
      today: sql<number>`COALESCE(SUM(${chatUsage.messages}) FILTER (WHERE ${chatUsage.day} = ${sql.placeholder('day')}), 0)::int`,
      total: sql<number>`COALESCE(SUM(${chatUsage.messages}), 0)::int`,
    })
    .from(chatUsage)
    .where(eq(chatUsage.userId, sql.placeholder('userId')))
    .prepare('chat_usage_of');
  return {
    async list(appId: string): Promise<ChatMessage[]> {
      return (await db.select().from(chatMessages).where(eq(chatMessages.appId, appId)).orderBy(asc(chatMessages.seq))).map(toMessage);
    },

    /** The newest `n` messages, oldest first (the realtime collection of spec 3 §7). */
    async listLast(appId: string, n: number): Promise<ChatMessage[]> {
      const rows = await last.execute({ appId, n });
      return rows.reverse().map(toMessage);
    },

    async find(appId: string, id: string): Promise<(ChatMessage & { seq: number }) | null> {
      const [row] = await db.select().from(chatMessages).where(and(eq(chatMessages.appId, appId), eq(chatMessages.id, id)));
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

    async update(appId: string, id: string, patch: { parts?: ChatMessage['parts']; annotations?: ChatAnnotation[]; status?: ChatMessage['status'] }): Promise<void> {
      await db
        .update(chatMessages)
        .set({ ...patch, annotations: patch.annotations as Array<Record<string, unknown>> | undefined, updatedAt: sql`now()` })
        .where(and(eq(chatMessages.appId, appId), eq(chatMessages.id, id)));
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
        .onConflictDoUpdate({ target: [chatUsage.userId, chatUsage.day], set: { messages: sql`${chatUsage.messages} + 1` } });
    },

    async addCost(userId: string, day: string, cost: number): Promise<void> {
      await db.update(chatUsage).set({ cost: sql`${chatUsage.cost} + ${cost}` }).where(and(eq(chatUsage.userId, userId), eq(chatUsage.day, day)));
    },

    async usage(userId: string, day: string): Promise<{ today: number; total: number }> {
      const [row] = await usageOf.execute({ userId, day });
      return { today: Number(row?.today ?? 0), total: Number(row?.total ?? 0) };
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
