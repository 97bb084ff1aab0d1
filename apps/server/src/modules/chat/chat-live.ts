import type { ChatMessage } from '@tessera/contracts/chat';
import { createEventQueue, type EventQueue } from '../../platform/http/sse';

/**
 * The app's last messages, now and again after every change: how a reload or a second tab follows
 * a turn that another request is streaming. Changes that come while the messages are being read
 * are read once more, after (one read at a time). While the last message is still streaming it is
 * also read every `recheckMs`, so a follower learns of a turn whose process died (no change would
 * ever come) and catches up after notifications it missed. Reading the queue to its end (the
 * client going away) unsubscribes.
 */
export async function followLastMessages(
  read: () => Promise<ChatMessage[]>,
  subscribe: (onChange: () => void) => Promise<() => Promise<void>>,
  recheckMs: number,
): Promise<EventQueue<ChatMessage[]>> {
  let unsubscribe: (() => Promise<void>) | null = null;
  let recheck: ReturnType<typeof setTimeout> | undefined;
  let isDetached = false;
  const queue = createEventQueue<ChatMessage[]>({
    onDetach: () => {
      isDetached = true;
      clearTimeout(recheck);
      return unsubscribe?.();
    },
  });
  let isQueued = false;
  let reading = Promise.resolve();
  const push = (messages: ChatMessage[]) => {
    queue.push(messages);
    clearTimeout(recheck);
    if (!isDetached && messages.at(-1)?.status === 'streaming') recheck = setTimeout(onChange, recheckMs);
  };
  const onChange = () => {
    if (isQueued) return;
    isQueued = true;
    reading = reading
      .then(async () => {
        isQueued = false;
        push(await read());
      })
      .catch(() => {});
  };
  push(await read());
  unsubscribe = await subscribe(onChange);
  return queue;
}
