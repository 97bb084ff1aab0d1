/**
 * The tool page's calls to its app host (docs/product/tools.md#calls): a run streamed as
 * Server-Sent Events, what the caller has left, the signed-in user's remembered fields, and the
 * save of an edited result. The anonymous visitor's id rides in its cookie; an end user's session
 * in the `Authorization` header (the SDK's token).
 */
import type {
  EditToolRunResultResponse,
  ToolFieldValue,
  ToolRunEvent,
  ToolRunUsage,
  UserMemoriesResponse,
} from '@tessera/contracts/tool-runs';
import { apiRequest, ApiError, callerHeaders } from '../sdk';

const toolBase = (path: string) => `/live_api/tools/${encodeURIComponent(path)}`;

/** Splits an SSE byte stream into its events (name and JSON data), as they arrive. */
export async function* readSse(body: ReadableStream<Uint8Array>): AsyncGenerator<{ event: string; data: string }> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (value) buffer += decoder.decode(value, { stream: true });
      const parts = buffer.split(/\r?\n\r?\n/);
      buffer = done ? '' : parts.pop()!;
      for (const part of parts) {
        let event = 'message';
        const data: string[] = [];
        for (const line of part.split(/\r?\n/)) {
          if (line.startsWith(':')) continue;
          const colon = line.indexOf(':');
          const field = colon === -1 ? line : line.slice(0, colon);
          const text = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
          if (field === 'event') event = text;
          else if (field === 'data') data.push(text);
        }
        if (data.length) yield { event, data: data.join('\n') };
      }
      if (done) return;
    }
  } finally {
    reader.releaseLock();
  }
}

/**
 * Starts a run and yields its events. A run refused before it starts (a limit, bad input) throws
 * an ApiError with the server's message.
 */
export const streamRun = (path: string, values: Record<string, ToolFieldValue>, signal?: AbortSignal) =>
  streamEvents(`${toolBase(path)}/runs`, { values }, signal);

/**
 * POSTs `body` to a run endpoint of the app host (a tool run, a question to the app's chat
 * assistant) and yields the run events it streams back; a refusal throws an ApiError.
 */
export async function* streamEvents(url: string, body: unknown, signal?: AbortSignal): AsyncGenerator<ToolRunEvent> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { ...callerHeaders(), 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify(body),
      credentials: 'same-origin',
      signal,
    });
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new ApiError('The network request failed, check your connection', 0, null);
  }
  if (!res.ok || !res.body) {
    const data = (await res.json().catch(() => null)) as { error?: { message?: string; code?: string } } | null;
    throw new ApiError(data?.error?.message ?? `Request failed (${res.status})`, res.status, data?.error?.code ?? null);
  }
  for await (const { data } of readSse(res.body)) {
    try {
      yield JSON.parse(data) as ToolRunEvent;
    } catch {
      // A line that is not an event of ours is skipped.
    }
  }
}

export const fetchUsage = (path: string) => apiRequest<ToolRunUsage>('GET', `${toolBase(path)}/usage`);

export const fetchMemories = (appId: string) =>
  apiRequest<UserMemoriesResponse>('GET', `/live_api/user/memories/current?appId=${encodeURIComponent(appId)}`);

export const saveEditedResult = (runId: string, result: string) =>
  apiRequest<EditToolRunResultResponse>('PUT', `/live_api/tools/runs/${encodeURIComponent(runId)}/result`, {
    result,
  });
