import { type SessionUser } from '@tessera/contracts/auth';
import {
  CREDITS_MESSAGES,
  CREDIT_HISTORY_MAX,
  END_USERS_LIST_MAX,
  type CreditAdjustmentRequest,
  type CreditAdjustmentResponse,
  type CreditHistoryResponse,
  type EndUsersQuery,
  type EndUsersResponse,
} from '@tessera/contracts/credits';
import { toolRunMessage } from '@tessera/contracts/tool-runs';
import { AppError } from '../../platform/errors';
import { runSettingsOf } from '../tool-runs';
import type { CreditsRepo } from './credits.repo';

/**
 * End users' credits for their app's builder (docs/product/tools.md#credits): the list with balances
 * and runs, one user's history, and adjustments. Only the app's owner may (anyone else's app, and
 * another app's end user, is "not found").
 */
export function createCreditsService({
  repo,
  getOwned,
}: {
  repo: CreditsRepo;
  /** The app, if this builder owns it; NOT_FOUND otherwise. */
  getOwned: (user: SessionUser, appId: string) => Promise<{ id: string; settings: Record<string, unknown> }>;
}) {
  async function ownedUser(user: SessionUser, appId: string, appUserId: string) {
    const app = await getOwned(user, appId);
    const { startingCredits } = runSettingsOf(app.settings);
    const endUser = await repo.findUser(app.id, appUserId, startingCredits);
    if (!endUser) throw new AppError('NOT_FOUND', CREDITS_MESSAGES.endUserNotFound);
    return { app, endUser, startingCredits };
  }

  return {
    async list(user: SessionUser, appId: string, query: EndUsersQuery): Promise<EndUsersResponse> {
      const app = await getOwned(user, appId);
      const { startingCredits, creditsPerRun } = runSettingsOf(app.settings);
      const found = await repo.listUsers(app.id, startingCredits, query.q || undefined, END_USERS_LIST_MAX);
      return { ...found, startingCredits, creditsPerRun };
    },

    async history(user: SessionUser, appId: string, appUserId: string): Promise<CreditHistoryResponse> {
      const { endUser } = await ownedUser(user, appId, appUserId);
      return { user: endUser, adjustments: await repo.history(appId, appUserId, CREDIT_HISTORY_MAX) };
    },

    async adjust(
      user: SessionUser,
      appId: string,
      appUserId: string,
      req: CreditAdjustmentRequest,
    ): Promise<CreditAdjustmentResponse> {
      const { endUser, startingCredits } = await ownedUser(user, appId, appUserId);
      const done = await repo.adjust({ appId, appUserId, byUserId: user.id, ...req, startingCredits });
      if (!done.ok) throw new AppError('CONFLICT', toolRunMessage(CREDITS_MESSAGES.belowZero, { left: done.left }));
      return {
        user: { ...endUser, credits: done.balanceAfter },
        adjustment: {
          id: done.id,
          delta: req.delta,
          balanceAfter: done.balanceAfter,
          reason: req.reason,
          by: user.email,
          createdAt: done.at.toISOString(),
        },
      };
    },
  };
}

export type CreditsService = ReturnType<typeof createCreditsService>;
