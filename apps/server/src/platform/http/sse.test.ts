import { describe, expect, it, vi } from 'vitest';
import { createEventQueue, encodeSse, sseResponse } from './sse';

const read = async (response: Response) => {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  return {
    async chunk() {
      const { value, done } = await reader.read();
      return done ? null : decoder.decode(value);
    },
    cancel: () => reader.cancel(),
  };
};

describe('encodeSse', () => {
  it('writes the name, the id and one data line per line of data', () => {
    expect(encodeSse({ data: '{"a":1}' })).toBe('data: {"a":1}\n\n');
    expect(encodeSse({ event: 'item', id: '7', data: 'one\ntwo' })).toBe(
      'event: item\nid: 7\ndata: one\ndata: two\n\n',
    );
  });
});

describe('sseResponse', () => {
  it('streams each event as it comes, then ends with the events', async () => {
    const queue = createEventQueue<number>();
    const response = sseResponse(queue, (n) => ({ event: 'n', data: String(n) }), { keepAliveMs: null });
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const body = await read(response);
    queue.push(1);
    expect(await body.chunk()).toBe('event: n\ndata: 1\n\n');
    queue.push(2);
    queue.close();
    expect(await body.chunk()).toBe('event: n\ndata: 2\n\n');
    expect(await body.chunk()).toBeNull();
  });

  it('sends keep-alive comments while idle', async () => {
    vi.useFakeTimers();
    try {
      const response = sseResponse(createEventQueue<string>(), (data) => ({ data }), { keepAliveMs: 1000 });
      const body = await read(response);
      vi.advanceTimersByTime(1000);
      expect(await body.chunk()).toBe(': keep-alive\n\n');
      await body.cancel();
    } finally {
      vi.useRealTimers();
    }
  });

  it('detaches the queue at once when the client goes away, even while it waits', async () => {
    const onDetach = vi.fn();
    const queue = createEventQueue<string>({ onDetach });
    const body = await read(sseResponse(queue, (data) => ({ data }), { keepAliveMs: null }));
    const pending = body.chunk();
    await body.cancel();
    expect(onDetach).toHaveBeenCalledOnce();
    expect(await pending).toBeNull();
    queue.push('late'); // dropped: nobody reads any more
  });
});
