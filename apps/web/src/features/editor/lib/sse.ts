/** One server-sent event. */
export interface SseEvent {
  event: string;
  data: string;
}

/**
 * An incremental text/event-stream parser (the live chat stream is read with fetch, because it
 * needs the Authorization header that EventSource cannot send). Comments (keep-alives) are skipped.
 */
export function createSseParser() {
  let buffer = '';
  let event = '';
  let data: string[] = [];

  function line(text: string, out: SseEvent[]) {
    if (text === '') {
      if (data.length) out.push({ event: event || 'message', data: data.join('\n') });
      event = '';
      data = [];
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  }

  return {
    /** Adds a chunk of text; returns the events it completed. */
    push(chunk: string): SseEvent[] {
      buffer += chunk;
      const out: SseEvent[] = [];
      let index: number;
      while ((index = buffer.search(/\r\n|\r|\n/)) !== -1) {
        const text = buffer.slice(0, index);
        const width = buffer.startsWith('\r\n', index) ? 2 : 1;
        // A lone \r at the end may be the first half of \r\n: wait for the next chunk.
        if (buffer[index] === '\r' && index === buffer.length - 1) break;
        buffer = buffer.slice(index + width);
        line(text, out);
      }
      return out;
    },
  };
}
