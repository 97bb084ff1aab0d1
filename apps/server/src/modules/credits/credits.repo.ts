import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { CreditAdjustment, EndUserCredits } from '@tessera/contracts/credits';
import { appUserCreditAdjustments, appUserCredits, authUsers, type Db } from '@tessera/db';
import { ensureCredits } from '../tool-runs';

const rowsOf = (result: unknown) => (result as { rows: Array<Record<string, unknown>> }).rows;
const iso = (value: unknown) => (value == null ? null : new Date(value as string | Date).toISOString());

function endUserOf(row: Record<string, unknown>): EndUserCredits {
  return {
    id: String(row.id),
    email: String(row.email),
    fullName: String(row.full_name ?? ''),
    createdAt: iso(row.created_at)!,
    credits: Number(row.credits),
    runs: Number(row.runs),
    lastRunAt: iso(row.last_run_at),
  };
}

export type AdjustResult = { ok: true; balanceAfter: number; id: string; at: Date } | { ok: false; left: number };

/**
 * SQL of end users' credits for their app's builder: each end user with their balance (the app's
 * starting credits until a row exists) and their runs (failed ones excluded, counted by the run's
 * subject, which the run records' index leads with), and the ledger of adjustments.
 */
export function createCreditsRepo(db: Db) {
  function selectUsers(appId: string, startingCredits: number) {
    return sql`
      SELECT u.id, u.email, u.full_name, u.created_at,
        coalesce(c.balance, ${startingCredits}) AS credits,
        coalesce(r.runs, 0) AS runs, r.last_run_at
      FROM app_users u
      LEFT JOIN app_user_credits c ON c.app_user_id = u.id
      LEFT JOIN LATERAL (
        SELECT count(*) AS runs, max(t.created_at) AS last_run_at FROM tool_runs t
        WHERE t.app_id = u.app_id AND t.subject = 'u:' || u.id AND t.status <> 'failed'
      ) r ON true
      WHERE u.app_id = ${appId}`;
  }

  return {
    /** The newest end users whose e-mail or name contains `q` (any case), and how many match. */
    async listUsers(appId: string, startingCredits: number, q: string | undefined, limit: number) {
      const match = q
        ? sql` AND (strpos(lower(u.email), lower(${q})) > 0 OR strpos(lower(u.full_name), lower(${q})) > 0)`
        : sql``;
      const [rows, [count]] = await Promise.all([
        db.execute(sql`${selectUsers(appId, startingCredits)}${match} ORDER BY u.created_at DESC, u.id LIMIT ${limit}`),
        db.execute(sql`SELECT count(*) AS n FROM app_users u WHERE u.app_id = ${appId}${match}`).then(rowsOf),
      ]);
      return { users: rowsOf(rows).map(endUserOf), total: Number(count?.n ?? 0) };
    },

    /** One end user of this app (null for an unknown id or another app's user). */
    async findUser(appId: string, appUserId: string, startingCredits: number): Promise<EndUserCredits | null> {
      const [row] = rowsOf(await db.execute(sql`${selectUsers(appId, startingCredits)} AND u.id = ${appUserId}`));
      return row ? endUserOf(row) : null;
    },

    /**
     * Adds `delta` to the balance and records it, in one transaction. The balance changes by one
     * conditional UPDATE (the row's lock orders it with runs' charges, so neither is lost) and never
     * goes below 0: then nothing changes and the balance left is answered.
     */
    async adjust(a: {
      appId: string;
      appUserId: string;
      byUserId: string;
      delta: number;
      reason: string;
      startingCredits: number;
    }): Promise<AdjustResult> {
      return db.transaction(async (tx) => {
        await ensureCredits(tx, a.appUserId, a.appId, a.startingCredits);
        const at = new Date();
        const [changed] = await tx
          .update(appUserCredits)
          .set({ balance: sql`${appUserCredits.balance} + ${a.delta}`, updatedAt: at })
          .where(and(eq(appUserCredits.appUserId, a.appUserId), sql`${appUserCredits.balance} + ${a.delta} >= 0`))
          .returning({ balance: appUserCredits.balance });
        if (!changed) {
          const [row] = await tx
            .select({ balance: appUserCredits.balance })
            .from(appUserCredits)
            .where(eq(appUserCredits.appUserId, a.appUserId));
          return { ok: false, left: row?.balance ?? 0 } as const;
        }
        const id = randomUUID();
        await tx.insert(appUserCreditAdjustments).values({
          id,
          appId: a.appId,
          appUserId: a.appUserId,
          byUserId: a.byUserId,
          delta: a.delta,
          balanceAfter: changed.balance,
          reason: a.reason,
          createdAt: at,
        });
        return { ok: true, balanceAfter: changed.balance, id, at } as const;
      });
    },

    /** An end user's adjustments, newest first, with the e-mail of the builder who made each. */
    async history(appId: string, appUserId: string, limit: number): Promise<CreditAdjustment[]> {
      const rows = await db
        .select({
          id: appUserCreditAdjustments.id,
          delta: appUserCreditAdjustments.delta,
          balanceAfter: appUserCreditAdjustments.balanceAfter,
          reason: appUserCreditAdjustments.reason,
          by: authUsers.email,
          createdAt: appUserCreditAdjustments.createdAt,
        })
        .from(appUserCreditAdjustments)
        .leftJoin(authUsers, eq(authUsers.id, appUserCreditAdjustments.byUserId))
        .where(and(eq(appUserCreditAdjustments.appId, appId), eq(appUserCreditAdjustments.appUserId, appUserId)))
        .orderBy(desc(appUserCreditAdjustments.createdAt), desc(appUserCreditAdjustments.id))
        .limit(limit);
      return rows.map((r) => ({ ...r, by: r.by ?? null, createdAt: r.createdAt.toISOString() }));
    },
  };
}

export type CreditsRepo = ReturnType<typeof createCreditsRepo>;
