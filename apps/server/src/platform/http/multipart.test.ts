import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { APP_MESSAGES } from '@tessera/contracts';
import { createLogger } from '../logger';
import { createErrorHandler } from './errors';
import { readMultipartFile } from './multipart';

const MAX_FILE = 64 * 1024;
const TOO_BIG = 'The file is too big';
/** Room the reader leaves for the form before its file (20 fields of 100 kB, part headers). */
const FORM_ROOM = 2_000_000 + 64 * 1024;
/** What the platform's request streams pull ahead of the reader (Node 24's undici more than Node 20's). */
const READ_AHEAD = 256 * 1024;

const app = new Hono();
app.onError(createErrorHandler(createLogger('silent')));
app.post('/upload', async (c) => {
  const upload = await readMultipartFile(c, { maxBytes: MAX_FILE, tooLargeMessage: TOO_BIG });
  let size = 0;
  for await (const chunk of upload.stream) size += (chunk as Buffer).length;
  return c.json({ fields: upload.fields, filename: upload.filename, size });
});

const encoder = new TextEncoder();
const head = (name: string, filename?: string) =>
  `--b\r\nContent-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"` : ''}\r\n\r\n`;
/** `prefix`, then `size` bytes of filler, then `tail`: pulled only as the reader reads. */
function body(prefix: string, size: number, tail = '') {
  let read = 0;
  const parts = [encoder.encode(prefix)];
  const filler = new Uint8Array(16 * 1024).fill(0x61);
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        const next = parts.shift() ?? (read < size ? filler.slice() : tail ? encoder.encode(tail) : null);
        if (read >= size) tail = '';
        if (!next) return controller.close();
        read += next.length;
        controller.enqueue(next);
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, read: () => read };
}
const send = (stream: ReadableStream<Uint8Array>, headers: Record<string, string> = {}) =>
  app.request('/upload', {
    method: 'POST',
    body: stream,
    duplex: 'half',
    headers: { 'content-type': 'multipart/form-data; boundary=b', ...headers },
  } as RequestInit);
/** Time for a reader that goes on after the answer to show it. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 200));
const errorOf = async (res: Response) => ((await res.json()) as { error: unknown }).error;

describe('readMultipartFile', () => {
  it('streams a file within its limit, with the fields sent before it', async () => {
    const upload = body(`${head('mapping')}[]\r\n${head('file', 'a.csv')}`, 10_000, '\r\n--b--\r\n');
    const res = await send(upload.stream);
    expect(await res.json()).toEqual({ fields: { mapping: '[]' }, filename: 'a.csv', size: expect.any(Number) });
  });

  it('takes a file that arrives in one piece larger than the room for fields', async () => {
    const big = new Hono().post('/upload', async (c) => {
      const upload = await readMultipartFile(c, { maxBytes: 4_000_000, tooLargeMessage: TOO_BIG });
      let size = 0;
      for await (const chunk of upload.stream) size += (chunk as Buffer).length;
      return c.json({ size });
    });
    const res = await big.request('/upload', {
      method: 'POST',
      body: encoder.encode(`${head('file', 'a.csv')}${'a'.repeat(3_000_000)}\r\n--b--\r\n`),
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
    });
    expect(await res.json()).toEqual({ size: 3_000_000 });
  });

  it('stops a file that never ends at its limit, leaving the rest unread', async () => {
    const upload = body(head('file', 'a.csv'), 1024 * 1024 * 1024);
    const res = await send(upload.stream);
    expect(res.status).toBe(413);
    expect(await errorOf(res)).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: TOO_BIG });
    await settled();
    expect(upload.read()).toBeLessThan(MAX_FILE + READ_AHEAD);
  });

  it('stops a form that never reaches its file once it passes the room for fields', async () => {
    const upload = body(head('mapping'), 1024 * 1024 * 1024);
    const res = await send(upload.stream);
    expect(res.status).toBe(413);
    expect(await errorOf(res)).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: APP_MESSAGES.bodyTooLarge });
    await settled();
    expect(upload.read()).toBeLessThan(FORM_ROOM + READ_AHEAD);
  });

  it('bounds the whole body, whatever follows the file', async () => {
    const upload = body(`${head('file', 'a.csv')}abc\r\n${head('other', 'b.csv')}`, 1024 * 1024 * 1024);
    const res = await send(upload.stream);
    expect(res.status).toBeLessThan(500);
    await settled();
    expect(upload.read()).toBeLessThan(MAX_FILE + FORM_ROOM + READ_AHEAD);
  });

  it('refuses a declared length over the limit, or a compressed body, before reading', async () => {
    const declared = body(head('file', 'a.csv'), 1024);
    const res = await send(declared.stream, { 'content-length': String(MAX_FILE + FORM_ROOM + 1) });
    expect(res.status).toBe(413);
    expect(await errorOf(res)).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: TOO_BIG });
    expect(declared.read()).toBe(0);
    const gzipped = body(head('file', 'a.csv'), 1024);
    expect((await send(gzipped.stream, { 'content-encoding': 'gzip' })).status).toBe(400);
    expect(gzipped.read()).toBe(0);
  });
});
