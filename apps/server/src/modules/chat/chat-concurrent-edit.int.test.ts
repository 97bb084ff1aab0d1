// A chat turn that started before a Database-panel schema edit or a hand edit in the code editor must
// not overwrite that edit when it saves: its version is merged onto the app as it is then
// (chat-rebase.ts), inside the version's transaction.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@tessera/contracts';
import { type VersionEntry } from '@tessera/contracts/chat';
import { recordedAnswer, startFakeOpenAI, type FakeOpenAI } from '@tessera/test-utils';
import { createTestApp } from '../../testing/harness';
import { buildGenApp } from '../../testing/factories';

let fake: FakeOpenAI;
let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  fake = await startFakeOpenAI({ models: ['fake-coder'] });
  t = await createTestApp({ OPENAI_COMPATIBLE_BASE_URL: fake.baseUrl, OPENAI_COMPATIBLE_MODEL: 'fake-coder' });
  await t.signUpVerified(); // the install's first account is an admin: the builders below are not
});
afterAll(async () => {
  await fake.close();
});

const ACCESS = { 'x-accessControl': { permissions: { read: 'creator', write: 'creator' } } };

/** The second turn: Task gets a priority, a board page reads `done`, and a sample task. */
const SECOND_TURN = `Adding priorities and a board.

<tessera-group title="Priorities and a board">
<tessera-action type="add_entity" entity="Task">
\`\`\`json
${JSON.stringify({ type: 'object', properties: { title: { type: 'string' }, done: { type: 'boolean', default: false }, priority: { type: 'integer', minimum: 1, maximum: 3 } }, required: ['title'], ...ACCESS })}
\`\`\`
</tessera-action>
<tessera-action type="add_file" path="pages/Board.jsx">
\`\`\`jsx
import React from "react";
export default function Board({ task }) {
  return <p>{task?.done ? "Done" : "Open"} · {task?.priority}</p>;
}
\`\`\`
</tessera-action>
<tessera-action type="insert_entity_records" entity="Task">
\`\`\`json
[{ "title": "Sort the post", "done": true, "priority": 2 }]
\`\`\`
</tessera-action>
</tessera-group>`;

async function appWithFirstTurn() {
  const builder = await t.signUpVerified();
  const created = await t.request('POST', '/api/apps', { token: builder.token, body: buildGenApp({ name: 'Tasks' }) });
  const appId = created.body.appId as string;
  fake.setReply({ text: recordedAnswer('task-tracker') });
  expect((await chat(builder.token, appId, 'Build a task tracker')).status).toBe(200);
  return { builder, appId };
}

/** The metadata of a chat response's last event (the finished turn's annotation). */
const finishOf = (body: string) =>
  body
    .split('\n')
    .filter((l) => l.startsWith('data: {'))
    .map((l) => JSON.parse(l.slice(6)))
    .at(-1).messageMetadata;

const latestFiles = async (token: string, appId: string) => {
  const versions = await t.request<{ versions: VersionEntry[] }>('GET', `/api/apps/${appId}/versions`, { token });
  const latest = versions.body.versions[0]!;
  const detail = await t.request('GET', `/api/apps/${appId}/versions/${latest.id}`, { token });
  const files = Object.fromEntries(
    (detail.body.files as Array<{ path: string; content: string }>).map((f) => [f.path, f.content]),
  );
  return { latest, files };
};

const chat = (token: string, appId: string, text: string) =>
  t.request<string>('POST', `/api/apps/${appId}/chat`, {
    token,
    body: { id: appId, messages: [{ id: randomUUID(), role: 'user', parts: [{ type: 'text', text }] }] },
  });

/** Starts a turn whose model answer waits for `release()`; resolves `started` once the model was called. */
async function heldTurn(token: string, appId: string, text: string, answer = SECOND_TURN) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const calls = fake.requests.length;
  fake.setReply({ text: answer, waitFor: gate });
  const response = chat(token, appId, text);
  for (let i = 0; fake.requests.length === calls; i++) {
    if (i > 500) throw new Error('the model was never called');
    await new Promise((r) => setTimeout(r, 10));
  }
  return { release, response };
}

describe('a chat turn and a Database-panel edit made while it runs', () => {
  it('keeps the rename and the added field, and merges the turn onto them', async () => {
    const { builder, appId } = await appWithFirstTurn();
    const turn = await heldTurn(builder.token, appId, 'Add priorities and a board');

    // While the model writes, the builder renames done -> completed and adds a notes field.
    const renamed = await t.request('POST', `/api/apps/${appId}/entities/Task/fields/done/rename`, {
      token: builder.token,
      body: { to: 'completed' },
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const withNotes = {
      ...renamed.body.schema,
      properties: { ...renamed.body.schema.properties, notes: { type: 'string' } },
    };
    const saved = await t.request('PUT', `/api/apps/${appId}/entities/Task`, {
      token: builder.token,
      body: { schema: withNotes },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    turn.release();
    const res = await turn.response;
    expect(res.status).toBe(200);
    const finish = res.body
      .split('\n')
      .filter((l) => l.startsWith('data: {'))
      .map((l) => JSON.parse(l.slice(6)))
      .at(-1);
    expect(finish.messageMetadata.systemActionInfo).toBeUndefined();

    const schema = await t.request('GET', `/live_api/apps/${appId}/entities/Task/schema`, { token: builder.token });
    expect(Object.keys(schema.body.properties)).toEqual(['title', 'completed', 'priority', 'notes']);
    const versions = await t.request<{ versions: VersionEntry[] }>('GET', `/api/apps/${appId}/versions`, {
      token: builder.token,
    });
    const latest = versions.body.versions[0]!;
    expect(latest.content).toBe('Priorities and a board');
    const files = await t.request('GET', `/api/apps/${appId}/versions/${latest.id}`, { token: builder.token });
    const fileOf = (path: string) => files.body.files.find((f: { path: string }) => f.path === path)?.content as string;
    // The turn's new page follows the rename; the page the rename rewrote keeps it.
    expect(fileOf('pages/Board.jsx')).toContain('task?.completed');
    expect(fileOf('pages/Tasks.jsx')).toContain('completed: false');
    expect(fileOf('pages/Tasks.jsx')).not.toMatch(/\bdone\b/);
    // The turn's sample record follows the rename too.
    const rows = await t.request('GET', `/live_api/apps/${appId}/entities/Task?sort=title`, { token: builder.token });
    expect(rows.body.find((r: { title: string }) => r.title === 'Sort the post')).toMatchObject({
      completed: true,
      priority: 2,
    });
  });

  it('saves the turn as it is when nothing changed meanwhile', async () => {
    const { builder, appId } = await appWithFirstTurn();
    const quiet = await heldTurn(builder.token, appId, 'Add priorities and a board');
    quiet.release();
    expect((await quiet.response).status).toBe(200);
    const schema = await t.request('GET', `/live_api/apps/${appId}/entities/Task/schema`, { token: builder.token });
    expect(Object.keys(schema.body.properties)).toEqual(['title', 'done', 'priority']);
  });
});

/** A turn rewriting the Tasks page's title and adding a Board page. */
const RETITLE_TURN = (tasksPage: string) => `Retitling the list and adding a board.

<tessera-group title="A new title and a board">
<tessera-action type="add_file" path="pages/Tasks.jsx">
\`\`\`jsx
${tasksPage.replace('>Tasks</h1>', '>Your tasks from the chat</h1>')}
\`\`\`
</tessera-action>
<tessera-action type="add_file" path="pages/Board.jsx">
\`\`\`jsx
import React from "react";
export default function Board() {
  return <p>Board</p>;
}
\`\`\`
</tessera-action>
</tessera-group>`;

describe('a chat turn and a hand edit in the code editor made while it runs', () => {
  it("keeps the builder's file over the turn's version of it, applies the turn's other files, and says so", async () => {
    const { builder, appId } = await appWithFirstTurn();
    const before = (await latestFiles(builder.token, appId)).files;
    const tasksPage = before['pages/Tasks.jsx']!;
    expect(tasksPage).toContain('>Tasks</h1>');
    const turn = await heldTurn(builder.token, appId, 'Retitle the list, add a board', RETITLE_TURN(tasksPage));

    // While the model writes, the builder retitles the same page by hand in the code editor.
    const handEdited = tasksPage.replace('>Tasks</h1>', '>My own list</h1>');
    const saved = await t.request('POST', `/api/apps/${appId}/files/update`, {
      token: builder.token,
      body: { file: { id: 'pages/Tasks.jsx', content: handEdited } },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    turn.release();
    const res = await turn.response;
    expect(res.status).toBe(200);
    const info = finishOf(res.body).systemActionInfo;
    expect(info).toEqual({
      type: 'hand-edits-kept',
      files: ['pages/Tasks.jsx'],
      message: MESSAGES.chat.handEditsKept.replace('{files}', 'pages/Tasks.jsx'),
    });

    const { latest, files } = await latestFiles(builder.token, appId);
    expect(latest.content).toBe('A new title and a board');
    expect(files['pages/Tasks.jsx']).toBe(handEdited);
    expect(files['pages/Board.jsx']).toContain('<p>Board</p>');
    // The reply as stored says so too (what the chat shows after a reload).
    const history = await t.request('GET', `/api/apps/${appId}/chat/messages`, { token: builder.token });
    expect(JSON.stringify(history.body)).toContain('hand-edits-kept');
  });

  it("applies the turn's files when the builder's hand edit was to another file", async () => {
    const { builder, appId } = await appWithFirstTurn();
    const before = (await latestFiles(builder.token, appId)).files;
    const turn = await heldTurn(builder.token, appId, 'Retitle the list', RETITLE_TURN(before['pages/Tasks.jsx']!));
    const manifest = JSON.stringify({ ...JSON.parse(before['app.json']!), name: 'Chores' }, null, 2);
    const saved = await t.request('POST', `/api/apps/${appId}/files/update`, {
      token: builder.token,
      body: { file: { id: 'app.json', content: manifest } },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    turn.release();
    const res = await turn.response;
    expect(finishOf(res.body).systemActionInfo).toBeUndefined();
    const { files } = await latestFiles(builder.token, appId);
    expect(files['app.json']).toBe(manifest);
    expect(files['pages/Tasks.jsx']).toContain('>Your tasks from the chat</h1>');
    expect(files['pages/Board.jsx']).toContain('<p>Board</p>');
  });
});
