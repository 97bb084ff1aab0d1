import { describe, expect, it } from 'vitest';
import { readTokenCookie, tokenCookie, tokenCookieName } from './token-cookie';

describe('the token cookie', () => {
  it('over https is a __Host- cookie: Secure, Path=/ and no Domain', () => {
    expect(tokenCookieName(true)).toBe('__Host-tessera_token');
    const cookie = tokenCookie('abc.def/+=', true);
    expect(cookie).toBe(
      `__Host-tessera_token=${encodeURIComponent('abc.def/+=')}; Path=/; Max-Age=604800; SameSite=Strict; Secure`,
    );
    expect(cookie).not.toMatch(/domain=/i);
    expect(tokenCookie(null, true)).toBe('__Host-tessera_token=; Path=/; Max-Age=0; SameSite=Strict; Secure');
  });

  it('over https never reads a plain tessera_token a sibling host may have set on the shared domain', () => {
    expect(readTokenCookie('tessera_token=planted', true)).toBeNull();
    expect(readTokenCookie('tessera_token=planted; __Host-tessera_token=mine%2B1', true)).toBe('mine+1');
  });

  it('over plain http (local use) keeps tessera_token', () => {
    expect(tokenCookie('t', false)).toBe('tessera_token=t; Path=/; Max-Age=604800; SameSite=Strict');
    expect(readTokenCookie('other=1; tessera_token=t%3D', false)).toBe('t=');
    expect(readTokenCookie('tessera_token=%E0%A4%A', false)).toBeNull();
  });
});
