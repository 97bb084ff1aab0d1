import { MESSAGES } from '@tessera/contracts';
import type { ChatAnnotation } from '@tessera/contracts/chat';

/**
 * What went wrong in an app's last chat turn, in the turn's own words, for /home: the turn failed
 * or was cut off by the server (`error`), or validation refused its changes (all or some of them).
 * Null for a turn that went through, one still being written, or no turn at all.
 */
export function lastTurnErrorOf(answer: { status: string; annotations: unknown[] } | undefined): string | null {
  if (!answer || answer.status === 'streaming') return null;
  const info = (answer.annotations[0] as ChatAnnotation | undefined)?.systemActionInfo;
  if (answer.status === 'error') return info?.message ?? MESSAGES.chat.failed;
  return info?.type === 'validation-failed' ? (info.message ?? MESSAGES.chat.refused) : null;
}
