import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MESSAGES } from '@tessera/contracts';
import {
  CHAT_LIMITS,
  CHAT_MAX_OUTPUT_TOKENS,
  CHAT_MAX_STEPS,
  CHAT_REPAIR_PART,
  type ChatMessage,
  type VersionEntry,
} from '@tessera/contracts/chat';
import { recordedAnswer, startFakeOpenAI, type FakeOpenAI } from '@tessera/test-utils';
import { createTestApp } from '../../testing/harness';
import { buildGenApp } from '../../testing/factories';

const RECORDED = recordedAnswer('task-tracker');

let fake: FakeOpenAI;
let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: Awaited<ReturnType<typeof t.signUpVerified>>;

beforeAll(async () => {
  fake = await startFakeOpenAI({ models: ['fake-coder', 'fake-other'] });
  t = await createTestApp({ OPENAI_COMPATIBLE_BASE_URL: fake.baseUrl, OPENAI_COMPATIBLE_MODEL: 'fake-coder' });
  // The first account of an install is an admin (no chat limits): take it, so the builders below are not.
  admin = await t.signUpVerified();
});
afterAll(async () => {
  await fake.close();
});

const userMessage = (text: string) => ({ id: randomUUID(), role: 'user' as const, parts: [{ type: 'text', text }] });

/** The UI-message chunks of a chat response (SSE `data:` lines). */
function chunksOf(body: string): Array<Record<string, any>> {
  return body
    .split('\n')
    .filter((l) => l.startsWith('data: ') && l !== 'data: [DONE]')
    .map((l) => JSON.parse(l.slice(6)) as Record<string, any>);
}

async function newApp(token: string, name = 'Chat app') {
  const res = await t.request('POST', '/api/apps', { token, body: buildGenApp({ name }) });
  expect(res.status).toBe(200);
  return res.body.appId as string;
}

async function send(token: string, appId: string, text: string) {
  const res = await t.request<string>('POST', `/api/apps/${appId}/chat`, {
    token,
    body: { id: appId, messages: [userMessage(text)] },
  });
  return { ...res, chunks: res.status === 200 ? chunksOf(res.body) : [] };
}

describe('chat through an OpenAI-compatible server (real client, fake server on loopback)', () => {
  it('streams the recorded answer, applies its actions as a new version and stores both messages', async () => {
    const builder = await t.signUpVerified();
    const appId = await newApp(builder.token);
    fake.setReply({ text: RECORDED, chunkSize: 37 });
    const res = await send(builder.token, appId, 'Build a task tracker');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const types = res.chunks.map((c) => c.type);
    expect(types[0]).toBe('start');
    expect(types).toContain('text-delta');
    expect(types.at(-1)).toBe('finish');
    const streamed = res.chunks
      .filter((c) => c.type === 'text-delta')
      .map((c) => c.delta)
      .join('');
    expect(streamed).toBe(RECORDED);
    const metadata = res.chunks.at(-1)!.messageMetadata;
    expect(metadata.status).toBe('complete');
    expect(metadata.model).toBe('compatible:fake-coder');
    expect(metadata.usage).toMatchObject({ promptTokens: 1000, modelInfo: { model: 'compatible:fake-coder' } });

    // The model got the system prompt and the builder's message.
    const sent = fake.requests.at(-1)!.body;
    expect(sent.model).toBe('fake-coder');
    expect(sent.messages![0]!.role).toBe('system');
    expect(JSON.stringify(sent.messages!.at(-1))).toContain('Build a task tracker');

    const versions = await t.request<{ versions: VersionEntry[] }>('GET', `/api/apps/${appId}/versions`, {
      token: builder.token,
    });
    expect(versions.body.versions.map((v) => v.number)).toEqual([2, 1]);
    expect(versions.body.versions[0]!.id).toBe(metadata.versionId);
    expect(versions.body.versions[0]!.content).toBe('Create the task tracker');
    expect(versions.body.versions[0]!.userRequest).toBe('Build a task tracker');

    const version = await t.request('GET', `/api/apps/${appId}/versions/${metadata.versionId}`, {
      token: builder.token,
    });
    const paths = version.body.files.map((f: { path: string }) => f.path);
    expect(paths).toEqual(['app.json', 'entities/Task.json', 'pages/Tasks.jsx']);
    expect(version.body.files.find((f: { path: string }) => f.path === 'pages/Tasks.jsx').content).toContain(
      'Task.list("-createdAt")',
    );

    // The entity is live, the seed record is in it, and the app took the name from app.json.
    const records = await t.request('GET', `/live_api/apps/${appId}/entities/Task`, { token: builder.token });
    expect(records.body.map((r: { title: string }) => r.title)).toEqual(['Try the recorded app']);
    const appDetails = await t.request('GET', `/api/apps/${appId}`, { token: builder.token });
    expect(appDetails.body.name).toBe('Recorded Tracker');

    const messages = await t.request<{ messages: ChatMessage[] }>('GET', `/api/apps/${appId}/chat/messages`, {
      token: builder.token,
    });
    expect(messages.body.messages.map((m) => [m.role, m.status])).toEqual([
      ['user', 'complete'],
      ['assistant', 'complete'],
    ]);
    expect(messages.body.messages[1]!.annotations[0]!.versionId).toBe(metadata.versionId);
    expect(messages.body.messages[1]!.parts[0]!.text).toBe(RECORDED);

    const changes = await t.request('GET', `/api/apps/${appId}/versions/${metadata.versionId}/changes`, {
      token: builder.token,
    });
    expect(changes.body.files.map((f: { path: string; status: string }) => `${f.status} ${f.path}`)).toEqual([
      'modified app.json',
      'added entities/Task.json',
      'added pages/Tasks.jsx',
    ]);
  });

  it('a turn whose code still does not compile after the repair steps keeps the sound rest and says what failed', async () => {
    const builder = await t.signUpVerified();
    const appId = await newApp(builder.token);
    const broken = RECORDED.replace('<main className="p-6">', '<main className="p-6"');
    // A model that answers every repair request with the same broken page.
    fake.setReply({ text: broken });
    const calls = fake.requests.length;
    const res = await send(builder.token, appId, 'Build a task tracker');
    expect(fake.requests.length - calls).toBe(CHAT_MAX_STEPS);
    const repairs = res.chunks.filter((c) => c.type === CHAT_REPAIR_PART);
    expect(repairs.map((c) => c.data.step)).toEqual([2, 3, 4]);
    expect(repairs[0]!.data.issues.some((i: { file?: string }) => i.file === 'pages/Tasks.jsx')).toBe(true);
    // Each repair request names the problems and shows the page as it is now.
    const request = JSON.stringify(fake.requests.at(-1)!.body.messages!.at(-1));
    expect(request).toContain('pages/Tasks.jsx');
    expect(request).toContain('<main className=\\"p-6\\"\\n');

    const metadata = res.chunks.at(-1)!.messageMetadata;
    expect(metadata.systemActionInfo.type).toBe('validation-failed');
    expect(metadata.systemActionInfo.message).toBe(MESSAGES.chat.partlyRefused.replace('{problems}', '1 problem'));
    expect(metadata.systemActionInfo.issues.some((i: { file?: string }) => i.file === 'pages/Tasks.jsx')).toBe(true);
    // The page (and app.json, which names it) went back to before the turn; the Task entity and its record stay.
    const version = await t.request('GET', `/api/apps/${appId}/versions/${metadata.versionId}`, {
      token: builder.token,
    });
    const paths = version.body.files.map((f: { path: string }) => f.path);
    expect(paths).toContain('entities/Task.json');
    expect(paths).not.toContain('pages/Tasks.jsx');
    const records = await t.request('GET', `/live_api/apps/${appId}/entities/Task`, { token: builder.token });
    expect(records.body).toHaveLength(1);
    // The stored answer keeps every step, with the repair parts between them.
    const messages = await t.request<{ messages: ChatMessage[] }>('GET', `/api/apps/${appId}/chat/messages`, {
      token: builder.token,
    });
    expect(messages.body.messages[1]!.parts.map((p) => p.type)).toEqual([
      'text',
      CHAT_REPAIR_PART,
      'text',
      CHAT_REPAIR_PART,
      'text',
      CHAT_REPAIR_PART,
      'text',
    ]);
  });

  it('a missing closing tag marks the answer truncated and applies only the complete actions', async () => {
    const builder = await t.signUpVerified();
    const appId = await newApp(builder.token);
    const cut = RECORDED.slice(0, RECORDED.indexOf('<tessera-action type="insert_entity_records"') + 80);
    fake.setReply({ text: cut });
    const res = await send(builder.token, appId, 'Build a task tracker');
    const metadata = res.chunks.at(-1)!.messageMetadata;
    expect(metadata.systemActionInfo).toEqual({ type: 'truncated', message: MESSAGES.chat.truncated });
    const records = await t.request('GET', `/live_api/apps/${appId}/entities/Task`, { token: builder.token });
    expect(records.status).toBe(200);
    expect(records.body).toEqual([]);
  });

  it('an answer the provider stopped at the output budget ("length") between two actions is cut off, not complete', async () => {
    const builder = await t.signUpVerified();
    const appId = await newApp(builder.token);
    // Every action closed, the group not: only the provider's finish reason says the answer was cut.
    const cut = RECORDED.slice(0, RECORDED.indexOf('<tessera-action type="insert_entity_records"'));
    fake.setReply({ text: cut, finishReason: 'length' });
    const calls = fake.requests.length;
    const res = await send(builder.token, appId, 'Build a task tracker');
    const metadata = res.chunks.at(-1)!.messageMetadata;
    expect(metadata.systemActionInfo).toEqual({ type: 'truncated', message: MESSAGES.chat.truncated });
    expect(metadata.usage.finishReason).toBe('length');
    // No repair step for a cut-off answer, and the output budget went with the call.
    expect(fake.requests.length - calls).toBe(1);
    expect(fake.requests.at(-1)!.body.max_tokens).toBe(CHAT_MAX_OUTPUT_TOKENS);
    // Its complete actions made a version (they stand alone); Continue goes on from it.
    const version = await t.request('GET', `/api/apps/${appId}/versions/${metadata.versionId}`, {
      token: builder.token,
    });
    expect(version.body.files.map((f: { path: string }) => f.path)).toContain('pages/Tasks.jsx');
  });

  it('"Continue" after a cut-off answer applies the earlier complete actions together with the repeated one', async () => {
    const builder = await t.signUpVerified();
    const appId = await newApp(builder.token);
    const home =
      'import React from "react";\nimport Card from "@/components/Card";\nexport default function Home() { return <Card title="Hi" />; }';
    const card =
      'import React from "react";\nexport default function Card({ title }) { return <div className="rounded border p-4">{title}</div>; }';
    const manifest = '{ "name": "Cards", "mainPage": "Home" }';
    fake.setReply({
      text: `<tessera-group title="Cards">\n<tessera-action type="add_file" path="app.json">\n${manifest}\n</tessera-action>\n<tessera-action type="add_file" path="pages/Home.jsx">\n${home}\n</tessera-action>\n<tessera-action type="add_file" path="components/Card.jsx">\nimport React from "react";\nexport default function Card(`,
    });
    const first = await send(builder.token, appId, 'Build a card page');
    expect(first.chunks.at(-1)!.messageMetadata.systemActionInfo).toMatchObject({
      type: 'truncated',
      message: MESSAGES.chat.truncated,
    });
    const versionsBefore = (
      await t.request<{ versions: VersionEntry[] }>('GET', `/api/apps/${appId}/versions`, { token: builder.token })
    ).body.versions;
    expect(versionsBefore).toHaveLength(1);
    fake.setReply({
      text: `<tessera-group title="Cards">\n<tessera-action type="add_file" path="components/Card.jsx">\n${card}\n</tessera-action>\n</tessera-group>`,
    });
    const second = await send(builder.token, appId, 'Continue');
    const metadata = second.chunks.at(-1)!.messageMetadata;
    expect(metadata.systemActionInfo).toBeUndefined();
    const files = (
      await t.request('GET', `/api/apps/${appId}/versions/${metadata.versionId}`, { token: builder.token })
    ).body.files.map((f: { path: string }) => f.path);
    expect(files).toEqual(['app.json', 'components/Card.jsx', 'pages/Home.jsx']);
  });

  it('a provider 429 becomes the spec text, the message is kept as an error and no version is made', async () => {
    const builder = await t.signUpVerified();
    const appId = await newApp(builder.token);
    fake.setReply({ status: 429, message: 'slow down' });
    const res = await send(builder.token, appId, 'Build a task tracker');
    expect(res.status).toBe(200);
    expect(res.chunks.find((c) => c.type === 'error')?.errorText).toBe(MESSAGES.chat.rateLimited);
    const messages = await t.request<{ messages: ChatMessage[] }>('GET', `/api/apps/${appId}/chat/messages`, {
      token: builder.token,
    });
    expect(messages.body.messages[1]!.status).toBe('error');
    fake.setReply({ status: 500 });
    const again = await send(builder.token, appId, 'try again');
    expect(again.chunks.find((c) => c.type === 'error')?.errorText).toBe(MESSAGES.chat.failed);
  });

  it('refuses bad requests with clear 400s and other builders with 404', async () => {
    const builder = await t.signUpVerified();
    const other = await t.signUpVerified();
    const appId = await newApp(builder.token);
    const path = `/api/apps/${appId}/chat`;
    expect((await t.request('POST', path, { token: builder.token, body: { id: appId, messages: [] } })).status).toBe(
      400,
    );
    const fourMessages = [1, 2, 3, 4].map((n) => userMessage(`m${n}`));
    expect(
      (await t.request('POST', path, { token: builder.token, body: { id: appId, messages: fourMessages } })).status,
    ).toBe(400);
    const assistantLast = { id: 'a1', role: 'assistant', parts: [{ type: 'text', text: 'hi' }] };
    expect(
      (await t.request('POST', path, { token: builder.token, body: { id: appId, messages: [assistantLast] } })).status,
    ).toBe(400);
    expect((await t.request('POST', path, { token: builder.token, rawBody: '{nope' })).status).toBe(400);
    expect(
      (await t.request('POST', path, { token: other.token, body: { id: appId, messages: [userMessage('hi')] } }))
        .status,
    ).toBe(404);
    expect((await t.request('POST', path, { body: { id: appId, messages: [userMessage('hi')] } })).status).toBe(401);
  });

  it('enforces the daily and builder message limits of the plan with the spec texts', async () => {
    const builder = await t.signUpVerified();
    const appId = await newApp(builder.token);
    const day = new Date().toISOString().slice(0, 10);
    const daily = CHAT_LIMITS.lite.dailyMessages!;
    await t.db.execute(
      sql`INSERT INTO chat_usage (user_id, day, messages) VALUES (${builder.userId}, ${day}, ${daily})`,
    );
    const modelCalls = fake.requests.length;
    const res = await send(builder.token, appId, 'one more');
    expect(res.status).toBe(429);
    expect(res.body).toMatchObject({
      error: {
        code: 'daily-chat-messages-limit-reached',
        message: MESSAGES.chat.dailyLimit.replace('{n}', String(daily)),
      },
    });
    await t.db.execute(
      sql`UPDATE chat_usage SET day = '2020-01-01', messages = ${CHAT_LIMITS.lite.builderMessages!} WHERE user_id = ${builder.userId}`,
    );
    // The first refused turn may have started the model while its checks ran (and aborted it); a
    // builder refused lately starts none.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const callsAfterFirstRefusal = fake.requests.length;
    expect(callsAfterFirstRefusal - modelCalls).toBeLessThanOrEqual(1);
    const total = await send(builder.token, appId, 'one more');
    expect(total.status).toBe(403);
    expect(total.body).toMatchObject({
      error: { code: 'builder-chat-messages-limit-reached', message: MESSAGES.chat.builderLimit },
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(fake.requests.length).toBe(callsAfterFirstRefusal);
    const stored = await t.request<{ messages: ChatMessage[] }>('GET', `/api/apps/${appId}/chat/messages`, {
      token: builder.token,
    });
    expect(stored.body.messages).toEqual([]);
  });
});

describe('chat rate limit', () => {
  it('refuses the 21st call of a minute with the spec text, counting refused calls too, and stores nothing for it', async () => {
    fake.setReply({ text: 'Noted.' });
    const builder = await t.signUpVerified();
    const appId = await newApp(builder.token);
    // A call on someone else's app is refused with a 404 and still counts as an attempt.
    expect((await send(builder.token, await newApp(admin.token), 'not mine')).status).toBe(404);
    for (let n = 2; n <= 20; n++) expect((await send(builder.token, appId, `message ${n}`)).status).toBe(200);
    const refused = await send(builder.token, appId, 'one too many');
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ error: { code: 'RATE_LIMITED', message: MESSAGES.chat.rateLimited } });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const stored = await t.request<{ messages: ChatMessage[] }>('GET', `/api/apps/${appId}/chat/messages`, {
      token: builder.token,
    });
    expect(stored.body.messages).toHaveLength(38);
    expect(stored.body.messages.some((m) => m.parts.some((p) => 'text' in p && p.text === 'one too many'))).toBe(false);
  });
});

describe('versions: restore, revert, publish', () => {
  it('restores an old version as a new one, reverts a message, and publishes the latest', async () => {
    const builder = await t.signUpVerified();
    const appId = await newApp(builder.token, 'Restore me');
    fake.setReply({ text: RECORDED });
    const first = await send(builder.token, appId, 'Build a task tracker');
    const v2 = first.chunks.at(-1)!.messageMetadata.versionId as string;
    fake.setReply({
      text: RECORDED.replace(
        '<h1 className="text-2xl font-bold">Tasks</h1>',
        '<h1 className="text-2xl font-bold">My tasks</h1>',
      ).replace(/<tessera-action type="insert_entity_records"[\s\S]*?<\/tessera-action>/, ''),
    });
    const second = await send(builder.token, appId, 'Rename the heading');
    const v3 = second.chunks.at(-1)!.messageMetadata.versionId as string;
    expect(v3).not.toBe(v2);

    const versions = async () =>
      (await t.request<{ versions: VersionEntry[] }>('GET', `/api/apps/${appId}/versions`, { token: builder.token }))
        .body.versions;
    const restore = await t.request<{ messages: ChatMessage[] }>('POST', `/api/apps/${appId}/versions/${v2}/restore`, {
      token: builder.token,
      body: { messageId: first.chunks[0]!.messageId },
    });
    expect(restore.status).toBe(200);
    const restoredVersion = (await versions())[0]!;
    expect(restoredVersion.number).toBe(4);
    expect(restoredVersion.content).toBe('Restored version 2');
    expect(restore.body.messages.at(-1)!.annotations[0]!.versionId).toBe(restoredVersion.id);
    const restoredFiles = await t.request(
      'GET',
      `/api/apps/${appId}/versions/${restoredVersion.id}/changes?base=${v2}`,
      { token: builder.token },
    );
    expect(restoredFiles.body.files).toEqual([]);
    expect(
      (await t.request('POST', `/api/apps/${appId}/versions/${v2}/restore`, { token: builder.token, body: {} })).body
        .error.message,
    ).toBe(MESSAGES.chat.noMessageForVersion);
    expect(
      (
        await t.request('POST', `/api/apps/${appId}/versions/nope/restore`, {
          token: builder.token,
          body: { messageId: 'x' },
        })
      ).status,
    ).toBe(404);

    // Revert the second request: it and everything after it go; the app is as before it (a new version).
    const messages = (
      await t.request<{ messages: ChatMessage[] }>('GET', `/api/apps/${appId}/chat/messages`, { token: builder.token })
    ).body.messages;
    const secondUser = messages.filter((m) => m.role === 'user')[1]!;
    const revert = await t.request<{ messages: ChatMessage[]; versionId: string }>(
      'POST',
      `/api/apps/${appId}/chat/messages/${secondUser.id}/revert`,
      { token: builder.token },
    );
    expect(revert.status).toBe(200);
    expect(revert.body.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    const latest = (await versions())[0]!;
    expect(latest.id).toBe(revert.body.versionId);
    expect(
      (await t.request('GET', `/api/apps/${appId}/versions/${latest.id}/changes?base=${v2}`, { token: builder.token }))
        .body.files,
    ).toEqual([]);
    const assistantId = revert.body.messages[1]!.id;
    expect(
      (await t.request('POST', `/api/apps/${appId}/chat/messages/${assistantId}/revert`, { token: builder.token }))
        .status,
    ).toBe(400);

    const publish = await t.request('POST', `/api/apps/${appId}/publish`, { token: builder.token });
    expect(publish.body).toEqual({ versionId: latest.id, number: latest.number });
    const details = (await t.request('GET', `/api/apps/${appId}`, { token: builder.token })).body;
    expect(details.publishedVersionId).toBe(latest.id);
    expect(details.appUrl).toBe(`http://${details.slug}.apps.localhost:3000/app/${details.slug}/`);
    const other = await t.signUpVerified();
    expect((await t.request('POST', `/api/apps/${appId}/publish`, { token: other.token })).status).toBe(404);
    expect((await t.request('GET', `/api/apps/${appId}/versions/${v2}`, { token: other.token })).status).toBe(404);
  });

  it('a whole app definition saved with POST /api/apps is a version with its files', async () => {
    const builder = await t.signUpVerified();
    const res = await t.request('POST', '/api/apps', {
      token: builder.token,
      body: buildGenApp({
        name: 'Imported',
        pages: { Home: 'export default function Home() { return <p>Hi</p>; }' },
        layout: 'export default function Layout({ children }) { return children; }',
        globalsCss: '@import "tailwindcss";',
      }),
    });
    const [version] = (
      await t.request<{ versions: VersionEntry[] }>('GET', `/api/apps/${res.body.appId}/versions`, {
        token: builder.token,
      })
    ).body.versions;
    const detail = await t.request('GET', `/api/apps/${res.body.appId}/versions/${version!.id}`, {
      token: builder.token,
    });
    expect(detail.body.files.map((f: { path: string }) => f.path)).toEqual([
      'app.json',
      'globals.css',
      'layout.jsx',
      'pages/Home.jsx',
    ]);
    expect(JSON.parse(detail.body.files[0].content)).toEqual({ name: 'Imported', mainPage: 'Home' });
    expect(detail.body.version.metadata.description).toBe('Created from an app definition');
  });
});

describe('validator test (admins)', () => {
  it('re-runs a message on the version its turn started from, repairs what needs no model, and reports both passes', async () => {
    const appId = await newApp(admin.token, 'Validator');
    const manifest = '{ "name": "Validator", "mainPage": "Home" }';
    const home =
      'import React from "react";\nimport { Chek } from "lucide-react";\nexport default function Home() { return <Chek />; }';
    fake.setReply({
      text: `<tessera-group title="Home">\n<tessera-action type="add_file" path="app.json">\n${manifest}\n</tessera-action>\n<tessera-action type="add_file" path="pages/Home.jsx">\n${home}\n</tessera-action>\n</tessera-group>`,
    });
    const turn = await send(admin.token, appId, 'A home page with a check icon');
    const versionId = turn.chunks.at(-1)!.messageMetadata.versionId as string;
    const messageId = turn.chunks[0]!.messageId as string;
    const path = `/api/apps/${appId}/versions/${versionId}/validate-repair`;
    const res = await t.request('POST', path, { token: admin.token, body: { messageId } });
    expect(res.status).toBe(200);
    expect(res.body.initialIssues).toEqual([
      expect.objectContaining({ componentName: 'pages/Home.jsx', severity: 'error', detectorId: expect.any(String) }),
    ]);
    expect(res.body.unresolvedIssues).toEqual([]);
    expect(res.body.repairedFiles).toEqual([{ fileId: 'pages/Home.jsx', issuesFixed: 1 }]);
    expect(res.body.previousVersionId).not.toBe(versionId);
    expect(res.body.detectors).toContain('syntax');
    expect(res.body.appBundle.files.find((f: { path: string }) => f.path === 'pages/Home.jsx').content).toMatch(
      /import \{ Check as Chek \} from "lucide-react"/,
    );
    expect(res.body.timingBreakdown.applyingActionsMs).toBeGreaterThanOrEqual(0);
    // Edited content is tested instead of the stored message; nothing is stored either way.
    const broken = await t.request('POST', path, {
      token: admin.token,
      body: {
        messageId,
        messageContent:
          '<tessera-group title="x">\n<tessera-action type="add_file" path="pages/Home.jsx">\nexport default function Home() { return <div>; }\n</tessera-action>\n</tessera-group>',
      },
    });
    expect(broken.body.unresolvedIssues.some((i: { detectorId: string }) => i.detectorId === 'syntax')).toBe(true);
    const versions = await t.request<{ versions: VersionEntry[] }>('GET', `/api/apps/${appId}/versions`, {
      token: admin.token,
    });
    expect(versions.body.versions).toHaveLength(2);

    const builder = await t.signUpVerified();
    const own = await newApp(builder.token);
    const ownVersion = (
      await t.request<{ versions: VersionEntry[] }>('GET', `/api/apps/${own}/versions`, { token: builder.token })
    ).body.versions[0]!.id;
    expect(
      (
        await t.request('POST', `/api/apps/${own}/versions/${ownVersion}/validate-repair`, {
          token: builder.token,
          body: { messageId: 'm' },
        })
      ).status,
    ).toBe(403);
    expect((await t.request('POST', path, { token: admin.token, body: { messageId: 'missing' } })).status).toBe(404);
    expect((await t.request('POST', path, { token: admin.token, body: {} })).status).toBe(400);
  });
});

describe('models', () => {
  it('lists the configured and offered models; non-admins see only the default', async () => {
    const builder = await t.signUpVerified();
    const res = await t.request('GET', '/api/chat/models', { token: builder.token });
    expect(res.body.models).toEqual([
      { id: 'compatible:fake-coder', label: 'fake-coder', provider: 'compatible', isDefault: true },
    ]);
  });
});
