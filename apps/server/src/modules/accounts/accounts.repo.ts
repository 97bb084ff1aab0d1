import { and, eq, ne, sql } from 'drizzle-orm';
import { accounts, authUsers, type Db } from '@tessera/db';

export type AccountRow = typeof accounts.$inferSelect;

/** Arbitrary constant: serialises "is this the first account?" across processes. */
const FIRST_ACCOUNT_LOCK_ID = 727_002;

export function createAccountsRepo(db: Db) {
  // Read on every account/current call: prepared once.
  const byUserId = db
    .select()
    .from(accounts)
    .where(eq(accounts.userId, sql.placeholder('userId')))
    .prepare('account_by_user_id');
  return {
    async findByUserId(userId: string): Promise<AccountRow | null> {
      const [row] = await byUserId.execute({ userId });
      return row ?? null;
    },

    /**
     * Inserts the account unless the user already has one, and returns the user's account. The
     * first account of an install whose address is verified is made admin: an unverified account
     * is never promoted, and is promoted later (on this call after verification) only when no
     * other verified account exists.
     */
    async createIfAbsent(
      values: { id: string; userId: string; saleId: string | null },
      { verified }: { verified: boolean },
    ): Promise<AccountRow> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(${FIRST_ACCOUNT_LOCK_ID})`);
        const [existing] = await tx.select().from(accounts).where(eq(accounts.userId, values.userId));
        if (existing && (existing.isAdmin || !verified)) return existing;
        const [otherVerified] = verified
          ? await tx
              .select({ id: accounts.id })
              .from(accounts)
              .innerJoin(authUsers, eq(authUsers.id, accounts.userId))
              .where(and(eq(authUsers.emailVerified, true), ne(accounts.userId, values.userId)))
              .limit(1)
          : [];
        const isAdmin = verified && !otherVerified;
        if (existing) {
          if (!isAdmin) return existing;
          const [promoted] = await tx
            .update(accounts)
            .set({ isAdmin: true })
            .where(eq(accounts.id, existing.id))
            .returning();
          return promoted!;
        }
        const [row] = await tx
          .insert(accounts)
          .values({ ...values, isAdmin })
          .returning();
        return row!;
      });
    },
  };
}

export type AccountsRepo = ReturnType<typeof createAccountsRepo>;
