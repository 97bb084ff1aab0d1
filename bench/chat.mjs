#!/usr/bin/env node
// Chat time to first token: POST /api/apps/{id}/chat through the server vs. the same fake
// OpenAI-compatible model called directly with the same AI SDK client (`streamText`). The
// difference is what our endpoint adds (auth, app and version reads, limits, the system prompt,
// the stream relay). Target: <= 5 ms at p50. The server calls the provider's `doStream` itself (no
// `streamText` layer), so the same direct call through `doStream` is measured too: the difference
// to that is the endpoint's own overhead around the model call. Run: node --import tsx bench/chat.mjs [--samples=N] [--skip-pglite] [--skip-postgres] [--json]
//   env: BENCH_PG_URL (admin connection, default postgres://postgres@127.0.0.1:5432/postgres)
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { TextDecoder } from 'node:util';
import { fileURLToPath } from 'node:url';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { streamText } from 'ai';
import { startFakeOpenAI } from '../packages/test-utils/src/fake-openai.ts';
import { installSignalHandlers } from './lib/cleanup.mjs';
import { processCpuMs } from './lib/cpu.mjs';
import { createBuilder } from './lib/load.mjs';
import { createScratchDatabase } from './lib/scratch-db.mjs';
import { startServer } from './lib/server.mjs';

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
const TARGET_EXTRA_P50_MS = 5;
/** The server allows 20 chat calls per builder per minute and 25 a day on the free plan. */
const CALLS_PER_BUILDER = 15;
const arg = (name, fallback) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const samples = arg('samples', 60);

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

installSignalHandlers();
const argv = process.argv.slice(2);
const fake = await startFakeOpenAI({ models: ['fake-coder'] });
fake.setReply({ text: 'Sure, here is a short answer that streams in a few chunks of text.', chunkSize: 8 });
const model = createOpenAICompatible({ name: 'compatible', baseURL: fake.baseUrl, includeUsage: true }).chatModel(
  'fake-coder',
);

/** Time to the first text-delta of the same model called in this process with `streamText` (the baseline). */
async function directOnce() {
  const t0 = performance.now();
  const result = streamText({ model, prompt: 'Build a task tracker' });
  let first;
  for await (const part of result.fullStream) {
    if (part.type === 'text-delta') {
      first = performance.now() - t0;
      break;
    }
  }
  await result.consumeStream();
  return first;
}

/** The same through the provider's own streaming call, as the server makes it. */
async function providerOnce() {
  const t0 = performance.now();
  const { stream } = await model.doStream({
    prompt: [{ role: 'user', content: [{ type: 'text', text: 'Build a task tracker' }] }],
  });
  let first;
  for await (const part of stream)
    if (first === undefined && part.type === 'text-delta') first = performance.now() - t0;
  return first;
}

/** Time to the first text-delta chunk of one POST /api/apps/{id}/chat. */
async function serverOnce(baseUrl, builder, appId, i) {
  const body = JSON.stringify({
    id: appId,
    messages: [
      { id: `m-${i}-${Math.random()}`, role: 'user', parts: [{ type: 'text', text: 'Build a task tracker' }] },
    ],
  });
  const t0 = performance.now();
  const res = await fetch(`${baseUrl}/api/apps/${appId}/chat`, {
    method: 'POST',
    headers: { authorization: `Bearer ${builder.token}`, 'content-type': 'application/json' },
    body,
  });
  if (res.status !== 200) throw new Error(`chat answered ${res.status}: ${await res.text()}`);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let first;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
    if (first === undefined && text.includes('"type":"text-delta"')) first = performance.now() - t0;
  }
  if (first === undefined) throw new Error(`no text-delta in ${text.slice(0, 500)}`);
  return first;
}

/**
 * Direct and through-the-server calls alternate, so a busy moment on a shared machine weighs on
 * both series alike.
 */
async function measure(baseUrl, serverPid) {
  const direct = [];
  const provider = [];
  const viaServer = [];
  // The server's CPU over the counted turns (request to the stream's end), from /proc.
  let serverCpuMs = 0;
  let builder;
  let appId;
  for (let i = 0; i < samples + 5; i++) {
    if (i % CALLS_PER_BUILDER === 0) {
      builder = await createBuilder(baseUrl, baseUrl);
      const res = await fetch(`${baseUrl}/api/apps`, {
        method: 'POST',
        headers: { authorization: `Bearer ${builder.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ appType: 'generated', genApp: { name: 'Bench chat' } }),
      });
      appId = (await res.json()).appId;
    }
    const directMs = await directOnce();
    const providerMs = await providerOnce();
    const cpu0 = processCpuMs(serverPid);
    const serverMs = await serverOnce(baseUrl, builder, appId, i);
    const turnCpuMs = processCpuMs(serverPid) - cpu0;
    // The first calls warm both paths, and each builder's first call its own caches: not counted.
    if (i >= 5 && i % CALLS_PER_BUILDER >= 1) {
      direct.push(directMs);
      provider.push(providerMs);
      viaServer.push(serverMs);
      serverCpuMs += turnCpuMs;
    }
  }
  return { direct, provider, viaServer, serverCpuMs };
}

async function benchBackend(kind) {
  const dataDir = mkdtempSync(join(os.tmpdir(), 'tessera-bench-chat-'));
  const scratch =
    kind === 'postgres'
      ? await createScratchDatabase(
          process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
          'bench_chat',
        )
      : null;
  const server = await startServer({
    repoRoot: REPO_ROOT,
    dataDir,
    databaseUrl: scratch?.url,
    extraEnv: { OPENAI_COMPATIBLE_BASE_URL: fake.baseUrl, OPENAI_COMPATIBLE_MODEL: 'fake-coder' },
  });
  try {
    const { direct, provider, viaServer, serverCpuMs } = await measure(server.baseUrl, server.pid);
    const figures = {
      samples: viaServer.length,
      directP50Ms: +percentile(direct, 50).toFixed(2),
      directP95Ms: +percentile(direct, 95).toFixed(2),
      providerP50Ms: +percentile(provider, 50).toFixed(2),
      serverP50Ms: +percentile(viaServer, 50).toFixed(2),
      serverP95Ms: +percentile(viaServer, 95).toFixed(2),
      // /proc counts in 10 ms ticks: a mean over the turns, not one turn's cost.
      serverCpuUsPerTurn: Math.round((serverCpuMs * 1000) / viaServer.length),
    };
    figures.extraP50Ms = +(figures.serverP50Ms - figures.directP50Ms).toFixed(2);
    figures.extraOverProviderP50Ms = +(figures.serverP50Ms - figures.providerP50Ms).toFixed(2);
    figures.ok = figures.extraP50Ms <= TARGET_EXTRA_P50_MS;
    console.error(
      `chat TTFT ${kind}: direct p50 ${figures.directP50Ms} ms (provider doStream ${figures.providerP50Ms} ms), through the server p50 ${figures.serverP50Ms} ms -> +${figures.extraP50Ms} ms (target <= ${TARGET_EXTRA_P50_MS}) ${figures.ok ? 'OK' : 'MISSED'}; +${figures.extraOverProviderP50Ms} ms over doStream`,
    );
    return figures;
  } finally {
    await server.stop();
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

try {
  const result = { targetExtraP50Ms: TARGET_EXTRA_P50_MS };
  if (!argv.includes('--skip-pglite')) result.pglite = await benchBackend('pglite');
  if (!argv.includes('--skip-postgres')) result.postgres = await benchBackend('postgres');
  console.log(JSON.stringify(argv.includes('--json') ? result : { chatTimeToFirstToken: result }));
} finally {
  await fake.close();
}
