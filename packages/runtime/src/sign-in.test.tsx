import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { RUNTIME_MESSAGES, type RuntimeBoot } from '@tessera/contracts/runtime';
import { PageErrorBoundary } from './error-boundary';
import { LoginPage, SignInPrompt } from './login-page';
import {
  ApiError,
  configureSdk,
  entity,
  getAppUserToken,
  isSignInNeeded,
  setAppUserToken,
  setSignInNeeded,
} from './sdk';

/** The Web Storage API in memory (the unit tests run in Node). */
class MemoryStorage {
  private items = new Map<string, string>();
  getItem = (k: string) => this.items.get(k) ?? null;
  setItem = (k: string, v: string) => void this.items.set(k, v);
  removeItem = (k: string) => void this.items.delete(k);
}

let answer = { status: 200, body: [] as unknown };
const BOOT: RuntimeBoot = {
  appId: 'app1',
  slug: 'tasks',
  name: 'Task Tracker',
  basePath: '/app/tasks',
  parentOrigin: 'http://localhost',
  mode: 'login',
  isSignupEnabled: true,
  isLoginRequired: false,
  links: {
    termsOfService: 'https://example.com/terms',
    privacyPolicy: 'https://example.com/privacy',
    supportEmail: 'help@example.com',
  },
  visitToken: 'test.token',
  chat: null,
};

beforeEach(() => {
  vi.stubGlobal('window', {
    localStorage: new MemoryStorage(),
    sessionStorage: new MemoryStorage(),
    location: { href: 'http://t.apps.localhost/app/tasks/', search: '', origin: 'http://t.apps.localhost' },
    history: { state: null, replaceState: () => undefined },
  });
  configureSdk({ appId: 'app1', basePath: '/app/tasks' });
  setAppUserToken(null);
  setSignInNeeded(false);
  answer = { status: 200, body: [] };
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify(answer.body), { status: answer.status }));
});
afterEach(() => vi.unstubAllGlobals());

const UNAUTHORIZED = { error: { code: 'UNAUTHORIZED', message: 'Please sign in to continue' } };

describe('a visitor who is not signed in', () => {
  it('is asked to sign in when the entity API answers 401, and not on other errors', async () => {
    answer = { status: 403, body: { error: { code: 'FORBIDDEN', message: 'No' } } };
    await expect(entity('Task').list()).rejects.toBeInstanceOf(ApiError);
    expect(isSignInNeeded()).toBe(false);
    answer = { status: 401, body: UNAUTHORIZED };
    await expect(entity('Task').list()).rejects.toBeInstanceOf(ApiError);
    expect(isSignInNeeded()).toBe(true);
  });

  it('whose session expired is asked to sign in again and forgets the token', async () => {
    setAppUserToken('tsa_old');
    answer = { status: 401, body: UNAUTHORIZED };
    await entity('Task')
      .filter({ done: false })
      .catch(() => undefined);
    expect(isSignInNeeded()).toBe(true);
    expect(getAppUserToken()).toBeNull();
  });

  it('sees a sign-in card leading to the login page, with sign-up when the app allows it', () => {
    const html = renderToStaticMarkup(<SignInPrompt isSignupEnabled />);
    expect(html).toContain(RUNTIME_MESSAGES.signInToSee);
    expect(html).toContain(
      `href="/apps/app1/login?nextUrl=${encodeURIComponent('http://t.apps.localhost/app/tasks/')}"`,
    );
    expect(html).toContain('&amp;mode=signup');
    expect(renderToStaticMarkup(<SignInPrompt isSignupEnabled={false} />)).not.toContain('mode=signup');
  });

  it('never sees the red page error for a 401 thrown while rendering', () => {
    function Page(): never {
      throw new ApiError('Please sign in to continue', 401, 'UNAUTHORIZED');
    }
    const onError = vi.fn();
    // Server rendering has no error boundaries: drive the boundary's own steps by hand.
    const boundary = new PageErrorBoundary({
      pageName: 'Home',
      isPreview: true,
      isSignupEnabled: true,
      onError,
      onAskToFix: () => undefined,
      children: <Page />,
    });
    const error = new ApiError('Please sign in to continue', 401, 'UNAUTHORIZED');
    boundary.state = { ...boundary.state, ...PageErrorBoundary.getDerivedStateFromError(error) };
    boundary.setState = () => undefined;
    boundary.componentDidCatch(error, { componentStack: '\n    at Page (x.js:1:1)' });
    const html = renderToStaticMarkup(<>{boundary.render()}</>);
    expect(onError).not.toHaveBeenCalled();
    expect(html).toContain(RUNTIME_MESSAGES.signInToSee);
    expect(html).not.toContain(RUNTIME_MESSAGES.pageError);
  });
});

describe('the end users login page', () => {
  it('shows the terms, privacy and support links on the sign-up form and in the sign-in footer', () => {
    (window as unknown as { location: { search: string } }).location.search = '?mode=signup';
    const signUp = renderToStaticMarkup(<LoginPage boot={BOOT} />);
    expect(signUp).toContain('href="https://example.com/terms"');
    expect(signUp).toContain('href="https://example.com/privacy"');
    expect(signUp).toContain('href="mailto:help@example.com"');
    (window as unknown as { location: { search: string } }).location.search = '';
    const signIn = renderToStaticMarkup(<LoginPage boot={BOOT} />);
    expect(signIn).toContain('href="https://example.com/terms"');
    expect(signIn).toContain('href="mailto:help@example.com"');
  });

  it('leaves out the links the builder did not give', () => {
    const html = renderToStaticMarkup(
      <LoginPage boot={{ ...BOOT, links: { termsOfService: null, privacyPolicy: null, supportEmail: null } }} />,
    );
    expect(html).not.toContain('example.com');
  });
});
