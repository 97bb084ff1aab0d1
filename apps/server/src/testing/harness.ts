import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import type { OutboxMail } from '@tessera/contracts/auth';
import { createTestDatabase, STRONG_PASSWORD, uniqueEmail, type TestDatabase } from '@tessera/test-utils';
import { createApp, type AppDeps, type TesseraApp } from '../app';
import { loadConfig, type Config } from '../platform/config';
import { createLogger, type Logger } from '../platform/logger';

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
  /** The client's socket address (default 10.1.2.3: not this machine). */
  remoteAddress?: string;
}

export const TEST_PUBLIC_URL = 'http://localhost:3000';

/**
 * A real server (Hono app, better-auth, mailer, database) on a fresh database per test file,
 * driven in-process through `app.request`: the HTTP stack runs, no port is needed.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  deps: Pick<AppDeps, 'jobs' | 'crawl' | 'connectors' | 'dnsTimeoutMs' | 'lifecycle' | 'webDistDir'> & {
    logger?: Logger;
  } = {},
) {
  const dataDir = mkdtempSync(join(tmpdir(), 'tessera-test-'));
  const config: Config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: TEST_PUBLIC_URL,
    AUTH_SECRET: 'test-secret-0123456789abcdef0123456789abcdef',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    // A loopback port where nothing answers: no test's DNS lookup leaves the machine (tests that check
    // domains pass their fake DNS server).
    DNS_SERVERS: '127.0.0.1:9',
    ...env,
  });
  const testDb: TestDatabase = await createTestDatabase({ statementTimeoutMs: config.database.statementTimeoutMs });
  const tessera: TesseraApp = createApp({
    config,
    database: testDb.database,
    webDistDir: null,
    ...deps,
    logger: deps.logger ?? createLogger(config.logLevel),
  });
  const { app } = tessera;

  async function request<T = any>(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    let body: string | undefined;
    if (options.rawBody !== undefined) body = options.rawBody;
    else if (options.body !== undefined) body = JSON.stringify(options.body);
    if (body !== undefined) headers['content-type'] ??= 'application/json';
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const res = await app.request(
      path,
      { method, headers, body },
      { incoming: { socket: { remoteAddress: options.remoteAddress ?? '10.1.2.3' } } },
    );
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  }

  /** The dev outbox, read as the local user can (only loopback clients may). */
  async function outbox(to: string): Promise<OutboxMail[]> {
    const res = await request<{ mails: OutboxMail[] }>('GET', `/api/dev/outbox?to=${encodeURIComponent(to)}`, {
      remoteAddress: '127.0.0.1',
    });
    return res.body.mails;
  }

  /**
   * The newest mailed link to `to` for a handler mode: SPA links carry `mode` themselves,
   * verification links carry it in the `callbackURL` the API redirects to.
   */
  async function mailLink(to: string, mode: string): Promise<URL> {
    const modeOf = (link: URL) =>
      link.searchParams.get('mode') ??
      new URLSearchParams(link.searchParams.get('callbackURL')?.split('?')[1] ?? '').get('mode');
    for (const mail of await outbox(to)) {
      const link = mail.links.map((l) => new URL(l)).find((l) => modeOf(l) === mode);
      if (link) return link;
    }
    throw new Error(`no ${mode} mail to ${to}`);
  }

  /** Opens a mailed link the way a browser would (same server, no redirects followed). */
  const follow = (link: URL, options: RequestOptions = {}) => request('GET', link.pathname + link.search, options);

  async function signUp(email = uniqueEmail(), password = STRONG_PASSWORD) {
    const res = await request('POST', '/api/auth/sign-up/email', { body: { email, password, name: 'Test Builder' } });
    if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
    return { email, password, token: res.headers.get('set-auth-token')!, userId: res.body.user.id as string };
  }

  /** Signs up, follows the verification link and creates the builder account. */
  async function signUpVerified(email = uniqueEmail()) {
    const user = await signUp(email);
    const verified = await follow(await mailLink(email, 'verifyEmail'));
    if (verified.status !== 302 || !verified.headers.get('location')?.startsWith('/auth/handler'))
      throw new Error(`verify failed: ${verified.status}`);
    const account = await request('POST', '/api/live_api/account/create', { token: user.token });
    return { ...user, accountId: account.body.accountId as string };
  }

  async function close() {
    // Jobs are started by the tests that need them (tessera.jobRunner.start()).
    await tessera.jobRunner.stop();
    await testDb.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  afterAll(close);

  return {
    app,
    config,
    db: testDb.database.db,
    database: testDb.database,
    mailer: tessera.mailer,
    jobRunner: tessera.jobRunner,
    retrieval: tessera.retrieval,
    request,
    outbox,
    mailLink,
    follow,
    signUp,
    signUpVerified,
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
