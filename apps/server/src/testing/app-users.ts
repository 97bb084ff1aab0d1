import { STRONG_PASSWORD, uniqueEmail } from '@tessera/test-utils';
import type { ApiResponse, TestApp } from './harness';

/** The newest confirmation code mailed to `email` (the dev outbox). */
export async function mailedCode(t: TestApp, email: string): Promise<string> {
  for (const mail of await t.outbox(email)) {
    const code = /^(\d{6}) is your /.exec(mail.subject)?.[1];
    if (code) return code;
  }
  throw new Error(`no confirmation code mailed to ${email}`);
}

/**
 * Signs an end user up on an app the way its login page does: sign-up, then (while the app asks
 * for confirmation) the mailed code. Answers the response that carries the session.
 */
export async function signUpAppUser(
  t: TestApp,
  appId: string,
  body: { email?: string; password?: string; full_name?: string } = {},
  headers: Record<string, string> = {},
): Promise<ApiResponse & { email: string }> {
  const email = body.email ?? uniqueEmail('enduser');
  const up = await t.request('POST', `/live_api/apps/${appId}/auth/sign-up`, {
    headers,
    body: { password: STRONG_PASSWORD, ...body, email },
  });
  if (up.status !== 200 || !up.body.confirmationRequired) return { ...up, email };
  const verified = await t.request('POST', `/live_api/apps/${appId}/auth/verify-otp`, {
    headers,
    body: { email, otp_code: await mailedCode(t, email) },
  });
  return { ...verified, email };
}
