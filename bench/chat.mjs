#!/usr/bin/env node
// Chat time to first token: POST /api/apps/{id}/chat through the server vs. the same fake
// OpenAI-compatible model called directly with the same AI SDK client. The difference is what our
// endpoint adds (auth, limits, storing both messages, the system prompt, the stream relay).
// Target: <= 5 ms at p50. Run: node --import tsx bench/chat.mjs [--samples=N] [--postgres]
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { TextDecoder } from 'node:util';
import { fileURLToPath } from 'node:url';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { streamText } from 'ai';
import { startFakeOpenAI } from '../packages/test-utils/src/fake-openai.ts';
import { createBuilder } from './lib/load.mjs';
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

const fake = await startFakeOpenAI({ models: ['fake-coder'] });
fake.setReply({ text: 'Sure, here is a short answer that streams in a few chunks of text.', chunkSize: 8 });
const dataDir = mkdtempSync(join(os.tmpdir(), 'tessera-bench-chat-'));
const server = await startServer({
  repoRoot: REPO_ROOT,
  dataDir,
  extraEnv: { OPENAI_COMPATIBLE_BASE_URL: fake.baseUrl, OPENAI_COMPATIBLE_MODEL: 'fake-coder' },
});
try {
  const model = createOpenAICompatible({ name: 'compatible', baseURL: fake.baseUrl, includeUsage: true }).chatModel('fake-coder');
  const direct = [];
  for (let i = 0; i < samples + 5; i++) {
    const t0 = performance.now();
    const result = streamText({ model, prompt: 'Build a task tracker' });
    for await (const part of result.fullStream) {
      if (part.type === 'text-delta') {
        if (i >= 5) direct.push(performance.now() - t0);
        break;
      }
    }
    await result.consumeStream();
  }

  const viaServer = [];
  let builder;
  let appId;
  for (let i = 0; i < samples + 5; i++) {
    if (i % CALLS_PER_BUILDER === 0) {
      builder = await createBuilder(server.baseUrl, server.baseUrl);
      const res = await fetch(`${server.baseUrl}/api/apps`, {
        method: 'POST',
        headers: { authorization: `Bearer ${builder.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ appType: 'generated', genApp: { name: 'Bench chat' } }),
      });
      appId = (await res.json()).appId;
    }
    const body = JSON.stringify({ id: appId, messages: [{ id: `m-${i}-${Math.random()}`, role: 'user', parts: [{ type: 'text', text: 'Build a task tracker' }] }] });
    const t0 = performance.now();
    const res = await fetch(`${server.baseUrl}/api/apps/${appId}/chat`, {
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
    if (i % CALLS_PER_BUILDER >= 1) viaServer.push(first);
  }

  const figures = {
    samples: viaServer.length,
    directP50Ms: +percentile(direct, 50).toFixed(2),
    directP95Ms: +percentile(direct, 95).toFixed(2),
    serverP50Ms: +percentile(viaServer, 50).toFixed(2),
    serverP95Ms: +percentile(viaServer, 95).toFixed(2),
  };
  figures.extraP50Ms = +(figures.serverP50Ms - figures.directP50Ms).toFixed(2);
  figures.targetExtraP50Ms = TARGET_EXTRA_P50_MS;
  figures.ok = figures.extraP50Ms <= TARGET_EXTRA_P50_MS;
  console.log(JSON.stringify({ chatTimeToFirstToken: figures }));
  console.error(
    `chat TTFT: direct p50 ${figures.directP50Ms} ms, through the server p50 ${figures.serverP50Ms} ms -> +${figures.extraP50Ms} ms (target <= ${TARGET_EXTRA_P50_MS}) ${figures.ok ? 'OK' : 'MISSED'}`,
  );
} finally {
  await server.stop();
  await fake.close();
  rmSync(dataDir, { recursive: true, force: true });
}
