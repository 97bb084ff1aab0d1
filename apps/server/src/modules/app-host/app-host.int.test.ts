import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { APP_MESSAGES, MESSAGES } from '@tessera/contracts';
import { PREVIEW_TOKEN_HEADER, RUNTIME_MESSAGES, type AppBundle } from '@tessera/contracts/runtime';
import type { AppSnapshot } from '@tessera/agent';
import { SIGNUP_CONTACTS, uniqueEmail } from '@tessera/test-utils';
import { signUpAppUser } from '../../testing/app-users';
import { createTestApp, type RequestOptions } from '../../testing/harness';
import { buildGenApp } from '../../testing/factories';
import { createVersionsRepo } from '../versions/versions.repo';
import { signPreviewToken } from './preview-token';
import { UPLOADS_PER_APP_PER_DAY, UPLOADS_PER_IP_PER_HOUR } from './uploads';

const t = await createTestApp();
const versionsRepo = createVersionsRepo(t.db);
const builder = await t.signUpVerified();
const stranger = await t.signUpVerified();

const TASK = {
  type: 'object',
  properties: { title: { type: 'string' }, done: { type: 'boolean' } },
  required: ['title'],
  'x-accessControl': { permissions: { read: 'creator', write: 'creator' } },
};

function snapshotOf(title: string): AppSnapshot {
  return {
    files: {
      'app.json': JSON.stringify({ name: 'Task Tracker', mainPage: 'Tasks' }),
      'pages/Tasks.jsx': `import { Task } from '@/entities/Task';\nexport default function Tasks() { return <h1 className="text-2xl font-bold">${title}</h1>; }`,
      'globals.css': '@import "tailwindcss";',
    },
    entities: { Task: TASK as never },
  };
}

async function makeApp(settings: Record<string, unknown> = { isSignupEnabled: true, ...SIGNUP_CONTACTS }) {
  const { body } = await t.request('POST', '/api/apps', {
    token: builder.token,
    body: buildGenApp({ name: 'Task Tracker', entities: { Task: TASK } }),
  });
  // Sign-up opens on a published app only (docs/product/runtime.md#states-and-transitions): the first version goes live before it.
  if (settings.isSignupEnabled)
    expect((await t.request('POST', `/api/apps/${body.appId}/publish`, { token: builder.token })).status).toBe(200);
  const saved = await t.request('POST', `/api/apps/${body.appId}/settings`, {
    token: builder.token,
    body: { appSettings: settings },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const v1 = await versionsRepo.createVersion({
    appId: body.appId,
    snapshot: snapshotOf('Version one'),
    appName: 'Task Tracker',
    description: 'v1',
  });
  const v2 = await versionsRepo.createVersion({
    appId: body.appId,
    snapshot: snapshotOf('Version two'),
    appName: 'Task Tracker',
    description: 'v2',
  });
  return { appId: body.appId as string, slug: body.slug as string, v1: v1.id, v2: v2.id };
}

const main = await makeApp();
const other = await makeApp();
const hostOf = (slug: string) => `${slug}.apps.localhost:3000`;
/** A request on an app's own host. */
const onHost = (slug: string, method: string, path: string, options: RequestOptions = {}) =>
  t.request(method, path, { ...options, headers: { host: hostOf(slug), ...options.headers } });
const bundleOf = (app: { appId: string; slug: string }, previewToken?: string, extra = '', token?: string) =>
  onHost(app.slug, 'GET', `/runtime/bundle?appId=${app.appId}${extra}`, {
    token,
    headers: previewToken ? { [PREVIEW_TOKEN_HEADER]: previewToken } : {},
  });
const previewTokenOf = async (appId: string, versionId?: string) => {
  const res = await t.request('POST', `/api/apps/${appId}/preview-url`, {
    token: builder.token,
    body: versionId ? { versionId } : {},
  });
  expect(res.status).toBe(200);
  return decodeURIComponent(new URL(res.body.url).hash.split('=')[1]!);
};

describe('app hosts', () => {
  it('serve the runtime shell on /app/{slug}/ and never the builder API', async () => {
    const root = await onHost(main.slug, 'GET', '/');
    expect(root.status).toBe(302);
    expect(root.headers.get('location')).toBe(`/app/${main.slug}/`);
    const shell = await onHost(main.slug, 'GET', `/app/${main.slug}/tasks/`);
    expect(shell.status).toBe(200);
    expect(shell.body).toContain('<script type="importmap">');
    expect(shell.body).toContain(`"appId":"${main.appId}"`);
    expect(shell.body).toContain('"parentOrigin":"http://localhost:3000"');
    // Nothing the page would ask in vain: no chat assistant here, and an icon so no /favicon.ico.
    expect(shell.body).toContain('"chat":null');
    expect(shell.body).toContain('<link rel="icon" id="tessera-favicon" href="data:,">');
    expect(shell.headers.get('content-security-policy')).toContain('frame-ancestors http://localhost:3000;');
    // Google Fonts and the like: remote stylesheets and fonts over https are allowed.
    expect(shell.headers.get('content-security-policy')).toContain("style-src 'self' 'unsafe-inline' https:");
    const runtimeUrl = /<script type="module" src="([^"]+)"/.exec(shell.body)![1]!;
    const runtimeJs = await onHost(main.slug, 'GET', runtimeUrl);
    expect(runtimeJs.status).toBe(200);
    expect(runtimeJs.headers.get('cache-control')).toContain('immutable');
    const zipped = await t.app.request(runtimeUrl, {
      headers: { host: hostOf(main.slug), 'accept-encoding': 'gzip, br' },
    });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString()).toBe(runtimeJs.body);

    const api = await onHost(main.slug, 'GET', '/api/apps', { token: builder.token });
    expect(api.status).toBe(404);
    expect(api.body.error.message).toBe(RUNTIME_MESSAGES.notAllowedHere);
    expect(
      (
        await onHost(main.slug, 'POST', '/api/auth/sign-in/email', {
          body: { email: builder.email, password: builder.password },
        })
      ).status,
    ).toBe(404);
    expect((await onHost(main.slug, 'GET', '/build/app/x')).status).toBe(404);
    expect((await onHost('no-such-app', 'GET', '/app/no-such-app/')).body).toContain(RUNTIME_MESSAGES.appNotFound);
    // Another app's slug in the path is sent home, never served from this origin.
    expect((await onHost(main.slug, 'GET', `/app/${other.slug}/`)).headers.get('location')).toBe(`/app/${main.slug}/`);
  });

  it('serve the end users login page of their own app only', async () => {
    const login = await onHost(main.slug, 'GET', `/apps/${main.appId}/login?nextUrl=%2Fapp%2F${main.slug}%2F`);
    expect(login.status).toBe(200);
    expect(login.body).toContain('"mode":"login"');
    expect(login.body).toContain('"isSignupEnabled":true');
    // The sign-up form shows the contacts the builder gave when opening sign-up.
    expect(login.body).toContain(
      `"links":{"termsOfService":"${SIGNUP_CONTACTS.termsOfServiceLink}","privacyPolicy":"${SIGNUP_CONTACTS.privacyPolicyLink}","supportEmail":"${SIGNUP_CONTACTS.supportEmail}"}`,
    );
    expect((await onHost(main.slug, 'GET', `/apps/${other.appId}/login`)).status).toBe(404);
  });

  it('never serve an app on the builder origin', async () => {
    expect((await t.request('GET', `/app/${main.slug}/`)).status).toBe(404);
    expect((await t.request('GET', `/runtime/bundle?appId=${main.appId}`)).status).toBe(404);
  });
});

describe('preview URLs', () => {
  it('are for the owner only and name the latest version by default', async () => {
    const res = await t.request('POST', `/api/apps/${main.appId}/preview-url`, { token: builder.token, body: {} });
    expect(res.status).toBe(200);
    expect(res.body.url).toMatch(
      new RegExp(`^http://${main.slug}\\.apps\\.localhost:3000/app/${main.slug}/#tessera-preview=`),
    );
    expect(res.body.versionId).toBe(main.v2);
    expect(
      (await t.request('POST', `/api/apps/${main.appId}/preview-url`, { token: stranger.token, body: {} })).status,
    ).toBe(404);
    expect((await t.request('POST', `/api/apps/${main.appId}/preview-url`, { body: {} })).status).toBe(401);
    const missing = await t.request('POST', `/api/apps/${main.appId}/preview-url`, {
      token: builder.token,
      body: { versionId: 'nope' },
    });
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe(RUNTIME_MESSAGES.versionNotFound);
    expect(
      (await t.request('POST', `/api/apps/${main.appId}/preview-url`, { token: builder.token, rawBody: '{' })).status,
    ).toBe(400);
  });

  it('open exactly their version; expired, tampered or other apps tokens get a 403', async () => {
    const token = await previewTokenOf(main.appId, main.v1);
    const ok = await bundleOf(main, token);
    expect(ok.status).toBe(200);
    const bundle = ok.body as AppBundle;
    expect(bundle).toMatchObject({
      id: main.appId,
      name: 'Task Tracker',
      versionId: main.v1,
      pages: ['Tasks'],
      mainPage: 'Tasks',
      slug: main.slug,
      isPreview: true,
      issues: [],
    });
    expect(Object.keys(bundle.entities)).toEqual(['Task']);
    expect(bundle.userEntity.properties.email).toBeDefined();
    const js = await onHost(main.slug, 'GET', bundle.moduleUrl!);
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toContain('javascript');
    expect(js.body).toContain('Version one');
    const css = await onHost(main.slug, 'GET', bundle.cssUrl!);
    expect(css.body).toContain('.font-bold');
    // The compiled code is served on its own app's host only.
    expect((await onHost(other.slug, 'GET', bundle.moduleUrl!)).status).toBe(404);

    const expired = signPreviewToken(
      { appId: main.appId, versionId: main.v1, expiresAt: Math.floor(Date.now() / 1000) - 1, sessionId: 'any' },
      t.config.authSecret,
    );
    const tampered = token.replace(/^./, (ch) => (ch === 'A' ? 'B' : 'A'));
    const forged = signPreviewToken(
      { appId: main.appId, versionId: main.v1, expiresAt: 2_000_000_000, sessionId: 'any' },
      'another-secret-0123456789abcdef0123456789',
    );
    const otherApps = await previewTokenOf(other.appId);
    for (const bad of [expired, tampered, forged, otherApps, 'garbage']) {
      const res = await bundleOf(main, bad);
      expect(res.status).toBe(403);
      expect(res.body.error.message).toBe(RUNTIME_MESSAGES.previewInvalid);
    }
    // A token for v1 does not open v2.
    expect((await bundleOf(main, token, `&versionId=${main.v2}`)).status).toBe(403);
  });
});

describe('the bundle endpoint', () => {
  it('says "not published" until an app is published, then serves the published version only', async () => {
    const app = await makeApp({});
    const before = await bundleOf(app);
    expect(before.status).toBe(404);
    expect(before.body.error.message).toBe(RUNTIME_MESSAGES.notPublished);
    await versionsRepo.setPublished(app.appId, app.v1);
    const after = await bundleOf(app);
    expect(after.status).toBe(200);
    expect(after.body.versionId).toBe(app.v1);
    expect(after.body.isPreview).toBe(false);
    const unpublished = await bundleOf(app, undefined, `&versionId=${app.v2}`);
    expect(unpublished.status).toBe(403);
    expect(unpublished.body.error.message).toBe(RUNTIME_MESSAGES.unpublishedVersion);
  });

  it('answers clear 4xx for a missing or foreign appId', async () => {
    const missing = await onHost(main.slug, 'GET', '/runtime/bundle');
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toBe(MESSAGES.chat.appIdMissing);
    expect((await onHost(main.slug, 'GET', `/runtime/bundle?appId=${other.appId}`)).status).toBe(404);
  });

  it('requires one of the app users when the app says isLoginRequired', async () => {
    const app = await makeApp({ isSignupEnabled: true, ...SIGNUP_CONTACTS, isLoginRequired: true });
    await versionsRepo.setPublished(app.appId, app.v2);
    const anonymous = await bundleOf(app);
    expect(anonymous.status).toBe(403);
    expect(anonymous.body.error.message).toBe(RUNTIME_MESSAGES.loginRequired);
    // A builder token is nobody here.
    expect((await bundleOf(app, undefined, '', builder.token)).status).toBe(403);
    const user = await signUpAppUser(t, app.appId, { email: uniqueEmail('member') }, { host: hostOf(app.slug) });
    expect(user.status).toBe(200);
    expect((await bundleOf(app, undefined, '', user.body.token)).status).toBe(200);
    // The builder's preview still opens it.
    expect((await bundleOf(app, await previewTokenOf(app.appId))).status).toBe(200);
  });

  it('reports build errors as issues with file and line, never a 500', async () => {
    const { body } = await t.request('POST', '/api/apps', {
      token: builder.token,
      body: buildGenApp({ name: 'Broken' }),
    });
    const snapshot: AppSnapshot = {
      files: {
        'app.json': '{"name":"Broken","mainPage":"Home"}',
        'pages/Home.jsx': 'export default function Home() {\n  const x = ;\n  return null;\n}',
      },
      entities: {},
    };
    const version = await versionsRepo.createVersion({
      appId: body.appId,
      snapshot,
      appName: 'Broken',
      description: 'broken',
    });
    const res = await bundleOf({ appId: body.appId, slug: body.slug }, await previewTokenOf(body.appId, version.id));
    expect(res.status).toBe(200);
    expect(res.body.moduleUrl).toBeNull();
    expect(res.body.issues[0]).toMatchObject({ file: 'pages/Home.jsx', line: 2 });
  });
});

describe('credentials on app hosts', () => {
  it('a builder token is anonymous on an app host, and an app-user token never works on the builder API', async () => {
    const list = `/live_api/apps/${main.appId}/entities/Task`;
    expect((await t.request('GET', list, { token: builder.token })).status).toBe(200);
    const onApp = await onHost(main.slug, 'GET', list, { token: builder.token });
    expect(onApp.status).toBe(401);
    expect(onApp.body.error.message).toBe(APP_MESSAGES.unauthorized);

    const user = await signUpAppUser(t, main.appId, { email: uniqueEmail('member') }, { host: hostOf(main.slug) });
    expect(user.status).toBe(200);
    expect((await onHost(main.slug, 'GET', list, { token: user.body.token })).status).toBe(200);
    expect((await t.request('GET', '/api/apps', { token: user.body.token })).status).toBe(401);
    expect(
      (await t.request('POST', `/api/apps/${main.appId}/preview-url`, { token: user.body.token, body: {} })).status,
    ).toBe(401);
  });

  it("the builder's preview token acts as the owner on that app's entities, and nowhere else", async () => {
    const list = `/live_api/apps/${main.appId}/entities/Task`;
    const member = await signUpAppUser(t, main.appId, { email: uniqueEmail('member') }, { host: hostOf(main.slug) });
    await onHost(main.slug, 'POST', list, { token: member.body.token, body: { title: 'Member row' } });
    const preview = { [PREVIEW_TOKEN_HEADER]: await previewTokenOf(main.appId) };
    const asOwner = await onHost(main.slug, 'GET', list, { headers: preview });
    expect(asOwner.status).toBe(200);
    expect(asOwner.body.map((r: { title: string }) => r.title)).toContain('Member row');
    expect((await onHost(main.slug, 'POST', list, { headers: preview, body: { title: 'Owner row' } })).status).toBe(
      200,
    );
    // Another app's token, a forged one, or a path outside the entities: anonymous.
    expect(
      (await onHost(main.slug, 'GET', list, { headers: { [PREVIEW_TOKEN_HEADER]: await previewTokenOf(other.appId) } }))
        .status,
    ).toBe(401);
    expect((await onHost(main.slug, 'GET', list, { headers: { [PREVIEW_TOKEN_HEADER]: 'forged.token' } })).status).toBe(
      401,
    );
    const invite = await onHost(main.slug, 'POST', `/live_api/apps/${main.appId}/users/invite-user`, {
      headers: preview,
      body: { user_email: uniqueEmail('x'), role: 'admin' },
    });
    expect(invite.status).toBe(401);
    // And on the builder's own origin a preview token is nothing.
    expect((await t.request('GET', list, { headers: preview })).status).toBe(401);
  });

  it('an app host answers for its own app only', async () => {
    const res = await onHost(main.slug, 'GET', `/live_api/apps/${other.appId}/entities/Task`);
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe(RUNTIME_MESSAGES.otherApp);
    expect((await onHost(main.slug, 'GET', '/live_api/apps/%E0%A4%A/entities/Task')).status).toBe(404);
  });
});

describe('Core.UploadFile', () => {
  const PNG = Buffer.from(
    '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a1e0a4d40000000049454e44ae426082',
    'hex',
  );
  const multipart = (bytes: Buffer, filename: string, type: string) => {
    const boundary = '----tessera-test';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${filename}"\r\ncontent-type: ${type}\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return { body, contentType: `multipart/form-data; boundary=${boundary}` };
  };
  /** The app user's session or the owner's preview token say who uploads (`caller`). */
  const upload = async (
    slug: string,
    bytes: Buffer,
    filename: string,
    type: string,
    caller: Record<string, string>,
    ip = '10.1.2.3',
  ) => {
    const { body, contentType } = multipart(bytes, filename, type);
    const res = await t.app.request(
      '/integrations/Core/UploadFile',
      { method: 'POST', headers: { host: hostOf(slug), 'content-type': contentType, ...caller }, body },
      { incoming: { socket: { remoteAddress: ip } } },
    );
    return { status: res.status, body: (await res.json()) as { file_url?: string; error?: { message: string } } };
  };
  const previewOf = async (appId: string) => ({ [PREVIEW_TOKEN_HEADER]: await previewTokenOf(appId) });
  async function appUserOf(app: { appId: string; slug: string }) {
    const res = await signUpAppUser(t, app.appId, { email: uniqueEmail('uploader') }, { host: hostOf(app.slug) });
    expect(res.status).toBe(200);
    return { authorization: `Bearer ${res.body.token as string}` };
  }

  it("takes images only from the app's own users and its owner's preview", async () => {
    const refused = [
      {},
      { authorization: `Bearer ${builder.token}` },
      (await appUserOf(other)) as Record<string, string>,
      await previewOf(other.appId),
      { [PREVIEW_TOKEN_HEADER]: 'forged.token' },
    ];
    for (const caller of refused) {
      const res = await upload(main.slug, PNG, 'dot.png', 'image/png', caller);
      expect(res.status, JSON.stringify(caller)).toBe(401);
      expect(res.body.error!.message).toBe(APP_MESSAGES.unauthorized);
    }
    expect((await upload(main.slug, PNG, 'dot.png', 'image/png', await appUserOf(main))).status).toBe(200);
    expect((await upload(main.slug, PNG, 'dot.png', 'image/png', await previewOf(main.appId))).status).toBe(200);
  });

  it('limits uploads per visitor address and per app', async () => {
    const app = await makeApp();
    const caller = await appUserOf(app);
    for (let i = 0; i < UPLOADS_PER_IP_PER_HOUR; i++)
      expect((await upload(app.slug, PNG, 'dot.png', 'image/png', caller, '10.5.5.5')).status).toBe(200);
    const limited = await upload(app.slug, PNG, 'dot.png', 'image/png', caller, '10.5.5.5');
    expect(limited.status).toBe(429);
    expect(limited.body.error!.message).toBe(APP_MESSAGES.tooManyRequests);
    // Other addresses share the app's own allowance of the day (the refused upload counted too).
    let ip = 0;
    for (let sent = UPLOADS_PER_IP_PER_HOUR + 1; sent < UPLOADS_PER_APP_PER_DAY; sent++)
      expect(
        (await upload(app.slug, PNG, 'dot.png', 'image/png', caller, `10.6.${ip++ % 200}.${sent % 7}`)).status,
      ).toBe(200);
    expect((await upload(app.slug, PNG, 'dot.png', 'image/png', caller, '10.8.8.8')).status).toBe(429);
  });

  it('stores an image and serves it back from the app host only', async () => {
    const res = await upload(main.slug, PNG, 'dot.png', 'image/png', await previewOf(main.appId));
    expect(res.status).toBe(200);
    const url = new URL(res.body.file_url!);
    expect(url.host).toBe(hostOf(main.slug));
    const file = await t.app.request(url.pathname, { headers: { host: hostOf(main.slug) } });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await file.arrayBuffer()).equals(PNG)).toBe(true);
    expect((await t.app.request(url.pathname, { headers: { host: hostOf(other.slug) } })).status).toBe(404);
  });

  it('takes images from the app owner on the builder API too (the Database grid), stored for the app host', async () => {
    const { body, contentType } = multipart(PNG, 'photo.png', 'image/png');
    const send = (token?: string) =>
      t.app.request(`/api/apps/${main.appId}/files`, {
        method: 'POST',
        headers: { 'content-type': contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body,
      });
    const res = await send(builder.token);
    expect(res.status).toBe(200);
    const url = new URL(((await res.json()) as { file_url: string }).file_url);
    expect(url.host).toBe(hostOf(main.slug));
    expect(
      (await t.app.request(url.pathname, { headers: { host: hostOf(main.slug) } })).headers.get('content-type'),
    ).toBe('image/png');
    expect((await send(stranger.token)).status).toBe(404);
    expect((await send()).status).toBe(401);
    const big = multipart(Buffer.concat([PNG, Buffer.alloc(10_000_001)]), 'big.png', 'image/png');
    const tooBig = await t.app.request(`/api/apps/${main.appId}/files`, {
      method: 'POST',
      headers: { 'content-type': big.contentType, authorization: `Bearer ${builder.token}` },
      body: big.body,
    });
    expect(tooBig.status).toBe(413);
    expect(((await tooBig.json()) as { error: { message: string } }).error.message).toBe(RUNTIME_MESSAGES.fileTooLarge);
  });

  it('refuses what is not an image whatever its declared type', async () => {
    const res = await upload(
      main.slug,
      Buffer.from('<svg onload="alert(1)"></svg>'),
      'x.png',
      'image/png',
      await previewOf(main.appId),
    );
    expect(res.status).toBe(400);
    expect(res.body.error!.message).toBe(RUNTIME_MESSAGES.notAnImage);
  });
});

describe('custom hostnames', () => {
  it('serve the mapped app without the /app/{slug} prefix, with the same rules', async () => {
    const custom = await createTestApp({ APP_HOSTNAMES: 'tasks.example.com=custom-tasks' });
    const owner = await custom.signUpVerified();
    const created = await custom.request('POST', '/api/apps', {
      token: owner.token,
      body: buildGenApp({ name: 'Custom', slug: 'custom-tasks', pages: { Home: 'export default () => <p>Hi</p>;' } }),
    });
    expect(created.status).toBe(200);
    const on = (path: string, options: RequestOptions = {}) =>
      custom.request('GET', path, { ...options, headers: { host: 'tasks.example.com', ...options.headers } });
    const root = await on('/');
    expect(root.status).toBe(200);
    expect(root.body).toContain('"basePath":""');
    expect((await on('/home/?x=1')).body).toContain('"basePath":""');
    expect((await on('/app/custom-tasks/home/')).headers.get('location')).toBe('/');
    expect((await on('/api/apps', { token: owner.token })).status).toBe(404);
    expect((await on(`/runtime/bundle?appId=${created.body.appId}`)).body.error.message).toBe(
      RUNTIME_MESSAGES.notPublished,
    );
    // Other hostnames are still the builder's.
    expect(
      (await custom.request('GET', '/api/apps', { token: owner.token, headers: { host: 'other.example.com' } })).status,
    ).toBe(200);
  });
});
