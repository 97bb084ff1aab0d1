import { describe, expect, it } from 'vitest';
import { createSseParser, openEventStream, readSseEvents, type SseEvent } from './sse';

function parse(chunks: string[]): SseEvent[] {
  const events: SseEvent[] = [];
  const parser = createSseParser((e) => events.push(e));
  for (const chunk of chunks) parser.feed(chunk);
  return events;
}

describe('createSseParser', () => {
  it('parses named events, skips comments, defaults the name to message', () => {
    expect(parse([': ping\n\nevent: ready\ndata: {}\n\nevent: item\ndata: {"a":1}\n\ndata: plain\n\n'])).toEqual([
      { event: 'ready', data: '{}' },
      { event: 'item', data: '{"a":1}' },
      { event: 'message', data: 'plain' },
    ]);
  });

  it('joins data lines and keeps the event id', () => {
    expect(parse(['id: 7\nevent: count\ndata: a\ndata:b\n\n'])).toEqual([{ event: 'count', data: 'a\nb', id: '7' }]);
  });

  it('handles chunks split anywhere, CRLF split between chunks included', () => {
    const text = 'event: item\r\ndata: {"x":"y"}\r\n\r\nevent: count\r\ndata: {"count":2}\r\n\r\n';
    const whole = parse([text]);
    expect(whole).toHaveLength(2);
    for (let i = 1; i < text.length; i++) expect(parse([text.slice(0, i), text.slice(i)])).toEqual(whole);
    expect(parse(text.split(''))).toEqual(whole);
  });

  it('does not dispatch an event without data or before its blank line', () => {
    expect(parse(['event: ready\n\n'])).toEqual([]);
    expect(parse(['event: item\ndata: 1\n'])).toEqual([]);
  });

  it('reads the chat live stream: CR/LF split between chunks, keep-alive comments, default event name', () => {
    const events: SseEvent[] = [];
    const parser = createSseParser((e) => events.push(e));
    parser.feed('event: messages\r\ndata: {"a"');
    expect(events).toEqual([]);
    parser.feed(':1}\r');
    expect(events).toEqual([]);
    parser.feed('\n\r\n: keep-alive\n\n');
    expect(events).toEqual([{ event: 'messages', data: '{"a":1}' }]);
    parser.feed('data: x\ndata: y\n\n');
    expect(events.at(-1)).toEqual({ event: 'message', data: 'x\ny' });
  });
});

const bodyOf = (chunks: string[]) =>
  new ReadableStream<Uint8Array<ArrayBuffer>>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
      controller.close();
    },
  });

describe('readSseEvents', () => {
  it('yields the events of a body split anywhere, skipping comments', async () => {
    const events: SseEvent[] = [];
    for await (const event of readSseEvents(bodyOf(['event: a\nda', 'ta: 1\n\n: keep-alive\n\n', 'data: 2\n\n'])))
      events.push(event);
    expect(events).toEqual([
      { event: 'a', data: '1' },
      { event: 'message', data: '2' },
    ]);
  });

  it('cancels the body when the reader stops early', async () => {
    let cancelled = false;
    const body = new ReadableStream<Uint8Array<ArrayBuffer>>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('data: 1\n\n'));
      },
      cancel() {
        cancelled = true;
      },
    });
    for await (const event of readSseEvents(body)) {
      expect(event.data).toBe('1');
      break;
    }
    expect(cancelled).toBe(true);
  });
});

describe('openEventStream', () => {
  it('asks for an event stream with the bearer token', async () => {
    let seen: RequestInit | undefined;
    const fetchImpl = async (_url: RequestInfo | URL, init?: RequestInit) => {
      seen = init;
      return new Response('');
    };
    await openEventStream('/events', { token: 'abc', fetch: fetchImpl as typeof fetch, cache: 'no-store' });
    expect(seen).toMatchObject({
      cache: 'no-store',
      headers: { accept: 'text/event-stream', authorization: 'Bearer abc' },
    });
  });
});
