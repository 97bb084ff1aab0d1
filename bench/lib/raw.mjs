// The "physical limit": the same read the endpoint does, issued straight through a driver, no HTTP,
// no auth library, no ORM. One iteration = (a) session by token joined with its user, (b) the builder
// account by user id — i.e. one endpoint-equivalent read.
import { createHash } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { trackCloser } from './cleanup.mjs';

export const SESSION_SQL = `SELECT s.id, s.token, s.user_id, s.expires_at, u.id AS uid, u.email, u.email_verified, u.name, u.disabled
  FROM auth_sessions s JOIN auth_users u ON u.id = s.user_id
  WHERE s.token = $1 AND s.expires_at > now()`;
export const ACCOUNT_SQL = 'SELECT * FROM accounts WHERE user_id = $1';

const round1 = (v) => Math.round(v * 10) / 10;

/** Sessions are stored by the SHA-256 of their token (apps/server/src/modules/auth/hashed-session-tokens.ts). */
const storedToken = (token) => createHash('sha256').update(token).digest('base64url');

async function iteration(query, token) {
  // Hashed per read, as the server does for every request.
  const s = await query(SESSION_SQL, [storedToken(token)]);
  const userId = s.rows[0]?.user_id;
  if (!userId) throw new Error('raw read: session not found');
  const a = await query(ACCOUNT_SQL, [userId]);
  if (!a.rows[0]) throw new Error('raw read: account not found');
}

async function timedLoops({ loops, query, token, durationS, warmupS, iterate = (q) => iteration(q, token) }) {
  const run = async (seconds) => {
    const deadline = performance.now() + seconds * 1000;
    let count = 0;
    const latencies = [];
    await Promise.all(
      Array.from({ length: loops }, async () => {
        while (performance.now() < deadline) {
          const t = performance.now();
          await iterate(query);
          latencies.push(performance.now() - t);
          count++;
        }
      }),
    );
    return { count, latencies };
  };
  await run(warmupS);
  const started = performance.now();
  const { count, latencies } = await run(durationS);
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p) => round1(latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? NaN);
  return {
    loops,
    durationS: round1(elapsed),
    reads: count,
    rawRps: round1(count / elapsed),
    p50Ms: pct(50),
    p99Ms: pct(99),
  };
}

/** `iterate(query)` replaces the account/current read (e.g. the entity list queries of lib/entities.mjs). */
export async function rawPostgres({ url, token, loops = 10, durationS = 5, warmupS = 1, iterate }) {
  const pool = new pg.Pool({ connectionString: url, max: loops });
  const untrack = trackCloser(() => pool.end());
  try {
    const query = (sql, params) => pool.query(sql, params);
    return await timedLoops({ loops, query, token, durationS, warmupS, iterate });
  } finally {
    untrack();
    await pool.end();
  }
}

/** PGlite is single-process: call this only after the server using `dir` has exited. */
export async function rawPglite({ dir, token, durationS = 5, warmupS = 1, iterate }) {
  const t = performance.now();
  const db = await PGlite.create(dir);
  const openMs = Math.round(performance.now() - t);
  const untrack = trackCloser(() => db.close());
  try {
    const query = (sql, params) => db.query(sql, params);
    return { ...(await timedLoops({ loops: 1, query, token, durationS, warmupS, iterate })), openMs };
  } finally {
    untrack();
    await db.close();
  }
}

/**
 * Opens one raw connection (PostgreSQL: a client on `url`; PGlite: the data dir `dir`, only after
 * its server exited), runs `fn(query)` and closes it. For EXPLAIN and table statistics.
 */
export async function withRawQuery({ url, dir }, fn) {
  if (url) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const untrack = trackCloser(() => client.end());
    try {
      return await fn((sql, params) => client.query(sql, params));
    } finally {
      untrack();
      await client.end();
    }
  }
  const db = await PGlite.create(dir);
  const untrack = trackCloser(() => db.close());
  try {
    return await fn((sql, params) => db.query(sql, params));
  } finally {
    untrack();
    await db.close();
  }
}
