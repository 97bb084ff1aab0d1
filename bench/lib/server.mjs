// Spawns the Tessera server as `npm start` runs it, `node scripts/start.mjs` (so the child pid IS the
// server process), waits for the first 200 on /healthz, reads its memory from /proc, stops it.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { request } from './http.mjs';
import { stopProcess, trackProcess } from './cleanup.mjs';
import { cpuBetween, cpuSnapshot } from './cpu.mjs';

export const SERVER_ENTRY = 'scripts/start.mjs';
export const DEFAULT_START_ARGS = [SERVER_ENTRY];

/**
 * node arguments that start the server; `node` itself is spawned directly so the child pid is the
 * server process (no npm wrapper). The last argument is the entry file: it must appear in the
 * process's cmdline. Override with --cmd="node --import tsx apps/server/src/main.ts" to bench the source.
 */
let startArgs = DEFAULT_START_ARGS;
export function setStartCommand(command) {
  const parts = command.trim().split(/\s+/);
  if (parts[0] === 'node') parts.shift();
  else throw new Error(`--cmd must start with "node" (got ${command}) so the measured pid is the server`);
  if (!parts.length) throw new Error('--cmd names no entry file');
  startArgs = parts;
}
export const startCommand = () => `node ${startArgs.join(' ')}`;

/** Variables the server reads; never inherited from the caller's shell. */
const SERVER_VARS = [
  'NODE_ENV',
  'PORT',
  'HOST',
  'PUBLIC_URL',
  'DATA_DIR',
  'DATABASE_URL',
  'AUTH_SECRET',
  'ADMIN_EMAILS',
  'SMTP_URL',
  'MAIL_FROM',
  'GOOGLE_CLIENT_ID',
  'GOOGLE_CLIENT_SECRET',
  'TRUST_PROXY',
  'LOG_LEVEL',
  'NODE_OPTIONS',
];

/** A free loopback port (bind to 0, read it, release it). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

export const randomSecret = () => randomBytes(32).toString('hex');

/**
 * Starts the server and resolves once /healthz answers 200.
 * `extraEnv` adds variables (e.g. a model server). Returns { child, pid, baseUrl, wallMs, startupMs (from the 'ready' log line, needs LOG_LEVEL<=info), stop() }.
 */
export async function startServer({
  repoRoot,
  dataDir,
  databaseUrl,
  logLevel = 'warn',
  authSecret,
  nodeArgs = [],
  extraEnv = {},
  pollMs = 25,
  timeoutMs = 180_000,
}) {
  const port = await freePort();
  const env = { ...process.env };
  for (const name of SERVER_VARS) delete env[name];
  Object.assign(env, {
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://localhost:${port}`,
    DATA_DIR: dataDir,
    AUTH_SECRET: authSecret ?? randomSecret(),
    LOG_LEVEL: logLevel,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...extraEnv,
  });
  const baseUrl = `http://127.0.0.1:${port}`;

  const cpu0 = cpuSnapshot();
  const t0 = performance.now();
  const child = trackProcess(
    spawn(process.execPath, [...nodeArgs, ...startArgs], {
      cwd: repoRoot,
      env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  let startupMs;
  let stdoutTail = '';
  let stderrTail = '';
  let pending = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk) => {
    stdoutTail = (stdoutTail + chunk).slice(-4000);
    pending += chunk;
    let nl;
    while ((nl = pending.indexOf('\n')) >= 0) {
      const line = pending.slice(0, nl);
      pending = pending.slice(nl + 1);
      if (startupMs === undefined && line.includes('"ready"')) {
        try {
          const rec = JSON.parse(line);
          if (rec.msg === 'ready') startupMs = rec.startupMs;
        } catch {
          /* not JSON */
        }
      }
    }
  });
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk) => {
    stderrTail = (stderrTail + chunk).slice(-4000);
  });
  let exitInfo = null;
  child.once('exit', (code, signal) => {
    exitInfo = { code, signal };
  });

  const fail = (why) => {
    const err = new Error(
      `server ${why}\n--- server stderr (tail) ---\n${stderrTail}\n--- server stdout (tail) ---\n${stdoutTail}`,
    );
    return err;
  };

  let wallMs;
  let cpu1;
  for (;;) {
    if (exitInfo) throw fail(`exited before ready (code ${exitInfo.code}, signal ${exitInfo.signal})`);
    if (performance.now() - t0 > timeoutMs) {
      await stopProcess(child, 2_000);
      throw fail(`not ready after ${timeoutMs} ms`);
    }
    try {
      const res = await request(`${baseUrl}/healthz`, { timeoutMs: 2_000 });
      if (res.status === 200) {
        wallMs = performance.now() - t0;
        cpu1 = cpuSnapshot(child.pid);
        break;
      }
    } catch {
      /* not listening yet */
    }
    await sleep(pollMs);
  }
  // The 'ready' line is written right after listen; give the pipe a moment to deliver it.
  if (logLevel === 'info' || logLevel === 'debug') {
    for (let i = 0; i < 40 && startupMs === undefined; i++) await sleep(5);
  }

  const cmdline = readFileSync(`/proc/${child.pid}/cmdline`, 'utf8').split('\0').join(' ');
  if (!cmdline.includes(startArgs.at(-1)))
    throw fail(`pid ${child.pid} is not the server process (cmdline: ${cmdline})`);

  return {
    child,
    pid: child.pid,
    port,
    baseUrl,
    wallMs: Math.round(wallMs),
    startupMs,
    // serverCpuMs: CPU time the server burned to get ready; otherCores: contention during start.
    startCpu: cpuBetween(cpu0, cpu1, child.pid),
    stderrTail: () => stderrTail,
    stop: () => stopProcess(child),
  };
}

/** VmRSS / VmHWM (peak) of a process in MB, from /proc/<pid>/status. */
export function readMemory(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key) => {
    const m = status.match(new RegExp(`^${key}:\\s+(\\d+)\\s+kB`, 'm'));
    return m ? Number(m[1]) : NaN;
  };
  const mb = (v) => Math.round((v / 1024) * 10) / 10;
  return {
    rssMb: mb(kb('VmRSS')),
    peakRssMb: mb(kb('VmHWM')),
    rssAnonMb: mb(kb('RssAnon')),
    rssFileMb: mb(kb('RssFile')),
  };
}
