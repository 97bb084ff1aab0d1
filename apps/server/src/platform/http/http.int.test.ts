import { describe, expect, it } from 'vitest';
import { APP_MESSAGES } from '@tessera/contracts';
import { createTestApp } from '../../testing/harness';

const t = await createTestApp();
const prod = await createTestApp({ NODE_ENV: 'production' });

describe('HTTP platform', () => {
  it('answers /healthz with the database kind', async () => {
    const res = await t.request('GET', '/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', database: t.database.kind });
  });

  it('renders unknown API routes as JSON 404s', async () => {
    for (const [method, path] of [
      ['GET', '/api/nothing'],
      ['POST', '/api/live_api/account/nope'],
      ['DELETE', '/api/live_api/account/current'],
      ['GET', '/live_api/nothing'],
    ]) {
      const res = await t.request(method!, path!);
      expect(res.status, path).toBe(404);
      expect(res.body.error).toMatchObject({ code: 'NOT_FOUND', message: APP_MESSAGES.routeNotFound });
    }
  });

  it('refuses oversized bodies with a 413, counted as they arrive or declared by Content-Length', async () => {
    const rawBody = JSON.stringify({ email: 'x'.repeat(6 * 1024 * 1024) });
    const counted = await t.request('POST', '/api/live_api/account/sendMagicLink', { rawBody });
    const declared = await t.request('POST', '/api/live_api/account/sendMagicLink', {
      rawBody,
      headers: { 'content-length': String(rawBody.length) },
    });
    for (const res of [counted, declared]) {
      expect(res.status).toBe(413);
      expect(res.body.error).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: APP_MESSAGES.bodyTooLarge });
    }
  });

  it('reads a body of a declared length within the limit', async () => {
    const rawBody = JSON.stringify({ email: 'not-an-email' });
    const res = await t.request('POST', '/api/live_api/account/sendMagicLink', {
      rawBody,
      headers: { 'content-length': String(rawBody.length) },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('INVALID_EMAIL');
  });

  it('tells the SPA which sign-in options exist', async () => {
    expect((await t.request('GET', '/api/config', { remoteAddress: '127.0.0.1' })).body).toEqual({
      googleEnabled: false,
      devOutbox: true,
    });
  });

  it('keeps the dev outbox from clients on other machines in production', async () => {
    const res = await prod.request('GET', '/api/dev/outbox');
    expect(res.status).toBe(404);
    expect((await prod.request('GET', '/api/config')).body.devOutbox).toBe(false);
  });
});
