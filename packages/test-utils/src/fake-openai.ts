import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A model answer recorded in the action protocol (`fixtures/answers/{name}.txt`). */
export function recordedAnswer(name: 'task-tracker'): string {
  return readFileSync(new URL(`../fixtures/answers/${name}.txt`, import.meta.url), 'utf8');
}

export interface FakeOpenAIRequest {
  path: string;
  body: {
    model?: string;
    messages?: Array<{ role: string; content: unknown }>;
    stream?: boolean;
    /** The output budget the client sent. */
    max_tokens?: number;
  };
}

/**
 * A recorded text streamed in chunks (after `waitFor` settles, to hold a turn open; or, with
 * `pauseAfter`, once that many characters are out, until `until` settles: a turn cut mid-answer),
 * or an HTTP error.
 */
export type FakeReply =
  | {
      text: string;
      chunkSize?: number;
      /** Why the answer ends: "length" is a provider stopping at the output budget (default "stop"). */
      finishReason?: 'stop' | 'length';
      waitFor?: Promise<unknown>;
      pauseAfter?: { chars: number; until: Promise<unknown> };
    }
  | { status: number; message?: string; headers?: Record<string, string> };

export interface FakeOpenAI {
  /** e.g. `http://127.0.0.1:43121/v1` — what OPENAI_COMPATIBLE_BASE_URL points at. */
  baseUrl: string;
  requests: FakeOpenAIRequest[];
  /** The chat completions answer from now on: a recorded text streamed in chunks, or an HTTP error status (with headers such as Retry-After). */
  setReply(reply: FakeReply): void;
  /** Answers the next calls with these, one each, before the `setReply` answer comes back. */
  queueReplies(...replies: FakeReply[]): void;
  close(): Promise<void>;
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (data += c));
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });

/**
 * An OpenAI-compatible model server on loopback (`/v1/models`, streaming `/v1/chat/completions`)
 * so the real `@ai-sdk/openai-compatible` client is exercised end to end without the internet.
 */
export async function startFakeOpenAI({
  models = ['fake-coder'],
  port = 0,
  answer,
}: {
  models?: string[];
  port?: number;
  /** Chooses the reply from the request itself (a replayed conversation); undefined falls through to the queue. */
  answer?: (body: FakeOpenAIRequest['body']) => FakeReply | undefined;
} = {}): Promise<FakeOpenAI> {
  const requests: FakeOpenAIRequest[] = [];
  let standing: FakeReply = { text: 'Hello from the fake model.' };
  const queued: FakeReply[] = [];

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '').split('?')[0]!;
    if (req.method === 'GET' && path === '/v1/models') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ object: 'list', data: models.map((id) => ({ id, object: 'model', owned_by: 'fake' })) }),
      );
      return;
    }
    if (req.method !== 'POST' || path !== '/v1/chat/completions') {
      res.writeHead(404).end();
      return;
    }
    const body = JSON.parse((await readBody(req)) || '{}') as FakeOpenAIRequest['body'];
    requests.push({ path, body });
    const reply = answer?.(body) ?? queued.shift() ?? standing;
    if ('status' in reply) {
      res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
      res.end(JSON.stringify({ error: { message: reply.message ?? 'fake failure', type: 'fake_error' } }));
      return;
    }
    const { text, chunkSize = 40, waitFor, pauseAfter, finishReason = 'stop' } = reply;
    await waitFor;
    const id = `chatcmpl-${requests.length}`;
    const created = Math.floor(Date.now() / 1000);
    const chunk = (delta: Record<string, unknown>, finish: string | null, usage?: Record<string, number>) =>
      `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: body.model, choices: [{ index: 0, delta, finish_reason: finish }], ...(usage ? { usage } : {}) })}\n\n`;
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    res.write(chunk({ role: 'assistant', content: '' }, null));
    for (let i = 0; i < text.length; i += chunkSize) {
      if (pauseAfter && i >= pauseAfter.chars && i - chunkSize < pauseAfter.chars) await pauseAfter.until;
      res.write(chunk({ content: text.slice(i, i + chunkSize) }, null));
    }
    const completion = Math.ceil(text.length / 4);
    res.write(
      chunk({}, finishReason, { prompt_tokens: 1000, completion_tokens: completion, total_tokens: 1000 + completion }),
    );
    res.end('data: [DONE]\n\n');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const address = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${address.port}/v1`,
    requests,
    setReply(next) {
      standing = next;
    },
    queueReplies(...next) {
      queued.push(...next);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
