import { type Account } from '@tessera/contracts/accounts';
import {
  canHideWatermark,
  parseAppStyle,
  parseAppTexts,
  WATERMARK_PLAN_MESSAGE,
  type AppLookResponse,
  type AppStyle,
  type AppTexts,
} from '@tessera/contracts/apps';
import { type SessionUser } from '@tessera/contracts/auth';
import { AppError } from '../../platform/errors';
import type { BrandingRepo } from './branding.repo';

export interface BrandingServiceDeps {
  brandingRepo: BrandingRepo;
  /** The app, if `user` owns it (404 otherwise): the apps service's rule. */
  getOwned: (user: SessionUser, appId: string) => Promise<{ id: string; style: Record<string, unknown> }>;
  updateStyle: (appId: string, style: AppStyle) => Promise<void>;
  accountOf: (user: SessionUser) => Promise<Pick<Account, 'plan'>>;
}

/**
 * App style and App texts of a builder's app (docs/product/runtime.md#data): checked field by field, the watermark
 * switch gated on the plan. The preview shows what is saved here; the live app shows it once published.
 */
export function createBrandingService({ brandingRepo, getOwned, updateStyle, accountOf }: BrandingServiceDeps) {
  return {
    async getLook(user: SessionUser, appId: string): Promise<AppLookResponse> {
      const [row, account] = await Promise.all([getOwned(user, appId), accountOf(user)]);
      return {
        style: row.style,
        texts: (await brandingRepo.getTexts(row.id)) as Record<string, unknown>,
        canHideWatermark: canHideWatermark(account.plan),
      };
    },

    /**
     * Replaces the style. Turning the watermark switch on needs a plan that may hide it; a switch
     * already on is kept as it is (a downgraded owner can still save colours; the badge shows anyway).
     */
    async saveStyle(user: SessionUser, appId: string, raw: unknown): Promise<{ status: true }> {
      const row = await getOwned(user, appId);
      const parsed = parseAppStyle(raw);
      if (!parsed.ok) throw new AppError('VALIDATION_FAILED', parsed.error, { field: parsed.field });
      if (parsed.value.hideBuildAI === true && row.style.hideBuildAI !== true) {
        const account = await accountOf(user);
        if (!canHideWatermark(account.plan))
          throw new AppError('PLAN_LIMIT_REACHED', WATERMARK_PLAN_MESSAGE, {
            field: 'hideBuildAI',
            upgradeReason: 'default',
          });
      }
      await updateStyle(row.id, parsed.value);
      return { status: true };
    },

    async saveTexts(user: SessionUser, appId: string, raw: unknown): Promise<{ status: true }> {
      const row = await getOwned(user, appId);
      const parsed = parseAppTexts(raw);
      if (!parsed.ok) throw new AppError('VALIDATION_FAILED', parsed.error, { field: parsed.field });
      await brandingRepo.saveTexts(row.id, parsed.value satisfies AppTexts);
      return { status: true };
    },
  };
}

export type BrandingService = ReturnType<typeof createBrandingService>;
