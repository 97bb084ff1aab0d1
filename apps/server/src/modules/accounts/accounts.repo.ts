import { eq, sql } from 'drizzle-orm';
import { accounts, type Db } from '@tessera/db';

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
     * Inserts the account unless the user already has one; the first account of an install is
     * made admin. Returns the user's account either way.
     */
    async createIfAbsent(values: { id: string; userId: string; saleId: string | null }): Promise<AccountRow> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(${FIRST_ACCOUNT_LOCK_ID})`);
        const [existing] = await tx.select().from(accounts).where(eq(accounts.userId, values.userId));
        if (existing) return existing;
        const [first] = await tx.select({ id: accounts.id }).from(accounts).limit(1);
        const [row] = await tx
          .insert(accounts)
          .values({ ...values, isAdmin: !first })
          .returning();
        return row!;
      });
    },
  };
}

export type AccountsRepo = ReturnType<typeof createAccountsRepo>;
