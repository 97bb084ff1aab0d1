import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import {
  DEFAULT_PLAN_CATALOGUE,
  PLANS,
  PlanCatalogueSchema,
  type PlanCatalogue,
  type PlanId,
} from '@tessera/contracts/plans';
import { fetchPolicyForTests, type FetchPolicy } from './outbound/safe-fetch';

const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const httpUrl = (what: string) =>
  z
    .string()
    .trim()
    .refine((v) => /^https?:\/\/[^\s/]+/i.test(v) && URL.canParse(v), `must be an http(s) URL, e.g. ${what}`);

/** Every environment variable the server reads. README's configuration table mirrors this. */
const EnvSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'], { error: 'must be development, production or test' })
    .default('development'),
  PORT: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be 0-65535')
    .max(65535, 'must be 0-65535')
    .default(3000),
  HOST: z.string().trim().min(1, 'must not be empty').default('0.0.0.0'),
  PUBLIC_URL: optionalString.pipe(httpUrl('https://tessera.example.com').optional()),
  DATA_DIR: z.string().trim().min(1, 'must not be empty').default('./data'),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .refine((v) => /^postgres(ql)?:\/\//.test(v), 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  DB_STATEMENT_TIMEOUT_MS: optionalString.pipe(
    z.coerce
      .number<string | undefined>({ error: 'must be a number of milliseconds' })
      .int('must be a whole number of milliseconds')
      .min(0, 'must be 0 (off) or more milliseconds')
      .max(2_147_483_647, 'must be at most 2147483647 milliseconds')
      .default(30_000),
  ),
  METRICS_TOKEN: optionalString.pipe(
    z.string().min(16, 'must be at least 16 characters (try: openssl rand -hex 16)').optional(),
  ),
  METRICS_PORT: optionalString.pipe(
    z.coerce
      .number<string | undefined>({ error: 'must be a port number' })
      .int('must be a whole number')
      .min(1, 'must be 1-65535')
      .max(65535, 'must be 1-65535')
      .optional(),
  ),
  METRICS_HOST: z.string().default('127.0.0.1'),
  DB_POOL_SIZE: optionalString.pipe(
    z.coerce
      .number<string | undefined>({ error: 'must be a number of connections' })
      .int('must be a whole number of connections')
      .min(1, 'must be 1-1000')
      .max(1000, 'must be 1-1000')
      .default(10),
  ),
  ROLE: z.enum(['web', 'worker', 'all', ''], { error: 'must be web, worker or all' }).default(''),
  SHUTDOWN_GRACE_MS: optionalString.pipe(
    z.coerce
      .number<string | undefined>({ error: 'must be a number of milliseconds' })
      .int('must be a whole number of milliseconds')
      .min(0, 'must be 0 or more milliseconds')
      .max(3_600_000, 'must be at most 3600000 milliseconds (an hour)')
      .default(60_000),
  ),
  AUTH_SECRET: optionalString.pipe(
    z.string().min(32, 'must be at least 32 characters (try: openssl rand -hex 32)').optional(),
  ),
  SECRETS_KEY: optionalString.pipe(
    z.string().min(32, 'must be at least 32 characters (try: openssl rand -hex 32)').optional(),
  ),
  ADMIN_EMAILS: z.string().default(''),
  DEFAULT_PLAN: optionalString.pipe(z.enum(PLANS, { error: `must be one of ${PLANS.join(', ')}` }).optional()),
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .refine(
        (v) => /^smtps?:\/\//.test(v) && URL.canParse(v),
        'must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example.com:587',
      )
      .optional(),
  ),
  MAIL_FROM: z
    .string()
    .trim()
    .min(3, 'must be an address such as "Tessera <no-reply@example.com>"')
    .default('Tessera <no-reply@tessera.localhost>'),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GOOGLE_OAUTH_BASE_URL: optionalString.pipe(httpUrl('http://127.0.0.1:9000').optional()),
  OPENAI_API_KEY: optionalString,
  OPENAI_BASE_URL: optionalString.pipe(httpUrl('https://api.openai.com/v1').optional()),
  ANTHROPIC_API_KEY: optionalString,
  ANTHROPIC_BASE_URL: optionalString.pipe(httpUrl('https://api.anthropic.com/v1').optional()),
  OPENAI_COMPATIBLE_BASE_URL: optionalString.pipe(httpUrl('http://127.0.0.1:11434/v1').optional()),
  OPENAI_COMPATIBLE_API_KEY: optionalString,
  OPENAI_COMPATIBLE_MODEL: optionalString,
  CHAT_MODEL: optionalString,
  S3_ENDPOINT: optionalString.pipe(httpUrl('https://s3.eu-west-1.amazonaws.com').optional()),
  S3_BUCKET: optionalString,
  S3_REGION: z.string().trim().min(1, 'must not be empty').default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  APPS_DOMAIN: z
    .string()
    .trim()
    .toLowerCase()
    .regex(
      /^(?=.{1,200}$)([a-z0-9](?:[a-z0-9-]*[a-z0-9])?)(\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/,
      'must be a domain name such as apps.example.com (apps get {slug}.APPS_DOMAIN)',
    )
    .default('apps.localhost'),
  APP_HOSTNAMES: z.string().default(''),
  DNS_SERVERS: z
    .string()
    .trim()
    .regex(
      /^$|^[0-9a-f.:[\]]+(,\s*[0-9a-f.:[\]]+)*$/i,
      'must be comma-separated IP addresses with optional ports, e.g. 1.1.1.1,127.0.0.1:5353',
    )
    .default(''),
  NOTION_API_TOKEN: optionalString,
  NOTION_API_URL: optionalString.pipe(httpUrl('https://api.notion.com').optional()),
  GOOGLE_DRIVE_ACCESS_TOKEN: optionalString,
  GOOGLE_DRIVE_API_URL: optionalString.pipe(httpUrl('https://www.googleapis.com').optional()),
  OUTBOUND_TEST_ALLOW_HOSTS: optionalString,
  PLANS_FILE: optionalString,
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_URL: optionalString.pipe(httpUrl('https://api.stripe.com').optional()),
  GUMROAD_ACCESS_TOKEN: optionalString,
  GUMROAD_PING_SECRET: optionalString.pipe(
    z.string().min(16, 'must be at least 16 characters (try: openssl rand -hex 16)').optional(),
  ),
  GUMROAD_API_URL: optionalString.pipe(httpUrl('https://api.gumroad.com').optional()),
  TRUST_PROXY: z.enum(['true', 'false', '1', '0', ''], { error: 'must be true or false' }).default('false'),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
});

export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Origin (no trailing slash) used in mail links and as the identity provider's base URL. */
  publicUrl: string;
  dataDir: string;
  /** statementTimeoutMs: PostgreSQL cancels longer statements (0: none); PGlite cannot. */
  database: ({ kind: 'postgres'; url: string; poolSize: number } | { kind: 'pglite'; dataDir: string }) & {
    statementTimeoutMs: number;
  };
  /** What this process does (`--role` overrides it): web serves HTTP, worker runs jobs, all both. */
  role: 'web' | 'worker' | 'all';
  /**
   * /metrics: on the public port only with `Authorization: Bearer {token}`; on `port` (bound to
   * `host`, loopback by default) with the probes and no token.
   */
  metrics: { token?: string; port?: number; host: string };
  /** How long running chat turns may finish after SIGTERM before they end "interrupted". */
  shutdownGraceMs: number;
  authSecret: string;
  /** Key material of the secrets stored encrypted (SECRETS_KEY, else AUTH_SECRET). */
  secretsKey: string;
  adminEmails: ReadonlySet<string>;
  smtpUrl?: string;
  mailFrom: string;
  google?: GoogleConfig;
  trustProxy: boolean;
  /** Uploaded files go to this S3-compatible bucket when set, else DATA_DIR/files. */
  s3?: { endpoint: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string };
  /** Generated apps are served on `{slug}.{appsDomain}` (never on the builder's origin: docs/decisions/0006-app-hosts.md). */
  appsDomain: string;
  /** Custom hostnames the operator maps to one app each (hostname -> slug); apps there have no /app/{slug} prefix. */
  appHostnames: ReadonlyMap<string, string>;
  /** The DNS servers custom-domain checks ask (`ip` or `ip:port`); empty: the system's resolvers. */
  dnsServers: string[];
  logLevel: LogLevel;
  llm: LlmConfig;
  /** Data-source connectors whose credentials are set (the others show "not configured"). */
  connectors: { notion?: { token: string; baseUrl?: string }; googleDrive?: { token: string; baseUrl?: string } };
  /** Tests only (refused in production): hosts the outbound fetches may reach despite being private. */
  outboundPolicy?: FetchPolicy;
  /** Builder plans and their checkout (docs/product/accounts-and-plans.md#data). */
  billing: BillingConfig;
  /**
   * The dev outbox page and API (loopback clients only): outside production, and in production
   * when there is no SMTP_URL (the outbox is then the only copy of the mails).
   */
  devOutboxEnabled: boolean;
}

/** The plan catalogue and the payment providers whose variables are set. */
export interface BillingConfig {
  plans: PlanCatalogue;
  /** The plan every builder has at least until an admin picks another on /admin (DEFAULT_PLAN, lite by default). */
  defaultPlan: PlanId;
  stripe?: { secretKey: string; webhookSecret: string; apiUrl?: string };
  gumroad?: { accessToken: string; pingSecret: string; apiUrl?: string };
  /** Gumroad's and Stripe's API origins for apps' paid memberships (each app owner's own account). */
  apiUrls: { gumroad?: string; stripe?: string };
}

/** Model providers; with none configured the built-in offline models answer. */
export interface LlmConfig {
  openai?: { apiKey: string; baseUrl?: string };
  anthropic?: { apiKey: string; baseUrl?: string };
  /** Any OpenAI-compatible server (Ollama, vLLM, LM Studio, OpenRouter). */
  compatible?: { baseUrl: string; apiKey?: string; model?: string };
  /** The default chat model id (`provider:model`), e.g. `openai:gpt-4.1`. */
  chatModel?: string;
}

export interface GoogleConfig {
  clientId: string;
  clientSecret: string;
  authorizationUrl: string;
  tokenUrl: string;
  userInfoUrl: string;
}

/** Google's OAuth endpoints; GOOGLE_OAUTH_BASE_URL serves all three from one base (tests, egress proxies). */
function googleEndpoints(
  base: string | undefined,
): Pick<GoogleConfig, 'authorizationUrl' | 'tokenUrl' | 'userInfoUrl'> {
  const b = base?.replace(/\/+$/, '');
  return {
    authorizationUrl: `${b ?? 'https://accounts.google.com'}/o/oauth2/v2/auth`,
    tokenUrl: `${b ?? 'https://oauth2.googleapis.com'}/token`,
    userInfoUrl: `${b ?? 'https://openidconnect.googleapis.com'}/v1/userinfo`,
  };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/**
 * Reads and validates the environment once at start, naming every bad variable at once.
 * AUTH_SECRET falls back to a random secret kept in DATA_DIR so a fresh machine needs no setup.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  const problems: string[] = [];
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0]);
      problems.push(`${name}: ${issue.message} (got ${JSON.stringify(env[name])})`);
    }
    throw new ConfigError(problems);
  }
  const e = parsed.data;
  if (Boolean(e.GOOGLE_CLIENT_ID) !== Boolean(e.GOOGLE_CLIENT_SECRET)) {
    problems.push('GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET: set both to enable Google sign-in, or neither');
  }
  const appHostnames = new Map<string, string>();
  for (const pair of e.APP_HOSTNAMES.split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [host = '', slug = ''] = pair.split('=').map((v) => v.trim().toLowerCase());
    if (!/^[a-z0-9.-]+\.[a-z]{2,}$/.test(host) || !/^[a-z0-9-]+$/.test(slug))
      problems.push(
        `APP_HOSTNAMES: "${pair}" is not hostname=slug (comma-separated, e.g. tasks.example.com=task-tracker)`,
      );
    else appHostnames.set(host, slug);
  }
  const s3Set = [e.S3_ENDPOINT, e.S3_BUCKET, e.S3_ACCESS_KEY_ID, e.S3_SECRET_ACCESS_KEY].filter(Boolean).length;
  if (s3Set > 0 && s3Set < 4)
    problems.push(
      'S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set all four to keep uploads in a bucket, or none',
    );
  const adminEmails = e.ADMIN_EMAILS.split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  const badAdmin = adminEmails.find((a) => !/^[^\s@]+@[^\s@]+$/.test(a));
  if (badAdmin) problems.push(`ADMIN_EMAILS: "${badAdmin}" is not an e-mail address (comma-separated list expected)`);
  let outboundPolicy: FetchPolicy | undefined;
  try {
    outboundPolicy = fetchPolicyForTests(e.OUTBOUND_TEST_ALLOW_HOSTS, e.NODE_ENV);
  } catch (err) {
    problems.push((err as Error).message);
  }
  if (Boolean(e.STRIPE_SECRET_KEY) !== Boolean(e.STRIPE_WEBHOOK_SECRET))
    problems.push('STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET: set both to sell plans through Stripe, or neither');
  if (Boolean(e.GUMROAD_ACCESS_TOKEN) !== Boolean(e.GUMROAD_PING_SECRET))
    problems.push('GUMROAD_ACCESS_TOKEN and GUMROAD_PING_SECRET: set both to sell plans through Gumroad, or neither');
  const plans = readPlanCatalogue(e.PLANS_FILE, resolve(e.DATA_DIR), problems);
  if (problems.length || !plans) throw new ConfigError(problems);

  const dataDir = resolve(e.DATA_DIR);
  const authSecret = e.AUTH_SECRET ?? readOrCreateSecret(dataDir);
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    dataDir,
    database: {
      ...(e.DATABASE_URL
        ? { kind: 'postgres' as const, url: e.DATABASE_URL, poolSize: e.DB_POOL_SIZE }
        : { kind: 'pglite' as const, dataDir: join(dataDir, 'pglite') }),
      statementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
    },
    metrics: { token: e.METRICS_TOKEN, port: e.METRICS_PORT, host: e.METRICS_HOST },
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    role: e.ROLE || 'all',
    authSecret,
    secretsKey: e.SECRETS_KEY ?? authSecret,
    adminEmails: new Set(adminEmails),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? {
            clientId: e.GOOGLE_CLIENT_ID,
            clientSecret: e.GOOGLE_CLIENT_SECRET,
            ...googleEndpoints(e.GOOGLE_OAUTH_BASE_URL),
          }
        : undefined,
    trustProxy: e.TRUST_PROXY === 'true' || e.TRUST_PROXY === '1',
    appsDomain: e.APPS_DOMAIN,
    appHostnames,
    dnsServers: e.DNS_SERVERS.split(',')
      .map((server) => server.trim())
      .filter(Boolean),
    s3:
      e.S3_ENDPOINT && e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: e.S3_ENDPOINT,
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          }
        : undefined,
    logLevel: e.LOG_LEVEL,
    llm: {
      openai: e.OPENAI_API_KEY ? { apiKey: e.OPENAI_API_KEY, baseUrl: e.OPENAI_BASE_URL } : undefined,
      anthropic: e.ANTHROPIC_API_KEY ? { apiKey: e.ANTHROPIC_API_KEY, baseUrl: e.ANTHROPIC_BASE_URL } : undefined,
      compatible: e.OPENAI_COMPATIBLE_BASE_URL
        ? {
            baseUrl: e.OPENAI_COMPATIBLE_BASE_URL,
            apiKey: e.OPENAI_COMPATIBLE_API_KEY,
            model: e.OPENAI_COMPATIBLE_MODEL,
          }
        : undefined,
      chatModel: e.CHAT_MODEL,
    },
    connectors: {
      notion: e.NOTION_API_TOKEN ? { token: e.NOTION_API_TOKEN, baseUrl: e.NOTION_API_URL } : undefined,
      googleDrive: e.GOOGLE_DRIVE_ACCESS_TOKEN
        ? { token: e.GOOGLE_DRIVE_ACCESS_TOKEN, baseUrl: e.GOOGLE_DRIVE_API_URL }
        : undefined,
    },
    outboundPolicy,
    billing: {
      plans,
      defaultPlan: e.DEFAULT_PLAN ?? 'lite',
      stripe:
        e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
          ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiUrl: e.STRIPE_API_URL }
          : undefined,
      gumroad:
        e.GUMROAD_ACCESS_TOKEN && e.GUMROAD_PING_SECRET
          ? { accessToken: e.GUMROAD_ACCESS_TOKEN, pingSecret: e.GUMROAD_PING_SECRET, apiUrl: e.GUMROAD_API_URL }
          : undefined,
      apiUrls: { gumroad: e.GUMROAD_API_URL, stripe: e.STRIPE_API_URL },
    },
    devOutboxEnabled: e.NODE_ENV !== 'production' || !e.SMTP_URL,
  };
}

/**
 * The operator's plan catalogue: PLANS_FILE, else DATA_DIR/plans.json when present, else the
 * built-in one. A file that does not parse or validate stops the start with its problems listed.
 */
function readPlanCatalogue(file: string | undefined, dataDir: string, problems: string[]): PlanCatalogue | null {
  const path = file ? resolve(file) : join(dataDir, 'plans.json');
  if (!file && !existsSync(path)) return DEFAULT_PLAN_CATALOGUE;
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    problems.push(`PLANS_FILE: cannot read ${path} as JSON (${(err as Error).message})`);
    return null;
  }
  const parsed = PlanCatalogueSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues.slice(0, 10))
    problems.push(`PLANS_FILE: ${path}: ${issue.path.join('.') || '(root)'}: ${issue.message}`);
  return null;
}

function readOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
