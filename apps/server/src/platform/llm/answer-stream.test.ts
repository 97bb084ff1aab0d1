import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { APICallError } from '@ai-sdk/provider';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createOfflineAppBuilderModel } from '@tessera/agent';
import { startFakeOpenAI } from '@tessera/test-utils';
import { streamAnswer, type AnswerPart } from './answer-stream';

const fake = await startFakeOpenAI({ models: ['fake-coder'] });
const model = createOpenAICompatible({ name: 'compatible', baseURL: fake.baseUrl, includeUsage: true }).chatModel(
  'fake-coder',
);
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
  fake.setReply({ text: 'Hello there, builder.', chunkSize: 6 });
});

async function collect(parts: AsyncIterable<AnswerPart>) {
  const all: AnswerPart[] = [];
  for await (const part of parts) all.push(part);
  return all;
}
const retryNow = { 'retry-after-ms': '5' };

describe('streamAnswer', () => {
  it('streams the provider answer as UI-message chunks of one step, then its usage', async () => {
    const parts = await collect(
      streamAnswer(model, {
        system: 'Be brief.',
        messages: [
          { role: 'user', content: 'Hi' },
          { role: 'assistant', content: 'Hello' },
          { role: 'user', content: 'Again' },
        ],
      }),
    );
    const chunks = parts.flatMap((p) => (p.type === 'chunk' ? [p.chunk] : []));
    expect(chunks.map((c) => c.type)).toEqual([
      'start-step',
      'text-start',
      'text-delta',
      'text-delta',
      'text-delta',
      'text-delta',
      'text-end',
      'finish-step',
    ]);
    expect(chunks.map((c) => (c.type === 'text-delta' ? c.delta : '')).join('')).toBe('Hello there, builder.');
    expect(parts.at(-1)).toMatchObject({
      type: 'finish',
      finishReason: 'stop',
      usage: { inputTokens: { total: 1000 }, outputTokens: { total: 6 } },
    });
    expect(fake.requests[0]!.body.messages).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: 'Hello' },
      { role: 'user', content: 'Again' },
    ]);
  });

  it('retries a call refused for a while (429, 5xx), waiting as long as the provider asks', async () => {
    fake.queueReplies({ status: 429, headers: retryNow }, { status: 503, headers: retryNow });
    const parts = await collect(streamAnswer(model, { messages: [{ role: 'user', content: 'Hi' }] }));
    expect(fake.requests).toHaveLength(3);
    expect(parts.at(-1)).toMatchObject({ type: 'finish', finishReason: 'stop' });
  });

  it('gives up after its retries, and at once on a refusal that retrying cannot change', async () => {
    fake.setReply({ status: 429, headers: retryNow });
    const limited = await collect(
      streamAnswer(model, { messages: [{ role: 'user', content: 'Hi' }], maxRetries: 1 }),
    ).catch((err: unknown) => err);
    expect(APICallError.isInstance(limited) && limited.statusCode).toBe(429);
    expect(fake.requests).toHaveLength(2);
    fake.setReply({ status: 400, message: 'bad request' });
    const refused = await collect(streamAnswer(model, { messages: [{ role: 'user', content: 'Hi' }] })).catch(
      (err: unknown) => err,
    );
    expect(APICallError.isInstance(refused) && refused.statusCode).toBe(400);
    expect(fake.requests).toHaveLength(3);
  });

  it('stops waiting for a retry when the call is aborted', async () => {
    fake.queueReplies({ status: 503, headers: { 'retry-after': '30' } });
    const abort = new AbortController();
    const answer = collect(
      streamAnswer(model, { messages: [{ role: 'user', content: 'Hi' }], abortSignal: abort.signal }),
    ).catch((err: unknown) => err);
    await new Promise((resolve) => setTimeout(resolve, 50));
    abort.abort();
    expect(((await answer) as Error).name).toBe('AbortError');
    expect(fake.requests).toHaveLength(1);
  });

  it('answers through the offline app builder the same way', async () => {
    const offline = createOfflineAppBuilderModel({ snapshot: { files: {}, entities: {} } });
    const parts = await collect(
      streamAnswer(offline, { messages: [{ role: 'user', content: 'Build a recipe book' }] }),
    );
    const text = parts.map((p) => (p.type === 'chunk' && p.chunk.type === 'text-delta' ? p.chunk.delta : '')).join('');
    expect(text).toContain('<tessera-action type="add_entity"');
    expect(parts.at(-1)).toMatchObject({ type: 'finish', finishReason: 'stop' });
  });
});
