import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createProviderEmbedder, OPENAI_EMBEDDING_MODEL } from './embeddings';

const requests: Array<{ path: string; authorization?: string; body: any }> = [];
const server = createServer((req, res) => {
  let raw = '';
  req.on('data', (c) => (raw += c));
  req.on('end', () => {
    const body = JSON.parse(raw || '{}');
    requests.push({ path: req.url ?? '', authorization: req.headers.authorization, body });
    const input: string[] = body.input;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        object: 'list',
        model: body.model,
        data: input.map((text, index) => ({
          object: 'embedding',
          index,
          embedding: Array.from({ length: body.dimensions }, (_, i) => (i === text.length % body.dimensions ? 1 : 0)),
        })),
        usage: { prompt_tokens: input.length, total_tokens: input.length },
      }),
    );
  });
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;

describe('provider embedder', () => {
  it('is absent without an OpenAI configuration (the offline embedder is used)', () => {
    expect(createProviderEmbedder({}, 256)).toBeNull();
    expect(createProviderEmbedder({ compatible: { baseUrl: 'http://127.0.0.1:1/v1' } }, 256)).toBeNull();
  });

  it('asks OpenAI for vectors of the stored dimension, in order', async () => {
    const embedder = createProviderEmbedder({ openai: { apiKey: 'sk-test', baseUrl } }, 256)!;
    expect(embedder.id).toBe(`openai/${OPENAI_EMBEDDING_MODEL}-256`);
    const vectors = await embedder.embed(['a', 'bb', 'ccc']);
    expect(vectors.map((v) => v.length)).toEqual([256, 256, 256]);
    expect(vectors.map((v) => v.indexOf(1))).toEqual([1, 2, 3]);
    expect(requests.at(-1)).toMatchObject({
      path: '/v1/embeddings',
      authorization: 'Bearer sk-test',
      body: { model: OPENAI_EMBEDDING_MODEL, input: ['a', 'bb', 'ccc'], dimensions: 256 },
    });
    expect(await embedder.embed([])).toEqual([]);
  });
});
