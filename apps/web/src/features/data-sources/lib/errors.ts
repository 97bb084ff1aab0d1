import { MESSAGES } from '@tessera/contracts';
import { UPGRADE_REASONS, type UpgradeReason } from '@tessera/contracts/context';
import { isApiError } from '../../../shared/api';
import { fileTooBigMessage, type UploadKind } from './validation';

/** The prefix every file-too-big message starts with, whatever the size. */
const FILE_TOO_BIG_PREFIX = MESSAGES.dataSources.fileTooBig.slice(0, MESSAGES.dataSources.fileTooBig.indexOf('{size}'));

function maxBytesOf(details: unknown): number | null {
  if (!details || typeof details !== 'object') return null;
  for (const key of ['maxFileSizeBytes', 'maxBytes', 'maxSize']) {
    const value = (details as Record<string, unknown>)[key];
    if (typeof value === 'number' && value > 0) return value;
  }
  return null;
}

/**
 * The message of a failed file upload (docs/product/data-sources.md#errors): a 400 with code file-too-big names the limit; any
 * other 400 on a CSV asks for headers and rows; another 400 shows the server's message; anything
 * else "Failed to upload context, try again later".
 */
export function uploadErrorMessage(err: unknown, kind: UploadKind, planMaxBytes: number): string {
  if (!isApiError(err)) return MESSAGES.dataSources.uploadFailed;
  if (err.code === 'file-too-big' || err.status === 413) {
    if (err.message.startsWith(FILE_TOO_BIG_PREFIX)) return err.message;
    return fileTooBigMessage(maxBytesOf(err.details) ?? planMaxBytes);
  }
  if (err.status === 400 && kind === 'csv') return MESSAGES.dataSources.csvInvalid;
  if (err.status === 400 && err.message) return err.message;
  return MESSAGES.dataSources.uploadFailed;
}

/**
 * The server's own message for a refused request (4xx, the spec's exact text), or the spec's
 * generic message of the action for anything else (server errors, network).
 */
export function serverMessageOr(err: unknown, fallback: string): string {
  if (isApiError(err) && err.status >= 400 && err.status < 500 && err.status !== 401 && err.message) return err.message;
  return fallback;
}

/** The upgrade prompt a refusal asks for (PLAN_LIMIT_REACHED with details.upgradeReason), or null. */
export function upgradeReasonOf(err: unknown): UpgradeReason | null {
  if (!isApiError(err) || err.code !== 'PLAN_LIMIT_REACHED') return null;
  const reason = (err.details as { upgradeReason?: unknown } | undefined)?.upgradeReason;
  return UPGRADE_REASONS.find((r) => r === reason) ?? 'default';
}
