import { and, asc, eq, gte, ilike, or, sql } from 'drizzle-orm';
import {
  accounts,
  authSessions,
  authUsers,
  chatUsage,
  dataUsage,
  installSettings,
  toolRuns,
  type Db,
} from '@tessera/db';

export const ADMIN_PAGE_SIZE = 50;

/** Builders with their usage for the admin screen, and the two changes an admin makes by hand. */
export function createAdminRepo(db: Db) {
  const month = () => new Date().toISOString().slice(0, 7);
  const messages = sql<number>`coalesce((select sum(${chatUsage.messages}) from ${chatUsage} where ${chatUsage.userId} = ${accounts.userId}), 0)::int`;
  const messagesThisMonth = sql<number>`coalesce((select sum(${chatUsage.messages}) from ${chatUsage} where ${chatUsage.userId} = ${accounts.userId} and ${chatUsage.day} like ${`${month()}%`}), 0)::int`;
  const dataBytes = sql<number>`coalesce((select ${dataUsage.bytes} from ${dataUsage} where ${dataUsage.userId} = ${accounts.userId} and ${dataUsage.month} = ${month()}), 0)::bigint`;
  const runs = sql<number>`(select count(*) from ${toolRuns} where ${toolRuns.ownerUserId} = ${accounts.userId} and ${toolRuns.createdAt} >= date_trunc('month', now()))::int`;

  const select = () =>
    db
      .select({
        accountId: accounts.id,
        userId: accounts.userId,
        email: authUsers.email,
        name: authUsers.name,
        plan: accounts.plan,
        isAdmin: accounts.isAdmin,
        disabled: authUsers.disabled,
        planSubscriptionStatus: accounts.planSubscriptionStatus,
        planSubscriptionCancelledAt: accounts.planSubscriptionCancelledAt,
        createdAt: accounts.createdAt,
        messages,
        messagesThisMonth,
        dataBytes,
        runs,
      })
      .from(accounts)
      .innerJoin(authUsers, eq(authUsers.id, accounts.userId));

  return {
    async list(q: string | undefined, offset: number) {
      const where = q
        ? or(
            ilike(authUsers.email, `%${q.replace(/[\\%_]/g, '\\$&')}%`),
            ilike(authUsers.name, `%${q.replace(/[\\%_]/g, '\\$&')}%`),
          )
        : undefined;
      const rows = await select()
        .where(where)
        .orderBy(asc(accounts.createdAt), asc(accounts.id))
        .limit(ADMIN_PAGE_SIZE)
        .offset(offset);
      const [count] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(accounts)
        .innerJoin(authUsers, eq(authUsers.id, accounts.userId))
        .where(where);
      return { rows, total: count?.n ?? 0 };
    },

    async find(accountId: string) {
      const [row] = await select().where(eq(accounts.id, accountId));
      return row ?? null;
    },

    /** A setting saved on /admin (install_settings), or null when none is. */
    async findSetting(key: string): Promise<unknown> {
      const [row] = await db
        .select({ value: installSettings.value })
        .from(installSettings)
        .where(eq(installSettings.key, key));
      return row?.value ?? null;
    },

    async saveSetting(key: string, value: unknown): Promise<void> {
      await db
        .insert(installSettings)
        .values({ key, value })
        .onConflictDoUpdate({ target: installSettings.key, set: { value, updatedAt: new Date() } });
    },

    /** Disables or enables the user; disabling ends their sessions at once. */
    async setDisabled(userId: string, disabled: boolean) {
      await db.transaction(async (tx) => {
        await tx.update(authUsers).set({ disabled, updatedAt: new Date() }).where(eq(authUsers.id, userId));
        if (disabled)
          await tx
            .delete(authSessions)
            .where(and(eq(authSessions.userId, userId), gte(authSessions.expiresAt, new Date(0))));
      });
    },
  };
}

export type AdminRepo = ReturnType<typeof createAdminRepo>;
export type AdminBuilderRow = NonNullable<Awaited<ReturnType<AdminRepo['find']>>>;
