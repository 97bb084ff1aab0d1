import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authSessions, authVerifications } from '@tessera/db';
import { createTestApp } from '../../testing/harness';
import { hashSessionToken } from './hashed-session-tokens';

const t = await createTestApp();

const storedText = async () => {
  const sessions = await t.db.select().from(authSessions);
  const verifications = await t.db.select().from(authVerifications);
  return JSON.stringify([sessions, verifications]);
};

describe('tokens at rest', () => {
  it('stores session tokens hashed; the bearer token still works', async () => {
    const user = await t.signUpVerified();
    const res = await t.request('POST', '/api/auth/sign-in/email', {
      body: { email: user.email, password: user.password },
    });
    const token = res.headers.get('set-auth-token')!;
    const bare = token.split('.')[0]!;
    const stored = await storedText();
    expect(stored).not.toContain(bare);
    expect(stored).toContain(hashSessionToken(bare));
    expect((await t.request('GET', '/api/live_api/account/current', { token })).status).toBe(200);
    const session = await t.request('GET', '/api/auth/get-session', { token });
    expect(session.body.user.email).toBe(user.email);
    expect((await t.request('POST', '/api/auth/sign-out', { token })).status).toBe(200);
    expect((await t.request('GET', '/api/live_api/account/current', { token })).status).toBe(401);
  });

  it('stores reset and magic-link tokens hashed; the links still work', async () => {
    const user = await t.signUpVerified();
    await t.request('POST', '/api/live_api/account/sendResetPasswordEmail', { body: { email: user.email } });
    const reset = (await t.mailLink(user.email, 'resetPassword')).searchParams.get('token')!;
    await t.request('POST', '/api/live_api/account/sendMagicLink', { body: { email: user.email } });
    const magic = (await t.mailLink(user.email, 'signIn')).searchParams.get('token')!;
    const stored = await storedText();
    expect(stored).not.toContain(reset);
    expect(stored).not.toContain(magic);

    const verify = await t.request('GET', `/api/auth/magic-link/verify?token=${magic}`);
    expect(verify.status).toBe(200);
    const done = await t.request('POST', '/api/auth/reset-password', {
      body: { token: reset, newPassword: 'a brand new passphrase' },
    });
    expect(done.status).toBe(200);
  });

  it('does not offer the session list, which would only hold hashes', async () => {
    const user = await t.signUpVerified();
    expect((await t.request('GET', '/api/auth/list-sessions', { token: user.token })).status).toBe(404);
    const revoke = await t.request('POST', '/api/auth/revoke-other-sessions', { token: user.token, body: {} });
    expect(revoke.status).toBe(404);
  });

  // Last: the migration hashes every row of the file's database.
  it('migration 0009 hashes the plain tokens of sessions from before, which keep working', async () => {
    const user = await t.signUpVerified();
    const bare = user.token.split('.')[0]!;
    await t.db
      .update(authSessions)
      .set({ token: bare })
      .where(eq(authSessions.token, hashSessionToken(bare)));
    expect((await t.request('GET', '/api/live_api/account/current', { token: user.token })).status).toBe(401);
    const migration = readFileSync(
      new URL('../../../../../packages/db/migrations/0009_hash_auth_tokens.sql', import.meta.url),
      'utf8',
    );
    for (const statement of migration.split('--> statement-breakpoint')) await t.db.execute(sql.raw(statement));
    expect(await storedText()).not.toContain(bare);
    expect((await t.request('GET', '/api/live_api/account/current', { token: user.token })).status).toBe(200);
  });
});
