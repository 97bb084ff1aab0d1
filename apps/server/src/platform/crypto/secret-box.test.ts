import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box';

const box = createSecretBox('a-server-secret-of-at-least-32-characters!');

describe('secret box', () => {
  it('opens what it sealed, and the sealed text shows nothing of the secret', () => {
    const sealed = box.seal('gumroad-token-0123456789', 'app-1/gumroadAccessToken');
    expect(sealed).toMatch(/^v1:[\w-]+$/);
    expect(sealed).not.toContain('gumroad-token');
    expect(box.seal('gumroad-token-0123456789', 'app-1/gumroadAccessToken')).not.toBe(sealed);
    expect(box.open(sealed, 'app-1/gumroadAccessToken')).toBe('gumroad-token-0123456789');
    expect(box.open(box.seal('', 'c'), 'c')).toBe('');
    expect(box.open(box.seal('ünïcödé ✓', 'c'), 'c')).toBe('ünïcödé ✓');
  });

  it('refuses another context, another key, an altered value or garbage', () => {
    const sealed = box.seal('secret', 'app-1/gumroadAccessToken');
    expect(box.open(sealed, 'app-2/gumroadAccessToken')).toBeNull();
    expect(
      createSecretBox('another-server-secret-of-32-characters!!').open(sealed, 'app-1/gumroadAccessToken'),
    ).toBeNull();
    const bytes = Buffer.from(sealed.slice(3), 'base64url');
    bytes[bytes.length - 1]! ^= 1;
    expect(box.open(`v1:${bytes.toString('base64url')}`, 'app-1/gumroadAccessToken')).toBeNull();
    for (const bad of ['', 'secret', 'v1:', 'v1:abc', 'v2:' + sealed.slice(3)])
      expect(box.open(bad, 'app-1/gumroadAccessToken')).toBeNull();
  });
});
