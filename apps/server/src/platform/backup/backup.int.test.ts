import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREVIEW_TOKEN_HEADER } from '@tessera/contracts/runtime';
import { createTestDatabase, type TestDatabase } from '@tessera/test-utils';
import { buildGenApp } from '../../testing/factories';
import { readyPort, signUpBuilderAt, startServerProcess, type ServerProcess } from '../../testing/server-process';

/**
 * Backup and restore as an operator runs them (docs/deploy.md#backups): real server processes, the
 * real CLI (`npm run backup` / `npm run restore` run this file's entry through the server bundle).
 */
const repoRoot = fileURLToPath(new URL('../../../../..', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'tessera-backup-'));
const source = join(work, 'source');
const restored = join(work, 'restored');
const archive = join(work, 'tessera.tar.gz');
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a1e0a4d40000000049454e44ae426082',
  'hex',
);
const onPostgres = process.env.TEST_DB === 'postgres';
let sourceDb: TestDatabase | null = null;
let targetDb: TestDatabase | null = null;
const running: ServerProcess[] = [];
beforeAll(async () => {
  if (!onPostgres) return;
  sourceDb = await createTestDatabase();
  targetDb = await createTestDatabase();
  // Only the restore writes to it: its own pool would hold connections pg_restore --clean waits on.
  await targetDb.database.close();
});
afterAll(async () => {
  for (const server of running) server.child.kill('SIGKILL');
  await sourceDb?.drop();
  await targetDb?.drop().catch(() => {});
  rmSync(work, { recursive: true, force: true });
});

const dbEnv = (db: TestDatabase | null): Record<string, string> => (db ? { DATABASE_URL: db.url! } : {});

async function start(dataDir: string, db: TestDatabase | null) {
  const server = startServerProcess({ DATA_DIR: dataDir, ...dbEnv(db) });
  running.push(server);
  return { server, base: `http://127.0.0.1:${await readyPort(server)}` };
}

async function stop(server: ServerProcess) {
  server.child.kill('SIGTERM');
  expect(await server.exited).toBe(0);
}

/** The CLI in a process of its own, with only PATH and `env` (as `npm run backup -- <file>` runs it). */
function cli(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    let out = '';
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/platform/backup/cli.ts', ...args], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH, ...env },
    });
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (code) => resolve({ code, out }));
  });
}

/** A request on an app's own host (`{slug}.apps.localhost`), sent to the server's loopback port. */
function onAppHost(
  base: string,
  slug: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: Buffer,
) {
  const url = new URL(base);
  return new Promise<{ status: number; body: Buffer }>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: url.port,
        method,
        path,
        headers: { ...headers, host: `${slug}.apps.localhost:${url.port}` },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, body: Buffer.concat(chunks) }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const auth = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });

describe('npm run backup / npm run restore', () => {
  it('round-trips the account, its session, an app, its records and an uploaded file into a fresh DATA_DIR', async () => {
    const first = await start(source, sourceDb);
    const { token } = await signUpBuilderAt(first.base);
    const entities = { Note: { type: 'object', properties: { title: { type: 'string' } }, required: ['title'] } };
    const created = await fetch(`${first.base}/api/apps`, {
      method: 'POST',
      headers: auth(token),
      body: JSON.stringify(buildGenApp({ name: 'Notes', entities })),
    });
    expect(created.status).toBe(200);
    const { appId, slug } = (await created.json()) as { appId: string; slug: string };
    for (const title of ['First note', 'Second note']) {
      const res = await fetch(`${first.base}/live_api/apps/${appId}/entities/Note`, {
        method: 'POST',
        headers: auth(token),
        body: JSON.stringify({ title }),
      });
      expect(res.status).toBe(200);
    }
    const preview = (await (
      await fetch(`${first.base}/api/apps/${appId}/preview-url`, { method: 'POST', headers: auth(token), body: '{}' })
    ).json()) as { url: string };
    const previewToken = decodeURIComponent(new URL(preview.url).hash.split('=')[1]!);
    const boundary = '----tessera-backup-test';
    const multipart = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="dot.png"\r\ncontent-type: image/png\r\n\r\n`,
      ),
      PNG,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const uploaded = await onAppHost(
      first.base,
      slug,
      'POST',
      '/integrations/Core/UploadFile',
      {
        [PREVIEW_TOKEN_HEADER]: previewToken,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      multipart,
    );
    expect(uploaded.status).toBe(200);
    const filePath = new URL((JSON.parse(uploaded.body.toString()) as { file_url: string }).file_url).pathname;

    if (!onPostgres) {
      // The embedded database is copied only while no server writes to it.
      const refused = await cli(['backup', archive], { DATA_DIR: source });
      expect(refused.code).toBe(2);
      expect(refused.out).toContain(`A Tessera server (pid ${first.server.child.pid}) is using the embedded database`);
      expect(refused.out).toContain('stop it before backing it up');
      expect(refused.out).not.toContain('    at ');
    }
    if (!onPostgres) await stop(first.server);
    const backup = await cli(['backup', archive], { DATA_DIR: source, ...dbEnv(sourceDb) });
    expect(backup.out).toContain(`to ${archive}`);
    expect(backup.code).toBe(0);
    expect(backup.out).toContain('files, auth-secret');
    expect(statSync(archive).mode & 0o777).toBe(0o600);
    if (onPostgres) await stop(first.server);

    // A folder that holds anything is not overwritten unless the operator says so.
    mkdirSync(restored);
    writeFileSync(join(restored, 'notes.txt'), 'mine');
    const refused = await cli(['restore', archive], { DATA_DIR: restored, ...dbEnv(targetDb) });
    expect(refused.code).toBe(2);
    expect(refused.out).toContain(`DATA_DIR (${restored}) is not empty: restore into an empty folder, or add --force`);
    rmSync(join(restored, 'notes.txt'));
    if (targetDb) {
      // The target database was migrated (it has tables): the same refusal, then --force.
      const tables = await cli(['restore', archive], { DATA_DIR: restored, ...dbEnv(targetDb) });
      expect(tables.out).toContain('The database at DATABASE_URL already has tables');
    }
    const restore = await cli(['restore', archive, ...(targetDb ? ['--force'] : [])], {
      DATA_DIR: restored,
      ...dbEnv(targetDb),
    });
    expect(restore.out).toContain('Restored the backup of');
    expect(restore.code).toBe(0);

    const second = await start(restored, targetDb);
    // The session signed with the restored auth-secret still holds.
    const records = await fetch(`${second.base}/live_api/apps/${appId}/entities/Note?sort=title`, {
      headers: auth(token),
    });
    expect(records.status).toBe(200);
    expect(((await records.json()) as { title: string }[]).map((r) => r.title)).toEqual(['First note', 'Second note']);
    const apps = await fetch(`${second.base}/api/apps`, { headers: auth(token) });
    expect(JSON.stringify(await apps.json())).toContain(appId);
    const file = await onAppHost(second.base, slug, 'GET', filePath, {});
    expect(file.status).toBe(200);
    expect(file.body.equals(PNG)).toBe(true);
    await stop(second.server);
  }, 300_000);

  it('says what it expects when the file is missing or not a backup', async () => {
    const empty = join(work, 'empty');
    const usage = await cli(['restore'], { DATA_DIR: empty });
    expect(usage.code).toBe(2);
    expect(usage.out).toContain('Usage: npm run restore -- <file> [--force]');
    const notOurs = join(work, 'not-a-backup.tar.gz');
    writeFileSync(notOurs, 'hello');
    const bad = await cli(['restore', notOurs], { DATA_DIR: empty });
    expect(bad.code).toBe(2);
    expect(bad.out).toContain('This file is not a Tessera backup');
  }, 60_000);
});
