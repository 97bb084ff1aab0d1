import { MESSAGES } from '@tessera/contracts';
import type { ChatAnnotation, ChatMessage } from '@tessera/contracts/chat';
import { chatTurns } from '../../platform/metrics';
import type { ChatRepo } from './chat.repo';

/** How often a running turn writes its answer so far, which also says its process is alive. */
export const TURN_HEARTBEAT_MS = 5_000;
/** A streaming answer not written for this long (three missed heartbeats) belongs to a process that is gone. */
export const TURN_STALE_MS = 15_000;

interface OrphanDeps {
  chatRepo: Pick<ChatRepo, 'closeStale' | 'notify'>;
  /** The assistant messages this process's turns are writing. */
  runningHere: ReadonlySet<string>;
  /**
   * Whether this is the only process on the database (the embedded one, locked to one process):
   * then a turn not running here is not running anywhere, and need not be waited for.
   */
  isOnlyProcess: boolean;
}

/**
 * Finds turns whose process died (kill -9, a crash, a lost machine) and closes them as failed with
 * the answer written so far, so the builder can continue at once instead of waiting for a turn
 * that will never end (docs/product/editor-and-chat.md#states-and-transitions).
 */
export function createOrphanCheck({ chatRepo, runningHere, isOnlyProcess }: OrphanDeps) {
  /** The message as closed when it was an orphan, null when its turn may still be running. */
  return async function closeOrphan(appId: string, message: ChatMessage): Promise<ChatMessage | null> {
    if (message.role !== 'assistant' || message.status !== 'streaming' || runningHere.has(message.id)) return null;
    const annotation: ChatAnnotation = {
      ...message.annotations[0],
      status: 'error',
      systemActionInfo: { type: 'interrupted', message: MESSAGES.chat.turnLost },
    };
    const isClosed = await chatRepo.closeStale(appId, message.id, isOnlyProcess ? 0 : TURN_STALE_MS, annotation);
    if (!isClosed) return null;
    chatTurns.inc({ outcome: 'lost' });
    await chatRepo.notify(appId);
    return { ...message, status: 'error', annotations: [annotation] };
  };
}

export type CloseOrphan = ReturnType<typeof createOrphanCheck>;

/** The messages with a last one that was an orphan closed (what a reader should see). */
export async function withOrphanClosed(
  appId: string,
  messages: ChatMessage[],
  closeOrphan: CloseOrphan,
): Promise<ChatMessage[]> {
  const last = messages.at(-1);
  const closed = last?.status === 'streaming' ? await closeOrphan(appId, last) : null;
  return closed ? [...messages.slice(0, -1), closed] : messages;
}
