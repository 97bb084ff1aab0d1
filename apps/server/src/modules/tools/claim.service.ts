import { type AppKind } from '@tessera/contracts/apps';
import { type SessionUser } from '@tessera/contracts/auth';
import { CLAIM_MESSAGES, type ClaimAppResponse, type ClaimPreviewResponse } from '@tessera/contracts/tools';
import { AppError } from '../../platform/errors';
import type { AppRow } from '../apps/apps.repo';
import { claimCodeOf, sameCode } from './claim-code';
import type { ClaimRepo } from './claim.repo';

export interface ClaimServiceDeps {
  claimRepo: ClaimRepo;
  /** Any app by id, whoever owns it (null: none). */
  findApp: (appId: string) => Promise<AppRow | null>;
  /** Stored settings without the secrets sealed for the previous owner. */
  withoutSecrets: (settings: Record<string, unknown>) => Record<string, unknown>;
  /** Tells this process's app host the app changed (others hear the NOTIFY). */
  onClaimed?: (app: { id: string; slug: string }) => void;
  notifyChannel: string;
  /** Signs claim codes (the server's secret). */
  secret: string;
}

/** Ids are short and plain; anything else names no app (and must never reach the database as is). */
const APP_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Claiming an app by invitation (docs/product/tools.md#claim-invitation): a customer signed in as a
 * builder opens the invite link, sees the app and takes it over. A wrong, forged or used code and an
 * unknown app all answer the same 404, so the link reveals nothing without its code.
 */
export function createClaimService({
  claimRepo,
  findApp,
  withoutSecrets,
  onClaimed,
  notifyChannel,
  secret,
}: ClaimServiceDeps) {
  /** The app the code opens, or the reason it opens none. The caller's own app needs no code. */
  async function invitedApp(user: SessionUser, appId: string, code: string): Promise<AppRow> {
    const row = APP_ID.test(appId) ? await findApp(appId) : null;
    if (row && row.ownerUserId === user.id) return row;
    const expected = row ? claimCodeOf(secret, row.id, row.ownerUserId) : claimCodeOf(secret, appId, '');
    if (!sameCode(code, expected) || !row) throw new AppError('NOT_FOUND', CLAIM_MESSAGES.invalidCode);
    if (row.settings.isClaimable !== true) throw new AppError('CONFLICT', CLAIM_MESSAGES.notClaimable);
    return row;
  }

  const kindOf = (row: AppRow) => row.kind as AppKind;

  return {
    /** What the invite offers: the app's name and type, and whether it is already the caller's. */
    async preview(user: SessionUser, appId: string, code: string): Promise<ClaimPreviewResponse> {
      const row = await invitedApp(user, appId, code);
      return { appId: row.id, name: row.name, appType: kindOf(row), isYours: row.ownerUserId === user.id };
    },

    /**
     * Moves the app to the caller. Claim by customer is turned off on the way (the new owner has
     * invited no one), the previous owner's payment token is dropped (it pays into their account)
     * and their app keys and tool API keys stop working; the answer says how many keys that was.
     */
    async claim(user: SessionUser, appId: string, code: string): Promise<ClaimAppResponse> {
      const row = await invitedApp(user, appId, code);
      if (row.ownerUserId === user.id) throw new AppError('CONFLICT', CLAIM_MESSAGES.alreadyYours);
      const moved = await claimRepo.transfer(
        row.id,
        row.ownerUserId,
        user.id,
        (settings) => ({ ...withoutSecrets(settings), isClaimable: false }),
        notifyChannel,
      );
      if (!moved) {
        // Another claim (or the builder turning claiming off) came first.
        const now = await findApp(row.id);
        if (now?.ownerUserId === user.id)
          return { appId: now.id, name: now.name, appType: kindOf(now), revokedKeys: 0 };
        if (now && now.ownerUserId === row.ownerUserId && now.settings.isClaimable !== true)
          throw new AppError('CONFLICT', CLAIM_MESSAGES.notClaimable);
        throw new AppError('NOT_FOUND', CLAIM_MESSAGES.invalidCode);
      }
      const { app, revokedKeys } = moved;
      onClaimed?.({ id: app.id, slug: app.slug });
      return { appId: app.id, name: app.name, appType: kindOf(app), revokedKeys };
    },
  };
}

export type ClaimService = ReturnType<typeof createClaimService>;
