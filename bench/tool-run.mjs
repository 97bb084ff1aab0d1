#!/usr/bin/env node
// Tool runs: time to first token of POST /live_api/tools/{path}/runs on an app's host, with the tool's
// data at 10k chunks (hybrid retrieval on PGlite, full-text on PostgreSQL without pgvector), (1) on the
// offline answer model and (2) with a fake OpenAI-compatible model, next to the same fake model called
// directly through the provider's `doStream` (what the server calls). The difference is what a run adds
// before its first token: the tool and settings read, the visitor id, the limits and credits transaction,
// retrieval, smart filtering and the prompt. Target: <= 20 ms at p50. In process (`app.request`, no socket
// for our side; the model is on loopback either way).
//
//   node --import tsx bench/tool-run.mjs [--chunks=10000] [--samples=60] [--skip-pglite] [--skip-postgres] [--json]
//   env: BENCH_PG_URL (admin connection, default postgres://postgres@127.0.0.1:5432/postgres)
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { TextDecoder } from 'node:util';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { sql } from 'drizzle-orm';
import { openDatabase } from '@tessera/db';
import { buildCorpus, seededRandom } from '@tessera/test-utils';
import { startFakeOpenAI } from '../packages/test-utils/src/fake-openai.ts';
import { createApp } from '../apps/server/src/app.ts';
import { contentHash } from '../apps/server/src/modules/context/chunking.ts';
import { createContextRepo } from '../apps/server/src/modules/context/context.repo.ts';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { createLogger } from '../apps/server/src/platform/logger.ts';
import { installSignalHandlers } from './lib/cleanup.mjs';
import { createScratchDatabase } from './lib/scratch-db.mjs';

export const TARGET_EXTRA_P50_MS = 20;
const argv = process.argv.slice(2);
const arg = (name, fallback) => Number(argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const CHUNKS = arg('chunks', 10_000);
const SAMPLES = arg('samples', 60);
const log = (msg) => process.stderr.write(`[tool-run ${new Date().toISOString().slice(11, 19)}] ${msg}\n`);
const percentile = (values, p) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))];
const FACT = 'Deliveries within 10 km of the shop cost a flat fee of 4 euros.';
const QUESTIONS = ['How much does delivery cost?', 'delivery fee within 10 km', 'What do you charge to deliver?'];

installSignalHandlers();
const fake = await startFakeOpenAI({ models: ['fake-small'] });
fake.setReply({ text: 'Delivery costs 4 euros within 10 km [Items 3].', chunkSize: 8 });
const direct = createOpenAICompatible({ name: 'compatible', baseURL: fake.baseUrl, includeUsage: true }).chatModel(
  'fake-small',
);

/** The fake model's first text-delta through the provider's own streaming call, as the server makes it. */
async function directOnce() {
  const t0 = performance.now();
  const { stream } = await direct.doStream({
    prompt: [{ role: 'user', content: [{ type: 'text', text: QUESTIONS[0] }] }],
  });
  let first;
  for await (const part of stream)
    if (first === undefined && part.type === 'text-delta') first = performance.now() - t0;
  return first;
}

async function openBackend(kind) {
  if (kind === 'pglite') {
    const dir = mkdtempSync(join(os.tmpdir(), 'tessera-bench-tool-'));
    const database = await openDatabase({ kind: 'pglite', dataDir: join(dir, 'pglite') });
    await database.migrate();
    return { database, dir, cleanup: async () => database.close() };
  }
  const scratch = await createScratchDatabase(
    process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
    'bench_tool',
  );
  const database = await openDatabase({ kind: 'postgres', url: scratch.url, poolSize: 10 });
  await database.migrate();
  const dir = mkdtempSync(join(os.tmpdir(), 'tessera-bench-tool-'));
  return {
    database,
    dir,
    cleanup: async () => {
      await database.close();
      await scratch.drop();
    },
  };
}

/** The server's composition root on this database, with or without the fake model. */
function serverOn(database, dir, withModel) {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dir,
    PUBLIC_URL: 'http://localhost:3000',
    AUTH_SECRET: 'bench-secret-0123456789abcdef0123456789abcdef',
    LOG_LEVEL: 'silent',
    ...(withModel ? { OPENAI_COMPATIBLE_BASE_URL: fake.baseUrl, OPENAI_COMPATIBLE_MODEL: 'fake-small' } : {}),
  });
  return createApp({ config, database, webDistDir: null, logger: createLogger('silent') });
}

/** A builder on the top plan with a tool app whose active tool `ask` answers from `chunks` chunks in 10 items. */
async function seed(db, retrieval, chunks) {
  const userId = randomUUID();
  await db.execute(
    sql`INSERT INTO auth_users (id, name, email, email_verified) VALUES (${userId}, 'Bench', ${`${userId}@bench.test`}, true)`,
  );
  await db.execute(sql`INSERT INTO accounts (id, user_id, plan) VALUES (${randomUUID()}, ${userId}, 'moon')`);
  const appId = randomUUID();
  const slug = `bench-${appId.slice(0, 12)}`;
  await db.execute(
    sql`INSERT INTO apps (id, owner_user_id, kind, slug, name, settings) VALUES (${appId}, ${userId}, 'tool', ${slug}, 'Bench', ${JSON.stringify({ dailyUserLimit: 100, weeklyUserLimit: 100 })}::jsonb)`,
  );
  const contextRepo = createContextRepo(db);
  const rand = seededRandom(7);
  const filler = buildCorpus({ documents: 30, paragraphsPerDoc: 20, factsPerDoc: 0, seed: 11 }).documents.flatMap((d) =>
    d.text.split('\n\n'),
  );
  const ITEMS = 10;
  const itemIds = [];
  for (let item = 0; item < ITEMS; item++) {
    const row = await contextRepo.create(
      { id: randomUUID(), appId, name: `Items ${item}`, type: 'txt', source: 'local_files', status: 'running' },
      null,
    );
    const contents = [];
    for (let i = 0; i < chunks / ITEMS; i++) {
      const n = item * (chunks / ITEMS) + i;
      let text = `${filler[Math.floor(rand() * filler.length)]} ${filler[Math.floor(rand() * filler.length)]}`.slice(
        0,
        850,
      );
      if (n === Math.floor(chunks / 3)) text = `${text}\n${FACT}`;
      contents.push({ content: `${text} [${n}]`, hash: contentHash(`${n}`) });
    }
    const inserted = await contextRepo.replaceChunks(row.id, appId, contents);
    await retrieval.indexChunks(appId, inserted);
    await contextRepo.update(row.id, { status: 'synced', numOfChunks: inserted.length });
    itemIds.push(row.id);
  }
  await db.execute(sql`ANALYZE context_chunks`);
  const definition = {
    name: 'Bench',
    tools: [
      {
        toolId: 't1',
        title: 'Ask the shop',
        path: 'ask',
        status: 'active',
        instructions: 'Answer the customer from the data: [input]',
        dataItems: itemIds.map((contextItemId) => ({ contextItemId })),
      },
    ],
  };
  await db.execute(sql`UPDATE apps SET definition = ${JSON.stringify(definition)}::jsonb WHERE id = ${appId}`);
  return { slug };
}

/** Time to the first `delta` event of one run (a new visitor each time), and the whole answer. */
async function runOnce(app, slug, i) {
  const t0 = performance.now();
  const res = await app.request(
    '/live_api/tools/ask/runs',
    {
      method: 'POST',
      headers: { host: `${slug}.apps.localhost:3000`, 'content-type': 'application/json' },
      body: JSON.stringify({ values: { input: QUESTIONS[i % QUESTIONS.length] } }),
    },
    { incoming: { socket: { remoteAddress: `10.9.${(i >> 8) & 255}.${i & 255}` } } },
  );
  if (res.status !== 200) throw new Error(`run answered ${res.status}: ${await res.text()}`);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let first;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
    if (first === undefined && text.includes('"type":"delta"')) first = performance.now() - t0;
  }
  if (first === undefined || !text.includes('"type":"done"')) throw new Error(`no answer in ${text.slice(0, 400)}`);
  return { first, text };
}

async function benchBackend(kind) {
  const backend = await openBackend(kind);
  try {
    const offline = serverOn(backend.database, backend.dir, false);
    const withModel = serverOn(backend.database, backend.dir, true);
    log(`${kind}: loading ${CHUNKS} chunks`);
    const { slug } = await seed(backend.database.db, offline.retrieval, CHUNKS);
    const offlineMs = [];
    const modelMs = [];
    const directMs = [];
    let quoted = false;
    // CPU of the offline runs (this process is the server: request, retrieval, answer; no model).
    let offlineCpuUs = 0;
    for (let i = 0; i < SAMPLES + 5; i++) {
      const cpu0 = process.cpuUsage();
      const off = await runOnce(offline.app, slug, 2 * i);
      const cpu = process.cpuUsage(cpu0);
      const viaServer = await runOnce(withModel.app, slug, 2 * i + 1);
      const straight = await directOnce();
      quoted ||= off.text.includes('flat fee of 4 euros');
      if (i < 5) continue; // warm-up: prepared statements, the provider client, the embedder
      offlineCpuUs += cpu.user + cpu.system;
      offlineMs.push(off.first);
      modelMs.push(viaServer.first);
      directMs.push(straight);
    }
    const figures = {
      chunks: CHUNKS,
      samples: offlineMs.length,
      offlineFirstTokenP50Ms: +percentile(offlineMs, 50).toFixed(2),
      offlineFirstTokenP95Ms: +percentile(offlineMs, 95).toFixed(2),
      directP50Ms: +percentile(directMs, 50).toFixed(2),
      serverP50Ms: +percentile(modelMs, 50).toFixed(2),
      serverP95Ms: +percentile(modelMs, 95).toFixed(2),
      offlineQuotesTheFact: quoted,
      cpuUsPerRun: Math.round(offlineCpuUs / offlineMs.length),
    };
    figures.extraP50Ms = +(figures.serverP50Ms - figures.directP50Ms).toFixed(2);
    figures.ok = figures.extraP50Ms <= TARGET_EXTRA_P50_MS;
    log(
      `${kind}: offline first token p50 ${figures.offlineFirstTokenP50Ms} ms (p95 ${figures.offlineFirstTokenP95Ms}); fake model direct p50 ${figures.directP50Ms} ms, through a tool run p50 ${figures.serverP50Ms} ms -> +${figures.extraP50Ms} ms (target <= ${TARGET_EXTRA_P50_MS}) ${figures.ok ? 'OK' : 'MISSED'}`,
    );
    offline.jobRunner.stop?.();
    withModel.jobRunner.stop?.();
    return figures;
  } finally {
    await backend.cleanup();
    rmSync(backend.dir, { recursive: true, force: true });
  }
}

try {
  const result = { targetExtraP50Ms: TARGET_EXTRA_P50_MS };
  if (!argv.includes('--skip-pglite')) result.pglite = await benchBackend('pglite');
  if (!argv.includes('--skip-postgres')) result.postgres = await benchBackend('postgres');
  console.log(JSON.stringify(argv.includes('--json') ? result : { toolRunTimeToFirstToken: result }));
} finally {
  await fake.close();
}
