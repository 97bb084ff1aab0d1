import { describe, expect, it } from 'vitest';
import { resolveNavigation } from './navigation';

const verified = { emailVerified: true };
const unverified = { emailVerified: false };
const go = (pathname: string, user: { emailVerified: boolean } | null, search = '', wasSignedIn = false) =>
  resolveNavigation({ pathname, search, user, wasSignedIn });

describe('resolveNavigation', () => {
  it('sends the root to /home or /login', () => {
    expect(go('/', verified)).toBe('/home');
    expect(go('/', null)).toBe('/login');
    expect(go('/', null, '?sale_id=s1')).toBe('/login?sale_id=s1');
    expect(go('/', unverified)).toBe('/auth/verifyEmail?continueUrl=%2Fhome');
  });

  it('sends signed-out users to login with redirectTo', () => {
    expect(go('/settings', null)).toBe('/login?redirectTo=%2Fsettings');
    expect(go('/home', null, '?x=1')).toBe('/login?redirectTo=%2Fhome%3Fx%3D1');
    expect(go('/build/app/a1', null)).toBe('/login?redirectTo=%2Fbuild%2Fapp%2Fa1');
  });

  it('leaves public pages alone without a user', () => {
    for (const path of [
      '/login',
      '/logout',
      '/auth/handler',
      '/error/unauthorized',
      '/dev/mail',
      '/tool/my-tool',
      '/joinPlan',
    ]) {
      expect(go(path, null)).toBeNull();
      expect(go(path, null, '', true)).toBeNull();
    }
  });

  it('exempts the verification page on first load only', () => {
    expect(go('/auth/verifyEmail', null, '?continueUrl=%2Fhome')).toBeNull();
    expect(go('/auth/verifyEmail', null, '?continueUrl=%2Fhome', true)).toBe(
      '/login?redirectTo=%2Fauth%2FverifyEmail%3FcontinueUrl%3D%252Fhome',
    );
  });

  it('sends unverified users to verifyEmail carrying the query string', () => {
    expect(go('/home', unverified, '?foo=1')).toBe('/auth/verifyEmail?foo=1&continueUrl=%2Fhome%3Ffoo%3D1');
    expect(go('/home', unverified)).toBe('/auth/verifyEmail?continueUrl=%2Fhome');
    expect(go('/build/app/a1', unverified, '?continueUrl=%2Fx')).toBe('/auth/verifyEmail?continueUrl=%2Fx');
  });

  it('does not redirect unverified users on exempt pages', () => {
    for (const path of [
      '/auth/verifyEmail',
      '/auth/handler',
      '/settings',
      '/logout',
      '/login',
      '/item/1',
      '/tool/t',
      '/joinPlan',
      '/error/unauthorized',
      '/dev/mail',
    ]) {
      expect(go(path, unverified)).toBeNull();
    }
  });

  it('does not redirect verified users', () => {
    for (const path of ['/home', '/settings', '/login', '/auth/verifyEmail', '/build/app/a1'])
      expect(go(path, verified)).toBeNull();
  });

  it('ignores a trailing slash', () => {
    expect(go('/settings/', null)).toBe('/login?redirectTo=%2Fsettings');
    expect(go('/login/', null)).toBeNull();
  });
});
