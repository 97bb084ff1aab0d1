import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { APP_MESSAGES } from '@tessera/contracts';
import { createLogger } from '../logger';
import { readBodyText, requestBodyGuard } from './body-limit';
import { createErrorHandler } from './errors';

const LIMIT = 1000;
const app = new Hono();
app.onError(createErrorHandler(createLogger('silent')));
app.use(
  requestBodyGuard({
    maxBytes: LIMIT,
    streamedUploads: [{ method: 'POST', path: '/apps/:appId/entities/:name/import' }],
  }),
);
/** Counts the body without keeping it: what a streaming upload route does. */
app.all('/apps/*', async (c) => {
  let size = 0;
  for await (const chunk of c.req.raw.body ?? []) size += chunk.byteLength;
  return c.json({ size });
});

/** A body of `size` bytes sent in pieces, with no declared length (as a chunked upload). */
function chunked(size: number): ReadableStream<Uint8Array> {
  let left = size;
  return new ReadableStream({
    pull(controller) {
      if (left <= 0) return controller.close();
      const n = Math.min(left, 300);
      left -= n;
      controller.enqueue(new Uint8Array(n).fill(0x61));
    },
  });
}
const send = (
  method: string,
  path: string,
  body: string | ReadableStream<Uint8Array>,
  headers: Record<string, string> = {},
) => app.request(path, { method, body, headers, duplex: 'half' } as RequestInit);

describe('request body guard', () => {
  it('lets only the streamed upload route, by exact method and path, past the limit', async () => {
    expect(await (await send('POST', '/apps/a/entities/Note/import', chunked(5 * LIMIT))).json()).toEqual({
      size: 5 * LIMIT,
    });
    for (const [method, path] of [
      ['POST', '/apps/a/entities/import'],
      ['PUT', '/apps/a/entities/Note/import'],
      ['PATCH', '/apps/a/entities/Note/import'],
      ['POST', '/apps/a/entities/Note/import/'],
      ['POST', '/apps/a/entities/Note/x/import'],
      ['POST', '/apps/a/b/entities/Note/import'],
    ] as const) {
      const res = await send(method, path, chunked(5 * LIMIT));
      expect([method, path, res.status]).toEqual([method, path, 413]);
      expect(await res.json()).toEqual({ error: { code: 'PAYLOAD_TOO_LARGE', message: APP_MESSAGES.bodyTooLarge } });
    }
  });

  it('checks a declared length from its header, and counts a chunked body as it arrives', async () => {
    expect((await send('POST', '/apps/x', 'a'.repeat(LIMIT), { 'content-length': String(LIMIT) })).status).toBe(200);
    expect((await send('POST', '/apps/x', 'a', { 'content-length': String(LIMIT + 1) })).status).toBe(413);
    expect((await send('POST', '/apps/x', 'a', { 'content-length': '1e3' })).status).toBe(400);
    expect((await send('POST', '/apps/x', chunked(LIMIT))).status).toBe(200);
    expect((await send('POST', '/apps/x', chunked(LIMIT + 1))).status).toBe(413);
  });

  it('refuses a compressed body, whatever the route', async () => {
    for (const path of ['/apps/x', '/apps/a/entities/Note/import']) {
      const res = await send('POST', path, 'x', { 'content-encoding': 'gzip' });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/Compressed/);
    }
    expect((await send('POST', '/apps/x', 'x', { 'content-encoding': 'identity' })).status).toBe(200);
  });
});

describe('readBodyText', () => {
  it('reads a body up to its limit, declared or chunked, and refuses one past it', async () => {
    const limitless = (body: string | ReadableStream<Uint8Array>, headers: Record<string, string> = {}) =>
      new Hono()
        .onError(createErrorHandler(createLogger('silent')))
        .post('/text', async (c) => c.json({ length: (await readBodyText(c, LIMIT)).length }))
        .request('/text', { method: 'POST', body, headers, duplex: 'half' } as RequestInit);
    expect(await (await limitless(chunked(LIMIT))).json()).toEqual({ length: LIMIT });
    expect((await limitless(chunked(LIMIT + 1))).status).toBe(413);
    expect((await limitless('é'.repeat(10), { 'content-length': '20' })).status).toBe(200);
    expect((await limitless('a', { 'content-length': String(LIMIT + 1) })).status).toBe(413);
    expect((await limitless('a', { 'content-encoding': 'br' })).status).toBe(400);
  });
});
