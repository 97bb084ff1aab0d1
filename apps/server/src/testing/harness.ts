import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import type { OutboxMail } from '@tessera/contracts';
import { createTestDatabase, STRONG_PASSWORD, uniqueEmail, type TestDatabase } from '@tessera/test-utils';
import { createApp, type TesseraApp } from '../app';
import { loadConfig, type Config } from '../platform/config';
import { createLogger } from '../platform/logger';

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface RequestOptions {
  body?: unknown;
  /** Raw body text, for malformed-input tests. */
  rawBody?: string;
  token?: string;
  headers?: Record<string, string>;
}

export const TEST_PUBLIC_URL = 'http://localhost:3000';

/**
 * A real server (Hono app, better-auth, mailer, database) on a fresh database per test file,
 * driven in-process through `app.request`: the HTTP stack runs, no port is needed.
 */
export async function createTestApp(env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'tessera-test-'));
  const testDb: TestDatabase = await createTestDatabase();
  const config: Config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: TEST_PUBLIC_URL,
    AUTH_SECRET: 'test-secret-0123456789abcdef0123456789abcdef',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    ...env,
  });
  const tessera: TesseraApp = createApp({ config, database: testDb.database, logger: createLogger(config.logLevel), webDistDir: null });
  const { app } = tessera;

  async function request<T = any>(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    let body: string | undefined;
    if (options.rawBody !== undefined) body = options.rawBody;
    else if (options.body !== undefined) body = JSON.stringify(options.body);
    if (body !== undefined) headers['content-type'] ??= 'application/json';
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const res = await app.request(path, { method, headers, body }, { incoming: { socket: { remoteAddress: '10.1.2.3' } } });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  }

  async function outbox(to: string): Promise<OutboxMail[]> {
    const res = await request<{ mails: OutboxMail[] }>('GET', `/api/dev/outbox?to=${encodeURIComponent(to)}`);
    return res.body.mails;
  }

  /** The token of the newest mail to `to` whose link has the given mode. */
  async function linkToken(to: string, mode: string): Promise<{ token: string; link: URL }> {
    const mail = (await outbox(to)).find((m) => m.links.some((l) => new URL(l).searchParams.get('mode') === mode));
    if (!mail) throw new Error(`no ${mode} mail to ${to}`);
    const link = new URL(mail.links.find((l) => new URL(l).searchParams.get('mode') === mode)!);
    return { token: link.searchParams.get('token')!, link };
  }

  async function signUp(email = uniqueEmail(), password = STRONG_PASSWORD) {
    const res = await request('POST', '/api/auth/sign-up/email', { body: { email, password, name: 'Test Builder' } });
    if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
    return { email, password, token: res.headers.get('set-auth-token')!, userId: res.body.user.id as string };
  }

  /** Signs up, follows the verification link and creates the builder account. */
  async function signUpVerified(email = uniqueEmail()) {
    const user = await signUp(email);
    const { token } = await linkToken(email, 'verifyEmail');
    const verified = await request('GET', `/api/auth/verify-email?token=${encodeURIComponent(token)}`);
    if (verified.status !== 200) throw new Error(`verify failed: ${verified.status}`);
    const account = await request('POST', '/api/live_api/account/create', { token: user.token });
    return { ...user, accountId: account.body.accountId as string };
  }

  async function close() {
    await testDb.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  afterAll(close);

  return { app, config, db: testDb.database.db, database: testDb.database, mailer: tessera.mailer, request, outbox, linkToken, signUp, signUpVerified };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
