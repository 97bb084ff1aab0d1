#!/usr/bin/env node
// Analytics: (1) what recording a visit adds to the beacon request (the in-memory count, p50; target
// <= 0.5 ms) and the amortised cost of the batched write per visit; (2) the analytics page's queries
// (GET /api/apps/{id}/analytics, 7, 30 and 90 days) over a year of 10,000 visits a day, with 1,000
// records, 50 sign-ups, 300 active end users and 200 tool runs a day (target <= 100 ms at p50). The
// events are inserted as the app would (the counting triggers fill the per-day rows the page reads).
// On PGlite, in process.
//
//   node --import tsx bench/analytics.mjs [--samples=50] [--json]
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '@tessera/db';
import { createAnalyticsRepo } from '../apps/server/src/modules/analytics/analytics.repo.ts';
import { createAnalyticsService } from '../apps/server/src/modules/analytics/analytics.service.ts';

export const TARGET_RECORD_P50_MS = 0.5;
export const TARGET_READ_P50_MS = 100;
const argv = process.argv.slice(2);
const SAMPLES = Number(argv.find((a) => a.startsWith('--samples='))?.split('=')[1] ?? 50);
const log = (msg) => process.stderr.write(`[analytics ${new Date().toISOString().slice(11, 19)}] ${msg}\n`);
const percentile = (values, p) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))];

export async function benchAnalytics() {
  const dir = mkdtempSync(join(os.tmpdir(), 'tessera-bench-analytics-'));
  const database = await openDatabase({ kind: 'pglite', dataDir: join(dir, 'pglite') });
  try {
    const { db } = database;
    const appId = 'bench-app';
    await db.execute(
      sql`INSERT INTO auth_users (id, name, email) VALUES ('bench-user', 'Bench', 'bench@example.test')`,
    );
    await db.execute(sql`INSERT INTO apps (id, owner_user_id, kind, slug, name, published_version_id)
      VALUES (${appId}, 'bench-user', 'generated', 'bench', 'Bench', 'v1')`);
    log('seeding a year: 10,000 visits, 1,000 records, 50 sign-ups, 300 active users and 200 tool runs a day');
    await db.execute(sql`INSERT INTO app_visit_days (app_id, day, visits, visitors)
      SELECT ${appId}, (current_date - g)::date, 10000, 4000 FROM generate_series(0, 364) g`);
    await db.execute(sql`INSERT INTO entity_records (id, app_id, entity, data, created_at)
      SELECT 'r' || g, ${appId}, CASE WHEN g % 3 = 0 THEN 'Task' ELSE 'Note' END, '{}'::jsonb,
        now() - (g % 365) * interval '1 day' FROM generate_series(1, 365000) g`);
    await db.execute(sql`INSERT INTO app_users (id, app_id, email, created_at)
      SELECT 'u' || g, ${appId}, 'u' || g || '@example.test', now() - (g % 365) * interval '1 day'
      FROM generate_series(1, 18250) g`);
    await db.execute(sql`INSERT INTO tool_runs (id, app_id, owner_user_id, tool_id, tool_path, subject, inputs,
        model, status, prompt_tokens, completion_tokens, cost, created_at)
      SELECT 't' || g, ${appId}, 'bench-user', 'tool', 'faq', 'v:x', '{}'::jsonb, 'm', 'succeeded', 500, 100,
        0.001, now() - (g % 365) * interval '1 day' FROM generate_series(1, 73000) g`);
    await db.execute(sql`UPDATE app_stat_days SET active_users = 300 WHERE app_id = ${appId}`);
    await db.execute(sql`ANALYZE`);

    const errors = [];
    const service = createAnalyticsService({
      repo: createAnalyticsRepo(db),
      getOwned: async () => ({ id: appId, publishedVersionId: 'v1' }),
      secret: 'bench-secret',
      logger: { error: (msg) => errors.push(msg) },
    });
    const record = [];
    for (let i = 0; i < 5000; i++) {
      const start = performance.now();
      service.recordVisit(appId, `10.0.${(i >> 8) & 255}.${i & 255}`, 'Mozilla/5.0 (bench)');
      record.push(performance.now() - start);
      if (i % 400 === 399) await service.flush();
    }
    const flushStart = performance.now();
    for (let b = 0; b < 10; b++) {
      for (let i = 0; i < 400; i++) service.recordVisit(appId, `10.1.${b}.${i & 255}`, `UA ${i}`);
      await service.flush();
    }
    const flushPerVisitMs = (performance.now() - flushStart) / 4000;

    const reads = { 7: [], 30: [], 90: [] };
    for (let i = 0; i < SAMPLES; i++)
      for (const days of [7, 30, 90]) {
        const start = performance.now();
        await service.read({ id: 'bench-user' }, appId, days);
        reads[days].push(performance.now() - start);
      }
    if (errors.length) throw new Error(errors.join('; '));
    return {
      recordP50Ms: Number(percentile(record, 50).toFixed(4)),
      recordP99Ms: Number(percentile(record, 99).toFixed(4)),
      batchedWritePerVisitMs: Number(flushPerVisitMs.toFixed(4)),
      readP50Ms: Object.fromEntries(Object.entries(reads).map(([d, v]) => [d, Number(percentile(v, 50).toFixed(1))])),
      targets: { recordP50Ms: TARGET_RECORD_P50_MS, readP50Ms: TARGET_READ_P50_MS },
    };
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await benchAnalytics();
  log(
    `recording a visit p50 ${result.recordP50Ms} ms (target <= ${TARGET_RECORD_P50_MS}), batched write ${result.batchedWritePerVisitMs} ms a visit; ` +
      `page queries p50 7d ${result.readP50Ms[7]} ms, 30d ${result.readP50Ms[30]} ms, 90d ${result.readP50Ms[90]} ms (target <= ${TARGET_READ_P50_MS})`,
  );
  process.stdout.write(`${JSON.stringify(result)}\n`);
}
