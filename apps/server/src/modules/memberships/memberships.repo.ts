import { and, desc, eq, gte, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { currencyMinorDigits } from '@tessera/contracts/memberships';
import { appMembershipEvents, appMemberships, appUsers, type Db } from '@tessera/db';

export type MembershipStatusValue = 'active' | 'cancelled' | 'past_due' | 'ended';

/** One provider event about an app's membership, in the provider-neutral shape the repo applies. */
export interface MembershipChange {
  appId: string;
  provider: 'gumroad' | 'stripe';
  /** Unique per app and provider: the same id applied twice is a replay and changes nothing. */
  eventId: string;
  subscriptionId: string;
  /**
   * A payment records its amount (revenue); a status change only moves the membership; a refund
   * (or dispute) records the amount taken back and ends the membership at once, whatever the order.
   */
  kind: 'payment' | 'status' | 'refund';
  amount: number | null;
  currency: string | null;
  /** The app user the provider names (the id passed at checkout), when it does. */
  appUserId: string | null;
  email: string | null;
  productId: string | null;
  status: MembershipStatusValue;
  /** The end of the period paid for (a payment extends it); null keeps the stored one. */
  periodEnd: Date | null;
  cancelledAt: Date | null;
  occurredAt: Date;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Access while active or late with a payment, or cancelled until the period paid for ends. */
const hasAccess = (now: Date) =>
  or(
    eq(appMemberships.status, 'active'),
    eq(appMemberships.status, 'past_due'),
    and(
      eq(appMemberships.status, 'cancelled'),
      or(isNull(appMemberships.periodEnd), gte(appMemberships.periodEnd, now)),
    ),
  );

export function createMembershipsRepo(db: Db) {
  /**
   * The app user a change belongs to: the one it names (if theirs), else the app's user with its
   * e-mail, if they confirmed it: an unconfirmed account never gets a buyer's membership.
   */
  async function appUserOf(tx: Tx, change: MembershipChange): Promise<string | null> {
    const conditions = [
      change.appUserId ? eq(appUsers.id, change.appUserId) : null,
      change.email ? and(eq(appUsers.email, change.email.toLowerCase()), isNotNull(appUsers.emailConfirmedAt)) : null,
    ].filter((c) => c !== null);
    if (!conditions.length) return null;
    const rows = await tx
      .select({ id: appUsers.id })
      .from(appUsers)
      .where(and(eq(appUsers.appId, change.appId), or(...conditions)));
    return rows.find((r) => r.id === change.appUserId)?.id ?? rows[0]?.id ?? null;
  }

  /**
   * Revenue from memberships per UTC day and currency since `since` (the analytics page): the
   * payments recorded less the refunds and disputes of that day, in the currency's smallest unit.
   */
  async function revenuePerDay(appId: string, since: Date) {
    const day = sql<string>`to_char(${appMembershipEvents.occurredAt} at time zone 'UTC', 'YYYY-MM-DD')`;
    return db
      .select({
        day,
        currency: sql<string>`coalesce(${appMembershipEvents.currency}, 'usd')`,
        amount: sql<number>`coalesce(sum(case when ${appMembershipEvents.kind} = 'refund' then -${appMembershipEvents.amount} else ${appMembershipEvents.amount} end), 0)::int`,
        payments: sql<number>`count(*) filter (where ${appMembershipEvents.kind} = 'payment')::int`,
      })
      .from(appMembershipEvents)
      .where(
        and(
          eq(appMembershipEvents.appId, appId),
          inArray(appMembershipEvents.kind, ['payment', 'refund']),
          gte(appMembershipEvents.occurredAt, since),
        ),
      )
      .groupBy(day, sql`2`)
      .orderBy(day);
  }

  return {
    /**
     * Applies one change exactly once: a replay (same app, provider and event id) changes nothing;
     * a change older than the membership's stored state is recorded (its payment counts) but does
     * not move the status. Returns whether it was new.
     */
    async apply(change: MembershipChange): Promise<{ applied: boolean }> {
      return db.transaction(async (tx) => {
        const inserted = await tx
          .insert(appMembershipEvents)
          .values({
            appId: change.appId,
            provider: change.provider,
            eventId: change.eventId,
            kind: change.kind,
            subscriptionId: change.subscriptionId,
            amount: change.kind === 'status' ? null : change.amount,
            currency: change.kind === 'status' ? null : (change.currency?.toLowerCase() ?? null),
            occurredAt: change.occurredAt,
          })
          .onConflictDoNothing()
          .returning({ eventId: appMembershipEvents.eventId });
        if (inserted.length === 0) return { applied: false };

        const appUserId = await appUserOf(tx, change);
        const key = and(
          eq(appMemberships.appId, change.appId),
          eq(appMemberships.provider, change.provider),
          eq(appMemberships.subscriptionId, change.subscriptionId),
        );
        // Insert-or-lock: two first events of one membership at once must not collide.
        const created = await tx
          .insert(appMemberships)
          .values({
            appId: change.appId,
            provider: change.provider,
            subscriptionId: change.subscriptionId,
            appUserId,
            email: change.email?.toLowerCase() ?? null,
            productId: change.productId,
            status: change.status,
            periodEnd: change.periodEnd,
            cancelledAt: change.cancelledAt,
            stateAt: change.occurredAt,
          })
          .onConflictDoNothing()
          .returning({ appId: appMemberships.appId });
        if (created.length) return { applied: true };

        const [existing] = await tx.select().from(appMemberships).where(key).for('update');
        if (change.kind === 'refund') {
          // Money taken back ends access now: no older or same-time state may keep it open.
          const stateAt = change.occurredAt > existing!.stateAt ? change.occurredAt : existing!.stateAt;
          await tx
            .update(appMemberships)
            .set({
              status: 'ended',
              cancelledAt: change.cancelledAt ?? change.occurredAt,
              stateAt,
              updatedAt: new Date(),
            })
            .where(key);
          return { applied: true };
        }
        const newer = change.occurredAt >= existing!.stateAt;
        // A payment's period runs from when it was made: the later end wins whatever the order.
        const periodEnd =
          change.periodEnd && (!existing!.periodEnd || change.periodEnd > existing!.periodEnd)
            ? change.periodEnd
            : existing!.periodEnd;
        await tx
          .update(appMemberships)
          .set({
            appUserId: existing!.appUserId ?? appUserId,
            email: existing!.email ?? change.email?.toLowerCase() ?? null,
            productId: existing!.productId ?? change.productId,
            periodEnd,
            ...(newer ? { status: change.status, cancelledAt: change.cancelledAt, stateAt: change.occurredAt } : {}),
            updatedAt: new Date(),
          })
          .where(key);
        return { applied: true };
      });
    },

    /** The app user's membership giving access now (the one lasting longest), or null. */
    async activeOf(appId: string, appUserId: string, now = new Date()) {
      const [row] = await db
        .select()
        .from(appMemberships)
        .where(and(eq(appMemberships.appId, appId), eq(appMemberships.appUserId, appUserId), hasAccess(now)))
        .orderBy(sql`${appMemberships.periodEnd} desc nulls first`, desc(appMemberships.stateAt))
        .limit(1);
      return row ?? null;
    },

    /**
     * Memberships bought before the end user signed up (or under their e-mail): given to them. The
     * caller makes sure the address is confirmed (memberships.service).
     */
    async attachByEmail(appId: string, appUserId: string, email: string): Promise<void> {
      await db
        .update(appMemberships)
        .set({ appUserId, updatedAt: new Date() })
        .where(
          and(
            eq(appMemberships.appId, appId),
            isNull(appMemberships.appUserId),
            eq(appMemberships.email, email.toLowerCase()),
          ),
        );
    },

    /** The membership's stored state (tests, and a ping needing the period of an earlier payment). */
    async find(appId: string, provider: string, subscriptionId: string) {
      const [row] = await db
        .select()
        .from(appMemberships)
        .where(
          and(
            eq(appMemberships.appId, appId),
            eq(appMemberships.provider, provider),
            eq(appMemberships.subscriptionId, subscriptionId),
          ),
        );
      return row ?? null;
    },

    revenuePerDay,

    /**
     * The analytics page's revenue: per UTC day in major units of one currency, the one most
     * payments were made in (amounts in different currencies are never added up).
     */
    async revenueSince(appId: string, since: Date): Promise<{ currency: string; perDay: Map<string, number> }> {
      const rows = await revenuePerDay(appId, since);
      const payments = new Map<string, number>();
      for (const row of rows) payments.set(row.currency, (payments.get(row.currency) ?? 0) + row.payments);
      const currency = [...payments].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'usd';
      const perDay = new Map<string, number>();
      for (const row of rows)
        if (row.currency === currency) perDay.set(row.day, row.amount / 10 ** currencyMinorDigits(currency));
      return { currency, perDay };
    },
  };
}

export type MembershipsRepo = ReturnType<typeof createMembershipsRepo>;
