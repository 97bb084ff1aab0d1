import { eq, sql } from 'drizzle-orm';
import { PLANS, DEFAULT_PLAN, type PlanId } from '@tessera/contracts/plans';
import { accounts, apps, type Db } from '@tessera/db';

/** What a tool page needs of its app in one read: the saved definition, the style, the owner's plan. */
export function createToolPageRepo(db: Db) {
  const read = db
    .select({ kind: apps.kind, definition: apps.definition, style: apps.style, plan: accounts.plan })
    .from(apps)
    .leftJoin(accounts, eq(accounts.userId, apps.ownerUserId))
    .where(eq(apps.id, sql.placeholder('appId')))
    .prepare('tool_page_source');
  return {
    async findSource(appId: string): Promise<{
      kind: string;
      definition: Record<string, unknown>;
      style: Record<string, unknown>;
      plan: PlanId;
    } | null> {
      const [row] = await read.execute({ appId });
      if (!row) return null;
      const plan = (PLANS as readonly string[]).includes(row.plan ?? '') ? (row.plan as PlanId) : DEFAULT_PLAN;
      return { kind: row.kind, definition: row.definition, style: row.style, plan };
    },
  };
}
export type ToolPageRepo = ReturnType<typeof createToolPageRepo>;
