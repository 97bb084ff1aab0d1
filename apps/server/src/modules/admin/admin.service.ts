import {
  ADMIN_MESSAGES,
  type AdminBuilder,
  type AdminUpdateBuilder,
  type InstallSettings,
  type UpdateInstallSettings,
} from '@tessera/contracts/accounts';
import { type SessionUser } from '@tessera/contracts/auth';
import { PLANS, type PlanId } from '@tessera/contracts/plans';
import { AppError } from '../../platform/errors';
import type { AccountsService } from '../accounts';
import { DEFAULT_PLAN_SETTING } from '../accounts';
import { SHOW_STARTERS_SETTING } from '../templates';
import { ADMIN_PAGE_SIZE, type AdminBuilderRow, type AdminRepo } from './admin.repo';

interface Deps {
  adminRepo: AdminRepo;
  accounts: AccountsService;
  /** Gives a plan by hand (billing): it counts like a subscription of provider "admin". */
  setPlanByHand: (accountId: string, plan: PlanId) => Promise<void>;
  adminEmails: ReadonlySet<string>;
  /** DEFAULT_PLAN: the default plan until an admin saves one. */
  environmentDefaultPlan: PlanId;
  paymentProviders: InstallSettings['paymentProviders'];
  /** Re-derives every account's plan (after the default plan changed). */
  syncAllPlans: () => Promise<void>;
}

/**
 * The operators' admin screen (docs/product/accounts-and-plans.md#roles-and-permissions): builders with their
 * plan and usage, a plan changed by hand, a user disabled or enabled. Admins only.
 */
export function createAdminService(deps: Deps) {
  const { adminRepo, accounts, setPlanByHand, adminEmails } = deps;
  async function requireAdmin(user: SessionUser) {
    const account = await accounts.getCurrent(user).catch(() => null);
    if (!account?.isAdmin) throw new AppError('FORBIDDEN', ADMIN_MESSAGES.adminsOnly);
    return account;
  }

  const toBuilder = (row: AdminBuilderRow): AdminBuilder => ({
    accountId: row.accountId,
    userId: row.userId,
    email: row.email,
    name: row.name,
    plan: row.plan as PlanId,
    isAdmin: row.isAdmin || adminEmails.has(row.email.toLowerCase()),
    disabled: row.disabled,
    planSubscriptionStatus: row.planSubscriptionStatus,
    planSubscriptionCancelledAt: row.planSubscriptionCancelledAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    usage: {
      messages: Number(row.messages),
      messagesThisMonth: Number(row.messagesThisMonth),
      dataProcessingBytes: Number(row.dataBytes),
      runsThisMonth: Number(row.runs),
    },
  });

  return {
    async list(user: SessionUser, q: string | undefined, offset: number) {
      await requireAdmin(user);
      const { rows, total } = await adminRepo.list(q || undefined, offset);
      return { builders: rows.map(toBuilder), total, limit: ADMIN_PAGE_SIZE };
    },

    /** The builders' default plan (and where it comes from) and whether plans can be bought here. */
    async settings(user: SessionUser): Promise<InstallSettings> {
      await requireAdmin(user);
      const [saved, showStarters] = await Promise.all([
        adminRepo.findSetting(DEFAULT_PLAN_SETTING),
        adminRepo.findSetting(SHOW_STARTERS_SETTING),
      ]);
      const isSaved = PLANS.includes(saved as PlanId);
      return {
        defaultPlan: isSaved ? (saved as PlanId) : deps.environmentDefaultPlan,
        defaultPlanSource: isSaved ? 'admin' : 'environment',
        showStarterTemplates: showStarters !== false,
        paymentProviders: deps.paymentProviders,
      };
    },

    /** Saves the builders' default plan (every account moves to it, higher plans stay) or the starters' switch. */
    async updateSettings(user: SessionUser, change: UpdateInstallSettings): Promise<InstallSettings> {
      await requireAdmin(user);
      if (change.showStarterTemplates !== undefined)
        await adminRepo.saveSetting(SHOW_STARTERS_SETTING, change.showStarterTemplates);
      if (change.defaultPlan) {
        await adminRepo.saveSetting(DEFAULT_PLAN_SETTING, change.defaultPlan);
        await deps.syncAllPlans();
      }
      return this.settings(user);
    },

    async update(user: SessionUser, accountId: string, change: AdminUpdateBuilder): Promise<AdminBuilder> {
      const admin = await requireAdmin(user);
      const row = await adminRepo.find(accountId);
      if (!row) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.builderNotFound);
      if (change.disabled === true && row.accountId === admin.accountId)
        throw new AppError('BAD_REQUEST', ADMIN_MESSAGES.notYourself);
      if (change.plan) await setPlanByHand(accountId, change.plan);
      if (change.disabled !== undefined) await adminRepo.setDisabled(row.userId, change.disabled);
      return toBuilder((await adminRepo.find(accountId))!);
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
