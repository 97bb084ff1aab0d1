import { and, eq, gt, isNotNull, lt, ne, sql } from 'drizzle-orm';
import { appSessions, appUsers, type Db } from '@tessera/db';

export type AppUserRow = typeof appUsers.$inferSelect;

export function createAppUsersRepo(db: Db) {
  return {
    async findByEmail(appId: string, email: string): Promise<AppUserRow | null> {
      const [row] = await db
        .select()
        .from(appUsers)
        .where(and(eq(appUsers.appId, appId), eq(appUsers.email, email)));
      return row ?? null;
    },

    async findById(appId: string, id: string): Promise<AppUserRow | null> {
      const [row] = await db
        .select()
        .from(appUsers)
        .where(and(eq(appUsers.appId, appId), eq(appUsers.id, id)));
      return row ?? null;
    },

    /** Inserts the user unless the e-mail is taken in this app; null when it is. */
    async insert(values: typeof appUsers.$inferInsert): Promise<AppUserRow | null> {
      const [row] = await db
        .insert(appUsers)
        .values(values)
        .onConflictDoNothing({ target: [appUsers.appId, appUsers.email] })
        .returning();
      return row ?? null;
    },

    async update(
      appId: string,
      id: string,
      set: { fullName?: string; data?: Record<string, unknown> },
    ): Promise<AppUserRow | null> {
      const [row] = await db
        .update(appUsers)
        .set({ ...set, updatedAt: sql`now()` })
        .where(and(eq(appUsers.appId, appId), eq(appUsers.id, id)))
        .returning();
      return row ?? null;
    },

    async createSession(values: typeof appSessions.$inferInsert): Promise<void> {
      await db.insert(appSessions).values(values);
    },

    /** The live session of this token hash, with its user (who must not be disabled). */
    async findSession(tokenHash: string): Promise<{ appId: string; host: string; user: AppUserRow } | null> {
      const [row] = await db
        .select({ appId: appSessions.appId, host: appSessions.host, user: appUsers })
        .from(appSessions)
        .innerJoin(appUsers, eq(appUsers.id, appSessions.appUserId))
        .where(
          and(
            eq(appSessions.tokenHash, tokenHash),
            gt(appSessions.expiresAt, sql`now()`),
            eq(appUsers.disabled, false),
          ),
        );
      return row ?? null;
    },

    /** Keeps a new confirmation code's hash, live for `ttlS` seconds with all its attempts. */
    async setCode(appId: string, id: string, codeHash: string, ttlS: number): Promise<void> {
      await db
        .update(appUsers)
        .set({
          confirmCodeHash: codeHash,
          confirmCodeExpiresAt: sql`now() + make_interval(secs => ${ttlS})`,
          confirmCodeAttempts: 0,
        })
        .where(and(eq(appUsers.appId, appId), eq(appUsers.id, id)));
    },

    /**
     * Spends one attempt of the user's live code, in one statement so parallel guesses cannot get
     * more than `maxAttempts`; answers the code's hash to compare with, or null when there is no
     * live code (none, expired, or used up).
     */
    async spendCodeAttempt(appId: string, id: string, maxAttempts: number): Promise<{ codeHash: string } | null> {
      const [row] = await db
        .update(appUsers)
        .set({ confirmCodeAttempts: sql`${appUsers.confirmCodeAttempts} + 1` })
        .where(
          and(
            eq(appUsers.appId, appId),
            eq(appUsers.id, id),
            isNotNull(appUsers.confirmCodeHash),
            gt(appUsers.confirmCodeExpiresAt, sql`now()`),
            lt(appUsers.confirmCodeAttempts, maxAttempts),
          ),
        )
        .returning({ codeHash: appUsers.confirmCodeHash });
      return row?.codeHash ? { codeHash: row.codeHash } : null;
    },

    /** Confirms the address with the code of this hash (spent once: a second use finds no code). */
    async confirm(appId: string, id: string, codeHash: string): Promise<AppUserRow | null> {
      const [row] = await db
        .update(appUsers)
        .set({
          emailConfirmedAt: sql`coalesce(${appUsers.emailConfirmedAt}, now())`,
          confirmCodeHash: null,
          confirmCodeExpiresAt: null,
          updatedAt: sql`now()`,
        })
        .where(and(eq(appUsers.appId, appId), eq(appUsers.id, id), eq(appUsers.confirmCodeHash, codeHash)))
        .returning();
      return row ?? null;
    },

    /**
     * Sets a new password hash and ends every session of the user (a reset signs out everywhere).
     * It comes from a link mailed to the address, so the address is confirmed too.
     */
    async setPassword(appId: string, id: string, passwordHash: string): Promise<AppUserRow | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(appUsers)
          .set({
            passwordHash,
            emailConfirmedAt: sql`coalesce(${appUsers.emailConfirmedAt}, now())`,
            confirmCodeHash: null,
            confirmCodeExpiresAt: null,
            updatedAt: sql`now()`,
          })
          .where(and(eq(appUsers.appId, appId), eq(appUsers.id, id)))
          .returning();
        await tx.delete(appSessions).where(eq(appSessions.appUserId, id));
        return row ?? null;
      });
    },

    /** A new password hash chosen by the signed-in user: their other sessions end, the one of `keepTokenHash` stays. */
    async changePassword(appId: string, id: string, passwordHash: string, keepTokenHash: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(appUsers)
          .set({ passwordHash, updatedAt: sql`now()` })
          .where(and(eq(appUsers.appId, appId), eq(appUsers.id, id)));
        await tx
          .delete(appSessions)
          .where(and(eq(appSessions.appUserId, id), ne(appSessions.tokenHash, keepTokenHash)));
      });
    },

    async deleteSession(tokenHash: string): Promise<void> {
      await db.delete(appSessions).where(eq(appSessions.tokenHash, tokenHash));
    },
  };
}

export type AppUsersRepo = ReturnType<typeof createAppUsersRepo>;
