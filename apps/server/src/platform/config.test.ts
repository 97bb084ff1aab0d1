import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const dataDir = () => mkdtempSync(join(tmpdir(), 'tessera-config-'));

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig({ DATA_DIR: dataDir(), ...env });
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
}

describe('loadConfig', () => {
  it('runs with no variables at all: PGlite in DATA_DIR, outbox mail, port 3000', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.database).toEqual({ kind: 'pglite', dataDir: join(dir, 'pglite'), statementTimeoutMs: 30_000 });
    expect(config.smtpUrl).toBeUndefined();
    expect(config.devOutboxEnabled).toBe(true);
    expect(config.google).toBeUndefined();
  });

  it('keeps a generated auth secret in DATA_DIR, private, and reuses it', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).authSecret;
    expect(first).toHaveLength(64);
    expect(loadConfig({ DATA_DIR: dir }).authSecret).toBe(first);
    expect(readFileSync(join(dir, 'auth-secret'), 'utf8')).toBe(first);
    expect(statSync(join(dir, 'auth-secret')).mode & 0o777).toBe(0o600);
  });

  it('names every bad variable with what it expected', () => {
    const problems = problemsOf({
      PORT: 'abc',
      DATABASE_URL: 'mysql://x',
      SMTP_URL: 'mail.example.com',
      PUBLIC_URL: 'localhost:3000',
      AUTH_SECRET: 'short',
      NODE_ENV: 'staging',
      LOG_LEVEL: 'loud',
    });
    expect(problems).toHaveLength(7);
    expect(problems).toContain('PORT: must be a number (got "abc")');
    expect(problems.find((p) => p.startsWith('DATABASE_URL:'))).toContain('postgres://');
    expect(problems.find((p) => p.startsWith('SMTP_URL:'))).toContain('smtp://');
    expect(problems.find((p) => p.startsWith('PUBLIC_URL:'))).toContain('http(s) URL');
    expect(problems.find((p) => p.startsWith('AUTH_SECRET:'))).toContain('at least 32 characters');
    expect(problems.find((p) => p.startsWith('NODE_ENV:'))).toContain('development, production or test');
    expect(problems.find((p) => p.startsWith('LOG_LEVEL:'))).toContain('one of');
  });

  it('keys stored secrets on SECRETS_KEY, else AUTH_SECRET, and keeps the dev outbox while mail has nowhere else to go', () => {
    const secret = 'a'.repeat(32);
    expect(loadConfig({ DATA_DIR: dataDir(), AUTH_SECRET: secret }).secretsKey).toBe(secret);
    expect(loadConfig({ DATA_DIR: dataDir(), AUTH_SECRET: secret, SECRETS_KEY: 'b'.repeat(40) }).secretsKey).toBe(
      'b'.repeat(40),
    );
    expect(problemsOf({ SECRETS_KEY: 'short' })[0]).toContain('SECRETS_KEY: must be at least 32 characters');
    expect(loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'production' }).devOutboxEnabled).toBe(true);
  });

  it('serves apps on {slug}.apps.localhost by default, or on APPS_DOMAIN', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).appsDomain).toBe('apps.localhost');
    expect(loadConfig({ DATA_DIR: dataDir(), APPS_DOMAIN: 'Apps.Example.com' }).appsDomain).toBe('apps.example.com');
    expect(problemsOf({ APPS_DOMAIN: 'http://apps.example.com' })[0]).toContain('APPS_DOMAIN: must be a domain name');
  });

  it('maps custom hostnames to app slugs', () => {
    expect(
      loadConfig({ DATA_DIR: dataDir(), APP_HOSTNAMES: 'Tasks.Example.com=task-tracker, shop.example.org=shop' })
        .appHostnames,
    ).toEqual(
      new Map([
        ['tasks.example.com', 'task-tracker'],
        ['shop.example.org', 'shop'],
      ]),
    );
    expect(problemsOf({ APP_HOSTNAMES: 'tasks.example.com' })[0]).toContain('is not hostname=slug');
  });

  it('keeps uploads in an S3-compatible bucket when all four S3 variables are set', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).s3).toBeUndefined();
    const s3 = {
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_BUCKET: 'uploads',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    };
    expect(loadConfig({ DATA_DIR: dataDir(), ...s3 }).s3).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'uploads',
      region: 'us-east-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
    });
    expect(problemsOf({ S3_BUCKET: 'uploads' })[0]).toContain('set all four');
  });

  it('wants both Google variables or neither, and e-mails in ADMIN_EMAILS', () => {
    expect(problemsOf({ GOOGLE_CLIENT_ID: 'x' })[0]).toContain('set both');
    expect(problemsOf({ ADMIN_EMAILS: 'a@b.c, nope' })[0]).toContain('"nope" is not an e-mail');
    expect(problemsOf({ PORT: '70000' })[0]).toContain('PORT: must be 0-65535');
  });

  it('reads model providers, connectors, and the test-only outbound allowance (refused in production)', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      OPENAI_COMPATIBLE_BASE_URL: 'http://127.0.0.1:11434/v1',
      OPENAI_COMPATIBLE_MODEL: 'llama3.1',
      ANTHROPIC_API_KEY: 'k',
      NOTION_API_TOKEN: 'secret_n',
      GOOGLE_DRIVE_ACCESS_TOKEN: 'ya29.x',
      GOOGLE_DRIVE_API_URL: 'http://127.0.0.1:9100',
      OUTBOUND_TEST_ALLOW_HOSTS: '127.0.0.1:*',
    });
    expect(config.llm).toEqual({
      compatible: { baseUrl: 'http://127.0.0.1:11434/v1', model: 'llama3.1' },
      anthropic: { apiKey: 'k' },
    });
    expect(config.connectors).toEqual({
      notion: { token: 'secret_n' },
      googleDrive: { token: 'ya29.x', baseUrl: 'http://127.0.0.1:9100' },
    });
    expect(config.outboundPolicy).toEqual({ allowHosts: ['127.0.0.1:*'] });
    expect(loadConfig({ DATA_DIR: dataDir() }).outboundPolicy).toBeUndefined();
    expect(problemsOf({ OUTBOUND_TEST_ALLOW_HOSTS: '127.0.0.1:*', NODE_ENV: 'production' })[0]).toContain(
      'cannot be set in production',
    );
    expect(problemsOf({ OPENAI_COMPATIBLE_BASE_URL: 'ollama' })[0]).toContain(
      'OPENAI_COMPATIBLE_BASE_URL: must be an http(s) URL',
    );
  });

  it('reads the database statement timeout in milliseconds, 0 for none', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), DB_STATEMENT_TIMEOUT_MS: '5000' }).database.statementTimeoutMs).toBe(5000);
    expect(loadConfig({ DATA_DIR: dataDir(), DB_STATEMENT_TIMEOUT_MS: '0' }).database.statementTimeoutMs).toBe(0);
    expect(loadConfig({ DATA_DIR: dataDir(), DB_STATEMENT_TIMEOUT_MS: '' }).database.statementTimeoutMs).toBe(30_000);
    expect(problemsOf({ DB_STATEMENT_TIMEOUT_MS: '30s' })).toEqual([
      'DB_STATEMENT_TIMEOUT_MS: must be a number of milliseconds (got "30s")',
    ]);
    expect(problemsOf({ DB_STATEMENT_TIMEOUT_MS: '-1' })[0]).toContain('0 (off) or more');
  });

  it('reads the pool size and the role as settings', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      DATABASE_URL: 'postgres://db/t',
      DB_POOL_SIZE: '25',
      ROLE: 'worker',
    });
    expect(config.database).toMatchObject({ kind: 'postgres', poolSize: 25 });
    expect(config.role).toBe('worker');
    expect(loadConfig({ DATA_DIR: dataDir() }).role).toBe('all');
    expect(problemsOf({ DB_POOL_SIZE: '0', ROLE: 'api' })).toEqual([
      'DB_POOL_SIZE: must be 1-1000 (got "0")',
      'ROLE: must be web, worker or all (got "api")',
    ]);
  });

  it('reads the production twins', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      DATABASE_URL: 'postgres://u:p@db:5432/tessera',
      SMTP_URL: 'smtps://u:p@smtp.example.com:465',
      PUBLIC_URL: 'https://tessera.example.com/',
      NODE_ENV: 'production',
      ADMIN_EMAILS: 'Ops@Example.com',
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
      TRUST_PROXY: 'true',
    });
    expect(config.database).toEqual({
      kind: 'postgres',
      poolSize: 10,
      url: 'postgres://u:p@db:5432/tessera',
      statementTimeoutMs: 30_000,
    });
    expect(config.publicUrl).toBe('https://tessera.example.com');
    expect(config.devOutboxEnabled).toBe(false);
    expect(config.adminEmails.has('ops@example.com')).toBe(true);
    expect(config.google).toEqual({
      clientId: 'id',
      clientSecret: 'secret',
      authorizationUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
      tokenUrl: 'https://oauth2.googleapis.com/token',
      userInfoUrl: 'https://openidconnect.googleapis.com/v1/userinfo',
    });
    expect(config.trustProxy).toBe(true);
  });
});
