import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './support/chromium';
import { E2E_ADMINS, FIRST_HOUR_ADMINS } from './support/helpers';
import { paymentsEnv } from './support/payments';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const DATA_DIR_PREFIX = 'tessera-e2e-';

/** Free loopback ports picked by the OS (the config is evaluated synchronously, so a child asks). */
function freePorts(count: number): number[] {
  const script = `const net = require('node:net');
    Promise.all(Array.from({ length: ${count} }, () => new Promise((done) => {
      const s = net.createServer().listen(0, '127.0.0.1', () => done(s));
    }))).then((servers) => { console.log(servers.map((s) => s.address().port).join(',')); servers.forEach((s) => s.close()); });`;
  return execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim().split(',').map(Number);
}

// The config is evaluated by the runner and again by each worker; workers inherit the runner's env,
// so the fresh data dir and the ports are chosen once per run (two runs on one machine never collide).
if (!process.env.TESSERA_E2E_DATA_DIR) {
  removeStaleDataDirs();
  process.env.TESSERA_E2E_DATA_DIR = mkdtempSync(join(tmpdir(), DATA_DIR_PREFIX));
  const [server, site, model, stripe, gumroad] = freePorts(5);
  process.env.E2E_PORT ??= String(server);
  process.env.E2E_SCRAPER_SITE_PORT ??= String(site);
  process.env.E2E_MODEL_PORT ??= String(model);
  process.env.E2E_STRIPE_PORT ??= String(stripe);
  process.env.E2E_GUMROAD_PORT ??= String(gumroad);
  const [dns, dnsControl] = freePorts(2);
  process.env.E2E_DNS_PORT ??= String(dns);
  process.env.E2E_DNS_CONTROL_PORT ??= String(dnsControl);
}

const PORT = Number(process.env.E2E_PORT);
/** The loopback site data-sources.spec.ts serves for the web scraper; the server may fetch only it. */
const SCRAPER_SITE_PORT = Number(process.env.E2E_SCRAPER_SITE_PORT);
/** An OpenAI-compatible model server streaming a recorded answer (support/fake-model-server.ts). */
const MODEL_PORT = Number(process.env.E2E_MODEL_PORT);
const BASE_URL = `http://localhost:${PORT}`;
/** Fake Stripe and Gumroad (support/fake-payments-server.ts); the server sells plans through them. */
const STRIPE_PORT = Number(process.env.E2E_STRIPE_PORT);
const GUMROAD_PORT = Number(process.env.E2E_GUMROAD_PORT);
/** The fake DNS server custom-domain checks ask (support/fake-dns-server.ts), and its HTTP control port. */
const DNS_PORT = Number(process.env.E2E_DNS_PORT);
const DNS_CONTROL_PORT = Number(process.env.E2E_DNS_CONTROL_PORT);

/** Removes data dirs that earlier runs left behind (an hour old or more; a parallel run keeps its own). */
function removeStaleDataDirs() {
  for (const name of readdirSync(tmpdir())) {
    if (!name.startsWith(DATA_DIR_PREFIX)) continue;
    const dir = join(tmpdir(), name);
    try {
      if (Date.now() - statSync(dir).mtimeMs > 3600_000) rmSync(dir, { recursive: true, force: true });
    } catch {
      // Another run may be removing it too.
    }
  }
}

/** Journeys in Debian's Chromium against the built product (`npm run test:e2e` builds it first). */
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: join(REPO_ROOT, '.test-output/e2e-artifacts'),
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: join(REPO_ROOT, '.test-output/e2e.json') }]],
  use: {
    baseURL: BASE_URL,
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    // Recording a trace nearly doubles a journey's time on two cores (Database journey 31 -> 54 s),
    // which pushed long journeys to their timeouts: add `--trace retain-on-failure` when debugging.
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: CHROMIUM_LAUNCH,
  },
  webServer: [
    {
      command: 'node --import tsx tests/e2e/support/fake-model-server.ts',
      cwd: REPO_ROOT,
      url: `http://127.0.0.1:${MODEL_PORT}/v1/models`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { E2E_MODEL_PORT: String(MODEL_PORT) },
    },
    {
      command: 'node --import tsx tests/e2e/support/fake-payments-server.ts',
      cwd: REPO_ROOT,
      url: `http://127.0.0.1:${GUMROAD_PORT}/l/explorer`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { E2E_PORT: String(PORT), E2E_STRIPE_PORT: String(STRIPE_PORT), E2E_GUMROAD_PORT: String(GUMROAD_PORT) },
    },
    {
      command: 'node --import tsx tests/e2e/support/fake-dns-server.ts',
      cwd: REPO_ROOT,
      url: `http://127.0.0.1:${DNS_CONTROL_PORT}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { E2E_DNS_PORT: String(DNS_PORT), E2E_DNS_CONTROL_PORT: String(DNS_CONTROL_PORT) },
    },
    {
      command: 'node scripts/start.mjs',
      cwd: REPO_ROOT,
      url: `${BASE_URL}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
      stderr: 'pipe',
      env: {
        PORT: String(PORT),
        DATA_DIR: process.env.TESSERA_E2E_DATA_DIR,
        NODE_ENV: 'test',
        AUTH_SECRET: 'e2e0'.repeat(16),
        PUBLIC_URL: BASE_URL,
        LOG_LEVEL: 'warn',
        // Honoured only outside production (platform/outbound fetchPolicyForTests).
        OUTBOUND_TEST_ALLOW_HOSTS: `127.0.0.1:${SCRAPER_SITE_PORT},127.0.0.1:${GUMROAD_PORT}`,
        // The offline app builder stays the default; the admin may pick the recorded model server.
        OPENAI_COMPATIBLE_BASE_URL: `http://127.0.0.1:${MODEL_PORT}/v1`,
        OPENAI_COMPATIBLE_MODEL: 'fake-coder',
        CHAT_MODEL: 'offline:app-builder',
        DNS_SERVERS: `127.0.0.1:${DNS_PORT}`,
        ADMIN_EMAILS: [...Object.values(E2E_ADMINS), ...FIRST_HOUR_ADMINS].join(','),
        ...paymentsEnv({
          dataDir: process.env.TESSERA_E2E_DATA_DIR!,
          stripePort: STRIPE_PORT,
          gumroadPort: GUMROAD_PORT,
        }),
      },
    },
  ],
});
