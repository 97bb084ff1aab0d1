import { describe, expect, it } from 'vitest';
import JSZip from 'jszip';
import { eq } from 'drizzle-orm';
import { appKeys } from '@tessera/db';
import {
  APP_KEY_HEADER,
  EXPORT_MESSAGES as M,
  IMPORT_MAX_FILES,
  type CreatedAppKey,
} from '@tessera/contracts/app-export';
import { type VersionEntry } from '@tessera/contracts/chat';
import { createTestApp } from '../../testing/harness';
import { buildGenApp } from '../../testing/factories';
import { hashApiKey } from '../../platform/crypto/api-key';

const t = await createTestApp();
await t.signUpVerified(); // the install's admin
const builder = await t.signUpVerified();
const stranger = await t.signUpVerified();

const home = `import { Task } from '@/entities/Task';
import { useEffect, useState } from 'react';

export default function Home() {
  const [tasks, setTasks] = useState([]);
  useEffect(() => { Task.list().then(setTasks); }, []);
  return <ul>{tasks.map((task) => <li key={task.id}>{task.title}</li>)}</ul>;
}
`;
/** Open to anyone, so these tests are about keys; app-keys.int.test.ts has the access rules under a key. */
const task = {
  name: 'Task',
  type: 'object',
  properties: { title: { type: 'string' } },
  'x-accessControl': { permissions: { read: 'anonymous', write: 'anonymous' } },
};

async function newApp(token = builder.token) {
  const res = await t.request('POST', '/api/apps', {
    token,
    body: buildGenApp({ name: 'Exported', pages: { Home: home }, entities: { Task: task } }),
  });
  expect(res.status).toBe(200);
  const appId = res.body.appId as string;
  const created = await t.request('POST', `/live_api/apps/${appId}/entities/Task`, {
    token,
    body: { title: 'Ship it' },
  });
  expect(created.status).toBe(200);
  return appId;
}

const createKey = async (appId: string, canWrite = false, token = builder.token) =>
  t.request<CreatedAppKey>('POST', `/api/apps/${appId}/keys`, { token, body: { name: 'Site', canWrite } });

async function download(appId: string, query: string, headers: Record<string, string> = {}, token = builder.token) {
  const res = await t.app.request(`/api/apps/${appId}/export?${query}`, {
    headers: { authorization: `Bearer ${token}`, ...headers },
  });
  return { res, zip: res.status === 200 ? await JSZip.loadAsync(await res.arrayBuffer()) : null };
}
const text = (zip: JSZip, path: string) => zip.file(path)!.async('string');

const formOf = (bytes: Uint8Array | string) => {
  const form = new FormData();
  form.append('file', new Blob([bytes]), 'project.zip');
  return form;
};
async function upload(appId: string, bytes: Uint8Array | string, token = builder.token) {
  const res = await t.app.request(`/api/apps/${appId}/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: formOf(bytes),
  });
  return {
    status: res.status,
    body: (await res.json()) as { versionId: string; number: number; error: { message: string } },
  };
}
const zipOf = (files: Record<string, string>) => {
  const zip = new JSZip();
  for (const [path, content] of Object.entries(files)) zip.file(path, content);
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
};

describe('GET /api/apps/:appId/export', () => {
  it('gives a Vite + React project of the app in server mode, with the app key in .env', async () => {
    const appId = await newApp();
    const { body: key } = await createKey(appId);
    const { res, zip } = await download(appId, 'mode=server', { [APP_KEY_HEADER]: key.key });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename=".+\.zip"/);
    const paths = Object.keys(zip!.files);
    for (const path of [
      'package.json',
      'vite.config.js',
      'index.html',
      'README.md',
      'src/main.jsx',
      'src/tessera/client.ts',
      'src/tessera/entities/Task.js',
      'src/tessera/entities/User.js',
      'src/app/app.json',
      'src/app/pages/Home.jsx',
      'entities/Task.json',
    ])
      expect(paths).toContain(path);
    expect(await text(zip!, 'src/app/pages/Home.jsx')).toBe(home);
    expect(await text(zip!, '.env')).toBe(`VITE_TESSERA_APP_KEY=${key.key}\n`);
    const pkg = JSON.parse(await text(zip!, 'package.json'));
    expect(pkg.devDependencies.vite).toMatch(/^\d+\.\d+\.\d+$/);
    expect(JSON.parse(await text(zip!, 'entities/Task.json'))).toMatchObject({
      properties: { title: { type: 'string' } },
    });
    expect(await text(zip!, 'src/tessera/config.js')).toContain(`"appId": "${appId}"`);
    expect(await text(zip!, 'README.md')).toContain('npm install');
  });

  it('in local mode seeds the records and holds no key', async () => {
    const appId = await newApp();
    const { res, zip } = await download(appId, 'mode=local');
    expect(res.status).toBe(200);
    expect(zip!.file('.env')).toBeNull();
    const seed = JSON.parse(await text(zip!, 'src/tessera/seed.json'));
    expect(seed.Task.map((r: { title: string }) => r.title)).toEqual(['Ship it']);
  });

  it('refuses server mode without a valid key of this app, a bad mode, and a stranger', async () => {
    const appId = await newApp();
    const other = await newApp();
    const { body: otherKey } = await createKey(other);
    expect((await download(appId, 'mode=server')).res.status).toBe(400);
    const wrong = await download(appId, 'mode=server', { [APP_KEY_HEADER]: otherKey.key });
    expect(wrong.res.status).toBe(400);
    expect(((await wrong.res.json()) as { error: { message: string } }).error.message).toBe(M.invalidKey);
    expect((await download(appId, 'mode=nope')).res.status).toBe(400);
    expect((await download(appId, 'mode=local', {}, stranger.token)).res.status).toBe(404);
  });
});

describe('app keys', () => {
  it('are shown once, stored hashed, listed without the key, and revoked', async () => {
    const appId = await newApp();
    const { status, body } = await createKey(appId);
    expect(status).toBe(200);
    expect(body.key).toMatch(/^tak_/);
    const [row] = await t.db.select().from(appKeys).where(eq(appKeys.id, body.id));
    expect(row!.keyHash).toBe(hashApiKey(body.key));
    expect(JSON.stringify(row)).not.toContain(body.key);
    const listed = await t.request('GET', `/api/apps/${appId}/keys`, { token: builder.token });
    expect(listed.body.keys).toEqual([
      expect.objectContaining({ id: body.id, hint: body.key.slice(-4), lastUsedAt: null }),
    ]);
    expect(JSON.stringify(listed.body)).not.toContain(body.key);
    expect((await t.request('GET', `/api/apps/${appId}/keys`, { token: stranger.token })).status).toBe(404);
    expect((await t.request('DELETE', `/api/apps/${appId}/keys/${body.id}`, { token: stranger.token })).status).toBe(
      404,
    );
    expect((await t.request('DELETE', `/api/apps/${appId}/keys/${body.id}`, { token: builder.token })).body).toEqual({
      status: true,
    });
    const again = await t.request('DELETE', `/api/apps/${appId}/keys/${body.id}`, { token: builder.token });
    expect(again.status).toBe(404);
    expect(again.body.error.message).toBe(M.keyNotFound);
  });

  it("read the app's records from another origin, with CORS for a valid key only and never credentials", async () => {
    const appId = await newApp();
    const { body: key } = await createKey(appId);
    const origin = 'http://127.0.0.1:4173';
    const path = `/live_api/apps/${appId}/entities/Task`;
    const preflight = await t.request('OPTIONS', path, {
      headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': APP_KEY_HEADER },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(origin);
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
    const res = await t.request('GET', path, { headers: { origin, [APP_KEY_HEADER]: key.key } });
    expect(res.status).toBe(200);
    expect(res.body.map((r: { title: string }) => r.title)).toEqual(['Ship it']);
    expect(res.headers.get('access-control-allow-origin')).toBe(origin);
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    const listed = await t.request('GET', `/api/apps/${appId}/keys`, { token: builder.token });
    expect(listed.body.keys[0].lastUsedAt).not.toBeNull();
    // Without a key another origin gets no CORS answer.
    const plain = await t.request('GET', path, { headers: { origin } });
    expect(plain.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('refuses unknown, revoked and other apps\u2019 keys, writes of a read-only key, and the User entity', async () => {
    const appId = await newApp();
    const other = await newApp();
    const { body: key } = await createKey(appId);
    const { body: otherKey } = await createKey(other);
    const { body: writer } = await createKey(appId, true);
    const path = `/live_api/apps/${appId}/entities/Task`;
    const get = (k: string, p = path) =>
      t.request('GET', p, { headers: { origin: 'http://x.test', [APP_KEY_HEADER]: k } });
    for (const bad of ['tak_unknown', otherKey.key, '']) {
      const res = await get(bad);
      expect(res.status).toBe(401);
      expect(res.body.error.message).toBe(M.invalidKey);
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
    }
    const write = await t.request('POST', path, { headers: { [APP_KEY_HEADER]: key.key }, body: { title: 'no' } });
    expect(write.status).toBe(403);
    expect(write.body.error.message).toBe(M.keyReadOnly);
    const written = await t.request('POST', path, {
      headers: { [APP_KEY_HEADER]: writer.key },
      body: { title: 'yes' },
    });
    expect(written.status).toBe(200);
    expect((await get(key.key, `/live_api/apps/${appId}/entities/User`)).body.error.message).toBe(M.keyEntitiesOnly);
    // A site's visitor may ask who is signed in: nobody, without an end user's token.
    expect((await get(key.key, `/live_api/apps/${appId}/entities/User/me`)).status).toBe(401);
    const invite = await t.request('POST', `/live_api/apps/${appId}/users/invite-user`, {
      headers: { [APP_KEY_HEADER]: writer.key },
      body: { user_email: 'a@b.test', role: 'admin' },
    });
    expect(invite.status).toBe(403);
    await t.request('DELETE', `/api/apps/${appId}/keys/${key.id}`, { token: builder.token });
    expect((await get(key.key)).status).toBe(401);
  });

  it("ignore the builder's session sent along: the key alone decides", async () => {
    const appId = await newApp();
    const { body: key } = await createKey(appId);
    const res = await t.request('POST', `/live_api/apps/${appId}/entities/Task`, {
      token: builder.token,
      headers: { [APP_KEY_HEADER]: key.key },
      body: { title: 'sneaky' },
    });
    expect(res.status).toBe(403);
  });
});

describe('POST /api/apps/:appId/import', () => {
  it('makes an edited export a new version, which the version list shows', async () => {
    const appId = await newApp();
    const { zip } = await download(appId, 'mode=local');
    zip!.file('src/app/pages/Home.jsx', home.replace('<ul>', '<ul className="tasks">'));
    zip!.file('src/app/components/Note.jsx', 'export default function Note() {\n  return <p>Edited by hand</p>;\n}\n');
    const res = await upload(appId, await zip!.generateAsync({ type: 'uint8array' }));
    expect(res.status).toBe(200);
    const versions = (
      await t.request<{ versions: VersionEntry[] }>('GET', `/api/apps/${appId}/versions`, { token: builder.token })
    ).body.versions;
    expect(versions[0]).toMatchObject({ id: res.body.versionId, number: res.body.number });
    const files = await t.request('GET', `/api/apps/${appId}/files`, { token: builder.token });
    const byPath = new Map(files.body.files.map((f: { path: string; content: string }) => [f.path, f.content]));
    expect(byPath.get('components/Note.jsx')).toContain('Edited by hand');
    expect(byPath.get('pages/Home.jsx')).toContain('className="tasks"');
    expect(byPath.has('package.json')).toBe(false);
  });

  it('reads a project zipped with its folder around it', async () => {
    const appId = await newApp();
    const res = await upload(
      appId,
      await zipOf({
        'my-app/src/app/app.json': '{"name":"Exported","mainPage":"Home"}',
        'my-app/src/app/pages/Home.jsx': home,
      }),
    );
    expect(res.status).toBe(200);
  });

  it.each([
    ['not a zip', () => Promise.resolve(new TextEncoder().encode('hello')), M.notAZip],
    ['no app files', () => zipOf({ 'README.md': 'hi' }), M.noAppFiles],
    [
      'a path climbing out',
      () => zipOf({ 'src/app/app.json': '{"name":"A","mainPage":"Home"}', '../evil.jsx': 'x' }),
      M.badPath.replace('{path}', '../evil.jsx'),
    ],
    [
      'an absolute path',
      () => zipOf({ 'src/app/app.json': '{"name":"A","mainPage":"Home"}', '/etc/passwd': 'x' }),
      M.badPath.replace('{path}', '/etc/passwd'),
    ],
    [
      'too many files',
      () =>
        zipOf(
          Object.fromEntries(
            Array.from({ length: IMPORT_MAX_FILES + 1 }, (_, i) => [`src/app/components/C${i}.jsx`, 'x']),
          ),
        ),
      M.tooManyFiles,
    ],
    [
      'a zip bomb',
      () => zipOf({ 'src/app/app.json': '{}', 'src/app/pages/Big.jsx': 'a'.repeat(11 * 1024 * 1024) }),
      M.unzippedTooLarge,
    ],
    [
      'invalid code',
      () =>
        zipOf({
          'src/app/app.json': '{"name":"A","mainPage":"Home"}',
          'src/app/pages/Home.jsx': 'export default function (',
        }),
      'The project has errors: pages/Home.jsx',
    ],
  ])('refuses %s with a plain message and makes no version', async (_, make, message) => {
    const appId = await newApp();
    const before = (await t.request('GET', `/api/apps/${appId}/versions`, { token: builder.token })).body.versions
      .length;
    const res = await upload(appId, await make());
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.body.error.message).toContain(message);
    const after = (await t.request('GET', `/api/apps/${appId}/versions`, { token: builder.token })).body.versions
      .length;
    expect(after).toBe(before);
  });

  it("counts the files from the zip's directory before parsing it", async () => {
    const appId = await newApp();
    const files = Array.from({ length: IMPORT_MAX_FILES + 1 }, (_, i) => [`src/app/components/C${i}.jsx`, '']);
    const zip = await zipOf(Object.fromEntries(files));
    // A broken first entry: a parser reading entries would call this no zip; the count comes first.
    zip.set([0, 0, 0, 0], 0);
    const res = await upload(appId, zip);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(M.tooManyFiles);
  });

  it('refuses a stranger before reading a byte of the upload', async () => {
    const appId = await newApp();
    const form = new Response(await formOf(await zipOf({ 'src/app/app.json': '{}' })));
    const bytes = new Uint8Array(await form.arrayBuffer());
    let pulls = 0;
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          if (pulls++ === 0) controller.enqueue(bytes);
          else controller.close();
        },
      },
      { highWaterMark: 0 },
    );
    const res = await t.app.request(`/api/apps/${appId}/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${stranger.token}`, 'content-type': form.headers.get('content-type')! },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(404);
    expect(pulls).toBe(0);
  });

  it('refuses a zip over 5 MB and a stranger', async () => {
    const appId = await newApp();
    const big = await upload(appId, new Uint8Array(5 * 1024 * 1024 + 1));
    expect(big.status).toBe(413);
    expect(big.body.error.message).toBe(M.zipTooLarge);
    const zip = await zipOf({ 'src/app/app.json': '{"name":"A","mainPage":"Home"}', 'src/app/pages/Home.jsx': home });
    expect((await upload(appId, zip, stranger.token)).status).toBe(404);
  });
});
