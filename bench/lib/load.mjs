// HTTP load with autocannon's programmatic API; any error, timeout or non-2xx fails the run.
import autocannon from 'autocannon';
import { cpuBetween, cpuSnapshot } from './cpu.mjs';
import { json, request } from './http.mjs';

export const PASSWORD = 'correct horse battery staple';

/** Signs a builder up (bearer token from `set-auth-token`) and creates its account. */
export async function createBuilder(baseUrl, origin) {
  const email = `bench-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const signUp = await request(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { origin },
    body: { email, password: PASSWORD, name: 'Bench Builder' },
    timeoutMs: 30_000,
  });
  const token = signUp.headers['set-auth-token'];
  if (signUp.status !== 200 || !token) throw new Error(`sign-up failed: ${signUp.status} ${signUp.body}`);
  const auth = { authorization: `Bearer ${token}` };
  const create = await request(`${baseUrl}/api/live_api/account/create`, {
    method: 'POST',
    headers: { ...auth, origin },
    body: {},
    timeoutMs: 30_000,
  });
  const accountId = json(create)?.accountId;
  if (create.status !== 200 || !accountId) throw new Error(`account/create failed: ${create.status} ${create.body}`);
  // The bearer token is "<session token>.<signature>" (maybe URL-encoded); the table stores the first part.
  const sessionToken = decodeURIComponent(token).split('.')[0];
  return { email, token, sessionToken, accountId, userId: json(signUp)?.user?.id };
}

/** A few plain requests that must all succeed with the expected body. */
export async function checkEndpoint(url, headers, accountId, times = 5) {
  for (let i = 0; i < times; i++) {
    const res = await request(url, { headers });
    const body = json(res);
    if (res.status !== 200 || body?.accountId !== accountId)
      throw new Error(`GET ${url} answered ${res.status} ${res.body}`);
  }
}

const round = (v, d = 2) => (Number.isFinite(v) ? Math.round(v * 10 ** d) / 10 ** d : v);

/**
 * One autocannon run; returns the figures we report, throws if anything was not a 2xx. A warm-up
 * may end before its first answer (a slow first request: a sort index being built, a busy machine).
 */
export async function runLoad({ url, headers, connections, durationS, label, serverPid, warmUp = false }) {
  const cpu0 = cpuSnapshot(serverPid);
  const result = await autocannon({ url, headers, connections, duration: durationS, pipelining: 1, timeout: 10 });
  const cpu = cpuBetween(cpu0, cpuSnapshot(serverPid));
  const failures = {
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    resets: result.resets,
    mismatches: result.mismatches,
  };
  const bad = Object.entries(failures).filter(([, v]) => v > 0);
  if (bad.length || (result['2xx'] === 0 && !warmUp)) {
    throw new Error(
      `load run "${label}" had failures: ${JSON.stringify({ ...failures, '2xx': result['2xx'], statusCodeStats: result.statusCodeStats })}`,
    );
  }
  return {
    connections,
    durationS: round(result.duration, 1),
    requests: result.requests.total,
    rps: round(result.requests.average, 1),
    rpsStddev: round(result.requests.stddev, 1),
    p50Ms: round(result.latency.p50),
    p90Ms: round(result.latency.p90),
    p99Ms: round(result.latency.p99),
    maxMs: round(result.latency.max),
    meanMs: round(result.latency.average),
    ...failures,
    // Server CPU per request: how far the endpoint is from being CPU-bound on one core.
    serverCpuUsPerReq: round((cpu.serverCores * cpu.seconds * 1e6) / result.requests.total, 0),
    // ...and what that CPU cost allows on one core: less sensitive to other load than rps.
    rpsPerServerCore: cpu.serverCores > 0 ? round(result.requests.average / cpu.serverCores, 0) : null,
    cpu,
  };
}
