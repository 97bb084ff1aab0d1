// Builder accounts: created on first sign-in, their plan and admin flag.
import type { SessionUser } from '@tessera/contracts/auth';
import type { Platform } from '../../platform/platform';
import type { SignedIn } from '../../platform/http/signed-in';
import { createAccountsRepo } from './accounts.repo';
import { accountsRoutes } from './accounts.routes';
import { createAccountsService } from './accounts.service';
import { syncPlans } from './plan-floor.repo';

/** Builds the accounts module: its routes and the accounts service others read plans and admins from. */
export function createAccountsModule({ db, config }: Platform, { signedIn }: { signedIn: SignedIn }) {
  const floor = { defaultPlan: config.billing.defaultPlan, adminEmails: config.adminEmails };
  const accounts = createAccountsService({
    accountsRepo: createAccountsRepo(db),
    adminEmails: config.adminEmails,
    syncPlans: (accountId) => syncPlans(db, floor, accountId),
  });
  let claimSale: ((user: SessionUser, saleId: string) => Promise<unknown>) | undefined;
  return {
    accounts,
    routes: accountsRoutes({ accounts, signedIn, claimSale: async (user, saleId) => claimSale?.(user, saleId) }),
    /** True when the signed-in builder is an admin of this install. */
    isAdmin: async (user: SessionUser) => (await accounts.getCurrent(user)).isAdmin,
    /**
     * Billing registers how a purchase's sale_id given at sign-up gives its plan (verified with the
     * payment provider); without one, the sale id is kept on the account only.
     */
    claimSalesWith(claim: (user: SessionUser, saleId: string) => Promise<unknown>): void {
      claimSale = claim;
    },
  };
}

export type AccountsModule = ReturnType<typeof createAccountsModule>;
export type { AccountsService } from './accounts.service';
export type { AccountRow } from './accounts.repo';
export { syncPlans, DEFAULT_PLAN_SETTING, PLAN_GIVING_STATUSES, type PlanFloor } from './plan-floor.repo';
