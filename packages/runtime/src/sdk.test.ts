import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  configureEntities,
  configureSdk,
  createPageUrl,
  entity,
  getAppUserToken,
  isSignInNeeded,
  me,
  returnUrl,
  RunTool,
  setAppUserToken,
  setPreviewToken,
  setSignInNeeded,
  UploadFile,
} from './sdk';

const calls: Array<{ url: string; method: string; headers: Record<string, string>; body: unknown }> = [];
let answer: { status: number; body: unknown } = { status: 200, body: [] };

/** The Web Storage API in memory (the unit tests run in Node). */
class MemoryStorage {
  private items = new Map<string, string>();
  getItem = (k: string) => this.items.get(k) ?? null;
  setItem = (k: string, v: string) => void this.items.set(k, v);
  removeItem = (k: string) => void this.items.delete(k);
}

beforeEach(() => {
  vi.stubGlobal('window', {
    localStorage: new MemoryStorage(),
    sessionStorage: new MemoryStorage(),
    location: { href: 'http://t.apps.localhost/app/tasks/' },
  });
  calls.length = 0;
  answer = { status: 200, body: [] };
  configureSdk({ appId: 'app 1', basePath: '/app/tasks' });
  configureEntities({});
  setSignInNeeded(false);
  setAppUserToken(null);
  setPreviewToken(null);
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({
      url,
      method: init.method ?? 'GET',
      headers: init.headers as Record<string, string>,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
    });
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('entity clients', () => {
  it('speak the entity API of this app with the default sort and the caller headers', async () => {
    setAppUserToken('tsa_abc');
    setPreviewToken('p.q');
    const Task = entity('Task');
    await Task.list();
    await Task.filter({ done: false }, 'title', 10, 20);
    // "All" rows: the most one call serves, never a limit the entity API refuses.
    await Task.list('-createdAt', 10_000);
    await Task.filter({}, 'title', Infinity);
    await Task.create({ title: 'x' });
    await Task.update('id/1', { done: true });
    await Task.deleteMany({ done: true });
    await Task.bulkCreate([{ title: 'a' }]);
    expect(calls.map((c) => `${c.method} ${decodeURIComponent(c.url)}`)).toEqual([
      'GET /live_api/apps/app 1/entities/Task?sort=-createdAt',
      'GET /live_api/apps/app 1/entities/Task?q={"done":false}&sort=title&limit=10&skip=20',
      'GET /live_api/apps/app 1/entities/Task?sort=-createdAt&limit=1000',
      'GET /live_api/apps/app 1/entities/Task?q={}&sort=title&limit=1000',
      'POST /live_api/apps/app 1/entities/Task',
      'PUT /live_api/apps/app 1/entities/Task/id/1',
      'DELETE /live_api/apps/app 1/entities/Task?q={"done":true}',
      'POST /live_api/apps/app 1/entities/Task/bulk',
    ]);
    expect(calls[5]!.url).toContain('/Task/id%2F1');
    expect(calls[4]!.headers).toMatchObject({
      authorization: 'Bearer tsa_abc',
      'x-tessera-preview': 'p.q',
      'content-type': 'application/json',
    });
    expect(calls[4]!.body).toEqual({ title: 'x' });
  });

  it("throw the server's message", async () => {
    answer = { status: 400, body: { error: { code: 'VALIDATION_FAILED', message: 'title must be text' } } };
    const err = (await entity('Task')
      .create({ title: 1 })
      .catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.message).toBe('title must be text');
    expect(err.status).toBe(400);
  });

  it("are not sent for a visitor when only signed-in users may read or write: they fail like the API's 401", async () => {
    const schema = (read: string, write: string) =>
      ({ type: 'object', properties: {}, 'x-accessControl': { permissions: { read, write } } }) as never;
    configureEntities({ Task: schema('creator', 'creator'), Notice: schema('anonymous', 'all') });
    const err = (await entity('Task')
      .list()
      .catch((e: unknown) => e)) as ApiError;
    expect([err.status, err.code, err.message]).toEqual([401, 'UNAUTHORIZED', 'Please sign in to continue']);
    expect(isSignInNeeded()).toBe(true);
    // The card belongs to the page that was refused: another page forgets it.
    (window.location as { pathname?: string }).pathname = '/app/tasks/notices/';
    expect(isSignInNeeded()).toBe(false);
    setSignInNeeded(false);
    await entity('Notice').list();
    await expect(entity('Notice').create({ text: 'hi' })).rejects.toMatchObject({ status: 401 });
    // An entity the bundle does not name, a signed-in user and the builder's preview ask the API.
    await entity('Other').list();
    setAppUserToken('tsa_abc');
    await entity('Task').list();
    setAppUserToken(null);
    setPreviewToken('p.q');
    await entity('Notice').create({ text: 'hi' });
    expect(calls.map((c) => `${c.method} ${decodeURIComponent(c.url).split('?')[0]}`)).toEqual([
      'GET /live_api/apps/app 1/entities/Notice',
      'GET /live_api/apps/app 1/entities/Other',
      'GET /live_api/apps/app 1/entities/Task',
      'POST /live_api/apps/app 1/entities/Notice',
    ]);
  });

  it('User.me is null without a session, and forgets a session the server no longer knows', async () => {
    expect(await me()).toBeNull();
    expect(calls).toHaveLength(0);
    setAppUserToken('tsa_old');
    answer = { status: 401, body: { error: { code: 'UNAUTHORIZED', message: 'Please sign in to continue' } } };
    expect(await me()).toBeNull();
    expect(getAppUserToken()).toBeNull();
  });
});

describe('helpers', () => {
  it('createPageUrl and the login return URL (with the preview token in the fragment)', () => {
    expect(createPageUrl('TaskDetail?id=3')).toBe('/app/tasks/taskdetail/?id=3');
    expect(returnUrl('http://t.apps.localhost/app/tasks/x/')).toBe('http://t.apps.localhost/app/tasks/x/');
    setPreviewToken('tok.sig');
    expect(returnUrl('http://t.apps.localhost/app/tasks/x/#a=1')).toBe(
      'http://t.apps.localhost/app/tasks/x/#a=1&tessera-preview=tok.sig',
    );
  });

  it('UploadFile refuses what is not an image under 10 MB before sending it', async () => {
    await expect(UploadFile({ file: new File(['x'], 'a.txt', { type: 'text/plain' }) })).rejects.toThrow(
      'Only images can be uploaded',
    );
    await expect(
      UploadFile({ file: new File([new Uint8Array(10_000_000)], 'big.png', { type: 'image/png' }) }),
    ).rejects.toThrow('File size to large');
    expect(calls).toHaveLength(0);
    answer = { status: 200, body: { file_url: 'http://t.apps.localhost/files/1.png' } };
    expect(await UploadFile({ file: new File([new Uint8Array([1])], 'a.png', { type: 'image/png' }) })).toEqual({
      file_url: 'http://t.apps.localhost/files/1.png',
    });
    expect(calls[0]!.url).toBe('/integrations/Core/UploadFile');
    expect(calls[0]!.body).toBeInstanceOf(FormData);
  });
});

describe('Core.RunTool', () => {
  it("posts the tool's path and inputs as the caller, and throws the run's refusal", async () => {
    setAppUserToken('tsa_abc');
    answer = {
      status: 200,
      body: { runId: 'r1', result: 'Yes.', sources: [], creditsLeft: 47, runsLeft: { today: 9, thisWeek: 49 } },
    };
    await expect(RunTool({ tool: 'helper', inputs: { input: 'Deliver?' } })).resolves.toMatchObject({ result: 'Yes.' });
    expect(calls[0]).toMatchObject({
      url: '/integrations/Core/RunTool',
      method: 'POST',
      headers: expect.objectContaining({ authorization: 'Bearer tsa_abc' }),
      body: { tool: 'helper', inputs: { input: 'Deliver?' } },
    });
    answer = { status: 429, body: { error: { code: 'RATE_LIMITED', message: 'You have reached your daily limit' } } };
    await expect(RunTool({ tool: 'helper' })).rejects.toMatchObject({
      status: 429,
      message: 'You have reached your daily limit',
    });
    expect(calls[1]!.body).toEqual({ tool: 'helper', inputs: {} });
  });
});
