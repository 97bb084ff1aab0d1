import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { networkInterfaces } from 'node:os';
import { afterAll, describe, expect, it } from 'vitest';
import { serve } from '@hono/node-server';
import { APP_MESSAGES } from '@tessera/contracts';
import { createTestApp } from '../../testing/harness';

const t = await createTestApp({ TRUST_PROXY: 'true' });
const prod = await createTestApp({ NODE_ENV: 'production' });

/** An address of this machine that is not loopback: a connection from it is a "remote" client. */
const outsideAddress = Object.values(networkInterfaces())
  .flat()
  .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;

/** The test app on a real socket, on every interface, as `npm start` listens by default. */
const server = await new Promise<Server>((resolve) => {
  const s = serve({ fetch: t.app.fetch, port: 0, hostname: '0.0.0.0' }, () => resolve(s as Server)) as Server;
});
const port = (server.address() as AddressInfo).port;
afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
);

const get = async (host: string, path: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`http://${host}:${port}${path}`, { headers });
  return { status: res.status, body: (await res.json()) as any };
};

describe('dev outbox', () => {
  it('lists the mails to a client on this machine', async () => {
    const user = await t.signUp();
    const res = await get('127.0.0.1', `/api/dev/outbox?to=${encodeURIComponent(user.email)}`);
    expect(res.status).toBe(200);
    expect(res.body.mails).toHaveLength(1);
    expect(res.body.mails[0].links[0]).toContain('token=');
    expect((await get('127.0.0.1', '/api/config')).body.devOutbox).toBe(true);
  });

  it.skipIf(!outsideAddress)('answers 404 to a client connecting from another address', async () => {
    await t.signUp();
    const res = await get(outsideAddress!, '/api/dev/outbox');
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({ code: 'NOT_FOUND', message: APP_MESSAGES.routeNotFound });
    expect(JSON.stringify(res.body)).not.toContain('token');
    expect((await get(outsideAddress!, '/api/config')).body.devOutbox).toBe(false);
  });

  it.skipIf(!outsideAddress)('believes the socket, not X-Forwarded-For, even behind a trusted proxy', async () => {
    const res = await get(outsideAddress!, '/api/dev/outbox', { 'x-forwarded-for': '127.0.0.1' });
    expect(res.status).toBe(404);
  });

  it('refuses a request relayed by a proxy on this machine', async () => {
    const relayed: Record<string, string>[] = [{ 'x-forwarded-for': '203.0.113.9' }, { forwarded: 'for=203.0.113.9' }];
    for (const headers of relayed) {
      expect((await get('127.0.0.1', '/api/dev/outbox', headers)).status).toBe(404);
      expect((await get('127.0.0.1', '/api/config', headers)).body.devOutbox).toBe(false);
    }
  });

  it('answers 404 to any other peer address given to the app', async () => {
    for (const remoteAddress of ['10.1.2.3', '192.0.2.7', '::ffff:10.0.0.1', 'fd00::5', undefined]) {
      const res = await t.app.request('/api/dev/outbox', {}, { incoming: { socket: { remoteAddress } } });
      expect(res.status, String(remoteAddress)).toBe(404);
    }
    for (const remoteAddress of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) {
      const res = await t.app.request('/api/dev/outbox', {}, { incoming: { socket: { remoteAddress } } });
      expect(res.status, remoteAddress).toBe(200);
    }
  });

  it('keeps the mails of a production server without SMTP readable from this machine only', async () => {
    const user = await prod.signUp();
    const local = await prod.request('GET', `/api/dev/outbox?to=${encodeURIComponent(user.email)}`, {
      remoteAddress: '127.0.0.1',
    });
    expect(local.status).toBe(200);
    expect(local.body.mails).toHaveLength(1);
    expect((await prod.request('GET', '/api/dev/outbox', { remoteAddress: '10.1.2.3' })).status).toBe(404);
  });
});
