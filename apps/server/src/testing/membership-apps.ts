import { expect } from 'vitest';
import { SIGNUP_CONTACTS, uniqueEmail } from '@tessera/test-utils';
import { signUpAppUser } from './app-users';
import { buildGenApp } from './factories';
import type { TestApp } from './harness';

/** The memberships suites' app: a generated app with a Note entity, published with sign-up on (or not). */
export async function makeMembershipApp(t: TestApp, owner: { token: string }, { signup = true } = {}) {
  const post = (path: string, body?: unknown) => t.request('POST', path, { body, token: owner.token });
  const { body } = await post(
    '/api/apps',
    buildGenApp({ name: 'Club', entities: { Note: { properties: { text: { type: 'string' } } } } }),
  );
  const appId = body.appId as string;
  if (signup) {
    expect((await post(`/api/apps/${appId}/publish`)).status).toBe(200);
    const saved = await post(`/api/apps/${appId}/settings`, {
      appSettings: { isSignupEnabled: true, ...SIGNUP_CONTACTS },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  }
  return appId;
}

/** A new end user of the app, signed up with e-mail and password and the mailed code. */
export async function signUpMember(t: TestApp, appId: string) {
  const email = uniqueEmail('member');
  const res = await signUpAppUser(t, appId, { email, full_name: 'Mia' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { email, token: res.body.token as string, id: res.body.user.id as string };
}
