#!/usr/bin/env node
// Tessera benchmark: startup, idle memory, GET /api/live_api/account/current throughput, CSV import of
// 100k rows and an entity list (20 of 100k rows, filter + sort) on PGlite and PostgreSQL, each load
// figure next to the "physical limit" of the same read done by a raw driver loop.
// JSON figures on stdout, progress and a human summary on stderr. See bench/README.md.
//
//   npm run bench                  full run (~10 min)
//   npm run bench -- --quick       smoke run (CI): every figure, small sizes
//                                  (10k entity rows, 2k chunks, a few samples each), 1 s load phases
//   options: --skip-startup --skip-pglite --skip-postgres --skip-account --skip-entities --skip-import
//            --skip-bundle (generated-app bundling, bench/bundle.mjs)
//            --skip-context (data sources: ingestion, retrieval latency at 100k chunks, recall; bench/context.mjs)
//            --skip-chat (chat time to first token through the server vs. the model directly; bench/chat.mjs)
//            --skip-tool-run (a tool run's time to first token at 10k chunks, offline and vs. the model directly; bench/tool-run.mjs)
//            --skip-analytics (recording a visit, and the analytics page's queries over a year; bench/analytics.mjs)
//            --skip-preview (a version applied -> shown in the editor's preview, in Chromium; bench/preview.mjs)
//            --skip-answers (the offline answer model on its question corpus, both halves; bench/answers.mjs)
//            --context-chunks=N (default 100000)
//            --rows=N (entity rows, default 100000) --runs=N --duration=S --strict
//            --import-id                    the CSV import sends an importId, as the web app does
//            --cmd="node ..."               bench another start command (e.g. the TypeScript source via tsx)
//            --wait=S / --no-wait           before each phase wait up to S s (default 20) for other load to settle
//            --profile[=DIR]                CPU-profile the loaded servers (default bench/profiles/)
//   env:     BENCH_PG_URL (admin connection, default postgres://postgres@127.0.0.1:5432/postgres)
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { cleanupAll, installSignalHandlers, trackDir, untrackDir } from './lib/cleanup.mjs';
import { createScratchDatabase } from './lib/scratch-db.mjs';
import { request } from './lib/http.mjs';
import { cpuBetween, cpuSnapshot, setBenchDatabase, waitForQuiet } from './lib/cpu.mjs';
import { checkEndpoint, createBuilder, runLoad } from './lib/load.mjs';
import {
  checkList,
  createBenchApp,
  csvPathIn,
  explain,
  importCsv,
  itemRecords,
  LIST_SHAPES,
  listIteration,
  listPath,
  rawImport,
  writeCsv,
} from './lib/entities.mjs';
import { rawPglite, rawPostgres, withRawQuery } from './lib/raw.mjs';
import { readMemory, setStartCommand, startCommand, startServer } from './lib/server.mjs';
import { printSummary } from './lib/summary.mjs';
import { missingFigures } from './lib/figures.mjs';
import { ensureBuilt } from '../scripts/build.mjs';

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
const ENDPOINT = '/api/live_api/account/current';

export const TARGETS = {
  startupExistingMs: 3_000, // max, median wall time on an existing data dir
  idleRssMb: 300, // max
  postgresRps: 1_000, // min, 10 connections
  pgliteRps: 200, // min, 10 connections
  // GET /live_api/apps/{appId}/entities/Item, 20 of 100k rows with a filter and a sort, 10 connections
  entityListPostgresRps: 1_000, // min
  entityListPostgresP99Ms: 50, // max
  entityListPgliteRps: 150, // min
  // CSV import of 100k rows x 8 columns, wall time request start -> final answer
  csvImportPostgresMs: 3_000, // max
  csvImportPgliteMs: 5_000, // max
  // a 30-file generated app bundled (esbuild + Tailwind) by a warm bundler, new content each time
  bundleWarmP50Ms: 100, // max
  // retrieval (hybrid on PGlite, full-text on PostgreSQL) over 100k chunks, top 10, in process
  retrievalP95Ms: 20, // max
  // POST /api/apps/{id}/chat time to first token minus the same fake model called with streamText, p50
  chatExtraP50Ms: 5, // max
  // POST /live_api/tools/{path}/runs time to first token (10k chunks) minus the fake model called directly, p50
  toolRunExtraP50Ms: 20, // max
  // recording an app visit (the beacon's in-memory count), p50; the analytics page's queries over a
  // year of 10,000 visits a day, 90 days, p50
  analyticsRecordP50Ms: 0.5, // max
  analyticsReadP50Ms: 100, // max
  // a chat turn's new version applied -> the preview frame shows it, in Chromium: the first build
  // of a server, and later versions at p50
  previewFirstRenderMs: 1_000, // max
};

function parseArgs(argv) {
  const opts = {
    cmd: undefined,
    profile: undefined,
    waitQuietS: 20,
    quick: false,
    skipStartup: false,
    skipPglite: false,
    skipPostgres: false,
    skipAccount: false,
    skipEntities: false,
    skipImport: false,
    rows: undefined,
    strict: false,
    runs: undefined,
    duration: undefined,
  };
  for (const arg of argv) {
    const eq = arg.indexOf('=');
    const key = arg.slice(2, eq < 0 ? undefined : eq);
    const value = eq < 0 ? undefined : arg.slice(eq + 1);
    if (key === 'cmd') opts.cmd = value;
    else if (key === 'profile') opts.profile = value || join(REPO_ROOT, 'bench/profiles');
    else if (key === 'quick') opts.quick = true;
    else if (key === 'skip-startup') opts.skipStartup = true;
    else if (key === 'skip-pglite') opts.skipPglite = true;
    else if (key === 'skip-postgres') opts.skipPostgres = true;
    else if (key === 'skip-account') opts.skipAccount = true;
    else if (key === 'skip-entities') opts.skipEntities = true;
    else if (key === 'skip-import') opts.skipImport = true;
    else if (key === 'skip-bundle') opts.skipBundle = true;
    else if (key === 'skip-context') opts.skipContext = true;
    else if (key === 'skip-chat') opts.skipChat = true;
    else if (key === 'skip-tool-run') opts.skipToolRun = true;
    else if (key === 'skip-analytics') opts.skipAnalytics = true;
    else if (key === 'skip-preview') opts.skipPreview = true;
    else if (key === 'skip-answers') opts.skipAnswers = true;
    else if (key === 'context-chunks') opts.contextChunks = Number(value);
    else if (key === 'rows') opts.rows = Number(value);
    else if (key === 'strict') opts.strict = true;
    else if (key === 'import-id') opts.importId = true;
    else if (key === 'no-wait') opts.waitQuietS = 0;
    else if (key === 'wait') opts.waitQuietS = Number(value);
    else if (key === 'runs') opts.runs = Number(value);
    else if (key === 'duration') opts.duration = Number(value);
    else throw new Error(`unknown option ${arg} (see the header of bench/run.mjs)`);
  }
  const q = opts.quick;
  return {
    ...opts,
    rows: opts.rows ?? (q ? 10_000 : 100_000),
    runs: opts.runs ?? (q ? 1 : 3),
    warmupS: q ? 1 : 2,
    loadS: opts.duration ?? (q ? 1 : 10),
    latencyS: q ? 1 : 5,
    rawS: q ? 1 : 5,
    idleS: q ? 1 : 3,
  };
}

/** Before a measured phase: give other work on the machine up to cfg.waitQuietS to calm down. */
async function settle(cfg, what) {
  if (!cfg.waitQuietS) return null;
  const q = await waitForQuiet({ maxWaitS: cfg.waitQuietS });
  if (!q.quiet)
    log(`${what}: machine still busy after ${q.waitedS} s (other processes ${q.otherCores} cores), measuring anyway`);
  else if (q.waitedS > 1.5) log(`${what}: waited ${q.waitedS} s for other load to settle`);
  return q;
}

const log = (msg) => process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${msg}\n`);
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : Math.round((s[m - 1] + s[m]) / 2);
};
const newTmpDir = () => trackDir(mkdtempSync(join(os.tmpdir(), 'tessera-bench-')));
const removeTmpDir = (dir) => {
  rmSync(dir, { recursive: true, force: true });
  untrackDir(dir);
};

function machineInfo() {
  const cpus = os.cpus();
  let pglite;
  try {
    pglite = JSON.parse(
      readFileSync(join(REPO_ROOT, 'node_modules/@electric-sql/pglite/package.json'), 'utf8'),
    ).version;
  } catch {
    /* not installed at the root */
  }
  return {
    cpus: cpus.length,
    cpuModel: cpus[0]?.model,
    memGb: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    pglite,
    startCommand: startCommand(),
  };
}

// ---------------------------------------------------------------- 1. startup

async function benchStartup(cfg) {
  const fresh = [];
  const existing = [];
  for (let i = 1; i <= cfg.runs; i++) {
    const dir = newTmpDir();
    const secret = randomBytes(32).toString('hex');
    for (const [kind, list] of [
      ['fresh', fresh],
      ['existing', existing],
    ]) {
      await settle(cfg, `startup ${kind}`);
      const server = await startServer({ repoRoot: REPO_ROOT, dataDir: dir, logLevel: 'info', authSecret: secret });
      const stop = await server.stop();
      const { serverCpuMs, otherCores } = server.startCpu;
      list.push({
        wallMs: server.wallMs,
        startupMs: server.startupMs ?? null,
        serverCpuMs,
        otherCores,
        shutdownMs: stop.ms,
      });
      log(
        `startup run ${i}/${cfg.runs} ${kind.padEnd(8)} wall ${server.wallMs} ms (server-logged startupMs ${server.startupMs}, ` +
          `server CPU ${serverCpuMs} ms, other load ${otherCores} cores, shutdown ${stop.ms} ms)`,
      );
    }
    removeTmpDir(dir);
  }
  const summarise = (runs) => ({
    medianMs: median(runs.map((r) => r.wallMs)),
    medianStartupMs: runs.every((r) => r.startupMs != null) ? median(runs.map((r) => r.startupMs)) : null,
    // Wall time before main() starts its clock: node + importing the module graph.
    medianPreMainMs: runs.every((r) => r.startupMs != null) ? median(runs.map((r) => r.wallMs - r.startupMs)) : null,
    runs,
  });
  return { fresh: summarise(fresh), existing: summarise(existing) };
}

// ---------------------------------------------------------------- 2 + 3. one backend

/** Signs up (first start only), checks the endpoint, idles, and reads the server's memory. */
async function idleMemory(backend, server, cfg, builder) {
  const origin = `http://localhost:${server.port}`;
  builder ??= await createBuilder(server.baseUrl, origin);
  const headers = { authorization: `Bearer ${builder.token}` };
  await checkEndpoint(`${server.baseUrl}${ENDPOINT}`, headers, builder.accountId);
  await request(`${server.baseUrl}/healthz`);
  log(`${backend}: idle ${cfg.idleS} s, then reading RSS of pid ${server.pid}`);
  await sleep(cfg.idleS * 1000);
  const mem = readMemory(server.pid);
  log(`${backend}:   RSS ${mem.rssMb} MB`);
  return { builder, headers, mem };
}

const withEntities = (cfg) => !cfg.skipEntities || !cfg.skipImport;

/** account/current under load: 10 connections, then 1 (the server is warm after the warm-up). */
async function loadPhases(backend, cfg, { url, headers, serverPid, label = backend }) {
  await settle(cfg, label);
  log(`${label}: warm-up ${cfg.warmupS} s (10 connections)`);
  await runLoad({
    url,
    headers,
    connections: 10,
    durationS: cfg.warmupS,
    label: `${label} warm-up`,
    serverPid,
    warmUp: true,
  });
  log(`${label}: load ${cfg.loadS} s (10 connections)`);
  const c10 = await runLoad({ url, headers, connections: 10, durationS: cfg.loadS, label: `${label} c10`, serverPid });
  log(
    `${label}:   ${c10.rps} req/s, p50 ${c10.p50Ms} ms, p99 ${c10.p99Ms} ms, server CPU ${c10.serverCpuUsPerReq} µs/req, other load ${c10.cpu.otherCores} cores`,
  );
  await settle(cfg, label);
  log(`${label}: load ${cfg.latencyS} s (1 connection)`);
  const c1 = await runLoad({ url, headers, connections: 1, durationS: cfg.latencyS, label: `${label} c1`, serverPid });
  log(`${label}:   ${c1.rps} req/s, p50 ${c1.p50Ms} ms, p99 ${c1.p99Ms} ms`);
  return { c10, c1 };
}

/** Entity app + CSV import (timed) + list load per shape, on a running server. */
async function entityPhases(backend, cfg, server, builder) {
  const out = { rows: cfg.rows };
  const origin = `http://localhost:${server.port}`;
  out.appId = await createBenchApp(server.baseUrl, builder.token, origin);
  await settle(cfg, `${backend} import`);
  log(
    `${backend}: importing ${cfg.csv.rows} rows (${(cfg.csv.bytes / 1024 / 1024).toFixed(1)} MB CSV) through the import endpoint`,
  );
  const imp = await importCsv({
    baseUrl: server.baseUrl,
    appId: out.appId,
    token: builder.token,
    csv: cfg.csv,
    serverPid: server.pid,
    importId: cfg.importId ? `bench-${randomBytes(6).toString('hex')}` : undefined,
  });
  log(
    `${backend}:   ${imp.wallMs} ms, ${imp.rowsPerS} rows/s, server CPU ${imp.serverCpuMs} ms (${imp.cpu.serverCores} cores, postgres ${imp.cpu.postgresCores}), ` +
      `RSS ${imp.memory.rssBeforeMb} -> peak ${imp.memory.sampledPeakDuringMb} MB (VmHWM ${imp.memory.peakBeforeMb} -> ${imp.memory.peakAfterMb})`,
  );
  if (!cfg.skipImport) out.import = imp;
  if (cfg.skipEntities) return out;
  const headers = { authorization: `Bearer ${builder.token}` };
  out.list = {};
  for (const [key, shape] of Object.entries(LIST_SHAPES)) {
    await checkList(server.baseUrl, out.appId, builder.token, shape);
    // The first list of a data-field sort starts its index build (sort-indexes.repo.ts); on PGlite
    // the build holds the one connection, so a second list returns once it is done.
    await checkList(server.baseUrl, out.appId, builder.token, shape);
    const url = `${server.baseUrl}${listPath(out.appId, shape)}`;
    out.list[key] = {
      label: shape.label,
      path: listPath(out.appId, shape),
      ...(await loadPhases(backend, cfg, { url, headers, serverPid: server.pid, label: `${backend} list ${key}` })),
    };
  }
  return out;
}

/** After the server exited: raw loops of each list shape, their plans, and the table's statistics. */
async function entityRaw(backend, cfg, ent, { databaseUrl, dir, timed, creatorId }) {
  const conn = backend === 'pglite' ? { dir: join(dir, 'pglite') } : { url: databaseUrl };
  if (ent.list) await listRaw(backend, cfg, ent, { conn, databaseUrl, dir, timed });
  if (ent.import) {
    // Last: it adds 2 x rows rows (other entity names) to the table.
    log(`${backend}: raw import of the same ${cfg.rows} rows, two statement shapes`);
    const records = itemRecords(cfg.rows);
    await settle(cfg, `${backend} raw import`);
    ent.import.raw = await withRawQuery(conn, (query) =>
      rawImport(query, ent.appId, records, creatorId, { isPglite: backend === 'pglite' }),
    );
    ent.import.ratio = ratio(ent.import.raw.serverShape.wallMs, ent.import.wallMs);
    log(
      `${backend}:   raw import ${ent.import.raw.serverShape.wallMs} ms (server's statement), ${ent.import.raw.singleParam.wallMs} ms (previous statement: random ids, ON CONFLICT, per-row FK check)`,
    );
  }
}

async function listRaw(backend, cfg, ent, { conn, databaseUrl, dir, timed }) {
  await withRawQuery(conn, async (query) => {
    const st = await query(
      `SELECT n_live_tup, n_mod_since_analyze, last_analyze, last_autoanalyze, last_autovacuum
         FROM pg_stat_user_tables WHERE relname = 'entity_records'`,
    );
    ent.tableStats = st.rows[0] ?? null;
    for (const [key, shape] of Object.entries(LIST_SHAPES)) ent.list[key].plan = await explain(query, shape, ent.appId);
  });
  for (const [key, shape] of Object.entries(LIST_SHAPES)) {
    const iterate = listIteration(shape, ent.appId);
    const l = ent.list[key];
    log(`${backend} list ${key}: raw driver loop ${cfg.rawS} s`);
    if (backend === 'pglite') {
      l.raw = await timed(() => rawPglite({ dir: join(dir, 'pglite'), durationS: cfg.rawS, iterate }));
      l.raw1 = l.raw;
    } else {
      l.raw = await timed(() => rawPostgres({ url: databaseUrl, loops: 10, durationS: cfg.rawS, iterate }));
      l.raw1 = await timed(() => rawPostgres({ url: databaseUrl, loops: 1, durationS: cfg.rawS, iterate }));
    }
    log(
      `${backend} list ${key}:   raw ${l.raw.rawRps} queries/s (${l.raw.loops} loops), ${l.raw1.rawRps} queries/s (1 loop, p50 ${l.raw1.p50Ms} ms)`,
    );
  }
  // What-if, measured last because it changes the database: the same raw loops after ANALYZE
  // (the server never analyzes after an import; PGlite has no autovacuum at all, so without this
  // the planner has no statistics for the 100k new rows). Not a ceiling of the server as it is.
  await withRawQuery(conn, async (query) => {
    await query('ANALYZE entity_records');
    for (const [key, shape] of Object.entries(LIST_SHAPES))
      ent.list[key].planAfterAnalyze = await explain(query, shape, ent.appId);
  });
  for (const [key, shape] of Object.entries(LIST_SHAPES)) {
    const iterate = listIteration(shape, ent.appId);
    const l = ent.list[key];
    l.rawAfterAnalyze =
      backend === 'pglite'
        ? await timed(() => rawPglite({ dir: join(dir, 'pglite'), durationS: cfg.rawS, iterate }))
        : await timed(() => rawPostgres({ url: databaseUrl, loops: 10, durationS: cfg.rawS, iterate }));
    log(
      `${backend} list ${key}:   after ANALYZE: raw ${l.rawAfterAnalyze.rawRps} queries/s (${l.rawAfterAnalyze.loops} loops, p50 ${l.rawAfterAnalyze.p50Ms} ms)`,
    );
  }
}

async function benchBackend(backend, cfg, { databaseUrl } = {}) {
  const dir = newTmpDir();
  // --profile: the loaded server writes a V8 CPU profile (open in Chrome DevTools / speedscope).
  // One file per thread: the largest is the main thread.
  const nodeArgs = cfg.profile
    ? ['--cpu-prof', `--cpu-prof-dir=${resolve(cfg.profile, `${backend}-${Date.now()}`)}`]
    : [];
  const authSecret = randomBytes(32).toString('hex');
  const out = {};
  let builder;
  let server;
  try {
    log(`${backend}: starting server${backend === 'pglite' ? ' on a fresh data dir' : ''}`);
    server = await startServer({
      repoRoot: REPO_ROOT,
      dataDir: dir,
      databaseUrl,
      logLevel: 'warn',
      authSecret,
      nodeArgs: backend === 'pglite' ? [] : nodeArgs,
    });
    out.startWallMs = server.wallMs;
    let headers;
    if (backend === 'pglite') {
      // The first process of an install ran initdb in-process; every later start opens an existing
      // data dir. Measure both, load the second (the steady state of a self-hosted install).
      ({ builder, mem: out.idleFirstStart } = await idleMemory(backend, server, cfg));
      await server.stop();
      log(`${backend}: restarting on the existing data dir`);
      server = await startServer({
        repoRoot: REPO_ROOT,
        dataDir: dir,
        databaseUrl,
        logLevel: 'warn',
        authSecret,
        nodeArgs,
      });
      out.restartWallMs = server.wallMs;
    }
    ({ builder, headers, mem: out.idle } = await idleMemory(backend, server, cfg, builder));

    if (!cfg.skipAccount) {
      Object.assign(
        out,
        await loadPhases(backend, cfg, { url: `${server.baseUrl}${ENDPOINT}`, headers, serverPid: server.pid }),
      );
      out.afterLoad = readMemory(server.pid);
    }
    if (withEntities(cfg)) {
      out.entities = await entityPhases(backend, cfg, server, builder);
      out.entities.afterLoad = readMemory(server.pid);
    }
  } finally {
    if (server) out.shutdownMs = (await server.stop()).ms;
  }

  const timed = async (fn) => {
    await settle(cfg, `${backend} raw`);
    const a = cpuSnapshot();
    const r = await fn();
    return { ...r, cpu: cpuBetween(a, cpuSnapshot()) };
  };
  if (!cfg.skipAccount) {
    log(`${backend}: raw driver loop ${cfg.rawS} s`);
    if (backend === 'pglite') {
      // One connection, queries serialise: a sequential loop is both the throughput and the latency limit.
      out.raw = await timed(() =>
        rawPglite({ dir: join(dir, 'pglite'), token: builder.sessionToken, durationS: cfg.rawS }),
      );
      out.raw1 = out.raw;
    } else {
      out.raw = await timed(() =>
        rawPostgres({ url: databaseUrl, token: builder.sessionToken, loops: 10, durationS: cfg.rawS }),
      );
      out.raw1 = await timed(() =>
        rawPostgres({ url: databaseUrl, token: builder.sessionToken, loops: 1, durationS: cfg.rawS }),
      );
    }
    log(
      `${backend}:   raw ${out.raw.rawRps} reads/s (${out.raw.loops} loops), ${out.raw1.rawRps} reads/s (1 loop, p50 ${out.raw1.p50Ms} ms)`,
    );
  }
  if (out.entities)
    await entityRaw(backend, cfg, out.entities, { databaseUrl, dir, timed, creatorId: builder.userId ?? null });
  removeTmpDir(dir);
  return out;
}

// ---------------------------------------------------------------- PostgreSQL scratch database

async function withScratchDatabase(adminUrl, fn) {
  const { name, url, serverVersion, drop } = await createScratchDatabase(adminUrl);
  setBenchDatabase(name);
  try {
    return { serverVersion, ...(await fn(url)) };
  } finally {
    setBenchDatabase(undefined);
    await drop();
  }
}

// ---------------------------------------------------------------- main

const ratio = (a, b) => Math.round((a / b) * 1000) / 1000;

/** Headline figures first (10 connections), then the detail each phase measured. */
function summariseLoad(b) {
  return {
    rps: b.c10.rps,
    p50Ms: b.c10.p50Ms,
    p99Ms: b.c10.p99Ms,
    rawRps: b.raw.rawRps,
    ratio: ratio(b.c10.rps, b.raw.rawRps),
    // Latency-bound view: 1 HTTP connection vs a 1-loop raw driver.
    rpsC1: b.c1.rps,
    rawRpsC1: b.raw1.rawRps,
    ratioC1: ratio(b.c1.rps, b.raw1.rawRps),
    ...b,
  };
}

/** Splits one backend's measurements into the sections of the JSON output. */
function addBackend(result, name, b) {
  const { entities, ...account } = b;
  result.servers[name] = {
    idle: b.idle,
    idleFirstStart: b.idleFirstStart,
    afterLoad: b.afterLoad,
    afterEntities: entities?.afterLoad,
  };
  if (account.c10) result.accountCurrent[name] = summariseLoad(account);
  if (entities?.import) result.csvImport[name] = entities.import;
  if (entities?.list) {
    const { list, import: _imported, ...rest } = entities;
    result.entityList[name] = {
      ...rest,
      ...Object.fromEntries(Object.entries(list).map(([k, v]) => [k, summariseLoad(v)])),
    };
  }
}

/** Runs `bench/<name>.mjs` in its own process (TypeScript through tsx) and reads the JSON of its last line. */
function childBench(name, args) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', join(REPO_ROOT, `bench/${name}.mjs`), ...args], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (run.status !== 0) throw new Error(`bench/${name}.mjs failed`);
  return JSON.parse(run.stdout.trim().split('\n').pop());
}

/** The chat and tool-run benches' flags: JSON out, and the backends this run skips. */
const backendArgs = (cfg) => [
  '--json',
  ...(cfg.skipPglite ? ['--skip-pglite'] : []),
  ...(cfg.skipPostgres ? ['--skip-postgres'] : []),
];

async function main() {
  installSignalHandlers();
  const cfg = parseArgs(process.argv.slice(2));
  if (cfg.cmd) setStartCommand(cfg.cmd);
  // Build first (what is stale, as npm start would), so that no measured start pays for a build.
  log('building what changed since the last build (scripts/build.mjs)');
  await ensureBuilt();
  const adminUrl = process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const result = {
    machine: machineInfo(),
    config: { ...cfg, endpoint: ENDPOINT },
    startup: undefined,
    idleRssMb: undefined,
    accountCurrent: {},
    csvImport: {},
    entityList: {},
    servers: {},
  };
  log(`machine: ${result.machine.cpus} × ${result.machine.cpuModel}, node ${result.machine.node}`);

  if (!cfg.skipStartup) result.startup = await benchStartup(cfg);
  if (!cfg.skipBundle) {
    // Its own process (TypeScript through tsx), so the bundler's warm-up is measured as a server sees it.
    log('bundling a 30-file generated app (bench/bundle.mjs)');
    result.bundle = childBench('bundle', ['--json']);
  }
  if (!cfg.skipContext) {
    // Its own process too: ingestion through the real job pipeline, then retrieval at 100k chunks.
    log('data sources: ingest ~10 MB of mixed documents, retrieval at 100k chunks, recall@10 (bench/context.mjs)');
    const args = ['--json'];
    if (cfg.contextChunks) args.push(`--chunks=${cfg.contextChunks}`);
    if (cfg.quick) args.push('--chunks=2000', '--mb=0.5', '--queries=30');
    result.context = childBench('context', args);
  }

  if (!cfg.skipChat) {
    log('chat: time to first token through POST /api/apps/{id}/chat vs. the same fake model directly (bench/chat.mjs)');
    result.chat = childBench('chat', [...backendArgs(cfg), ...(cfg.quick ? ['--samples=8'] : [])]);
  }

  if (!cfg.skipToolRun) {
    log(
      'tool runs: time to first token at 10k chunks, offline and through a run vs. the fake model directly (bench/tool-run.mjs)',
    );
    result.toolRun = childBench('tool-run', [
      ...backendArgs(cfg),
      ...(cfg.quick ? ['--samples=8', '--chunks=1000'] : []),
    ]);
  }

  if (!cfg.skipAnalytics) {
    log(
      "analytics: recording a visit, and the page's queries over a year of 10,000 visits a day (bench/analytics.mjs)",
    );
    result.analytics = childBench('analytics', cfg.quick ? ['--samples=5'] : []);
  }

  if (!cfg.skipAnswers) {
    log('offline answers: the answer model on its question corpus, tuning and held-out halves (bench/answers.mjs)');
    result.answers = childBench('answers', ['--json']);
  }

  if (!cfg.skipPreview) {
    log(
      "preview: a chat turn's version applied -> shown in the editor's preview frame, in Chromium (bench/preview.mjs)",
    );
    result.preview = childBench('preview', ['--json', ...(cfg.quick ? ['--samples=2'] : [])]);
  }

  if (withEntities(cfg) && !(cfg.skipPglite && cfg.skipPostgres)) {
    // One CSV file for both backends (deterministic content), in a tracked temp dir.
    const csvDir = newTmpDir();
    cfg.csv = await writeCsv(csvPathIn(csvDir), cfg.rows);
    result.config.csv = { rows: cfg.csv.rows, bytes: cfg.csv.bytes, columns: 8 };
    log(`wrote ${cfg.csv.rows} CSV rows (${(cfg.csv.bytes / 1024 / 1024).toFixed(1)} MB)`);
  }
  if (!cfg.skipPglite) addBackend(result, 'pglite', await benchBackend('pglite', cfg));
  if (!cfg.skipPostgres)
    addBackend(
      result,
      'postgres',
      await withScratchDatabase(adminUrl, (url) => benchBackend('postgres', cfg, { databaseUrl: url })),
    );
  delete result.config.csv?.path;

  // Idle RSS of the default configuration (embedded PGlite) restarted on its data dir; the first start
  // of an install (initdb in-process) and PostgreSQL mode are reported next to it.
  const pgl = result.servers.pglite;
  result.idleRssMb = pgl?.idle.rssMb ?? result.servers.postgres?.idle.rssMb;
  result.idleRss = {
    pgliteExistingDirMb: pgl?.idle.rssMb ?? null,
    pgliteFirstStartMb: pgl?.idleFirstStart.rssMb ?? null,
    postgresMb: result.servers.postgres?.idle.rssMb ?? null,
  };
  const loads = [
    ...Object.values(result.accountCurrent),
    ...Object.values(result.entityList).flatMap((e) => Object.keys(LIST_SHAPES).map((k) => e[k])),
  ];
  const others = [
    ...(result.startup ? [...result.startup.fresh.runs, ...result.startup.existing.runs].map((r) => r.otherCores) : []),
    ...loads.flatMap((b) => [b.c10.cpu.otherCores, b.c1.cpu.otherCores, b.raw.cpu.otherCores]),
    ...Object.values(result.csvImport).map((i) => i.cpu.otherCores),
  ];
  result.contention = {
    maxOtherCores: others.length ? Math.max(...others) : null,
    note: 'CPU cores used by processes other than the server, this bench and PostgreSQL during measured phases; above ~0.3 the figures are pessimistic',
  };

  const t = (actual, target, kind) =>
    actual === undefined
      ? { target, actual: null, met: null }
      : { target, actual, met: kind === 'max' ? actual <= target : actual >= target };
  const el = result.entityList;
  result.targets = {
    startupExistingMedianMs: t(result.startup?.existing.medianMs, TARGETS.startupExistingMs, 'max'),
    idleRssMb: t(result.idleRss.pgliteExistingDirMb ?? undefined, TARGETS.idleRssMb, 'max'),
    idleRssFirstStartMb: t(result.idleRss.pgliteFirstStartMb ?? undefined, TARGETS.idleRssMb, 'max'),
    postgresRps: t(result.accountCurrent.postgres?.rps, TARGETS.postgresRps, 'min'),
    pgliteRps: t(result.accountCurrent.pglite?.rps, TARGETS.pgliteRps, 'min'),
    entityListPostgresRps: t(el.postgres?.byCreatedAt.rps, TARGETS.entityListPostgresRps, 'min'),
    entityListPostgresP99Ms: t(el.postgres?.byCreatedAt.p99Ms, TARGETS.entityListPostgresP99Ms, 'max'),
    entityListPgliteRps: t(el.pglite?.byCreatedAt.rps, TARGETS.entityListPgliteRps, 'min'),
    entityListByPricePostgresRps: t(el.postgres?.byPrice.rps, TARGETS.entityListPostgresRps, 'min'),
    entityListByPricePostgresP99Ms: t(el.postgres?.byPrice.p99Ms, TARGETS.entityListPostgresP99Ms, 'max'),
    entityListByPricePgliteRps: t(el.pglite?.byPrice.rps, TARGETS.entityListPgliteRps, 'min'),
    csvImportPostgresMs: t(result.csvImport.postgres?.wallMs, TARGETS.csvImportPostgresMs, 'max'),
    csvImportPgliteMs: t(result.csvImport.pglite?.wallMs, TARGETS.csvImportPgliteMs, 'max'),
    bundleWarmP50Ms: t(result.bundle?.warmP50Ms, TARGETS.bundleWarmP50Ms, 'max'),
    retrievalP95Ms: t(result.context?.retrievalP95Ms ?? undefined, TARGETS.retrievalP95Ms, 'max'),
    chatExtraPostgresP50Ms: t(result.chat?.postgres?.extraP50Ms, TARGETS.chatExtraP50Ms, 'max'),
    chatExtraPgliteP50Ms: t(result.chat?.pglite?.extraP50Ms, TARGETS.chatExtraP50Ms, 'max'),
    toolRunExtraPostgresP50Ms: t(result.toolRun?.postgres?.extraP50Ms, TARGETS.toolRunExtraP50Ms, 'max'),
    toolRunExtraPgliteP50Ms: t(result.toolRun?.pglite?.extraP50Ms, TARGETS.toolRunExtraP50Ms, 'max'),
    analyticsRecordP50Ms: t(result.analytics?.recordP50Ms, TARGETS.analyticsRecordP50Ms, 'max'),
    analyticsReadP50Ms: t(result.analytics?.readP50Ms?.[90], TARGETS.analyticsReadP50Ms, 'max'),
    previewFirstBuildMs: t(result.preview?.firstBuildMs, TARGETS.previewFirstRenderMs, 'max'),
    previewFirstRenderP50Ms: t(result.preview?.changeP50Ms, TARGETS.previewFirstRenderMs, 'max'),
  };
  result.targets.allMet = Object.values(result.targets).every((x) => x.met !== false);

  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  printSummary(result, (line) => process.stderr.write(`${line}\n`));
  const missing = missingFigures(result, cfg);
  if (missing.length) throw new Error(`figures missing from the output: ${missing.join(', ')}`);
  return result;
}

let exitCode = 0;
try {
  const result = await main();
  if (result.config.strict && !result.targets.allMet) exitCode = 2;
} catch (err) {
  process.stderr.write(`\nbench FAILED: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  exitCode = 1;
} finally {
  await cleanupAll();
}
process.exit(exitCode);
