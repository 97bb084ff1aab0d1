import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_MESSAGES, MESSAGES } from '@tessera/contracts';
import type { ChatMessage } from '@tessera/contracts/chat';
import { createTestDatabase, startFakeOpenAI, type FakeOpenAI, type TestDatabase } from '@tessera/test-utils';
import { buildGenApp } from '../../testing/factories';
import { readyPort, signUpBuilderAt, startServerProcess, type ServerProcess } from '../../testing/server-process';

/**
 * Chat turns across the end of their process (docs/product/editor-and-chat.md#states-and-transitions):
 * real server processes, the real model client against the fake model server, kill -9 and SIGTERM.
 */
const PARTIAL = 'I will add a notes page for you. '.repeat(4);
const never = new Promise<never>(() => {});

let fake: FakeOpenAI;
let testDb: TestDatabase | null = null;
const dataDir = mkdtempSync(join(tmpdir(), 'tessera-chat-crash-'));
const running: ServerProcess[] = [];
beforeAll(async () => {
  fake = await startFakeOpenAI();
  if (process.env.TEST_DB === 'postgres') testDb = await createTestDatabase();
});
afterAll(async () => {
  for (const server of running) server.child.kill('SIGKILL');
  await fake.close();
  await testDb?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(env: Record<string, string> = {}) {
  const server = startServerProcess({
    DATA_DIR: dataDir,
    OPENAI_COMPATIBLE_BASE_URL: fake.baseUrl,
    OPENAI_COMPATIBLE_MODEL: 'fake-coder',
    ...(testDb ? { DATABASE_URL: testDb.url } : {}),
    ...env,
  });
  running.push(server);
  return { server, base: `http://127.0.0.1:${await readyPort(server)}` };
}

const auth = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });

async function newApp(base: string, token: string) {
  const res = await fetch(`${base}/api/apps`, {
    method: 'POST',
    headers: auth(token),
    body: JSON.stringify(buildGenApp({ name: 'Notes' })),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { appId: string }).appId;
}

const send = (base: string, token: string, appId: string, text: string) =>
  fetch(`${base}/api/apps/${appId}/chat`, {
    method: 'POST',
    headers: auth(token),
    body: JSON.stringify({
      id: appId,
      messages: [{ id: crypto.randomUUID(), role: 'user', parts: [{ type: 'text', text }] }],
    }),
  });

const messagesOf = async (base: string, token: string, appId: string) =>
  (
    (await (await fetch(`${base}/api/apps/${appId}/chat/messages`, { headers: auth(token) })).json()) as {
      messages: ChatMessage[];
    }
  ).messages;

const textOf = (m: ChatMessage | undefined) => (m?.parts ?? []).map((p) => String(p.text ?? '')).join('');

/** Waits until the turn's partial answer is stored (the process may die right after). */
async function partialStored(base: string, token: string, appId: string) {
  for (let i = 0; i < 600; i++) {
    const last = (await messagesOf(base, token, appId)).at(-1);
    if (last?.role === 'assistant' && textOf(last).includes(PARTIAL.trim())) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the partial answer was never stored');
}

describe('a chat turn whose process ends', () => {
  it('after kill -9: the turn is closed as failed with its partial answer, and the builder can continue at once', async () => {
    const first = await start();
    const builder = await signUpBuilderAt(first.base);
    const appId = await newApp(first.base, builder.token);
    fake.setReply({
      text: `${PARTIAL}And here is the rest.`,
      chunkSize: 11,
      pauseAfter: { chars: PARTIAL.length, until: never },
    });
    const turn = await send(first.base, builder.token, appId, 'Add a notes page');
    expect(turn.status).toBe(200);
    await partialStored(first.base, builder.token, appId);
    first.server.child.kill('SIGKILL');
    await first.server.exited;

    // Before: "Wait for the current answer to finish..." (409) for 5 minutes, and "streaming" for good.
    const second = await start();
    fake.setReply({ text: 'Done: the notes page is back.' });
    let next = await send(second.base, builder.token, appId, "Let's keep going");
    // On PostgreSQL another process may still own the turn until its heartbeat is stale (15 s).
    for (let i = 0; next.status === 409 && i < 30; i++) {
      await new Promise((r) => setTimeout(r, 1000));
      next = await send(second.base, builder.token, appId, "Let's keep going");
    }
    expect(next.status).toBe(200);
    await next.text();
    const messages = await messagesOf(second.base, builder.token, appId);
    const orphan = messages.at(-3)!;
    expect(orphan.role).toBe('assistant');
    expect(orphan.status).toBe('error');
    expect(textOf(orphan)).toContain(PARTIAL.trim());
    expect(orphan.annotations[0]?.systemActionInfo).toEqual({ type: 'interrupted', message: MESSAGES.chat.turnLost });
    expect(messages.at(-1)).toMatchObject({ role: 'assistant', status: 'complete' });
    second.server.child.kill('SIGTERM');
    expect(await second.server.exited).toBe(0);
  }, 300_000);

  it('on SIGTERM: new work is refused, a turn that ends within the grace completes, one that does not ends "interrupted"', async () => {
    const { server, base } = await start({ SHUTDOWN_GRACE_MS: '4000' });
    const builder = await signUpBuilderAt(base);
    const [finishing, stuck] = [await newApp(base, builder.token), await newApp(base, builder.token)];
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    fake.queueReplies(
      { text: `${PARTIAL}Finished.`, chunkSize: 11, pauseAfter: { chars: PARTIAL.length, until: released } },
      { text: `${PARTIAL}Never sent.`, chunkSize: 11, pauseAfter: { chars: PARTIAL.length, until: never } },
    );
    const finishingTurn = await send(base, builder.token, finishing, 'Add a notes page');
    const stuckTurn = await send(base, builder.token, stuck, 'Add a notes page');
    await partialStored(base, builder.token, finishing);
    await partialStored(base, builder.token, stuck);

    server.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    // A request on a connection opened before the signal: refused, the client told to come back.
    const refused = await fetch(`${base}/api/apps/${stuck}/chat/messages`, { headers: auth(builder.token) });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBeTruthy();
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(APP_MESSAGES.draining);
    release();
    expect(await finishingTurn.text()).toContain('Finished.');
    expect(await stuckTurn.text()).toContain(MESSAGES.chat.interrupted);
    expect(await server.exited).toBe(0);

    const again = await start();
    const done = (await messagesOf(again.base, builder.token, finishing)).at(-1)!;
    expect(done).toMatchObject({ role: 'assistant', status: 'complete' });
    const cut = (await messagesOf(again.base, builder.token, stuck)).at(-1)!;
    expect(cut.status).toBe('error');
    expect(textOf(cut)).toContain(PARTIAL.trim());
    expect(cut.annotations[0]?.systemActionInfo).toEqual({ type: 'interrupted', message: MESSAGES.chat.interrupted });
    again.server.child.kill('SIGTERM');
    expect(await again.server.exited).toBe(0);
  }, 300_000);
});
