import { TOOL_RUN_MESSAGES } from '@tessera/contracts/tool-runs';
import { AppError } from '../../platform/errors';
import type { ModelCatalog } from '../../platform/llm/models';
import type { RunModel } from './run-answer';
import { issueVisitorToken, verifyVisitorToken } from './visitor-id';

/**
 * Who runs on an app's host: its subject (`u:` end user, `v:` visitor) and, for a new visitor, the
 * signed id to hand out. A forged visitor id, or a visitor where sign-in is required, is refused.
 */
export function identifyRunCaller(
  appId: string,
  caller: { appUserId: string | null; visitorToken: string | null },
  secret: string,
  loginRequired: boolean,
): { subject: string; newVisitorToken: string | null } {
  if (caller.appUserId) return { subject: `u:${caller.appUserId}`, newVisitorToken: null };
  if (loginRequired) throw new AppError('UNAUTHORIZED', TOOL_RUN_MESSAGES.signInRequired);
  if (caller.visitorToken) {
    const id = verifyVisitorToken(caller.visitorToken, appId, secret);
    if (!id) throw new AppError('UNAUTHORIZED', TOOL_RUN_MESSAGES.visitorInvalid);
    return { subject: `v:${id}`, newVisitorToken: null };
  }
  const issued = issueVisitorToken(appId, secret);
  return { subject: `v:${issued.id}`, newVisitorToken: issued.token };
}

/** The model an app's settings name (the default when unset or no longer offered); offline where no provider is. */
export async function runModelFor(models: ModelCatalog, aiModel: string | undefined): Promise<RunModel> {
  let chosen;
  try {
    chosen = await models.resolve(aiModel);
  } catch {
    chosen = await models.resolve();
  }
  return chosen.provider === 'offline' ? { kind: 'offline' } : { kind: 'provider', model: chosen };
}
