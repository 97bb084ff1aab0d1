import { sql, type SQL } from 'drizzle-orm';
import { PLANS, type PlanId } from '@tessera/contracts/plans';
import type { Db } from '@tessera/db';

/** The install's setting key of the builders' default plan (install_settings). */
export const DEFAULT_PLAN_SETTING = 'defaultPlan';

/** A subscription that still gives its plan: paid, cancelled until its period ends, or a payment late. */
export const PLAN_GIVING_STATUSES: readonly string[] = ['active', 'cancelled', 'past_due'];

/** What every account has at least (docs/product/accounts-and-plans.md#roles-and-permissions). */
export interface PlanFloor {
  /** DEFAULT_PLAN: the builders' default plan until an admin saves one on /admin. */
  defaultPlan: PlanId;
  adminEmails: ReadonlySet<string>;
}

type Executor = Pick<Db, 'execute'>;

const tiers = sql.raw(`ARRAY[${PLANS.map((p) => `'${p}'`).join(', ')}]::text[]`);
const list = (values: readonly string[]): SQL =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/**
 * Writes each account's plan as the highest of: what its subscriptions give (paid or given by an
 * admin), the builders' default plan (saved on /admin, else DEFAULT_PLAN), and, for an admin of the
 * install (a verified address with the admin flag or in ADMIN_EMAILS), the top tier. Every plan gate
 * reads accounts.plan, so this one statement is what makes the default plan and the admins' plan
 * hold everywhere. One account, or all of them (at start and when the default changes); idempotent.
 */
export async function syncPlans(db: Executor, floor: PlanFloor, accountId?: string): Promise<void> {
  const emails = [...floor.adminEmails];
  const byEmail = emails.length ? sql`lower(u.email) IN (${list(emails)})` : sql`false`;
  const only = accountId ? sql`a.id = ${accountId}` : sql`true`;
  await db.execute(sql`
    UPDATE accounts SET plan = wanted.plan, updated_at = now()
    FROM (
      SELECT a.id, (${tiers})[GREATEST(
        coalesce((
          SELECT max(array_position(${tiers}, s.plan)) FROM billing_subscriptions s
          WHERE s.account_id = a.id AND s.status IN (${list(PLAN_GIVING_STATUSES)})
        ), 1),
        coalesce(
          array_position(${tiers}, (SELECT value #>> '{}' FROM install_settings WHERE key = ${DEFAULT_PLAN_SETTING})),
          array_position(${tiers}, ${floor.defaultPlan}::text)
        ),
        CASE WHEN u.email_verified AND (a.is_admin OR ${byEmail}) THEN ${PLANS.length}::int ELSE 1 END
      )] AS plan
      FROM accounts a JOIN auth_users u ON u.id = a.user_id
      WHERE ${only}
    ) wanted
    WHERE accounts.id = wanted.id AND accounts.plan IS DISTINCT FROM wanted.plan`);
}
