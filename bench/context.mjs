#!/usr/bin/env node
// Data sources: (1) ingest ~10 MB of mixed documents (TXT, CSV, DOCX, PDF) through the real pipeline
// (service -> durable job -> parse -> chunk -> offline embeddings -> synced), wall time; (2) retrieval
// latency (p50/p95) at 100k chunks, hybrid / full-text / vectors; (3) recall@10 of a labelled
// question set built from the fixtures (packages/test-utils/src/fixtures/corpus.ts), for full-text
// alone, vectors alone and hybrid — on the small ingested corpus and on the 100k-chunk corpus.
// PGlite (pgvector: hybrid) and PostgreSQL (no pgvector here: full-text only).
// Target: retrieval p95 <= 20 ms at 100k chunks.
//
//   node --import tsx bench/context.mjs [--chunks=100000] [--mb=10] [--queries=200] [--skip-pglite] [--skip-postgres] [--json]
//   env: BENCH_PG_URL (admin connection, default postgres://postgres@127.0.0.1:5432/postgres)
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '@tessera/db';
import { createScratchDatabase } from './lib/scratch-db.mjs';
import { buildCorpus, buildDocx, buildPdf, seededRandom } from '@tessera/test-utils';
import { createContextJobs } from '../apps/server/src/modules/context/context.jobs.ts';
import { createContextRepo } from '../apps/server/src/modules/context/context.repo.ts';
import { createContextService } from '../apps/server/src/modules/context/context.service.ts';
import { contentHash } from '../apps/server/src/modules/context/chunking.ts';
import { createHashingEmbedder } from '../apps/server/src/modules/retrieval/embedder.ts';
import { createRetrievalRepo } from '../apps/server/src/modules/retrieval/retrieval.repo.ts';
import { createRetrievalService } from '../apps/server/src/modules/retrieval/retrieval.service.ts';
import { createJobsRepo } from '../apps/server/src/platform/jobs/jobs.repo.ts';
import { createJobQueue, createJobRunner } from '../apps/server/src/platform/jobs/runner.ts';
import { createLogger } from '../apps/server/src/platform/logger.ts';

export const TARGET_RETRIEVAL_P95_MS = 20;
const argv = process.argv.slice(2);
const arg = (name, fallback) => Number(argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const CHUNKS = arg('chunks', 100_000);
const MB = arg('mb', 10);
const QUERIES = arg('queries', 200);
const asJson = argv.includes('--json');
const log = (msg) => process.stderr.write(`[context ${new Date().toISOString().slice(11, 19)}] ${msg}\n`);
const percentile = (values, p) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))];
const round = (x, d = 2) => Math.round(x * 10 ** d) / 10 ** d;
const logger = createLogger('warn');

// ------------------------------------------------------------ documents

/** ~`bytes` of mixed uploads: a quarter each of TXT (the labelled corpus), CSV, DOCX and PDF text. */
async function mixedDocuments(bytes) {
  const quarter = bytes / 4;
  const docs = [];
  const rand = seededRandom(11);
  // TXT: the labelled corpus (its questions are the small recall set), repeated with new seeds to size.
  const corpus = buildCorpus({ documents: 8, paragraphsPerDoc: 40, factsPerDoc: 6, seed: 42 });
  let txtBytes = 0;
  for (const d of corpus.documents) {
    docs.push({ name: `${d.name}.txt`, type: 'txt', mimeType: 'text/plain', bytes: Buffer.from(d.text) });
    txtBytes += Buffer.byteLength(d.text);
  }
  for (let seed = 100; txtBytes < quarter; seed++) {
    const more = buildCorpus({ documents: 4, paragraphsPerDoc: 60, factsPerDoc: 0, seed });
    for (const d of more.documents) {
      docs.push({
        name: `Filler ${seed} ${d.name}.txt`,
        type: 'txt',
        mimeType: 'text/plain',
        bytes: Buffer.from(d.text),
      });
      txtBytes += Buffer.byteLength(d.text);
    }
  }
  // CSV: product rows, ~500 KB per file.
  for (let f = 0, size = 0; size < quarter; f++) {
    const rows = ['sku,name,price,stock,description'];
    for (let i = 0; i < 5000; i++)
      rows.push(
        `SKU-${f}-${i},Item ${f}-${i},${(rand() * 100).toFixed(2)},${Math.floor(rand() * 500)},"A ${['red', 'blue', 'green'][i % 3]} product, batch ${f}"`,
      );
    const csv = Buffer.from(rows.join('\n'));
    docs.push({ name: `catalogue-${f}.csv`, type: 'csv', mimeType: 'text/csv', bytes: csv });
    size += csv.length;
  }
  // DOCX: ~250 KB of text each (compressed far smaller, so count the text).
  for (let f = 0, size = 0; size < quarter; f++) {
    const paragraphs = buildCorpus({
      documents: 1,
      paragraphsPerDoc: 400,
      factsPerDoc: 0,
      seed: 500 + f,
    }).documents[0].text.split('\n\n');
    docs.push({
      name: `manual-${f}.docx`,
      type: 'doc',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      bytes: await buildDocx(paragraphs),
    });
    size += paragraphs.join('\n\n').length;
  }
  // PDF: 40 pages of 40 lines each.
  for (let f = 0, size = 0; size < quarter; f++) {
    const lines = buildCorpus({
      documents: 1,
      paragraphsPerDoc: 300,
      factsPerDoc: 0,
      seed: 900 + f,
    }).documents[0].text.split(/(?<=\.) /);
    const pages = [];
    for (let i = 0; i < lines.length; i += 40) pages.push(lines.slice(i, i + 40));
    const pdf = buildPdf(pages);
    docs.push({ name: `report-${f}.pdf`, type: 'pdf', mimeType: 'application/pdf', bytes: pdf });
    size += pdf.length;
  }
  return { docs, questions: corpus.questions };
}

// ------------------------------------------------------------ backend

async function openBackend(kind, adminUrl) {
  if (kind === 'pglite') {
    const dir = mkdtempSync(join(os.tmpdir(), 'tessera-bench-ctx-'));
    const database = await openDatabase({ kind: 'pglite', dataDir: join(dir, 'pglite') });
    await database.migrate();
    return {
      database,
      cleanup: async () => {
        await database.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const scratch = await createScratchDatabase(adminUrl, 'bench_ctx');
  const database = await openDatabase({ kind: 'postgres', url: scratch.url, poolSize: 10 });
  await database.migrate();
  return {
    database,
    cleanup: async () => {
      await database.close();
      await scratch.drop();
    },
  };
}

function compose(database) {
  const { db } = database;
  const jobsRepo = createJobsRepo(db);
  const retrieval = createRetrievalService({
    retrievalRepo: createRetrievalRepo(db),
    embedder: createHashingEmbedder(),
    logger,
  });
  const contextRepo = createContextRepo(db);
  const context = createContextService({
    contextRepo,
    jobs: createJobQueue({ jobsRepo }),
    retrieval,
    listen: database.listen,
  });
  const runner = createJobRunner({
    jobsRepo,
    logger,
    listen: database.listen,
    handlers: createContextJobs({ contextRepo, retrieval, logger }),
    concurrency: database.kind === 'pglite' ? 1 : 2,
    pollMs: 100,
  });
  return { db, context, contextRepo, retrieval, runner };
}

async function createBuilder(db) {
  const userId = randomUUID();
  await db.execute(
    sql`INSERT INTO auth_users (id, name, email, email_verified) VALUES (${userId}, 'Bench', ${`${userId}@bench.test`}, true)`,
  );
  await db.execute(sql`INSERT INTO accounts (id, user_id, plan) VALUES (${randomUUID()}, ${userId}, 'moon')`);
  return { id: userId, email: `${userId}@bench.test`, emailVerified: true, name: 'Bench' };
}

async function createApp(db, userId) {
  const appId = randomUUID();
  await db.execute(
    sql`INSERT INTO apps (id, owner_user_id, kind, slug, name) VALUES (${appId}, ${userId}, 'generated', ${`bench-${appId.slice(0, 12)}`}, 'Bench')`,
  );
  return appId;
}

const { Readable } = await import('node:stream');

/** Uploads every document (5 per app: the paid plan's item limit) and waits for all to settle. */
async function benchIngest(parts, docs) {
  const user = await createBuilder(parts.db);
  const appIds = [];
  const ids = [];
  const started = performance.now();
  for (let i = 0; i < docs.length; i++) {
    if (i % 5 === 0) appIds.push(await createApp(parts.db, user.id));
    const doc = docs[i];
    const { contextItemId } = await parts.context.ingestFile(user, appIds.at(-1), {
      filename: doc.name,
      mimeType: doc.mimeType,
      stream: Readable.from([doc.bytes]),
    });
    ids.push(contextItemId);
  }
  const acceptedMs = performance.now() - started;
  const deadline = Date.now() + 20 * 60_000;
  for (;;) {
    if (Date.now() > deadline) throw new Error('ingestion did not settle within 20 minutes');
    const rows = await Promise.all(ids.map((id) => parts.contextRepo.findById(id)));
    const open = rows.filter((r) => !['synced', 'error', 'usage_limit_reached'].includes(r.status));
    if (!open.length) {
      const failed = rows.filter((r) => r.status !== 'synced');
      if (failed.length) throw new Error(`${failed.length} items did not sync: ${failed[0].errorReason}`);
      break;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const wallMs = performance.now() - started;
  const rows = await Promise.all(ids.map((id) => parts.contextRepo.findById(id)));
  const uploadBytes = docs.reduce((s, d) => s + d.bytes.length, 0);
  const textBytes = Number(
    (await parts.db.execute(sql`SELECT coalesce(sum(length(content)), 0) AS n FROM context_chunks`)).rows[0].n,
  );
  return {
    documents: docs.length,
    byType: Object.fromEntries(['txt', 'csv', 'doc', 'pdf'].map((t) => [t, docs.filter((d) => d.type === t).length])),
    uploadMb: round(uploadBytes / 1024 / 1024),
    chunks: rows.reduce((s, r) => s + r.numOfChunks, 0),
    chunkTextMb: round(textBytes / 1024 / 1024),
    acceptedMs: Math.round(acceptedMs),
    wallMs: Math.round(wallMs),
    mbPerS: round(uploadBytes / 1024 / 1024 / (wallMs / 1000)),
    appIds,
  };
}

/** Recall@k per mode: a question is answered when a top-k chunk contains its fact sentence. */
async function recall(retrieval, appIds, questions, modes, k = 10) {
  const out = {};
  for (const mode of modes) {
    let hits = 0;
    for (const q of questions) {
      let found = false;
      for (const appId of appIds) {
        const chunks = await retrieval.searchSimilar({ appId, query: q.question, limit: k, mode });
        if (chunks.some((c) => c.content.includes(q.answer))) found = true;
      }
      if (found) hits++;
    }
    out[mode] = round(hits / questions.length, 3);
  }
  return out;
}

/** 100k chunks in one app: filler sentences with labelled facts planted, inserted through the repos (embeddings included). */
async function loadLargeCorpus(parts, chunks) {
  const user = await createBuilder(parts.db);
  const appId = await createApp(parts.db, user.id);
  const rand = seededRandom(2024);
  const corpus = buildCorpus({ documents: 60, paragraphsPerDoc: 4, factsPerDoc: 5, seed: 77 });
  const filler = buildCorpus({ documents: 40, paragraphsPerDoc: 20, factsPerDoc: 0, seed: 78 }).documents.flatMap((d) =>
    d.text.split('\n\n'),
  );
  const answers = corpus.questions.map((q) => q.answer);
  const ITEMS = 20;
  const perItem = Math.ceil(chunks / ITEMS);
  const started = performance.now();
  let made = 0;
  for (let item = 0; item < ITEMS; item++) {
    const row = await parts.contextRepo.create(
      { id: randomUUID(), appId, name: `Large ${item}`, type: 'txt', source: 'local_files', status: 'running' },
      null,
    );
    const contents = [];
    for (let i = 0; i < perItem && made < chunks; i++, made++) {
      let text = `${filler[Math.floor(rand() * filler.length)]} ${filler[Math.floor(rand() * filler.length)]}`.slice(
        0,
        850,
      );
      // Every answer lands in exactly one chunk, spread over the corpus.
      const answerIndex = made % Math.floor(chunks / answers.length);
      const which = Math.floor(made / Math.floor(chunks / answers.length));
      if (answerIndex === 0 && which < answers.length) text = `${text} ${answers[which]}`;
      contents.push({ content: `${text} [${made}]`, hash: contentHash(`${made}`) });
    }
    const inserted = await parts.contextRepo.replaceChunks(row.id, appId, contents);
    await parts.retrieval.indexChunks(appId, inserted);
    await parts.contextRepo.update(row.id, { status: 'synced', numOfChunks: inserted.length });
    log(`  ${made}/${chunks} chunks loaded (${Math.round((performance.now() - started) / 1000)} s)`);
  }
  await parts.db.execute(sql`ANALYZE context_chunks`);
  if (await parts.retrieval.hasVectors()) await parts.db.execute(sql`ANALYZE context_chunk_embeddings`);
  return { appId, questions: corpus.questions, loadMs: Math.round(performance.now() - started) };
}

async function latency(retrieval, appId, questions, mode, n) {
  const times = [];
  const queries = [];
  for (let i = 0; i < n; i++) queries.push(questions[i % questions.length].question);
  for (let i = 0; i < 10; i++) await retrieval.searchSimilar({ appId, query: queries[i], limit: 10, mode });
  for (const query of queries) {
    const t0 = performance.now();
    await retrieval.searchSimilar({ appId, query, limit: 10, mode });
    times.push(performance.now() - t0);
  }
  return {
    queries: n,
    p50Ms: round(percentile(times, 50)),
    p95Ms: round(percentile(times, 95)),
    maxMs: round(Math.max(...times)),
  };
}

async function benchBackend(kind, adminUrl, documents) {
  log(`${kind}: opening a fresh database`);
  const backend = await openBackend(kind, adminUrl);
  try {
    const parts = compose(backend.database);
    const vectors = await parts.retrieval.hasVectors();
    const modes = vectors ? ['fts', 'vector', 'hybrid'] : ['fts'];
    await parts.runner.start();
    log(`${kind}: ingesting ${documents.docs.length} documents`);
    const ingest = await benchIngest(parts, documents.docs);
    await parts.runner.stop();
    log(
      `${kind}:   ${ingest.uploadMb} MB (${ingest.chunkTextMb} MB of chunk text, ${ingest.chunks} chunks) synced in ${ingest.wallMs} ms (${ingest.mbPerS} MB/s)`,
    );
    const smallRecall = await recall(parts.retrieval, ingest.appIds.slice(0, 2), documents.questions, modes);
    log(
      `${kind}:   recall@10 on the ingested fixture corpus (${documents.questions.length} questions): ${JSON.stringify(smallRecall)}`,
    );
    log(`${kind}: loading ${CHUNKS} chunks into one app`);
    const large = await loadLargeCorpus(parts, CHUNKS);
    log(`${kind}:   loaded in ${large.loadMs} ms`);
    const largeRecall = await recall(parts.retrieval, [large.appId], large.questions, modes);
    log(
      `${kind}:   recall@10 at ${CHUNKS} chunks (${large.questions.length} questions): ${JSON.stringify(largeRecall)}`,
    );
    const lat = {};
    for (const mode of modes) {
      lat[mode] = await latency(parts.retrieval, large.appId, large.questions, mode, QUERIES);
      log(`${kind}:   ${mode} latency at ${CHUNKS} chunks: p50 ${lat[mode].p50Ms} ms, p95 ${lat[mode].p95Ms} ms`);
    }
    const { appIds: _ids, ...ingestFigures } = ingest;
    return {
      vectors,
      ingest: ingestFigures,
      recallAt10: { fixtureCorpus: smallRecall, largeCorpus: largeRecall },
      retrieval: { chunks: CHUNKS, loadMs: large.loadMs, ...lat },
    };
  } finally {
    await backend.cleanup();
  }
}

const adminUrl = process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const documents = await mixedDocuments(MB * 1024 * 1024);
const result = { config: { chunks: CHUNKS, mb: MB, queries: QUERIES }, targetRetrievalP95Ms: TARGET_RETRIEVAL_P95_MS };
if (!argv.includes('--skip-pglite')) result.pglite = await benchBackend('pglite', adminUrl, documents);
if (!argv.includes('--skip-postgres')) result.postgres = await benchBackend('postgres', adminUrl, documents);
const p95s = [result.pglite?.retrieval.hybrid?.p95Ms, result.postgres?.retrieval.fts?.p95Ms].filter(
  (x) => x !== undefined,
);
result.retrievalP95Ms = p95s.length ? Math.max(...p95s) : null;
result.met = result.retrievalP95Ms !== null && result.retrievalP95Ms <= TARGET_RETRIEVAL_P95_MS;
process.stdout.write(asJson ? `${JSON.stringify(result)}\n` : `${JSON.stringify(result, null, 2)}\n`);
process.exit(0);
