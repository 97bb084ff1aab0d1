import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import client from 'prom-client';

/**
 * The process's Prometheus metrics (served by `platform/http/ops.ts`). A metric counts what this
 * process did, as Prometheus expects of one target; several test apps in one process share them.
 */
export const metricsRegistry = new client.Registry();
// Event-loop lag, heap and resident memory, GC, handles (prom-client's default Node.js metrics).
client.collectDefaultMetrics({ register: metricsRegistry });

const registers = [metricsRegistry];

export const httpRequests = new client.Counter({
  name: 'tessera_http_requests_total',
  help: 'HTTP requests answered, by method, route pattern and status',
  labelNames: ['method', 'route', 'status'] as const,
  registers,
});

export const httpDuration = new client.Histogram({
  name: 'tessera_http_request_duration_seconds',
  help: 'Time to the response headers (a stream goes on after), by method, route pattern and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers,
});

export const chatTurns = new client.Counter({
  name: 'tessera_chat_turns_total',
  help: 'Builder chat turns ended, by outcome (complete, error, interrupted, lost: its process died)',
  labelNames: ['outcome'] as const,
  registers,
});

export const chatTurnsRunning = new client.Gauge({
  name: 'tessera_chat_turns_running',
  help: 'Builder chat turns this process is running',
  registers,
});

export const chatTokens = new client.Counter({
  name: 'tessera_chat_tokens_total',
  help: 'Model tokens of builder chat turns, by kind (prompt, completion)',
  labelNames: ['kind'] as const,
  registers,
});

export const toolRuns = new client.Counter({
  name: 'tessera_tool_runs_total',
  help: 'Tool runs (tool pages, batch rows, the tool API, app chat) ended, by outcome (complete, failed, cancelled: the caller left)',
  labelNames: ['outcome'] as const,
  registers,
});

/** The server's version (its package) and, in a git checkout, the commit it runs. */
export const VERSION: { version: string; commit: string | null } = (() => {
  const pkg = createRequire(import.meta.url).resolve('@tessera/server/package.json');
  const version = (JSON.parse(readFileSync(pkg, 'utf8')) as { version: string }).version;
  let commit: string | null = null;
  try {
    const git = join(dirname(pkg), '..', '..', '.git');
    const head = readFileSync(join(git, 'HEAD'), 'utf8').trim();
    const sha = head.startsWith('ref: ') ? readFileSync(join(git, head.slice(5)), 'utf8').trim() : head;
    commit = /^[0-9a-f]{40}$/.test(sha) ? sha.slice(0, 12) : null;
  } catch {
    // not a git checkout (an image, a tarball), or a packed ref: the version alone
  }
  return { version, commit };
})();

new client.Gauge({
  name: 'tessera_build_info',
  help: 'Always 1; its labels say which version (and commit) this process runs',
  labelNames: ['version', 'commit', 'node'] as const,
  registers,
}).set({ version: VERSION.version, commit: VERSION.commit ?? '', node: process.versions.node }, 1);
