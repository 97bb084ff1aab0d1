import { getToken } from './token';

/** One Server-Sent Event: its name (`message` when the stream names none) and its data. */
export interface SseEvent {
  event: string;
  data: string;
  id?: string;
}

/**
 * An incremental parser of a `text/event-stream` body read with fetch (the streams need the
 * Authorization header, which EventSource cannot send) (the WHATWG rules that matter here): lines end
 * in LF, CRLF or CR, `:` lines are comments, `data:` lines join with LF, a blank line dispatches. Fed
 * with decoded chunks as they arrive, split anywhere.
 */
export function createSseParser(onEvent: (event: SseEvent) => void) {
  let buffer = '';
  let event = '';
  let data: string[] = [];
  let id: string | undefined;
  let pendingCr = false;

  function dispatch() {
    if (data.length) onEvent({ event: event || 'message', data: data.join('\n'), ...(id !== undefined ? { id } : {}) });
    event = '';
    data = [];
  }

  function line(text: string) {
    if (text === '') return dispatch();
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id' && !value.includes('\0')) id = value;
  }

  return {
    feed(chunk: string) {
      let text = chunk;
      // A CR at the end of the last chunk and an LF at the start of this one are one line break.
      if (pendingCr && text.startsWith('\n')) text = text.slice(1);
      pendingCr = false;
      buffer += text;
      let start = 0;
      for (let i = 0; i < buffer.length; i++) {
        const ch = buffer[i];
        if (ch !== '\n' && ch !== '\r') continue;
        line(buffer.slice(start, i));
        if (ch === '\r') {
          if (i + 1 === buffer.length) pendingCr = true;
          else if (buffer[i + 1] === '\n') i++;
        }
        start = i + 1;
      }
      buffer = buffer.slice(start);
    },
  };
}

export interface OpenEventStreamOptions extends Omit<RequestInit, 'headers'> {
  /** The bearer token; the session's by default. */
  token?: string | null;
  fetch?: typeof fetch;
}

/**
 * Opens a `text/event-stream` with the bearer token (EventSource cannot send it). The caller
 * checks the status, then reads the body with readSseEvents.
 */
export function openEventStream(
  url: string,
  { token = getToken(), fetch: fetchImpl = (...args) => fetch(...args), ...init }: OpenEventStreamOptions = {},
): Promise<Response> {
  const headers: Record<string, string> = { accept: 'text/event-stream' };
  if (token) headers.authorization = `Bearer ${token}`;
  return fetchImpl(url, { ...init, headers });
}

/** The events of a stream's body as they arrive; leaving the loop early cancels the body. */
export async function* readSseEvents(
  body: ReadableStream<Uint8Array<ArrayBuffer>>,
): AsyncGenerator<SseEvent, void, undefined> {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  const events: SseEvent[] = [];
  const parser = createSseParser((event) => events.push(event));
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      parser.feed(value);
      yield* events.splice(0);
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}
