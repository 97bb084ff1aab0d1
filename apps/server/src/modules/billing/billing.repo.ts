import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { PLANS, type PlanId } from '@tessera/contracts/plans';
import { accounts, authUsers, billingEvents, billingSubscriptions, type Db } from '@tessera/db';
import { PLAN_GIVING_STATUSES, syncPlans, type PlanFloor } from '../accounts';
import type { SubscriptionChange } from './payment-provider';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type SubscriptionRow = typeof billingSubscriptions.$inferSelect;

const GIVES_PLAN = new Set(PLAN_GIVING_STATUSES);
const tierIndex = (plan: string | null) => PLANS.indexOf((plan ?? 'lite') as PlanId);

/**
 * The account's plan from its subscriptions: the highest tier among those that still give one (an
 * upgrade bought as a second subscription wins over the first); lite when none does. The reported
 * subscription is that one, else the most recent.
 */
export function planFromSubscriptions(subs: SubscriptionRow[]) {
  const giving = subs.filter((s) => GIVES_PLAN.has(s.status) && s.plan);
  const best = giving.sort((a, b) => tierIndex(b.plan) - tierIndex(a.plan) || +b.stateAt - +a.stateAt)[0];
  const shown = best ?? [...subs].sort((a, b) => +b.stateAt - +a.stateAt)[0];
  return {
    plan: (best?.plan ?? 'lite') as PlanId,
    subscriptionId: shown?.subscriptionId ?? null,
    planSubscriptionStatus: shown?.status ?? null,
    planSubscriptionCancelledAt: shown?.cancelledAt ?? null,
  };
}

/** `floor`: what every account has at least (the default plan; everything for admins). */
export function createBillingRepo(db: Db, floor: PlanFloor) {
  /** The account whose owner proved the address: anyone can sign up with a buyer's address unproved. */
  async function accountIdByEmail(tx: Tx, email: string): Promise<string | null> {
    const [row] = await tx
      .select({ id: accounts.id })
      .from(accounts)
      .innerJoin(authUsers, eq(authUsers.id, accounts.userId))
      .where(and(eq(sql`lower(${authUsers.email})`, email.toLowerCase()), eq(authUsers.emailVerified, true)))
      .limit(1);
    return row?.id ?? null;
  }

  /** Re-reads the account's subscriptions (the account row locked) and writes its plan fields. */
  async function syncAccount(tx: Tx, accountId: string, oneTimePayment: boolean) {
    await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).for('update');
    const subs = await tx.select().from(billingSubscriptions).where(eq(billingSubscriptions.accountId, accountId));
    const derived = planFromSubscriptions(subs);
    await tx
      .update(accounts)
      .set({
        ...derived,
        ...(oneTimePayment ? { hasPaidAppPackage: true } : {}),
        updatedAt: new Date(),
      })
      .where(eq(accounts.id, accountId));
    await syncPlans(tx, floor, accountId);
  }

  return {
    /**
     * Applies one provider change exactly once: a replay (same provider and event id) changes
     * nothing; a change older than the subscription's stored state is recorded but does not move
     * it. Returns whether it was new and the account it landed on.
     */
    async apply(change: SubscriptionChange): Promise<{ applied: boolean; accountId: string | null }> {
      return db.transaction(async (tx) => {
        const inserted = await tx
          .insert(billingEvents)
          .values({
            provider: change.provider,
            eventId: change.eventId,
            kind: change.kind,
            subscriptionId: change.subscriptionId,
            plan: change.plan,
            occurredAt: change.occurredAt,
          })
          .onConflictDoNothing()
          .returning({ eventId: billingEvents.eventId });
        if (inserted.length === 0) return { applied: false, accountId: null };

        const key = and(
          eq(billingSubscriptions.provider, change.provider),
          eq(billingSubscriptions.subscriptionId, change.subscriptionId),
        );
        // Insert-or-lock: two first events of one subscription at once (Stripe sends several) must not collide.
        const accountIdOf = async (existingAccount: string | null) =>
          existingAccount ?? change.accountId ?? (change.email ? await accountIdByEmail(tx, change.email) : null);
        const [created] = await tx
          .insert(billingSubscriptions)
          .values({
            provider: change.provider,
            subscriptionId: change.subscriptionId,
            accountId: await accountIdOf(null),
            plan: change.plan,
            customerId: change.customerId,
            email: change.email,
            status: change.status,
            cancelledAt: change.cancelledAt,
            stateAt: change.occurredAt,
          })
          .onConflictDoNothing()
          .returning({ accountId: billingSubscriptions.accountId });
        let accountId = created?.accountId ?? null;
        if (!created) {
          const [existing] = await tx.select().from(billingSubscriptions).where(key).for('update');
          accountId = await accountIdOf(existing!.accountId);
          const newer = change.occurredAt >= existing!.stateAt;
          await tx
            .update(billingSubscriptions)
            .set({
              accountId,
              plan: change.plan ?? existing!.plan,
              customerId: change.customerId ?? existing!.customerId,
              email: change.email ?? existing!.email,
              ...(newer ? { status: change.status, cancelledAt: change.cancelledAt, stateAt: change.occurredAt } : {}),
              updatedAt: new Date(),
            })
            .where(key);
        }
        if (accountId) {
          await tx
            .update(billingEvents)
            .set({ accountId })
            .where(and(eq(billingEvents.provider, change.provider), eq(billingEvents.eventId, change.eventId)));
          await syncAccount(tx, accountId, change.oneTimePayment);
        }
        return { applied: true, accountId };
      });
    },

    /**
     * Gives a subscription that arrived before its buyer signed up (no account yet) to this
     * account; true when there was one to give.
     */
    async attach(provider: string, subscriptionId: string, accountId: string, oneTimePayment: boolean) {
      return db.transaction(async (tx) => {
        const updated = await tx
          .update(billingSubscriptions)
          .set({ accountId, updatedAt: new Date() })
          .where(
            and(
              eq(billingSubscriptions.provider, provider),
              eq(billingSubscriptions.subscriptionId, subscriptionId),
              isNull(billingSubscriptions.accountId),
            ),
          )
          .returning({ id: billingSubscriptions.subscriptionId });
        if (updated.length) await syncAccount(tx, accountId, oneTimePayment);
        return updated.length > 0;
      });
    },

    /** A provider's subscriptions bought with this address that no account holds yet. */
    async unclaimedOf(provider: string, email: string) {
      return db
        .select({ subscriptionId: billingSubscriptions.subscriptionId })
        .from(billingSubscriptions)
        .where(
          and(
            eq(billingSubscriptions.provider, provider),
            isNull(billingSubscriptions.accountId),
            eq(sql`lower(${billingSubscriptions.email})`, email.toLowerCase()),
          ),
        );
    },

    /** The Stripe customer of the account's newest Stripe subscription (for the portal link). */
    async stripeCustomerOf(accountId: string): Promise<string | null> {
      const [row] = await db
        .select({ customerId: billingSubscriptions.customerId })
        .from(billingSubscriptions)
        .where(and(eq(billingSubscriptions.accountId, accountId), eq(billingSubscriptions.provider, 'stripe')))
        .orderBy(desc(billingSubscriptions.stateAt))
        .limit(1);
      return row?.customerId ?? null;
    },

    /** The provider of the account's newest subscription, if any. */
    async newestProviderOf(accountId: string): Promise<string | null> {
      const [row] = await db
        .select({ provider: billingSubscriptions.provider })
        .from(billingSubscriptions)
        .where(eq(billingSubscriptions.accountId, accountId))
        .orderBy(desc(billingSubscriptions.stateAt))
        .limit(1);
      return row?.provider ?? null;
    },

    /** The account a subscription belongs to, if any. */
    async ownerOf(provider: string, subscriptionId: string): Promise<string | null> {
      const [row] = await db
        .select({ accountId: billingSubscriptions.accountId })
        .from(billingSubscriptions)
        .where(
          and(eq(billingSubscriptions.provider, provider), eq(billingSubscriptions.subscriptionId, subscriptionId)),
        );
      return row?.accountId ?? null;
    },

    /** How many purchase events an account holds (tests and the admin screen). */
    async purchasesOf(accountId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(billingEvents)
        .where(and(eq(billingEvents.accountId, accountId), eq(billingEvents.kind, 'purchase')));
      return row?.n ?? 0;
    },
  };
}

export type BillingRepo = ReturnType<typeof createBillingRepo>;
