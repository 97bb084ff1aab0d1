// Quick iteration loop for the entity list (not part of `npm run bench`): starts the server from
// source (tsx) on a scratch PostgreSQL database or a temp PGlite dir, imports N rows through the
// import endpoint, restarts the server (under the CPU profiler with --prof, so the profile holds the
// list load only), loads each list shape at 10 connections and at 1, then runs the server's SQL
// through the raw driver for the ratio. Prints one JSON line per figure.
//   node bench/entity-dev.mjs [--pglite] [--rows=N] [--duration=S] [--shapes=byCreatedAt,byPrice]
//                             [--prof=DIR] [--cmd="node ..."]
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  checkList,
  createBenchApp,
  importCsv,
  LIST_SHAPES,
  listIteration,
  listPath,
  writeCsv,
} from './lib/entities.mjs';
import { createBuilder, runLoad } from './lib/load.mjs';
import { rawPglite, rawPostgres, withRawQuery } from './lib/raw.mjs';
import { createScratchDatabase } from './lib/scratch-db.mjs';
import { setBenchDatabase } from './lib/cpu.mjs';
import { startServer, setStartCommand } from './lib/server.mjs';
import { cleanupAll, installSignalHandlers, trackDir } from './lib/cleanup.mjs';

const arg = (name, def) => {
  const hit = process.argv.find((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (!hit) return def;
  return hit.includes('=') ? hit.slice(hit.indexOf('=') + 1) : true;
};
installSignalHandlers();
const rows = Number(arg('rows', 100_000));
const duration = Number(arg('duration', 5));
const shapes = String(arg('shapes', 'byCreatedAt,byPrice')).split(',').filter(Boolean);
const usePglite = Boolean(arg('pglite', false));
const prof = arg('prof', null);
setStartCommand(String(arg('cmd', 'node --import tsx apps/server/src/main.ts')));
const print = (value) => console.log(JSON.stringify(value));

const dir = trackDir(mkdtempSync(join(tmpdir(), 'tessera-entdev-')));
let databaseUrl;
if (!usePglite) {
  const scratch = await createScratchDatabase('postgres://postgres@127.0.0.1:5432/postgres', 'bench_dev');
  setBenchDatabase(scratch.name);
  databaseUrl = scratch.url;
}
try {
  const csv = await writeCsv(join(dir, 'items.csv'), rows);
  const authSecret = randomBytes(32).toString('hex');
  const start = (nodeArgs = []) =>
    startServer({ repoRoot: process.cwd(), dataDir: join(dir, 'data'), databaseUrl, authSecret, nodeArgs });
  let server = await start();
  const origin = server.baseUrl.replace('127.0.0.1', 'localhost');
  const builder = await createBuilder(server.baseUrl, origin);
  const appId = await createBenchApp(server.baseUrl, builder.token, origin);
  const imp = await importCsv({ baseUrl: server.baseUrl, appId, token: builder.token, csv, serverPid: server.pid });
  print({ import: { wallMs: imp.wallMs, serverCpuMs: imp.serverCpuMs, cpu: imp.cpu } });
  // The first list of a data-field sort builds its index (in the background): wait for it before loading.
  for (const key of shapes) await checkList(server.baseUrl, appId, builder.token, LIST_SHAPES[key]);
  await sleep(usePglite ? 0 : 3000);
  await server.stop();
  server = await start(prof ? ['--cpu-prof', `--cpu-prof-dir=${prof}`] : []);
  const figures = {};
  for (const key of shapes) {
    const shape = LIST_SHAPES[key];
    await checkList(server.baseUrl, appId, builder.token, shape);
    const url = `${server.baseUrl}${listPath(appId, shape)}`;
    const headers = { authorization: `Bearer ${builder.token}` };
    const load = (connections, durationS, label) =>
      runLoad({ url, headers, connections, durationS, label, serverPid: server.pid });
    await load(10, 2, 'warm');
    const c10 = await load(10, duration, key);
    const c1 = await load(1, Math.max(2, duration / 2), `${key} c1`);
    figures[key] = { c10, c1 };
  }
  await server.stop();
  for (const key of shapes) {
    const iterate = listIteration(LIST_SHAPES[key], appId);
    const durationS = Math.max(2, duration / 2);
    const raw = usePglite
      ? await rawPglite({ dir: join(dir, 'data', 'pglite'), durationS, iterate })
      : await rawPostgres({ url: databaseUrl, loops: 10, durationS, iterate });
    const raw1 = usePglite ? raw : await rawPostgres({ url: databaseUrl, loops: 1, durationS, iterate });
    const { c10, c1 } = figures[key];
    print({
      [key]: {
        rps: c10.rps,
        p99Ms: c10.p99Ms,
        serverCpuUsPerReq: c10.serverCpuUsPerReq,
        rawRps: raw.rawRps,
        ratio: Math.round((c10.rps / raw.rawRps) * 100) / 100,
        c1Rps: c1.rps,
        c1ServerCpuUsPerReq: c1.serverCpuUsPerReq,
        raw1Rps: raw1.rawRps,
        ratioC1: Math.round((c1.rps / raw1.rawRps) * 100) / 100,
        otherCores: c10.cpu.otherCores,
        pgCores: c10.cpu.postgresCores,
      },
    });
  }
  if (!usePglite)
    await withRawQuery({ url: databaseUrl }, async (query) => {
      for (const key of shapes) {
        const r = await query(`EXPLAIN ANALYZE ${LIST_SHAPES[key].sql}`, LIST_SHAPES[key].params(appId));
        print({ [`${key}Plan`]: r.rows.map((x) => x['QUERY PLAN']) });
      }
    });
} finally {
  rmSync(dir, { recursive: true, force: true });
  await cleanupAll();
}
process.exit(0);
