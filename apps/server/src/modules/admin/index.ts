// The operators' admin screen: builders with their plans, disabling and plan changes by hand.
import type { PlanId } from '@tessera/contracts/plans';
import type { SignedIn } from '../../platform/http/signed-in';
import type { Platform } from '../../platform/platform';
import type { AccountsService } from '../accounts';
import { syncPlans } from '../accounts';
import { createAdminRepo } from './admin.repo';
import { adminRoutes } from './admin.routes';
import { createAdminService } from './admin.service';

export interface AdminModuleDeps {
  signedIn: SignedIn;
  accounts: AccountsService;
  /** Gives an account a plan without a payment (billing's rule). */
  setPlanByHand: (accountId: string, plan: PlanId) => Promise<void>;
}

/** Builds the admin module: its routes (admins only: the service checks). */
export function createAdminModule({ db, config }: Platform, { signedIn, accounts, setPlanByHand }: AdminModuleDeps) {
  const admin = createAdminService({
    adminRepo: createAdminRepo(db),
    accounts,
    setPlanByHand,
    adminEmails: config.adminEmails,
    environmentDefaultPlan: config.billing.defaultPlan,
    paymentProviders: { stripe: Boolean(config.billing.stripe), gumroad: Boolean(config.billing.gumroad) },
    syncAllPlans: () => syncPlans(db, { defaultPlan: config.billing.defaultPlan, adminEmails: config.adminEmails }),
  });
  return { routes: adminRoutes({ admin, signedIn }) };
}
