import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ChatMessage, VersionEntry } from '@tessera/contracts/chat';
import { createTestApp } from '../../testing/harness';
import { buildGenApp } from '../../testing/factories';

// No model provider configured: the built-in offline app builder answers, through the same
// parser, applier and validator as a real model.
const t = await createTestApp();
const owner = await t.signUpVerified();

async function newApp(name = 'Offline app') {
  const res = await t.request('POST', '/api/apps', {
    token: owner.token,
    body: buildGenApp({ name }),
  });
  return res.body.appId as string;
}

async function send(appId: string, text: string) {
  const res = await t.request<string>('POST', `/api/apps/${appId}/chat`, {
    token: owner.token,
    body: { id: appId, messages: [{ id: randomUUID(), role: 'user', parts: [{ type: 'text', text }] }] },
  });
  expect(res.status).toBe(200);
  const chunks = res.body
    .split('\n')
    .filter((l) => l.startsWith('data: {'))
    .map((l) => JSON.parse(l.slice(6)) as Record<string, any>);
  return chunks.at(-1)!.messageMetadata as { versionId: string; model: string; systemActionInfo?: unknown };
}

describe('the offline app builder through the chat endpoint', () => {
  it('builds the task tracker, then applies a follow-up as version 3', async () => {
    const appId = await newApp();
    const first = await send(appId, 'Build a task tracker with tasks (title, done, due date) and projects (name)');
    expect(first.model).toBe('offline:app-builder');
    expect(first.systemActionInfo).toBeUndefined();
    const app = await t.request('GET', `/api/apps/${appId}`, { token: owner.token });
    expect(Object.keys(app.body.entities).sort()).toEqual(['Project', 'Task']);
    expect(app.body.entities.Task.properties).toMatchObject({
      title: { type: 'string' },
      done: { type: 'boolean' },
      due_date: { type: 'string', format: 'date' },
    });
    const files = (
      await t.request('GET', `/api/apps/${appId}/versions/${first.versionId}`, { token: owner.token })
    ).body.files.map((f: { path: string }) => f.path);
    expect(files).toEqual(
      expect.arrayContaining(['app.json', 'layout.jsx', 'globals.css', 'pages/Tasks.jsx', 'pages/Projects.jsx']),
    );

    const second = await send(appId, 'add a priority field to tasks');
    expect(second.systemActionInfo).toBeUndefined();
    const versions = (
      await t.request<{ versions: VersionEntry[] }>('GET', `/api/apps/${appId}/versions`, { token: owner.token })
    ).body.versions;
    expect(versions.map((v) => v.number)).toEqual([3, 2, 1]);
    expect(versions[0]!.id).toBe(second.versionId);
    const task = (await t.request('GET', `/api/apps/${appId}`, { token: owner.token })).body.entities.Task;
    expect(Object.keys(task.properties)).toContain('priority');
  });

  it('live followers get the last two messages at once and after every change until the turn ends', async () => {
    const appId = await newApp('Followed');
    const live = await t.app.request(`/api/apps/${appId}/chat/live`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(live.headers.get('content-type')).toContain('text/event-stream');
    const reader = live.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    const events: ChatMessage[][] = [];
    const nextEvent = async () => {
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block.split('\n').find((l) => l.startsWith('data: '));
          if (data) return (JSON.parse(data.slice(6)) as { messages: ChatMessage[] }).messages;
          continue;
        }
        const { value, done } = await reader.read();
        if (done) throw new Error('live stream ended');
        buffer += decoder.decode(value, { stream: true });
      }
    };
    events.push(await nextEvent());
    expect(events[0]).toEqual([]);
    const turn = send(appId, 'Build a recipe book');
    for (;;) {
      const messages = await nextEvent();
      events.push(messages);
      const last = messages.at(-1);
      if (last?.role === 'assistant' && last.status === 'complete' && last.annotations[0]?.versionId) break;
    }
    await turn;
    await reader.cancel();
    const final = events.at(-1)!;
    expect(final.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(events.some((e) => e.at(-1)?.status === 'streaming')).toBe(true);
  });

  it('refuses another builder on the live stream', async () => {
    const appId = await newApp('Private');
    const other = await t.signUpVerified();
    expect((await t.request('GET', `/api/apps/${appId}/chat/live`, { token: other.token })).status).toBe(404);
    expect((await t.request('GET', `/api/apps/${appId}/chat/live`)).status).toBe(401);
  });
});
