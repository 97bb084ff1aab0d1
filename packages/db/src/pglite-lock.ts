import { closeSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/** A second process on an embedded database folder: it must not start (its writes would be lost). */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `Another Tessera process (pid ${pid}) is using the embedded database in ${dataDir}. ` +
        'The embedded database serves one process only: stop that process first, or set DATABASE_URL ' +
        'to a PostgreSQL server to run several processes.',
    );
    this.name = 'DataDirLockedError';
  }
}

/** When a process started (Linux: /proc), so a pid handed to another process after a restart is not taken for ours. */
const startTimeOf = (pid: number): string => {
  try {
    // Field 22 of /proc/<pid>/stat, counted after the command name (which may hold spaces).
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? '';
  } catch {
    return '';
  }
};

const isAlive = (holder: Holder) => {
  try {
    process.kill(holder.pid, 0);
  } catch (err) {
    // EPERM: the process exists but belongs to another user.
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  return !holder.startTime || startTimeOf(holder.pid) === holder.startTime;
};

interface Holder {
  pid: number;
  startTime: string;
}

/** Who holds a lock file (pid NaN while it is being written), null when there is no file. */
const readHolder = (path: string): Holder | null => {
  try {
    const [pid = '', startTime = ''] = readFileSync(path, 'utf8').split(' ');
    return { pid: Number.parseInt(pid, 10), startTime };
  } catch {
    return null;
  }
};
const ownLock = () => `${process.pid} ${startTimeOf(process.pid)}`.trim();
const isOurs = (path: string) => {
  try {
    return readFileSync(path, 'utf8') === ownLock();
  } catch {
    return false;
  }
};

const mtimeOf = (path: string) => {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return 0;
  }
};

/**
 * Takes the embedded database folder for this process with a lock file beside it (`<dataDir>.lock`,
 * holding the pid and its start time), so two processes never open one PGlite folder: PGlite has no lock of its own and
 * each process would overwrite the other's writes. A lock left by a process that is gone (killed,
 * crashed) is taken over; a container restarted as the same pid takes its own lock back.
 * Returns the release, also run when the process exits.
 */
export async function lockDataDir(dataDir: string): Promise<() => void> {
  const path = `${dataDir}.lock`;
  for (;;) {
    let fd: number;
    try {
      fd = openSync(path, 'wx');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = readHolder(path);
      if (holder === null) continue; // released between our two calls: try again
      const hasPid = Number.isInteger(holder.pid);
      if (hasPid && holder.pid !== process.pid && isAlive(holder)) throw new DataDirLockedError(dataDir, holder.pid);
      // No pid yet: another process is writing it (or died doing so, long ago).
      if (!hasPid && Date.now() - mtimeOf(path) < 5000) {
        await sleep(50);
        continue;
      }
      try {
        unlinkSync(path);
      } catch {
        // another starting process removed it first
      }
      continue;
    }
    writeSync(fd, ownLock());
    closeSync(fd);
    // Two processes that both found a stale lock: the later one removed ours. Look again.
    await sleep(20);
    if (isOurs(path)) break;
  }
  const release = () => {
    process.off('exit', release);
    try {
      if (isOurs(path)) unlinkSync(path);
    } catch {
      // already gone
    }
  };
  process.on('exit', release);
  return release;
}
