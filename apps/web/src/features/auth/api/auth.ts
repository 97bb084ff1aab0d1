import { StatusResponseSchema, type StatusResponse } from '@tessera/contracts/auth';
import { apiFetch, setToken } from '../../../shared/api';
import type { Session } from '../../../shared/session';

/**
 * The identity-provider calls of the sign-in screens. Each answer that signs someone in carries a
 * `set-auth-token` header, which apiFetch stores. A 401 here is an answer to show, never a reason
 * to bounce to login, hence `onUnauthorized: 'throw'`.
 */
const AUTH = { onUnauthorized: 'throw' } as const;

export function signInWithPassword(input: { email: string; password: string }): Promise<unknown> {
  return apiFetch('/api/auth/sign-in/email', { ...AUTH, method: 'POST', body: input });
}

export function signUp(input: {
  name?: string;
  email: string;
  password: string;
  callbackURL: string;
}): Promise<unknown> {
  return apiFetch('/api/auth/sign-up/email', { ...AUTH, method: 'POST', body: input });
}

export function sendResetPasswordEmail(input: { email: string; continueUrl?: string }): Promise<StatusResponse> {
  return apiFetch('/api/live_api/account/sendResetPasswordEmail', {
    ...AUTH,
    method: 'POST',
    body: input,
    schema: StatusResponseSchema,
  });
}

export function sendMagicLink(
  input: { email: string; continueUrl?: string },
  appId?: string | null,
): Promise<StatusResponse> {
  const query = appId ? `?${new URLSearchParams({ appId })}` : '';
  return apiFetch(`/api/live_api/account/sendMagicLink${query}`, {
    ...AUTH,
    method: 'POST',
    body: input,
    schema: StatusResponseSchema,
  });
}

export function sendVerificationEmail(input: {
  continueUrl?: string;
  appName?: string | null;
}): Promise<StatusResponse> {
  return apiFetch('/api/live_api/account/sendVerificationEmail', {
    method: 'POST',
    body: input,
    schema: StatusResponseSchema,
  });
}

export function verifyMagicLink(token: string): Promise<unknown> {
  return apiFetch(`/api/auth/magic-link/verify?${new URLSearchParams({ token })}`, AUTH);
}

export function resetPassword(input: { token: string; newPassword: string }): Promise<unknown> {
  return apiFetch('/api/auth/reset-password', { ...AUTH, method: 'POST', body: input });
}

/** Starts Google sign-in: the server answers with Google's consent URL, which we leave for. */
export async function startGoogleSignIn(callbackURL: string): Promise<void> {
  const { url } = await apiFetch<{ url: string }>('/api/auth/sign-in/social', {
    ...AUTH,
    method: 'POST',
    body: { provider: 'google', callbackURL, errorCallbackURL: '/login' },
  });
  window.location.href = url;
}

/**
 * Back from Google or from a verification link, the identity provider left its session in a
 * cookie: read it once with credentials and keep its token as our bearer token from then on.
 */
export async function adoptCookieSession(): Promise<boolean> {
  const data = await apiFetch<Session | null>('/api/auth/get-session', {
    ...AUTH,
    credentials: 'include',
    withToken: false,
  });
  if (!data?.session?.token) return false;
  setToken(data.session.token);
  return true;
}
