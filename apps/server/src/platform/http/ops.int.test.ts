import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { APP_MESSAGES } from '@tessera/contracts';
import { openDatabase } from '@tessera/db';
import { createTestDatabase } from '@tessera/test-utils';
import { createApp } from '../../app';
import { createTestApp } from '../../testing/harness';
import { loadConfig } from '../config';
import { createLifecycle } from '../lifecycle';
import { createLogger } from '../logger';
import { createOpsRepo } from '../ops.repo';

const TOKEN = 'metrics-token-0123456789';
const webDistDir = mkdtempSync(join(tmpdir(), 'tessera-ops-spa-'));
writeFileSync(join(webDistDir, 'index.html'), '<!doctype html><title>Tessera</title>');
afterAll(() => rmSync(webDistDir, { recursive: true, force: true }));

const lifecycle = createLifecycle();
const t = await createTestApp({ METRICS_TOKEN: TOKEN }, { lifecycle, webDistDir });

describe('probes and metrics', () => {
  it('answers /livez with the version and /readyz once the database answers and is migrated', async () => {
    const live = await t.request('GET', '/livez');
    expect(live.status).toBe(200);
    expect(live.body).toMatchObject({ status: 'ok', version: expect.any(String) });
    const ready = await t.request('GET', '/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({ status: 'ready', draining: false, database: 'ok', pendingMigrations: 0 });
    expect((await t.request('GET', '/healthz')).status).toBe(200);
  });

  it('never answers a probe-like path with the web app (before: 200 and the SPA for /metrics, /readyz, /livez)', async () => {
    for (const path of ['/metrics', '/readyz/x', '/livez/', '/health', '/healthcheck', '/health/live', '/healthz/db']) {
      const res = await t.request('GET', path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type'), path).toContain('application/json');
    }
    // The SPA still answers its own routes.
    const page = await t.request('GET', '/home');
    expect(page.status).toBe(200);
    expect(String(page.body)).toContain('<title>Tessera</title>');
  });

  it('serves Prometheus metrics only with METRICS_TOKEN', async () => {
    expect(
      (await t.request('GET', '/metrics', { headers: { authorization: 'Bearer wrong-token-0123456789' } })).status,
    ).toBe(404);
    await t.request('GET', '/livez');
    const res = await t.request('GET', '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = String(res.body);
    expect(text).toMatch(/tessera_http_requests_total\{method="GET",route="\/livez",status="200"\} \d+/);
    expect(text).toMatch(
      /tessera_http_request_duration_seconds_bucket\{le="0.005",method="GET",route="\/livez",status="200"\}/,
    );
    expect(text).toContain('# TYPE tessera_jobs gauge');
    expect(text).toContain('# TYPE tessera_chat_turns_total counter');
    expect(text).toContain('# TYPE tessera_tool_runs_total counter');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect(text).toContain('process_resident_memory_bytes');
    expect(text).toMatch(/tessera_build_info\{version="[^"]+",commit="[0-9a-f]*",node="[^"]+"\} 1/);
    expect(text).toContain('tessera_draining 0');
    if (t.database.kind === 'postgres') expect(text).toMatch(/tessera_db_pool_connections\{state="total"\} \d+/);
  });

  it('while draining: /readyz and /healthz fail first, /livez still answers, new requests get a 503', async () => {
    void lifecycle.drain(60_000);
    const ready = await t.request('GET', '/readyz');
    expect(ready.status).toBe(503);
    expect(ready.headers.get('retry-after')).toBe('5');
    expect(ready.body).toMatchObject({ status: 'not ready', draining: true });
    expect((await t.request('GET', '/healthz')).status).toBe(503);
    expect((await t.request('GET', '/livez')).status).toBe(200);
    const refused = await t.request('GET', '/api/config');
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({ error: { code: 'SERVICE_UNAVAILABLE', message: APP_MESSAGES.draining } });
  });
});

/** A TCP relay to PostgreSQL that the test can cut and restore: an outage the driver really sees. */
async function relayTo(port: number) {
  const sockets = new Set<Socket>();
  let server: Server;
  const listen = (at: number) =>
    new Promise<number>((resolve) => {
      server = createServer((client) => {
        const upstream = connect(port, '127.0.0.1');
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('error', () => {});
          s.on('close', () => sockets.delete(s));
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(at, '127.0.0.1', () => resolve((server.address() as { port: number }).port));
    });
  const at = await listen(0);
  return {
    port: at,
    cut: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      }),
    restore: () => listen(at),
  };
}

describe.skipIf(process.env.TEST_DB !== 'postgres')('several processes on one database', () => {
  it('counts the other server processes by the names of their connections (the start-time warning without S3)', async () => {
    const testDb = await createTestDatabase();
    const open = (applicationName: string) => openDatabase({ kind: 'postgres', url: testDb.url!, applicationName });
    const [first, second] = [await open('tessera:host-a:1'), await open('tessera:host-b:2')];
    await second.db.execute('SELECT 1');
    expect(await createOpsRepo(first).countOtherProcesses()).toBe(1);
    await second.close();
    expect(await createOpsRepo(first).countOtherProcesses()).toBe(0);
    await first.close();
    await testDb.drop();
  });
});

describe.skipIf(process.env.TEST_DB !== 'postgres')('a database outage', () => {
  it('answers 503 with Retry-After (not 500) while PostgreSQL cannot be reached, and recovers', async () => {
    const testDb = await createTestDatabase();
    const url = new URL(testDb.url!);
    const relay = await relayTo(Number(url.port || 5432));
    url.port = String(relay.port);
    const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 2 });
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: webDistDir,
      DATABASE_URL: url.toString(),
      LOG_LEVEL: 'silent',
    });
    const { app } = createApp({ config, database, logger: createLogger('silent'), webDistDir: null });
    const entityList = '/live_api/apps/no-such-app/entities/Task';
    expect((await app.request(entityList)).status).toBe(404);

    await relay.cut();
    for (const path of [entityList, '/healthz']) {
      const res = await app.request(path);
      expect(res.status, path).toBe(503);
      expect(res.headers.get('retry-after'), path).toBe('5');
      expect(await res.json(), path).toEqual({
        error: { code: 'SERVICE_UNAVAILABLE', message: APP_MESSAGES.databaseUnavailable },
      });
    }
    const ready = await app.request('/readyz');
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ database: 'unreachable' });

    await relay.restore();
    expect((await app.request(entityList)).status).toBe(404);
    expect((await app.request('/readyz')).status).toBe(200);
    await database.close();
    await relay.cut();
    await testDb.drop();
  });
});
