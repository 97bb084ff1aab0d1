import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@tessera/contracts';
import { type VersionDetail, type VersionEntry } from '@tessera/contracts/chat';
import { referencesToUpdate, type CodeFileSaveResponse, type CodeFilesResponse } from '@tessera/contracts/code';
import { createTestApp } from '../../testing/harness';
import { buildGenApp } from '../../testing/factories';

const t = await createTestApp();
// The first verified account of an install is its admin.
const admin = await t.signUpVerified();
const builder = await t.signUpVerified();
const stranger = await t.signUpVerified();
const M = MESSAGES.codeEditor;

const badge = 'export default function Badge({ label }) {\n  return <span className="badge">{label}</span>;\n}\n';
const home = [
  "import Badge from '../components/Badge';",
  '',
  'export default function Home() {',
  '  return (',
  '    <main>',
  '      <h1>Home</h1>',
  '      <Badge label="new" />',
  '    </main>',
  '  );',
  '}',
  '',
].join('\n');

async function newApp(token: string, appType: 'generated' | 'space' | 'tool' = 'generated') {
  const body =
    appType === 'generated'
      ? buildGenApp({
          name: 'Coded',
          pages: { Home: home },
          components: { Badge: badge },
          entities: { Task: { name: 'Task', type: 'object', properties: { title: { type: 'string' } } } },
        })
      : { appType, app: { name: `A ${appType}` } };
  const res = await t.request('POST', '/api/apps', { token, body });
  expect(res.status).toBe(200);
  return res.body.appId as string;
}

/** A success body, or the error body of a refusal. */
type Answer<T> = T & { error: { code: string; message: string } };
const list = (appId: string, token: string) =>
  t.request<Answer<CodeFilesResponse>>('GET', `/api/apps/${appId}/files`, { token });
const save = (appId: string, token: string, file: Record<string, unknown>) =>
  t.request<Answer<CodeFileSaveResponse>>('POST', `/api/apps/${appId}/files/update`, { token, body: { file } });
const remove = (appId: string, token: string, body: Record<string, unknown>) =>
  t.request<Answer<CodeFileSaveResponse>>('POST', `/api/apps/${appId}/files/delete`, { token, body });
const versions = async (appId: string, token: string) =>
  (await t.request<{ versions: VersionEntry[] }>('GET', `/api/apps/${appId}/versions`, { token })).body.versions;
const filesOf = async (appId: string, token: string, versionId: string) =>
  Object.fromEntries(
    (await t.request<VersionDetail>('GET', `/api/apps/${appId}/versions/${versionId}`, { token })).body.files.map(
      (f) => [f.path, f.content],
    ),
  );

describe('GET /api/apps/:appId/files', () => {
  it("lists the latest version's files, entity schemas read-only, with the validator's issues", async () => {
    const appId = await newApp(builder.token);
    const res = await list(appId, builder.token);
    expect(res.status).toBe(200);
    const byPath = new Map(res.body.files.map((f) => [f.path, f]));
    expect(byPath.get('pages/Home.jsx')).toEqual({
      id: 'pages/Home.jsx',
      path: 'pages/Home.jsx',
      content: home,
      readOnly: false,
    });
    expect(byPath.get('entities/Task.json')?.readOnly).toBe(true);
    expect(res.body.number).toBe(1);
    expect(res.body.issues.filter((i) => i.severity === 'error')).toEqual([]);
  });

  it("is someone else's app: 404; a single tool: 400", async () => {
    const appId = await newApp(builder.token);
    expect((await list(appId, stranger.token)).status).toBe(404);
    const tool = await newApp(builder.token, 'tool');
    const res = await list(tool, builder.token);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(M.noCode);
  });
});

describe('POST /api/apps/:appId/files/update', () => {
  it('saves each change as a new version with its issues, and the same text makes none', async () => {
    const appId = await newApp(builder.token);
    const edited = home.replace('<h1>Home</h1>', '<h1>Welcome</h1>');
    const res = await save(appId, builder.token, { id: 'pages/Home.jsx', content: edited });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ number: 2, file: { path: 'pages/Home.jsx', content: edited }, updatedFiles: [] });
    expect(res.body.issues.filter((i) => i.severity === 'error')).toEqual([]);
    const [latest] = await versions(appId, builder.token);
    expect(latest).toMatchObject({ id: res.body.versionId, number: 2, content: 'Edited pages/Home.jsx' });
    expect((await filesOf(appId, builder.token, latest!.id))['pages/Home.jsx']).toBe(edited);

    // A double click (the same text again): the same version, no new one.
    const again = await save(appId, builder.token, { id: 'pages/Home.jsx', content: edited });
    expect(again.body.versionId).toBe(res.body.versionId);
    expect((await versions(appId, builder.token)).length).toBe(2);
  });

  it('stores broken code too and answers with the lint issues of the file and line', async () => {
    const appId = await newApp(builder.token);
    const broken = home.replace('</main>', '</mian>');
    const res = await save(appId, builder.token, { id: 'pages/Home.jsx', content: broken });
    expect(res.status).toBe(200);
    const issue = res.body.issues.find((i) => i.file === 'pages/Home.jsx');
    expect(issue).toMatchObject({ severity: 'error', line: 8 });
    expect(issue!.message).toMatch(/Syntax error/);
    const missing = await save(appId, builder.token, {
      id: 'pages/Home.jsx',
      content: "import Nope from '../components/Nope';\nexport default () => <Nope />;\n",
    });
    expect(missing.body.issues).toContainEqual(
      expect.objectContaining({
        file: 'pages/Home.jsx',
        line: 1,
        message: '"../components/Nope" does not resolve to a file of the app',
      }),
    );
  });

  it('adds a file by path and renames one from id to path', async () => {
    const appId = await newApp(builder.token);
    const added = await save(appId, builder.token, {
      path: 'services/format.js',
      content: 'export const up = (s) => s.toUpperCase();\n',
    });
    expect(added.status).toBe(200);
    expect((await versions(appId, builder.token))[0]!.content).toBe('Added services/format.js');
    const renamed = await save(appId, builder.token, {
      id: 'services/format.js',
      path: 'services/text.js',
      content: 'export const up = (s) => s.toUpperCase();\n',
    });
    expect(renamed.status).toBe(200);
    const files = await filesOf(appId, builder.token, renamed.body.versionId);
    expect(files['services/text.js']).toBeDefined();
    expect(files['services/format.js']).toBeUndefined();
    // Onto a file that exists: 409; from one that does not: 404.
    const clash = await save(appId, builder.token, { id: 'services/text.js', path: 'pages/Home.jsx', content: '' });
    expect([clash.status, clash.body.error.message]).toEqual([409, M.fileExists]);
    const gone = await save(appId, builder.token, { id: 'services/gone.js', content: '' });
    expect([gone.status, gone.body.error.message]).toEqual([404, M.fileNotFound]);
  });

  it('refuses entity files, bad paths and bad input with a 4xx, and keeps the versions as they were', async () => {
    const appId = await newApp(builder.token);
    const entity = await save(appId, builder.token, { id: 'entities/Task.json', content: '{}' });
    expect([entity.status, entity.body.error.message]).toEqual([403, M.entityReadOnly]);
    const intoEntities = await save(appId, builder.token, {
      id: 'pages/Home.jsx',
      path: 'entities/Home.json',
      content: '{}',
    });
    expect(intoEntities.status).toBe(403);
    for (const path of ['../escape.jsx', '/abs.jsx', 'pages/a/b.jsx', 'notes.txt', '__proto__', 'x'.repeat(301)]) {
      const res = await save(appId, builder.token, { path, content: 'x' });
      expect(res.status, path).toBe(400);
    }
    for (const body of [
      {},
      { file: {} },
      { file: { content: 'x' } },
      { file: { path: 'pages/A.jsx' } },
      { file: { path: 'pages/A.jsx', content: 5 } },
    ]) {
      const res = await t.request('POST', `/api/apps/${appId}/files/update`, { token: builder.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const nul = await save(appId, builder.token, { id: 'pages/Home.jsx', content: 'a\u0000b' });
    expect(nul.status).toBe(400);
    const huge = await save(appId, builder.token, { id: 'pages/Home.jsx', content: 'x'.repeat(500_001) });
    expect(huge.status).toBe(400);
    expect((await versions(appId, builder.token)).length).toBe(1);
  });

  it("another builder's app is not found, and nothing is written", async () => {
    const appId = await newApp(builder.token);
    const res = await save(appId, stranger.token, { id: 'pages/Home.jsx', content: 'x' });
    expect(res.status).toBe(404);
    expect(
      (
        await t.request('POST', `/api/apps/${appId}/files/update`, {
          body: { file: { path: 'pages/A.jsx', content: '' } },
        })
      ).status,
    ).toBe(401);
    expect((await versions(appId, builder.token)).length).toBe(1);
  });
});

describe('space apps: admins only', () => {
  it('an admin edits a space app from its first file; a builder who is not admin gets 403', async () => {
    const space = await newApp(admin.token, 'space');
    const empty = await list(space, admin.token);
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ versionId: null, number: null });
    expect(empty.body.files.map((f) => f.path)).toEqual(['app.json']);
    const page = await save(space, admin.token, {
      path: 'pages/Start.jsx',
      content: 'export default () => <p>Hi</p>;\n',
    });
    expect(page.status).toBe(200);
    expect(page.body.number).toBe(1);

    const theirs = await newApp(builder.token, 'space');
    for (const res of [
      await list(theirs, builder.token),
      await save(theirs, builder.token, { path: 'pages/Start.jsx', content: '' }),
      await remove(theirs, builder.token, { fileId: 'app.json' }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.error.message).toBe(M.adminsOnly);
    }
  });
});

describe('POST /api/apps/:appId/files/delete', () => {
  it('deletes a component and updates the imports that named it in one version; restore brings it back', async () => {
    const appId = await newApp(builder.token);
    const before = await list(appId, builder.token);
    const files = Object.fromEntries(before.body.files.map((f) => [f.path, f.content]));
    const refs = referencesToUpdate(files, 'components/Badge.jsx').map(({ path, content }) => ({ path, content }));
    expect(refs.map((r) => r.path)).toEqual(['pages/Home.jsx']);
    const res = await remove(appId, builder.token, { fileId: 'components/Badge.jsx', referencesToUpdate: refs });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ number: 2, file: null, updatedFiles: ['pages/Home.jsx'] });
    expect(res.body.issues.filter((i) => i.severity === 'error')).toEqual([]);
    const after = await filesOf(appId, builder.token, res.body.versionId);
    expect(after['components/Badge.jsx']).toBeUndefined();
    expect(after['pages/Home.jsx']).not.toContain('Badge');
    expect(after['pages/Home.jsx']).toContain('<h1>Home</h1>');
    const [latest, first] = await versions(appId, builder.token);
    expect(latest!.content).toBe('Deleted components/Badge.jsx');

    // Restore the version before the delete: a new version equal to it.
    const restored = await t.request('POST', `/api/apps/${appId}/versions/${first!.id}/restore`, {
      token: builder.token,
      body: { messageId: first!.messageId ?? randomUUID() },
    });
    expect(restored.status).toBe(200);
    const [v3] = await versions(appId, builder.token);
    expect(v3!.number).toBe(3);
    expect(await filesOf(appId, builder.token, v3!.id)).toEqual(await filesOf(appId, builder.token, first!.id));
  });

  it('without the reference updates the validator reports the import left behind', async () => {
    const appId = await newApp(builder.token);
    const res = await remove(appId, builder.token, { fileId: 'components/Badge.jsx' });
    expect(res.status).toBe(200);
    expect(res.body.issues).toContainEqual(
      expect.objectContaining({ file: 'pages/Home.jsx', severity: 'error', line: 1 }),
    );
  });

  it('refuses entity files, app.json, unknown files and bad references, writing nothing', async () => {
    const appId = await newApp(builder.token);
    const cases: Array<[Record<string, unknown>, number, string?]> = [
      [{ fileId: 'entities/Task.json' }, 403, M.entityReadOnly],
      [{ fileId: 'app.json' }, 400, M.manifestRequired],
      [{ fileId: 'components/Nope.jsx' }, 404, M.fileNotFound],
      [{ fileId: 'components/Badge.jsx', referencesToUpdate: [{ path: 'entities/Task.json', content: '{}' }] }, 403],
      [{ fileId: 'components/Badge.jsx', referencesToUpdate: [{ path: 'components/Badge.jsx', content: '' }] }, 400],
      [{ fileId: 'components/Badge.jsx', referencesToUpdate: [{ path: 'pages/Nope.jsx', content: '' }] }, 400],
      [
        {
          fileId: 'components/Badge.jsx',
          referencesToUpdate: [
            { path: 'pages/Home.jsx', content: '' },
            { path: 'pages/Home.jsx', content: 'x' },
          ],
        },
        400,
      ],
      [{ fileId: 'components/Badge.jsx', referencesToUpdate: 'pages/Home.jsx' }, 400],
      [{ fileId: 'components/Badge.jsx', referencesToUpdate: [{ path: 'pages/Home.jsx', content: 'a\u0000' }] }, 400],
      [{}, 400],
    ];
    for (const [body, status, message] of cases) {
      const res = await remove(appId, builder.token, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      if (message) expect(res.body.error.message).toBe(message);
    }
    expect((await remove(appId, stranger.token, { fileId: 'components/Badge.jsx' })).status).toBe(404);
    expect((await versions(appId, builder.token)).length).toBe(1);
  });
});

describe('hand edits and the chat', () => {
  it("a hand edit's version can itself be restored (it points at the chat's last message)", async () => {
    const appId = await newApp(builder.token);
    const turn = await t.request<string>('POST', `/api/apps/${appId}/chat`, {
      token: builder.token,
      body: {
        id: appId,
        messages: [{ id: randomUUID(), role: 'user', parts: [{ type: 'text', text: 'add a notes page' }] }],
      },
    });
    expect(turn.status).toBe(200);
    const edit = await save(appId, builder.token, {
      id: 'pages/Home.jsx',
      content: home.replace('Home</h1>', 'Hello</h1>'),
    });
    const [hand] = await versions(appId, builder.token);
    expect(hand!.id).toBe(edit.body.versionId);
    expect(hand!.messageId).toEqual(expect.any(String));
    await save(appId, builder.token, { id: 'pages/Home.jsx', content: home.replace('Home</h1>', 'Later</h1>') });
    const restored = await t.request('POST', `/api/apps/${appId}/versions/${hand!.id}/restore`, {
      token: builder.token,
      body: { messageId: hand!.messageId },
    });
    expect(restored.status).toBe(200);
    const [latest] = await versions(appId, builder.token);
    expect((await filesOf(appId, builder.token, latest!.id))['pages/Home.jsx']).toContain('Hello</h1>');
  });
});
