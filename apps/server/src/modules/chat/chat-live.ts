import type { ChatMessage } from '@tessera/contracts/chat';
import { createEventQueue, type EventQueue } from '../../platform/http/sse';

/**
 * The app's last messages, now and again after every change: how a reload or a second tab follows
 * a turn that another request is streaming. Changes that come while the messages are being read
 * are read once more, after (one read at a time). Reading the queue to its end (the client going away) unsubscribes.
 */
export async function followLastMessages(
  read: () => Promise<ChatMessage[]>,
  subscribe: (onChange: () => void) => Promise<() => Promise<void>>,
): Promise<EventQueue<ChatMessage[]>> {
  let unsubscribe: (() => Promise<void>) | null = null;
  const queue = createEventQueue<ChatMessage[]>({ onDetach: () => unsubscribe?.() });
  queue.push(await read());
  let isQueued = false;
  let reading = Promise.resolve();
  unsubscribe = await subscribe(() => {
    if (isQueued) return;
    isQueued = true;
    reading = reading
      .then(async () => {
        isQueued = false;
        queue.push(await read());
      })
      .catch(() => {});
  });
  return queue;
}
