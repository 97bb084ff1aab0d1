import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readyPort, startServerProcess, type ServerProcess } from './testing/server-process';

const dataDir = mkdtempSync(join(tmpdir(), 'tessera-lock-'));
const running: ServerProcess[] = [];
afterAll(() => {
  for (const server of running) server.child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});
const start = () => {
  const server = startServerProcess({ DATA_DIR: dataDir });
  running.push(server);
  return server;
};

// The embedded database only: on PostgreSQL several processes are the point.
describe.skipIf(process.env.TEST_DB === 'postgres')('one process per embedded database folder', () => {
  it('refuses a second process on the same DATA_DIR, and a killed one does not block the restart', async () => {
    const first = start();
    const port = await readyPort(first);

    // Before the lock, both served and the second one's writes were lost on reopening.
    const second = start();
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(
      `Another Tessera process (pid ${first.child.pid}) is using the embedded database in ${join(dataDir, 'pglite')}`,
    );
    expect(second.output()).toContain('set DATABASE_URL to a PostgreSQL server');
    expect(second.output()).not.toContain('    at '); // a plain message, no stack
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);

    // A process killed with its lock held: the next start finds it dead and takes the folder.
    first.child.kill('SIGKILL');
    await first.exited;
    const third = start();
    const again = await readyPort(third);
    expect((await fetch(`http://127.0.0.1:${again}/healthz`)).status).toBe(200);
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
  }, 300_000);
});
