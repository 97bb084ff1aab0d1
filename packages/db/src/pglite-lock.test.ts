import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './pglite-lock';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'tessera-lock-unit-'));
  dirs.push(dir);
  return join(dir, 'pglite');
};

describe('lockDataDir', () => {
  it('holds the folder until released', async () => {
    const dataDir = folder();
    const release = await lockDataDir(dataDir);
    expect(readFileSync(`${dataDir}.lock`, 'utf8')).toMatch(new RegExp(`^${process.pid}\\b`));
    release();
    expect(existsSync(`${dataDir}.lock`)).toBe(false);
  });

  it('refuses a folder held by a live process', async () => {
    const dataDir = folder();
    writeFileSync(`${dataDir}.lock`, String(process.ppid));
    await expect(lockDataDir(dataDir)).rejects.toThrow(DataDirLockedError);
    await expect(lockDataDir(dataDir)).rejects.toThrow(`(pid ${process.ppid})`);
  });

  it('takes over the lock of a process that is gone, or of a pid now held by another process', async () => {
    const dead = folder();
    writeFileSync(`${dead}.lock`, '2147483646');
    (await lockDataDir(dead))();
    // The parent is alive, but did not start at this time: the pid was handed on.
    const reused = folder();
    writeFileSync(`${reused}.lock`, `${process.ppid} 1`);
    (await lockDataDir(reused))();
  });
});
