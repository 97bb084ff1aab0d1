import { and, eq, gt, sql, type SQLWrapper } from 'drizzle-orm';
import { authSessions, authUsers, type Db } from '@tessera/db';
import { hashSessionToken } from './hashed-session-tokens';

export interface SessionRow {
  /** The session's id (not its token): preview tokens name it, to end with it. */
  sessionId: string;
  userId: string;
  email: string;
  emailVerified: boolean;
  name: string;
  disabled: boolean;
  expiresAt: Date;
}

/** The columns of a SessionRow, for statements that read a session beside other rows (the entity API's). */
export const sessionColumns = {
  sessionId: authSessions.id,
  userId: authUsers.id,
  email: authUsers.email,
  emailVerified: authUsers.emailVerified,
  name: authUsers.name,
  disabled: authUsers.disabled,
  expiresAt: authSessions.expiresAt,
};

/** Which session a token names: the live ones only, found by the hash the table stores. */
export const liveSessionOf = (tokenHash: SQLWrapper) =>
  and(eq(authSessions.token, tokenHash), gt(authSessions.expiresAt, sql`now()`));

/**
 * The per-request session read of the builder API: one prepared join of session and user by
 * token, on both backends (the hot path of every authenticated call).
 */
export function createSessionsRepo(db: Db) {
  const byToken = db
    .select(sessionColumns)
    .from(authSessions)
    .innerJoin(authUsers, eq(authUsers.id, authSessions.userId))
    .where(liveSessionOf(sql.placeholder('token')))
    .prepare('session_by_token');

  return {
    /** The live (unexpired) session with this token (stored as its hash), with its user. */
    async findLiveByToken(token: string): Promise<SessionRow | null> {
      const [row] = await byToken.execute({ token: hashSessionToken(token) });
      return row ?? null;
    },
  };
}

export type SessionsRepo = ReturnType<typeof createSessionsRepo>;
