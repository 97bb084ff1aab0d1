import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PREVIEW_TOKEN_HEADER } from '@tessera/contracts/runtime';
import { SIGNUP_CONTACTS, uniqueEmail } from '@tessera/test-utils';
import { createLogger, type Logger } from '../platform/logger';
import { createTestApp } from '../testing/harness';
import { buildGenApp } from '../testing/factories';

/**
 * No secret reaches the logs: every flow that creates a link, token or password runs with a logger
 * capturing every line, and none of the values made during the run may appear in one. Checked
 * twice: in the lines written (after the logger's redaction) and in what the callers handed the
 * logger (so a source that logs a secret is caught even though the redaction would hide it).
 */
const written: string[] = [];
const handed: string[] = [];
const inner = createLogger('debug', (line) => written.push(line));
const capturing = Object.fromEntries(
  (['debug', 'info', 'warn', 'error'] as const).map((level) => [
    level,
    (msg: string, fields?: Record<string, unknown>) => {
      handed.push(JSON.stringify({ msg, ...fields }));
      inner[level](msg, fields);
    },
  ]),
) as unknown as Logger;

const API_KEY = `sk-secrets-suite-${randomBytes(12).toString('hex')}`;
const t = await createTestApp(
  { LOG_LEVEL: 'debug', OPENAI_API_KEY: API_KEY, OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' },
  { logger: capturing },
);

/** Every secret value the run creates or sends. */
const secrets = new Set<string>([API_KEY]);
const keep = (...values: (string | null | undefined)[]) => {
  for (const v of values) if (v) secrets.add(v);
};
const password = () => {
  const p = `pass ${randomBytes(9).toString('base64url')} phrase`;
  keep(p);
  return p;
};
/** The links of every mail to `to`, and their tokens. */
async function keepMailsTo(to: string) {
  for (const mail of await t.outbox(to)) {
    for (const link of mail.links) {
      keep(link, new URL(link).searchParams.get('token'));
      const callback = new URL(link).searchParams.get('callbackURL');
      if (callback) keep(new URLSearchParams(callback.split('?')[1]).get('token'));
    }
  }
}

describe('secrets in logs', () => {
  it('builder sign-up, verification, reset, magic link, app users, preview, settings and a failed query log none', async () => {
    // Builder: sign-up and verification.
    const email = uniqueEmail('secrets');
    const firstPassword = password();
    const user = await t.signUp(email, firstPassword);
    keep(user.token);
    const verifyLink = await t.mailLink(email, 'verifyEmail');
    const verified = await t.follow(verifyLink);
    expect(verified.status).toBe(302);
    keep(verified.headers.get('set-auth-token'), verified.headers.get('set-cookie'));
    const account = await t.request('POST', '/api/live_api/account/create', { token: user.token });
    expect(account.status).toBe(200);

    // Password reset.
    expect((await t.request('POST', '/api/live_api/account/sendResetPasswordEmail', { body: { email } })).status).toBe(
      200,
    );
    const resetToken = (await t.mailLink(email, 'resetPassword')).searchParams.get('token')!;
    const newPassword = password();
    expect(
      (await t.request('POST', '/api/auth/reset-password', { body: { token: resetToken, newPassword } })).status,
    ).toBe(200);
    const signIn = await t.request('POST', '/api/auth/sign-in/email', { body: { email, password: newPassword } });
    expect(signIn.status).toBe(200);
    const bearer = signIn.headers.get('set-auth-token')!;
    keep(bearer, signIn.headers.get('set-cookie'));
    // A wrong password is a logged failure too.
    expect((await t.request('POST', '/api/auth/sign-in/email', { body: { email, password: password() } })).status).toBe(
      401,
    );

    // Magic link, for this user and for a new address.
    const magicEmail = uniqueEmail('magic-secrets');
    for (const to of [email, magicEmail]) {
      expect((await t.request('POST', '/api/live_api/account/sendMagicLink', { body: { email: to } })).status).toBe(
        200,
      );
      const token = (await t.mailLink(to, 'signIn')).searchParams.get('token')!;
      const magic = await t.request('GET', `/api/auth/magic-link/verify?token=${token}`);
      expect(magic.status).toBe(200);
      keep(magic.headers.get('set-auth-token'), magic.headers.get('set-cookie'));
    }

    // An app with sign-up open, its users' sign-up, reset and sessions; a preview link; a payment token.
    const created = await t.request('POST', '/api/apps', {
      token: bearer,
      body: buildGenApp({ name: 'Secret club' }),
    });
    expect(created.status).toBe(200);
    const appId = created.body.appId as string;
    expect((await t.request('POST', `/api/apps/${appId}/publish`, { token: bearer })).status).toBe(200);
    const gumroadToken = `gum_${randomBytes(16).toString('hex')}`;
    keep(gumroadToken);
    const settings = await t.request('POST', `/api/apps/${appId}/settings`, {
      token: bearer,
      body: { appSettings: { isSignupEnabled: true, ...SIGNUP_CONTACTS, gumroadAccessToken: gumroadToken } },
    });
    expect(settings.status).toBe(200);
    const member = uniqueEmail('member-secrets');
    const memberPassword = password();
    const auth = (action: string, body: unknown, token?: string) =>
      t.request('POST', `/live_api/apps/${appId}/auth/${action}`, { body, token });
    const up = await auth('sign-up', { email: member, password: memberPassword });
    expect(up.status).toBe(200);
    keep(up.body.token);
    expect((await auth('sign-in', { email: member, password: password() })).status).toBe(401);
    expect((await auth('forgot-password', { email: member })).status).toBe(200);
    const memberReset = (await t.mailLink(member, 'resetPassword')).searchParams.get('token')!;
    const reset = await auth('set-password', { token: memberReset, password: password() });
    expect(reset.status).toBe(200);
    keep(reset.body.token);
    const preview = await t.request('POST', `/api/apps/${appId}/preview-url`, { token: bearer, body: {} });
    expect(preview.status).toBe(200);
    const previewToken = decodeURIComponent(new URL(preview.body.url).hash.split('=')[1]!);
    keep(preview.body.url, previewToken);
    const bundle = await t.request('GET', `/runtime/bundle?appId=${appId}`, {
      headers: { host: `${created.body.slug}.apps.localhost:3000`, [PREVIEW_TOKEN_HEADER]: previewToken },
    });
    expect(bundle.status).toBe(200);

    // A failed query: the database refuses an app whose name carries a marker; the name is record data.
    const marker = `record-data-${randomBytes(8).toString('hex')}`;
    keep(marker);
    await t.db.execute(
      sql.raw(`create or replace function secrets_suite_refuse() returns trigger language plpgsql as $$
        begin
          if new.name like 'record-data-%' then raise exception 'refused by the secrets suite'; end if;
          return new;
        end $$`),
    );
    await t.db.execute(
      sql.raw(
        'create trigger secrets_suite_refuse before insert on apps for each row execute function secrets_suite_refuse()',
      ),
    );
    try {
      const failed = await t.request('POST', '/api/apps', {
        token: bearer,
        body: buildGenApp({ name: marker }),
      });
      expect(failed.status).toBe(500);
    } finally {
      await t.db.execute(sql.raw('drop trigger secrets_suite_refuse on apps'));
      await t.db.execute(sql.raw('drop function secrets_suite_refuse()'));
    }

    for (const to of [email, magicEmail, member]) await keepMailsTo(to);

    // The run did log: mails stored, requests, the failed query by its SQL text.
    const all = written.join('');
    expect(all).toContain('mail stored in the dev outbox');
    // Requests are logged by route pattern (platform/http/request-log.ts), never by their raw path.
    expect(all).toMatch(/"msg":"request".*"route":"\/api\/auth\/[^"]*"/);
    const failure = written.map((line) => JSON.parse(line)).find((line) => line.msg === 'unhandled error');
    expect(failure?.err).toMatch(/^Failed query \(SQLSTATE P0001\): insert into "apps"/);
    expect(secrets.size).toBeGreaterThan(20);
    for (const secret of secrets) {
      expect(secret.length, secret).toBeGreaterThanOrEqual(8);
      expect(
        written.find((line) => line.includes(secret)),
        `written: ${secret}`,
      ).toBeUndefined();
      expect(
        handed.find((line) => line.includes(secret)),
        `handed to the logger: ${secret}`,
      ).toBeUndefined();
    }
  });
});
