import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { FlushingServerResponse } from './flushing-response';

/** What the socket holds back right after the handler's first body write. */
const seen: Array<{ path: string; corked: number; buffered: number }> = [];
const server = createServer({ ServerResponse: FlushingServerResponse }, (req, res: ServerResponse) => {
  if (req.url === '/stream') res.writeHead(200, { 'content-type': 'text/event-stream' });
  else res.writeHead(200, { 'content-type': 'text/plain', 'content-length': '10' });
  res.write(req.url === '/stream' ? 'data: 1\n\n' : '12345');
  seen.push({ path: req.url!, corked: res.socket!.writableCorked, buffered: res.socket!.writableLength });
  res.end(req.url === '/stream' ? 'data: 2\n\n' : '67890');
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('FlushingServerResponse', () => {
  it('hands a streamed chunk to the socket as it is written', async () => {
    expect(await (await fetch(`${base}/stream`)).text()).toBe('data: 1\n\ndata: 2\n\n');
    expect(seen.find((s) => s.path === '/stream')).toEqual({ path: '/stream', corked: 0, buffered: 0 });
  });

  it('keeps Node batching the writes of a body of known length', async () => {
    expect(await (await fetch(`${base}/whole`)).text()).toBe('1234567890');
    expect(seen.find((s) => s.path === '/whole')!.corked).toBe(1);
  });
});
