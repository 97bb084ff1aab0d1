import { and, eq, gt, sql } from 'drizzle-orm';
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

/**
 * The per-request session read of the builder API: one prepared join of session and user by
 * token, on both backends (the hot path of every authenticated call).
 */
export function createSessionsRepo(db: Db) {
  const byToken = db
    .select({
      sessionId: authSessions.id,
      userId: authUsers.id,
      email: authUsers.email,
      emailVerified: authUsers.emailVerified,
      name: authUsers.name,
      disabled: authUsers.disabled,
      expiresAt: authSessions.expiresAt,
    })
    .from(authSessions)
    .innerJoin(authUsers, eq(authUsers.id, authSessions.userId))
    .where(and(eq(authSessions.token, sql.placeholder('token')), gt(authSessions.expiresAt, sql`now()`)))
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
