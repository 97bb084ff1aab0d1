import { randomUUID } from 'node:crypto';
import { APP_MESSAGES } from '@tessera/contracts';
import { type Account } from '@tessera/contracts/accounts';
import { type SessionUser } from '@tessera/contracts/auth';
import { AppError } from '../../platform/errors';
import type { AccountRow, AccountsRepo } from './accounts.repo';

interface Deps {
  accountsRepo: AccountsRepo;
  adminEmails: ReadonlySet<string>;
  /** Raises one account's plan (or every account's) to what it has at least (plan-floor.ts). */
  syncPlans: (accountId?: string) => Promise<void>;
}

/**
 * Builder accounts (docs/product/accounts-and-plans.md#data): created idempotently on first sign-in,
 * on the install's default plan; the install's admins have every plan's features.
 */
export function createAccountsService({ accountsRepo, adminEmails, syncPlans }: Deps) {
  // Once per process, before the first account is read: a changed DEFAULT_PLAN or ADMIN_EMAILS holds at once.
  let started: Promise<void> | null = null;
  const ready = () =>
    (started ??= syncPlans().catch((err: unknown) => {
      started = null;
      throw err;
    }));

  function toAccount(row: AccountRow, user: SessionUser): Account {
    return {
      accountId: row.id,
      accountType: row.accountType as Account['accountType'],
      plan: row.plan as Account['plan'],
      hasPaidAppPackage: row.hasPaidAppPackage,
      subscriptionId: row.subscriptionId,
      planSubscriptionStatus: row.planSubscriptionStatus,
      planSubscriptionCancelledAt: row.planSubscriptionCancelledAt?.toISOString() ?? null,
      appId: row.appId,
      appHeader: row.appHeader,
      // docs/product/accounts-and-plans.md#states-and-transitions: builders have business info when they said so or are on a paid plan.
      hasBusinessInfo: row.accountType === 'builder' && (row.hasBusinessInfo || row.plan !== 'lite'),
      // Admin rights need a verified address: anyone can sign up with an admin's e-mail.
      isAdmin: user.emailVerified && (row.isAdmin || adminEmails.has(user.email.toLowerCase())),
    };
  }

  return {
    async create(user: SessionUser, saleId: string | null): Promise<{ accountId: string }> {
      await ready();
      const row = await accountsRepo.createIfAbsent(
        { id: randomUUID(), userId: user.id, saleId },
        { verified: user.emailVerified },
      );
      // A new account gets the default plan; one made admin (now verified) gets everything.
      await syncPlans(row.id);
      return { accountId: row.id };
    },

    /** The account of a row read with other data (the chat reads it with its allowance). */
    fromRow: toAccount,

    async getCurrent(user: SessionUser): Promise<Account> {
      await ready();
      const row = await accountsRepo.findByUserId(user.id);
      if (!row) throw new AppError('NOT_FOUND', APP_MESSAGES.accountNotFound);
      return toAccount(row, user);
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
