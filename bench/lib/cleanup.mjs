// Everything a bench run creates is registered here, so that it is removed on success, on error,
// on SIGINT/SIGTERM, and (best effort, synchronously) on process exit.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';

const processes = new Set(); // ChildProcess, spawned detached (own process group)
const dirs = new Set(); // absolute paths
const databases = new Map(); // name -> { drop: async () => void, adminUrl }
const closers = new Set(); // async () => void (pools, PGlite handles)

export function trackProcess(child) {
  processes.add(child);
  child.once('exit', () => processes.delete(child));
  return child;
}
export function trackDir(dir) {
  dirs.add(dir);
  return dir;
}
export function untrackDir(dir) {
  dirs.delete(dir);
}
export function trackDatabase(name, adminUrl, drop) {
  databases.set(name, { adminUrl, drop });
}
export function untrackDatabase(name) {
  databases.delete(name);
}
export function trackCloser(fn) {
  closers.add(fn);
  return () => closers.delete(fn);
}

function killGroup(child, signal) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal); // the whole group: the server and anything it spawned
  } catch {
    try {
      child.kill(signal);
    } catch {
      /* already gone */
    }
  }
}

/** Stops the server gracefully (SIGTERM), then kills its process group after `graceMs`. */
export async function stopProcess(child, graceMs = 10_000) {
  if (child.exitCode !== null || child.signalCode !== null) return { graceful: true, ms: 0 };
  const started = performance.now();
  const exited = new Promise((resolve) => child.once('exit', resolve));
  killGroup(child, 'SIGTERM');
  const timer = new Promise((resolve) => setTimeout(() => resolve('timeout'), graceMs));
  const outcome = await Promise.race([exited, timer]);
  if (outcome === 'timeout') {
    killGroup(child, 'SIGKILL');
    await exited;
  }
  return { graceful: outcome !== 'timeout', ms: Math.round(performance.now() - started) };
}

let cleaning = null;
/** Async full cleanup: closes handles, kills servers, drops databases, removes directories. */
export function cleanupAll() {
  cleaning ??= (async () => {
    for (const close of [...closers]) await close().catch(() => {});
    closers.clear();
    await Promise.all([...processes].map((p) => stopProcess(p, 3_000).catch(() => {})));
    for (const [name, { drop }] of [...databases]) {
      try {
        await drop();
        databases.delete(name);
      } catch (err) {
        process.stderr.write(`bench: could not drop database ${name}: ${err.message}\n`);
      }
    }
    for (const dir of [...dirs]) {
      rmSync(dir, { recursive: true, force: true });
      dirs.delete(dir);
    }
  })().finally(() => {
    cleaning = null;
  });
  return cleaning;
}

/** Last resort on exit: synchronous only (kill groups, rm dirs, psql for leftover databases). */
function cleanupSync() {
  for (const p of processes) killGroup(p, 'SIGKILL');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  for (const [name, { adminUrl }] of databases) {
    spawnSync('psql', [adminUrl, '-q', '-c', `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`], {
      stdio: 'ignore',
      timeout: 10_000,
    });
  }
}

export function installSignalHandlers() {
  let interrupted = false;
  const onSignal = (signal) => {
    if (interrupted) {
      cleanupSync();
      process.exit(130);
    }
    interrupted = true;
    process.stderr.write(`\nbench: ${signal}, cleaning up...\n`);
    const hardStop = setTimeout(() => {
      cleanupSync();
      process.exit(130);
    }, 15_000);
    hardStop.unref();
    cleanupAll().finally(() => process.exit(130));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  process.on('SIGHUP', onSignal);
  process.on('exit', cleanupSync);
}
