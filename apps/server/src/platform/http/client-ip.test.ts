import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { clientIp } from './client-ip';

/** The address `clientIp` gives for a request from `socketAddress` carrying these headers. */
async function addressOf(trustProxy: boolean, headers: Record<string, string>, socketAddress = '10.0.0.5') {
  const app = new Hono();
  app.get('/', (c) => c.text(clientIp(c, trustProxy)));
  const res = await app.request('/', { headers }, { incoming: { socket: { remoteAddress: socketAddress } } });
  return res.text();
}

describe('clientIp', () => {
  it('is the socket address unless a proxy is trusted', async () => {
    expect(await addressOf(false, { 'x-forwarded-for': '203.0.113.7' })).toBe('10.0.0.5');
    expect(await addressOf(true, {})).toBe('10.0.0.5');
  });

  it('behind a trusted proxy, takes the address the proxy appended, not one the client wrote', async () => {
    // The client sent "X-Forwarded-For: 198.51.100.1"; the proxy appended the address it saw.
    expect(await addressOf(true, { 'x-forwarded-for': '198.51.100.1, 203.0.113.7' })).toBe('203.0.113.7');
    expect(await addressOf(true, { 'x-forwarded-for': '198.51.100.1,203.0.113.7 ' })).toBe('203.0.113.7');
    expect(await addressOf(true, { 'x-forwarded-for': '203.0.113.7' })).toBe('203.0.113.7');
  });

  it('falls back to the socket when the forwarded list ends empty', async () => {
    expect(await addressOf(true, { 'x-forwarded-for': '198.51.100.1, ' })).toBe('10.0.0.5');
  });
});
