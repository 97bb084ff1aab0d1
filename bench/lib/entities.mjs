// Entity figures: a generated app with one entity `Item`, 100k rows loaded through the CSV import
// endpoint (timed: figure "import"), then GET /live_api/apps/{appId}/entities/Item with a filter and
// a sort (figure "entity list"), next to the same SQL through a raw driver.
import { createWriteStream, statSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { once } from 'node:events';
import { createReadStream } from 'node:fs';
import { json, request } from './http.mjs';
import { readMemory } from './server.mjs';
import { cpuBetween, cpuSnapshot } from './cpu.mjs';

export const ENTITY = 'Item';
export const CSV_HEADER = 'name,status,price,qty,tags,active,due,note';
export const STATUSES = ['open', 'closed', 'archived'];

export const GEN_APP = {
  appType: 'generated',
  appBuilderVersion: 4,
  genApp: {
    name: 'Bench',
    entities: {
      [ENTITY]: {
        properties: {
          name: { type: 'string' },
          status: { type: 'string', enum: STATUSES },
          price: { type: 'number' },
          qty: { type: 'integer' },
          tags: { type: 'array', items: { type: 'string' } },
          active: { type: 'boolean' },
          due: { type: 'string', format: 'date-time' },
          note: { type: 'string' },
        },
      },
    },
  },
};

/**
 * The list shapes under load. `sql` is the statement the server runs for that request (the
 * repository's listJson query, record-query.ts; printed once with drizzle's dialect): same columns,
 * same filter, same ORDER BY incl. the `id` tie-breaker the server appends, same LIMIT/OFFSET.
 * `params(appId)` are its bound values.
 */
const SELECT = `SELECT id, data::text AS data_text, creator_id,
  to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_text,
  to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS updated_text FROM "entity_records"`;
const PRICE = `nullif(("data" -> 'price'), 'null'::jsonb)`;
export const LIST_SHAPES = {
  byCreatedAt: {
    label: 'status=open, sort -createdAt, limit 20',
    q: { status: 'open' },
    sort: '-createdAt',
    limit: 20,
    sql: `${SELECT} WHERE ("app_id" = $1 AND "entity" = $2 AND "data" @> $3::jsonb)
      ORDER BY "entity_records"."created_at" DESC NULLS LAST, "entity_records"."id" ASC LIMIT $4 OFFSET $5`,
    params: (appId) => [appId, ENTITY, '{"status":"open"}', 20, 0],
    check: (rows) =>
      rows.every((r) => r.status === 'open') &&
      isSorted(rows, (a, b) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id)),
  },
  byPrice: {
    label: 'status=open & price>=50, sort -price, limit 20',
    q: { status: 'open', price: { $gte: 50 } },
    sort: '-price',
    limit: 20,
    sql: `${SELECT} WHERE ("app_id" = $1 AND "entity" = $2 AND ("data" @> $3::jsonb
        AND (${PRICE} >= $4::jsonb AND ${PRICE} < 'false'::jsonb)))
      ORDER BY ${PRICE} DESC NULLS LAST, "id" ASC LIMIT $5 OFFSET $6`,
    params: (appId) => [appId, ENTITY, '{"status":"open"}', '50', 20, 0],
    check: (rows) =>
      rows.every((r) => r.status === 'open' && r.price >= 50) &&
      isSorted(rows, (a, b) => b.price - a.price || a.id.localeCompare(b.id)),
  },
};

function isSorted(rows, cmp) {
  for (let i = 1; i < rows.length; i++) if (cmp(rows[i - 1], rows[i]) > 0) return false;
  return true;
}

export const listPath = (appId, shape) =>
  `/live_api/apps/${appId}/entities/${ENTITY}?q=${encodeURIComponent(JSON.stringify(shape.q))}&sort=${encodeURIComponent(shape.sort)}&limit=${shape.limit}`;

/** Deterministic pseudo-random numbers (mulberry32), so every run imports the same file. */
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TAGS = ['red', 'green', 'blue', 'urgent', 'later', 'home', 'work', 'bulk'];
const WORDS = [
  'lorem',
  'ipsum',
  'dolor',
  'sit',
  'amet',
  'consectetur',
  'adipiscing',
  'elit',
  'sed',
  'do',
  'eiusmod',
  'tempor',
];

/** The rows of the bench CSV, as the cells of each column (deterministic). */
function* itemRows(rows) {
  const rnd = prng(42);
  const pick = (xs) => xs[Math.floor(rnd() * xs.length)];
  const t0 = Date.UTC(2026, 0, 1);
  for (let i = 1; i <= rows; i++) {
    const tags = rnd() < 0.5 ? [pick(TAGS), pick(TAGS)] : [pick(TAGS)];
    const due = new Date(t0 + Math.floor(rnd() * 365 * 86400) * 1000);
    const note = `${pick(WORDS)} ${pick(WORDS)} ${pick(WORDS)} ${pick(WORDS)} ${pick(WORDS)} ${i}`;
    yield {
      name: `Item ${i}`,
      status: pick(STATUSES),
      price: (rnd() * 100).toFixed(2),
      qty: Math.floor(rnd() * 500),
      tags,
      active: rnd() < 0.5,
      due,
      note,
    };
  }
}

/** Writes `rows` CSV rows of 8 columns (~100 bytes each; 100k rows ≈ 10 MB). */
export async function writeCsv(path, rows) {
  const out = createWriteStream(path);
  let buf = `${CSV_HEADER}\n`;
  for (const r of itemRows(rows)) {
    const tags = r.tags.length > 1 ? `"${r.tags.join(',')}"` : r.tags[0];
    buf += `${r.name},${r.status},${r.price},${r.qty},${tags},${r.active},${r.due.toISOString().replace('.000Z', 'Z')},${r.note}\n`;
    if (buf.length > 1 << 16) {
      if (!out.write(buf)) await once(out, 'drain');
      buf = '';
    }
  }
  out.end(buf);
  await once(out, 'finish');
  return { path, rows, bytes: statSync(path).size };
}

/** The same rows as the records the import stores (the server's conversions applied). */
export function itemRecords(rows) {
  return Array.from(itemRows(rows), (r) => ({ ...r, price: Number(r.price), due: r.due.toISOString() }));
}

/** Time-ordered UUIDs (version 7), as the import gives rows without an importId (csv-batches.ts createUuidV7). */
function uuidV7Generator(randomBytes) {
  let lastMs = 0;
  let counter = 0;
  return () => {
    let ms = Date.now();
    if (ms > lastMs) counter = 0;
    else if (++counter > 0xfff) {
      ms = ++lastMs;
      counter = 0;
    } else ms = lastMs;
    lastMs = ms;
    const time = ms.toString(16).padStart(12, '0');
    const random = randomBytes(8).toString('hex');
    return `${time.slice(0, 8)}-${time.slice(8, 12)}-7${counter.toString(16).padStart(3, '0')}-${(8 | (Number.parseInt(random[0], 16) & 3)).toString(16)}${random.slice(1, 4)}-${random.slice(4, 16)}`;
  };
}

/**
 * The database's share of the import, through the raw driver on one connection (as the server's
 * import runs): the prebuilt records inserted in batches of 1000, one JSON parameter per batch
 * (`jsonb_to_recordset`), in two shapes, each under its own entity name (`_rawA`, `_rawB`).
 * `serverShape` = what records.repo.ts importBatch sends for an import without importId:
 * time-ordered ids, no conflict clause, and on PGlite the batch in a transaction that locks the
 * app row and inserts with `session_replication_role = replica` (one foreign-key check per batch).
 * `singleParam` = the statement before that (random UUIDs, `ON CONFLICT (id) DO NOTHING`, a
 * foreign-key check per row), still what an import with an importId costs apart from the ids.
 */
export async function rawImport(query, appId, records, creatorId, { isPglite }, batch = 1000) {
  const { randomBytes, randomUUID } = await import('node:crypto');
  const uuidV7 = uuidV7Generator(randomBytes);
  const insert = (conflict) =>
    `INSERT INTO entity_records (id, app_id, entity, data, creator_id)
     SELECT r.id, $1, $2, r.data, $3 FROM jsonb_to_recordset($4::jsonb) AS r(id text, data jsonb)${conflict ? ' ON CONFLICT (id) DO NOTHING' : ''}`;
  const shapes = {
    serverShape: async (entity, rows) => {
      const params = [appId, entity, creatorId, JSON.stringify(rows.map((data) => ({ id: uuidV7(), data })))];
      if (!isPglite) return query(insert(false), params);
      await query('BEGIN');
      try {
        await query(
          `SELECT set_config('session_replication_role', 'replica', true) FROM apps WHERE id = $1 FOR KEY SHARE`,
          [appId],
        );
        await query(insert(false), params);
        await query('COMMIT');
      } catch (err) {
        await query('ROLLBACK');
        throw err;
      }
    },
    singleParam: async (entity, rows) => {
      await query(insert(true), [
        appId,
        entity,
        creatorId,
        JSON.stringify(rows.map((data) => ({ id: randomUUID(), data }))),
      ]);
    },
  };
  const out = {};
  for (const [key, insertBatch] of Object.entries(shapes)) {
    const entity = key === 'serverShape' ? '_rawA' : '_rawB';
    const t = performance.now();
    for (let i = 0; i < records.length; i += batch) await insertBatch(entity, records.slice(i, i + batch));
    const ms = performance.now() - t;
    out[key] = {
      rows: records.length,
      batch,
      wallMs: Math.round(ms),
      rowsPerS: Math.round(records.length / (ms / 1000)),
    };
  }
  return out;
}

/** POST /api/apps with the Item entity; returns the app id. */
export async function createBenchApp(baseUrl, token, origin) {
  const res = await request(`${baseUrl}/api/apps`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, origin },
    body: GEN_APP,
    timeoutMs: 30_000,
  });
  const appId = json(res)?.appId;
  if (res.status !== 200 || !appId) throw new Error(`POST /api/apps failed: ${res.status} ${res.body}`);
  return appId;
}

/**
 * Uploads the CSV file as multipart/form-data (streamed from disk, Content-Length set) with
 * `Accept: application/x-ndjson` and reads the progress lines until `done`. Wall time runs from
 * the request start to the `done` line. Meanwhile the server's VmRSS is sampled every 50 ms, and
 * VmHWM (peak RSS of its lifetime) is read before and after.
 */
export async function importCsv({ baseUrl, appId, token, csv, serverPid, importId }) {
  const boundary = `----tessera-bench-${Date.now().toString(36)}`;
  // With an importId (as the web app sends one) the rows get deterministic ids and the insert a conflict clause.
  const idField = importId
    ? `--${boundary}\r\nContent-Disposition: form-data; name="importId"\r\n\r\n${importId}\r\n`
    : '';
  const head = Buffer.from(
    `${idField}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="items.csv"\r\nContent-Type: text/csv\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const memBefore = readMemory(serverPid);
  let rssPeakKb = 0;
  const sample = () => {
    const m = readMemory(serverPid);
    rssPeakKb = Math.max(rssPeakKb, m.rssMb * 1024);
  };
  const sampler = setInterval(sample, 50);
  const cpu0 = cpuSnapshot(serverPid);
  const t0 = performance.now();
  const progress = [];
  let done;
  let firstProgressMs;
  try {
    done = await new Promise((resolve, reject) => {
      const req = http.request(
        `${baseUrl}/live_api/apps/${appId}/entities/${ENTITY}/import`,
        {
          method: 'POST',
          headers: {
            authorization: `Bearer ${token}`,
            accept: 'application/x-ndjson',
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'content-length': head.length + csv.bytes + tail.length,
          },
          timeout: 600_000,
        },
        (res) => {
          let pending = '';
          let last;
          res.setEncoding('utf8');
          res.on('data', (chunk) => {
            pending += chunk;
            let nl;
            while ((nl = pending.indexOf('\n')) >= 0) {
              const line = pending.slice(0, nl);
              pending = pending.slice(nl + 1);
              if (!line.trim()) continue;
              let ev;
              try {
                ev = JSON.parse(line);
              } catch {
                reject(new Error(`import answered ${res.statusCode} with a non-JSON line: ${line.slice(0, 300)}`));
                return;
              }
              if (ev.type === 'progress') {
                firstProgressMs ??= performance.now() - t0;
                progress.push(ev.imported);
              } else last = ev;
            }
          });
          res.on('end', () => {
            if (res.statusCode !== 200)
              reject(new Error(`import answered ${res.statusCode}: ${pending.slice(0, 500)}`));
            else if (last?.type !== 'done')
              reject(new Error(`import ended without a done line: ${JSON.stringify(last ?? pending.slice(0, 500))}`));
            else resolve({ ...last, ms: performance.now() - t0 });
          });
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error('import: no answer after 600 s')));
      req.on('error', reject);
      req.write(head);
      const file = createReadStream(csv.path);
      file.on('error', reject);
      file.on('end', () => req.end(tail));
      file.pipe(req, { end: false });
    });
  } finally {
    clearInterval(sampler);
  }
  sample();
  const cpu = cpuBetween(cpu0, cpuSnapshot(serverPid));
  const memAfter = readMemory(serverPid);
  if (done.imported !== csv.rows || done.failed !== 0)
    throw new Error(`import: expected ${csv.rows} rows imported, 0 failed; got ${JSON.stringify(done)}`);
  const wallMs = Math.round(done.ms);
  return {
    rows: csv.rows,
    bytes: csv.bytes,
    wallMs,
    rowsPerS: Math.round(csv.rows / (done.ms / 1000)),
    mbPerS: Math.round((csv.bytes / 1024 / 1024 / (done.ms / 1000)) * 10) / 10,
    firstProgressMs: firstProgressMs === undefined ? null : Math.round(firstProgressMs),
    progressLines: progress.length,
    imported: done.imported,
    failed: done.failed,
    memory: {
      rssBeforeMb: memBefore.rssMb,
      peakBeforeMb: memBefore.peakRssMb, // VmHWM: the process's peak so far
      peakAfterMb: memAfter.peakRssMb,
      rssAfterMb: memAfter.rssMb,
      // VmRSS sampled every 50 ms during the import: its own peak, even when an earlier phase set VmHWM higher.
      sampledPeakDuringMb: Math.round((rssPeakKb / 1024) * 10) / 10,
      growthMb: Math.round((Math.max(rssPeakKb / 1024, memAfter.peakRssMb) - memBefore.rssMb) * 10) / 10,
    },
    serverCpuMs: cpu.serverCpuMs,
    cpu,
  };
}

/** GET the list once and check the answer (20 matching rows in the asked order). */
export async function checkList(baseUrl, appId, token, shape) {
  const res = await request(`${baseUrl}${listPath(appId, shape)}`, {
    headers: { authorization: `Bearer ${token}` },
    timeoutMs: 30_000,
  });
  const rows = json(res);
  if (res.status !== 200 || !Array.isArray(rows) || rows.length !== shape.limit || !shape.check(rows)) {
    throw new Error(`GET ${listPath(appId, shape)} answered ${res.status}: ${res.body.slice(0, 500)}`);
  }
}

/** Raw-driver iteration for a list shape: the server's SQL, must return `limit` rows. */
export function listIteration(shape, appId) {
  const params = shape.params(appId);
  return async (query) => {
    const r = await query(shape.sql, params);
    if (r.rows.length !== shape.limit) throw new Error(`raw list: ${r.rows.length} rows`);
  };
}

/** EXPLAIN (ANALYZE, BUFFERS) of a shape's SQL, as text lines (for the JSON output and the README). */
export async function explain(query, shape, appId) {
  const r = await query(`EXPLAIN (ANALYZE, BUFFERS) ${shape.sql}`, shape.params(appId));
  return r.rows.map((row) => row['QUERY PLAN']);
}

export const csvPathIn = (dir) => join(dir, 'items.csv');
