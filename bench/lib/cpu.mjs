// CPU accounting for a measured phase, from /proc: how many cores the server, this bench process
// (autocannon / raw driver loops), PostgreSQL backends and everything else on the machine used.
// (PostgreSQL backends count as "postgres" only when they serve the bench's own database.)
// `otherCores` is the contention indicator: anything well above 0 means other work (tests, builds,
// browsers) shared the CPUs and the figures of that phase are pessimistic.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

let clkTck = 100;
try {
  clkTck = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
} catch {
  /* keep the usual 100 */
}

function readProcStat(pid) {
  try {
    const s = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = s.lastIndexOf(')');
    const comm = s.slice(s.indexOf('(') + 1, close);
    const f = s.slice(close + 2).split(' '); // f[0] is field 3 (state)
    return { comm, ticks: Number(f[11]) + Number(f[12]) }; // utime + stime
  } catch {
    return null;
  }
}

function machineBusyTicks() {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]; // "cpu  user nice system idle iowait irq softirq steal ..."
  const v = line.trim().split(/\s+/).slice(1).map(Number);
  const [user, nice, system, , , irq, softirq, steal] = v;
  return user + nice + system + irq + softirq + (steal || 0);
}

/** CPU time (user + system, all threads) a process has used so far, in ms; null once it is gone. */
export function processCpuMs(pid) {
  const st = readProcStat(pid);
  return st ? (st.ticks / clkTck) * 1000 : null;
}

/** Snapshot; pass the server pid when it exists. */
export function cpuSnapshot(serverPid) {
  const procs = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const st = readProcStat(name);
    if (!st) continue;
    if (st.comm === 'postgres') {
      // Backend titles name their database: "postgres: postgres bench_ab12 127.0.0.1(5432) idle".
      try {
        st.title = readFileSync(`/proc/${name}/cmdline`, 'utf8').replace(/\0/g, ' ');
      } catch {
        st.title = '';
      }
    }
    procs.set(Number(name), st);
  }
  return { at: performance.now(), busy: machineBusyTicks(), procs, serverPid };
}

let benchDatabase;
/** PostgreSQL backends serving this database count as "postgres"; all other backends as "other". */
export function setBenchDatabase(name) {
  benchDatabase = name;
}

/** Cores used per category between two snapshots. */
export function cpuBetween(a, b, serverPid = b.serverPid ?? a.serverPid) {
  const seconds = (b.at - a.at) / 1000;
  const delta = (pid) => {
    const end = b.procs.get(pid);
    if (!end) return 0;
    const start = a.procs.get(pid);
    return start && start.comm === end.comm ? end.ticks - start.ticks : end.ticks;
  };
  let postgres = 0;
  for (const [pid, p] of b.procs)
    if (p.comm === 'postgres' && benchDatabase && p.title.includes(` ${benchDatabase} `)) postgres += delta(pid);
  const bench = delta(process.pid);
  const server = serverPid ? delta(serverPid) : 0;
  const total = b.busy - a.busy;
  const other = Math.max(0, total - bench - server - postgres);
  const cores = (ticks) => Math.round((ticks / clkTck / seconds) * 100) / 100;
  return {
    seconds: Math.round(seconds * 10) / 10,
    serverCores: cores(server),
    benchCores: cores(bench),
    postgresCores: cores(postgres),
    otherCores: cores(other),
    serverCpuMs: Math.round((server / clkTck) * 1000),
  };
}

/**
 * Waits (up to maxWaitS) until other processes use less than `threshold` cores over a 1 s window,
 * so that measured phases start on a quiet machine when that is possible. Returns what it saw.
 */
export async function waitForQuiet({ maxWaitS = 20, threshold = 0.3 } = {}) {
  const started = performance.now();
  for (;;) {
    const a = cpuSnapshot();
    await new Promise((r) => setTimeout(r, 1000));
    const other = cpuBetween(a, cpuSnapshot()).otherCores;
    const waitedS = Math.round((performance.now() - started) / 100) / 10;
    if (other < threshold) return { quiet: true, waitedS, otherCores: other };
    if (waitedS >= maxWaitS) return { quiet: false, waitedS, otherCores: other };
  }
}
