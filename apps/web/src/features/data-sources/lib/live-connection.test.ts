import { describe, expect, it } from 'vitest';
import { startLiveConnection, type LiveMode } from './live-connection';
import type { SseEvent } from '../../../shared/api';

/** Timers run by hand: `run()` fires everything scheduled so far. */
function manualTimers() {
  const timeouts = new Map<number, { run: () => void; ms: number }>();
  const intervals = new Map<number, { run: () => void; ms: number }>();
  let next = 1;
  return {
    timeouts,
    intervals,
    set: (run: () => void, ms: number) => (timeouts.set(next, { run, ms }), next++),
    clear: (h: unknown) => void timeouts.delete(h as number),
    setInterval: (run: () => void, ms: number) => (intervals.set(next, { run, ms }), next++),
    clearInterval: (h: unknown) => void intervals.delete(h as number),
    fireTimeouts() {
      const due = [...timeouts.values()];
      timeouts.clear();
      for (const t of due) t.run();
    },
  };
}

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

function setup(responses: Array<() => Response | Promise<Response>>) {
  const timers = manualTimers();
  const events: SseEvent[] = [];
  const modes: LiveMode[] = [];
  const requests: RequestInit[] = [];
  let polls = 0;
  let call = 0;
  const connection = startLiveConnection({
    url: '/api/context/items/events?appId=a1',
    getToken: () => 'tok',
    onEvent: (e) => events.push(e),
    onPoll: () => void polls++,
    onModeChange: (m) => modes.push(m),
    timers,
    fetch: async (_url, init) => {
      requests.push(init ?? {});
      const make = responses[Math.min(call++, responses.length - 1)]!;
      return make();
    },
  });
  return { connection, timers, events, modes, requests, polls: () => polls, calls: () => call };
}

describe('startLiveConnection', () => {
  it('sends the bearer token and hands over the events of the stream', async () => {
    const s = setup([
      () => new Response(streamOf(['event: ready\ndata: {}\n\n', 'event: item\ndata: {"x":1}\n\n']), { status: 200 }),
    ]);
    await tick();
    expect(new Headers(s.requests[0]!.headers).get('authorization')).toBe('Bearer tok');
    expect(s.events.map((e) => e.event)).toEqual(['ready', 'item']);
    s.connection.stop();
  });

  it('reconnects with backoff when the stream ends, then falls back to polling after 3 failures', async () => {
    const s = setup([() => new Response('boom', { status: 500 })]);
    await tick();
    expect(s.connection.mode()).toBe('waiting');
    expect([...s.timers.timeouts.values()].map((t) => t.ms)).toEqual([1000]);
    s.timers.fireTimeouts();
    await tick();
    expect([...s.timers.timeouts.values()].map((t) => t.ms)).toEqual([2000]);
    s.timers.fireTimeouts();
    await tick();
    expect(s.calls()).toBe(3);
    expect(s.connection.mode()).toBe('polling');
    expect([...s.timers.intervals.values()].map((t) => t.ms)).toEqual([2000]);
    [...s.timers.intervals.values()][0]!.run();
    expect(s.polls()).toBe(1);
    s.connection.stop();
    expect(s.timers.intervals.size).toBe(0);
  });

  it('polls at once when the server has no stream', async () => {
    const s = setup([() => new Response('{}', { status: 404 })]);
    await tick();
    expect(s.connection.mode()).toBe('polling');
    s.connection.stop();
  });

  it('stops for good on 401', async () => {
    const s = setup([() => new Response('{}', { status: 401 })]);
    await tick();
    expect(s.connection.mode()).toBe('closed');
    expect(s.timers.timeouts.size + s.timers.intervals.size).toBe(0);
  });

  it('retryNow reconnects at once from polling or waiting, and a stream that delivered events resets the count', async () => {
    let healthy = false;
    const s = setup([
      () =>
        healthy
          ? new Response(streamOf(['event: ready\ndata: {}\n\n']), { status: 200 })
          : Promise.reject(new TypeError('offline')),
    ]);
    await tick();
    s.timers.fireTimeouts();
    await tick();
    s.timers.fireTimeouts();
    await tick();
    expect(s.connection.mode()).toBe('polling');
    healthy = true;
    s.connection.retryNow();
    await tick();
    expect(s.events.map((e) => e.event)).toEqual(['ready']);
    // The healthy stream ended after its event: one failure, so a reconnect in 1 s, not polling.
    expect(s.connection.mode()).toBe('waiting');
    expect([...s.timers.timeouts.values()].map((t) => t.ms)).toEqual([1000]);
    expect(s.timers.intervals.size).toBe(0);
    s.connection.stop();
    expect(s.modes.at(-1)).toBe('closed');
  });
});
