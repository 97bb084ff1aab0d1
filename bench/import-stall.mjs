#!/usr/bin/env node
// Import stall: ten uploads of a 5 MB zip with ~60,000 empty entries arrive at once at
// POST /api/apps/{id}/import while GET /healthz is asked every 10 ms; the figure is the slowest
// /healthz answer (target < 100 ms; before the entry count was read from the zip's directory, one
// such upload held the server 1.7 s). A real HTTP server on loopback in a child process, on PGlite.
//
//   node --import tsx bench/import-stall.mjs [--uploads=10] [--json]
/* global FormData, Blob -- Node 20 has both; the lint config names only some of its globals */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { serve } from '@hono/node-server';
import JSZip from 'jszip';
import { openDatabase } from '@tessera/db';
import { createApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { createLogger } from '../apps/server/src/platform/logger.ts';
import { buildGenApp } from '../apps/server/src/testing/factories.ts';

export const TARGET_LOOP_DELAY_MAX_MS = 100;
const argv = process.argv.slice(2);
const UPLOADS = Number(argv.find((a) => a.startsWith('--uploads='))?.split('=')[1] ?? 10);
const ENTRIES = 60_000;
const log = (msg) => process.stderr.write(`[import-stall ${new Date().toISOString().slice(11, 19)}] ${msg}\n`);
const percentile = (values, p) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))];

/** The attacker's zip: ENTRIES empty files, stored (no compression), as small as a zip can hold them. */
async function manyEntriesZip() {
  const zip = new JSZip();
  for (let i = 0; i < ENTRIES; i++) zip.file(`${i}`, '');
  return zip.generateAsync({ type: 'uint8array', compression: 'STORE' });
}

/** The server under test, alone in this process (`--serve`): prints its port, stops on stdin's end. */
async function serveAlone() {
  const dir = mkdtempSync(join(os.tmpdir(), 'tessera-bench-import-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dir,
    PUBLIC_URL: 'http://localhost:3000',
    AUTH_SECRET: 'bench-secret-0123456789abcdef0123456789abcdef',
    LOG_LEVEL: 'silent',
  });
  const database = await openDatabase({ kind: 'pglite', dataDir: join(dir, 'pglite') });
  const { app, jobRunner } = createApp({
    config,
    database,
    logger: createLogger(process.env.BENCH_LOG ?? 'silent'),
    webDistDir: null,
  });
  const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 });
  await new Promise((resolve) => server.once('listening', resolve));
  process.stdout.write(`${server.address().port}\n`);
  // The server's own event-loop delay between "start" and "stop" from the parent: how long any
  // request (/healthz included) had to wait, whatever the load of the machine adds on the way.
  const delay = monitorEventLoopDelay({ resolution: 5 });
  process.stdin.setEncoding('utf8').on('data', (line) => {
    if (line.startsWith('start')) delay.enable();
    if (line.startsWith('stop')) {
      delay.disable();
      process.stdout.write(`${JSON.stringify({ maxMs: delay.max / 1e6, p99Ms: delay.percentile(99) / 1e6 })}\n`);
    }
  });
  await new Promise((resolve) => process.stdin.once('end', resolve));
  await jobRunner.stop();
  await new Promise((resolve) => server.close(resolve));
  await database.close();
  rmSync(dir, { recursive: true, force: true });
}

/** Starts `serveAlone` in a child process, so the uploads' client work is not counted as the server's. */
async function startServer() {
  const child = spawn(
    process.execPath,
    [
      ...(process.env.BENCH_PROF ? ['--cpu-prof', '--cpu-prof-dir=' + process.env.BENCH_PROF] : []),
      '--import',
      'tsx',
      fileURLToPath(import.meta.url),
      '--serve',
    ],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  const port = await new Promise((resolve, reject) => {
    child.stdout.once('data', (data) => resolve(Number(String(data).trim())));
    child.once('exit', (code) => reject(new Error(`server exited (${code})`)));
  });
  child.once('exit', (code, signal) => log(`server exited (${code ?? signal})`));
  return {
    base: `http://127.0.0.1:${port}`,
    /** Measures the server's event-loop delay while `work` runs. */
    async loopDelayDuring(work) {
      child.stdin.write('start\n');
      const result = await work();
      const report = new Promise((resolve) => child.stdout.once('data', (data) => resolve(JSON.parse(String(data)))));
      child.stdin.write('stop\n');
      return { result, loopDelay: await report };
    },
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.stdin.end();
      }),
  };
}

export async function benchImportStall() {
  const { base, stop, loopDelayDuring } = await startServer();
  try {
    const origin = { origin: 'http://localhost:3000' };
    const email = `bench-${Date.now()}@example.test`;
    const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...origin },
      body: JSON.stringify({ email, password: 'a long bench password 42', name: 'Bench' }),
    });
    const token = signUp.headers.get('set-auth-token');
    if (!token) throw new Error(`sign-up failed: ${signUp.status}`);
    const auth = { authorization: `Bearer ${token}` };
    await fetch(`${base}/api/live_api/account/create`, { method: 'POST', headers: auth });
    const created = await fetch(`${base}/api/apps`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify(buildGenApp({ name: 'Bench' })),
    });
    const { appId } = await created.json();
    if (!appId) throw new Error(`app not created: ${created.status}`);

    log(`building a zip of ${ENTRIES} empty entries`);
    const zip = await manyEntriesZip();
    log(`zip ${(zip.length / 1024 / 1024).toFixed(2)} MB; ${UPLOADS} uploads at once, /healthz every 10 ms`);
    // Warm-up: the first requests of a process pay for lazy set-up (module loading, JIT), not the stall.
    for (let i = 0; i < 5; i++) {
      await (await fetch(`${base}/healthz`)).arrayBuffer();
      const form = new FormData();
      form.append('file', new Blob(['not a zip']), 'project.zip');
      await (
        await fetch(`${base}/api/apps/${appId}/import`, { method: 'POST', headers: auth, body: form })
      ).arrayBuffer();
    }
    const healthz = [];
    let uploading = true;
    const poll = (async () => {
      while (uploading) {
        const start = performance.now();
        // A new connection each time: a kept-alive one may be closed under it by the server.
        await (await fetch(`${base}/healthz`, { headers: { connection: 'close' } })).arrayBuffer();
        healthz.push(performance.now() - start);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();
    const start = performance.now();
    const { result: answers, loopDelay } = await loopDelayDuring(() =>
      Promise.all(
        Array.from({ length: UPLOADS }, async () => {
          const form = new FormData();
          form.append('file', new Blob([zip]), 'project.zip');
          const res = await fetch(`${base}/api/apps/${appId}/import`, { method: 'POST', headers: auth, body: form });
          return { status: res.status, message: (await res.json()).error?.message };
        }),
      ),
    );
    const uploadsMs = performance.now() - start;
    uploading = false;
    await poll;
    if (answers.some((a) => a.status !== 400)) throw new Error(`unexpected answers: ${JSON.stringify(answers)}`);
    return {
      zipMb: Number((zip.length / 1024 / 1024).toFixed(2)),
      entries: ENTRIES,
      uploads: UPLOADS,
      refusal: answers[0].message,
      uploadsWallMs: Math.round(uploadsMs),
      healthzSamples: healthz.length,
      healthzP50Ms: Number(percentile(healthz, 50).toFixed(1)),
      healthzMaxMs: Number(Math.max(...healthz).toFixed(1)),
      serverLoopDelayMaxMs: Number(loopDelay.maxMs.toFixed(1)),
      serverLoopDelayP99Ms: Number(loopDelay.p99Ms.toFixed(1)),
      target: { serverLoopDelayMaxMs: TARGET_LOOP_DELAY_MAX_MS },
    };
  } finally {
    await stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}` && argv.includes('--serve')) await serveAlone();
else if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await benchImportStall();
  log(
    `${result.uploads} uploads of ${result.zipMb} MB / ${result.entries} entries refused in ${result.uploadsWallMs} ms; ` +
      `server event-loop delay max ${result.serverLoopDelayMaxMs} ms, p99 ${result.serverLoopDelayP99Ms} ms (target < ${TARGET_LOOP_DELAY_MAX_MS}); ` +
      `/healthz from this process p50 ${result.healthzP50Ms} ms, max ${result.healthzMaxMs} ms (${result.healthzSamples} samples)`,
  );
  process.stdout.write(`${JSON.stringify(result)}\n`);
}
