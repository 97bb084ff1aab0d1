import { z } from 'zod';
import { APP_KINDS } from './apps';

/** Claiming an app by invitation (docs/product/tools.md#claim-invitation). */
export const CLAIM_MESSAGES = {
  invalidCode: 'This invite link is invalid or has already been used',
  notClaimable: 'This app is no longer open to claiming, ask its builder for a new invite link',
  alreadyYours: 'This app is already yours',
  failed: 'Failed to claim the app, try again later',
  claimed: '{name} is now yours',
  keysRevoked: 'The previous builder’s API keys ({count}) no longer work: create your own in Export or Tool API',
} as const;

/** A claim code as the invite link carries it (anything else is simply not a valid code). */
const code = z.string().max(200, 'must be at most 200 characters');

/** `GET /api/apps/{appId}/claim?code=…`: what the customer is about to claim. */
export const ClaimPreviewQuerySchema = z.object({ code });
export const ClaimPreviewResponseSchema = z.object({
  appId: z.string(),
  name: z.string(),
  appType: z.enum(APP_KINDS),
  /** The caller already owns the app (nothing to claim). */
  isYours: z.boolean(),
});
export type ClaimPreviewResponse = z.infer<typeof ClaimPreviewResponseSchema>;

/** `POST /api/apps/{appId}/claim`. */
export const ClaimAppRequestSchema = z.object({ code });
export type ClaimAppRequest = z.infer<typeof ClaimAppRequestSchema>;
export const ClaimAppResponseSchema = z.object({
  appId: z.string(),
  name: z.string(),
  appType: z.enum(APP_KINDS),
  /** The previous owner's app keys and tool API keys the claim revoked. */
  revokedKeys: z.number().int(),
});
export type ClaimAppResponse = z.infer<typeof ClaimAppResponseSchema>;
