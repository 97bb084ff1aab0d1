// A throwaway PostgreSQL database for one bench phase, dropped afterwards (and on Ctrl-C, via cleanup.mjs).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { trackDatabase, untrackDatabase } from './cleanup.mjs';

/** Creates `{prefix}_{random}` on the server of `adminUrl`; returns its URL, the server version and `drop()`. */
export async function createScratchDatabase(adminUrl, prefix = 'bench') {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  let serverVersion;
  try {
    serverVersion = (await admin.query('SHOW server_version')).rows[0].server_version;
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const drop = async () => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    try {
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    } finally {
      await c.end();
    }
    untrackDatabase(name);
  };
  trackDatabase(name, adminUrl, drop);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), serverVersion, drop };
}
