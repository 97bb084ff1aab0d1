import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sessionTokenOf } from './session';

const secret = 'test-secret-0123456789abcdef0123456789abcdef';
const sign = (token: string) => `${token}.${createHmac('sha256', secret).update(token).digest('base64')}`;

describe('sessionTokenOf', () => {
  it('accepts the signed token, also URL-encoded, and the bare token', () => {
    const signed = sign('abc123');
    expect(sessionTokenOf(`Bearer ${signed}`, secret)).toBe('abc123');
    expect(sessionTokenOf(`bearer ${encodeURIComponent(signed)}`, secret)).toBe('abc123');
    expect(sessionTokenOf('Bearer abc123', secret)).toBe('abc123');
  });

  it('refuses a forged or truncated signature, another secret, other schemes and empty tokens', () => {
    expect(sessionTokenOf('Bearer abc123.Zm9yZ2Vk', secret)).toBeNull();
    expect(sessionTokenOf(`Bearer ${sign('abc123').slice(0, -4)}`, secret)).toBeNull();
    expect(sessionTokenOf(`Bearer ${sign('abc123')}`, 'another-secret-0123456789abcdef0123456789')).toBeNull();
    expect(sessionTokenOf(`Basic ${sign('abc123')}`, secret)).toBeNull();
    expect(sessionTokenOf('Bearer ', secret)).toBeNull();
    expect(sessionTokenOf('Bearer %E0%A4%A', secret)).toBeNull();
  });
});
