import { and, desc, eq, gte, sql } from 'drizzle-orm';
import { type ToolFieldValue, type ToolRunSource } from '@tessera/contracts/tool-runs';
import { TOOL_SETTINGS_RANGES } from '@tessera/contracts/tools';
import { accounts, appUserCredits, appUserMemories, apps, toolRuns, type Db } from '@tessera/db';

export type ToolRunRow = typeof toolRuns.$inferSelect;

/** The windows a run counts in (UTC): its day, its ISO week (from Monday) and its month. */
export interface RunWindows {
  now: Date;
  dayStart: Date;
  weekStart: Date;
  monthStart: Date;
}

export interface StartRun {
  id: string;
  appId: string;
  ownerUserId: string;
  toolId: string;
  toolPath: string;
  subject: string;
  appUserId: string | null;
  inputs: Record<string, ToolFieldValue>;
  model: string;
  limits: { daily: number; weekly: number; ownerMonthly: number };
  /** Credits this run costs the end user (0 for visitors). */
  credits: number;
  /** The app's starting credits, for an end user's first run (the default when not given). */
  startingCredits?: number;
}

export type StartRunResult =
  | { ok: true; runsToday: number; runsThisWeek: number; creditsLeft: number | null }
  | { ok: false; reason: 'daily' | 'weekly' | 'owner' }
  | { ok: false; reason: 'credits'; creditsLeft: number };

const rowsOf = (result: unknown) => (result as { rows: Array<Record<string, unknown>> }).rows;

/**
 * The end user's balance row, made with the app's starting credits on first use (a run or a
 * builder's change, docs/product/tools.md#credits); an existing balance is left alone.
 */
export async function ensureCredits(
  tx: Db,
  appUserId: string,
  appId: string,
  startingCredits: number = TOOL_SETTINGS_RANGES.startingCredits.default,
): Promise<void> {
  await tx.insert(appUserCredits).values({ appUserId, appId, balance: startingCredits }).onConflictDoNothing();
}

/** SQL of tool runs: the run records, the limits counted from them, end users' credits and memories. */
export function createToolRunsRepo(db: Db) {
  /** Runs of a subject that count against its limits (failed ones are given back). */
  async function countRuns(tx: Db, appId: string, subject: string, w: RunWindows) {
    const [row] = rowsOf(
      await tx.execute(sql`
        SELECT count(*) FILTER (WHERE created_at >= ${w.dayStart.toISOString()}::timestamptz) AS today, count(*) AS week
        FROM tool_runs
        WHERE app_id = ${appId} AND subject = ${subject} AND status <> 'failed'
          AND created_at >= ${new Date(Math.min(+w.dayStart, +w.weekStart)).toISOString()}::timestamptz`),
    );
    return { today: Number(row?.today ?? 0), week: Number(row?.week ?? 0) };
  }

  return {
    /** A tool app's saved definition and settings, with its owner's plan; null when there is no such app. */
    async findToolApp(appId: string) {
      const [row] = await db
        .select({
          kind: apps.kind,
          ownerUserId: apps.ownerUserId,
          definition: apps.definition,
          settings: apps.settings,
          plan: accounts.plan,
        })
        .from(apps)
        .leftJoin(accounts, eq(accounts.userId, apps.ownerUserId))
        .where(eq(apps.id, appId));
      return row ?? null;
    },

    /**
     * Starts a run if the subject's daily and weekly limits, the owner's monthly allowance and the
     * end user's credits allow it: counted, charged and recorded in one transaction that holds a
     * lock per app owner, so runs started together are counted one after another (20 at once never
     * pass a limit of 5).
     */
    async startRun(run: StartRun, w: RunWindows): Promise<StartRunResult> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`tool-runs:${run.ownerUserId}`}))`);
        const counts = await countRuns(tx, run.appId, run.subject, w);
        if (counts.today >= run.limits.daily) return { ok: false, reason: 'daily' } as const;
        if (counts.week >= run.limits.weekly) return { ok: false, reason: 'weekly' } as const;
        const [owner] = rowsOf(
          await tx.execute(sql`
            SELECT count(*) AS n FROM tool_runs
            WHERE owner_user_id = ${run.ownerUserId} AND created_at >= ${w.monthStart.toISOString()}::timestamptz`),
        );
        if (Number(owner?.n ?? 0) >= run.limits.ownerMonthly) return { ok: false, reason: 'owner' } as const;
        let creditsLeft: number | null = null;
        if (run.appUserId) {
          await ensureCredits(tx, run.appUserId, run.appId, run.startingCredits);
          const [charged] = await tx
            .update(appUserCredits)
            .set({ balance: sql`${appUserCredits.balance} - ${run.credits}`, updatedAt: w.now })
            .where(and(eq(appUserCredits.appUserId, run.appUserId), gte(appUserCredits.balance, run.credits)))
            .returning({ balance: appUserCredits.balance });
          if (!charged) {
            const [row] = await tx
              .select({ balance: appUserCredits.balance })
              .from(appUserCredits)
              .where(eq(appUserCredits.appUserId, run.appUserId));
            return { ok: false, reason: 'credits', creditsLeft: row?.balance ?? 0 } as const;
          }
          creditsLeft = charged.balance;
        }
        await tx.insert(toolRuns).values({
          id: run.id,
          appId: run.appId,
          ownerUserId: run.ownerUserId,
          toolId: run.toolId,
          toolPath: run.toolPath,
          subject: run.subject,
          appUserId: run.appUserId,
          inputs: run.inputs,
          model: run.model,
          status: 'running',
          creditsCharged: run.appUserId ? run.credits : 0,
          createdAt: w.now,
        });
        return { ok: true, runsToday: counts.today + 1, runsThisWeek: counts.week + 1, creditsLeft } as const;
      });
    },

    async finishRun(
      id: string,
      done: {
        result: string;
        resultJson: unknown;
        sources: ToolRunSource[];
        promptTokens: number;
        completionTokens: number;
        cost: number;
        durationMs: number;
      },
    ): Promise<void> {
      await db
        .update(toolRuns)
        .set({ ...done, resultJson: done.resultJson ?? null, status: 'succeeded', finishedAt: new Date() })
        .where(eq(toolRuns.id, id));
    },

    /** Ends a run as failed and gives its credits back; the run no longer counts against the limits. */
    async failRun(id: string, error: string, durationMs: number): Promise<number | null> {
      return db.transaction(async (tx) => {
        const [run] = await tx
          .update(toolRuns)
          .set({ status: 'failed', error: error.slice(0, 2000), durationMs, finishedAt: new Date() })
          .where(and(eq(toolRuns.id, id), eq(toolRuns.status, 'running')))
          .returning({ appUserId: toolRuns.appUserId, credits: toolRuns.creditsCharged });
        if (!run?.appUserId) return null;
        const [back] = await tx
          .update(appUserCredits)
          .set({ balance: sql`${appUserCredits.balance} + ${run.credits}`, updatedAt: new Date() })
          .where(eq(appUserCredits.appUserId, run.appUserId))
          .returning({ balance: appUserCredits.balance });
        await tx.update(toolRuns).set({ creditsCharged: 0 }).where(eq(toolRuns.id, id));
        return back?.balance ?? null;
      });
    },

    async findRun(id: string): Promise<ToolRunRow | null> {
      const [row] = await db.select().from(toolRuns).where(eq(toolRuns.id, id));
      return row ?? null;
    },

    async saveEditedResult(id: string, result: string, at: Date): Promise<void> {
      await db.update(toolRuns).set({ editedResult: result, editedAt: at }).where(eq(toolRuns.id, id));
    },

    /**
     * What a subject has used today and this week, and an end user's balance (null for visitors;
     * the app's starting credits before their first run).
     */
    async usage(appId: string, subject: string, appUserId: string | null, w: RunWindows, startingCredits: number) {
      const counts = await countRuns(db, appId, subject, w);
      if (!appUserId) return { ...counts, creditsLeft: null };
      const [row] = await db
        .select({ balance: appUserCredits.balance })
        .from(appUserCredits)
        .where(eq(appUserCredits.appUserId, appUserId));
      return { ...counts, creditsLeft: row?.balance ?? startingCredits };
    },

    async memoriesOf(appUserId: string): Promise<Record<string, ToolFieldValue>> {
      const rows = await db
        .select({ name: appUserMemories.name, value: appUserMemories.value })
        .from(appUserMemories)
        .where(eq(appUserMemories.appUserId, appUserId));
      const out: Record<string, ToolFieldValue> = {};
      for (const { name, value } of rows) Object.defineProperty(out, name, { value, enumerable: true });
      return out;
    },

    async remember(appUserId: string, appId: string, values: Record<string, ToolFieldValue>): Promise<void> {
      const rows = Object.entries(values).map(([name, value]) => ({ appUserId, appId, name, value }));
      if (!rows.length) return;
      await db
        .insert(appUserMemories)
        .values(rows)
        .onConflictDoUpdate({
          target: [appUserMemories.appUserId, appUserMemories.name],
          set: { value: sql`excluded.value`, updatedAt: sql`now()` },
        });
    },

    /** Runs of an app (newest first), for tests and analytics. */
    async runsOf(appId: string): Promise<ToolRunRow[]> {
      return db.select().from(toolRuns).where(eq(toolRuns.appId, appId)).orderBy(desc(toolRuns.createdAt));
    },
  };
}

export type ToolRunsRepo = ReturnType<typeof createToolRunsRepo>;
