// Quick iteration loop for the entity endpoints (not part of `npm run bench`): starts the server from
// source (tsx) on a scratch PostgreSQL database or a temp PGlite dir, imports N rows through the
// import endpoint, then loads each list shape for a few seconds. Prints one JSON line per figure.
//   node bench/entity-dev.mjs [--pglite] [--rows=N] [--duration=S] [--shapes=byCreatedAt,byPrice] [--prof=DIR] [--keep-import]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createBenchApp, importCsv, LIST_SHAPES, listPath, checkList, writeCsv } from './lib/entities.mjs';
import { createBuilder, runLoad } from './lib/load.mjs';
import { startServer, setStartCommand } from './lib/server.mjs';
import { installSignalHandlers, trackDatabase, trackDir } from './lib/cleanup.mjs';

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

const dir = mkdtempSync(join(tmpdir(), 'tessera-entdev-'));
trackDir(dir);
let databaseUrl;
if (!usePglite) {
  const name = `bench_dev_${Math.random().toString(36).slice(2, 8)}`;
  const admin = 'postgres://postgres@127.0.0.1:5432/postgres';
  const c = new pg.Client(admin);
  await c.connect();
  await c.query(`CREATE DATABASE ${name}`);
  await c.end();
  trackDatabase(name, admin, async () => {
    const d = new pg.Client(admin);
    await d.connect();
    await d.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await d.end();
  });
  databaseUrl = `postgres://postgres@127.0.0.1:5432/${name}`;
}
const csv = await writeCsv(join(dir, 'items.csv'), rows);
const server = await startServer({
  repoRoot: process.cwd(),
  dataDir: join(dir, 'data'),
  databaseUrl,
  nodeArgs: prof ? ['--cpu-prof', `--cpu-prof-dir=${prof}`] : [],
});
const origin = server.baseUrl.replace('127.0.0.1', 'localhost');
const builder = await createBuilder(server.baseUrl, origin);
const appId = await createBenchApp(server.baseUrl, builder.token, origin);
const imp = await importCsv({ baseUrl: server.baseUrl, appId, token: builder.token, csv, serverPid: server.pid });
console.log(
  JSON.stringify({
    import: { wallMs: imp.wallMs, serverCpuMs: imp.serverCpuMs, growthMb: imp.memory?.growthMb, cpu: imp.cpu },
  }),
);
for (const key of shapes) {
  const shape = LIST_SHAPES[key];
  await checkList(server.baseUrl, appId, builder.token, shape);
  const url = `${server.baseUrl}${listPath(appId, shape)}`;
  const headers = { authorization: `Bearer ${builder.token}` };
  await runLoad({ url, headers, connections: 10, durationS: 1, label: 'warm', serverPid: server.pid });
  const r = await runLoad({ url, headers, connections: 10, durationS: duration, label: key, serverPid: server.pid });
  console.log(
    JSON.stringify({
      [key]: {
        rps: r.rps,
        p99Ms: r.p99Ms,
        serverCpuUsPerReq: r.serverCpuUsPerReq,
        otherCores: r.cpu.otherCores,
        pgCores: r.cpu.postgresCores,
      },
    }),
  );
}
if (arg('explain', false) && databaseUrl) {
  const c = new pg.Client(databaseUrl);
  await c.connect();
  for (const key of shapes) {
    const r = await c.query(
      `EXPLAIN ANALYZE SELECT id FROM entity_records WHERE app_id = $1 AND entity = 'Item' AND data @> '{"status":"open"}' ${key === 'byPrice' ? `AND nullif((data -> 'price'), 'null'::jsonb) >= '50'::jsonb AND nullif((data -> 'price'), 'null'::jsonb) < 'false'::jsonb ORDER BY nullif((data -> 'price'), 'null'::jsonb) DESC NULLS LAST, id ASC` : 'ORDER BY created_at DESC NULLS LAST, id'} LIMIT 20`,
      [appId],
    );
    console.log(key, r.rows.map((x) => x['QUERY PLAN']).join('\n'));
  }
  await c.end();
}
await server.stop();
rmSync(dir, { recursive: true, force: true });
process.exit(0);
