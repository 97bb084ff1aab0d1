import { eq } from 'drizzle-orm';
import { authUsers, type Db } from '@tessera/db';

/** Reads of the identity provider's users that our own rules need. */
export function createUsersRepo(db: Db) {
  return {
    async existsByEmail(email: string): Promise<boolean> {
      const [row] = await db
        .select({ id: authUsers.id })
        .from(authUsers)
        .where(eq(authUsers.email, email.toLowerCase()));
      return Boolean(row);
    },
    async isDisabled(userId: string): Promise<boolean> {
      const [row] = await db.select({ disabled: authUsers.disabled }).from(authUsers).where(eq(authUsers.id, userId));
      return row?.disabled ?? false;
    },
  };
}

export type UsersRepo = ReturnType<typeof createUsersRepo>;
