import { describe, expect, it } from 'vitest';
import { APP_MESSAGES } from '@tessera/contracts';
import { createTestApp } from '../../testing/harness';
import { buildGenApp } from '../../testing/factories';

const t = await createTestApp();
const builder = await t.signUpVerified();
const stranger = await t.signUpVerified();

async function createApp(token: string, entities: Record<string, unknown>) {
  const res = await t.request('POST', '/api/apps', {
    token,
    body: buildGenApp({ name: 'Tasks', entities }),
  });
  expect(res.status).toBe(200);
  return res.body.appId as string;
}

const taskSchema = (read = 'creator', write = 'creator') => ({
  type: 'object',
  properties: {
    title: { type: 'string' },
    done: { type: 'boolean', default: false },
    estimate: { type: 'number' },
    due: { type: 'string', format: 'date-time' },
    tags: { type: 'array', items: { type: 'string' } },
  },
  required: ['title'],
  'x-accessControl': { permissions: { read, write } },
});

const appId = await createApp(builder.token, { Task: taskSchema() });
const api = (path = '') => `/live_api/apps/${appId}/entities/Task${path}`;

describe('prototype keys in records', () => {
  it('refuses constructor, __proto__ and inherited names as fields with a 400, storing nothing', async () => {
    for (const key of ['constructor', '__proto__', 'toString', 'prototype']) {
      const body = `{"title":"Proto","${key}":${key === '__proto__' ? '{}' : '"x"'}}`;
      for (const [method, path] of [
        ['POST', api()],
        ['POST', api('/bulk')],
      ] as const) {
        const res = await t.request(method, path, {
          token: builder.token,
          rawBody: path.endsWith('/bulk') ? `[${body}]` : body,
        });
        expect(res.status, `${method} ${path} ${key}`).toBe(400);
        expect(res.body.error.message).toContain(`Unknown field "${key}" on Task`);
      }
    }
    const listed = await t.request('GET', api(`?q=${encodeURIComponent('{"title":"Proto"}')}`), {
      token: builder.token,
    });
    expect(listed.body).toEqual([]);
  });
});

describe('entity API for the app owner', () => {
  it('creates, reads, updates partially and deletes a record, with id, createdAt and creatorId', async () => {
    const created = await t.request('POST', api(), {
      token: builder.token,
      body: { title: 'Write docs', estimate: '2', due: '2026-03-01T10:00:00Z' },
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      title: 'Write docs',
      estimate: 2,
      done: false,
      due: '2026-03-01T10:00:00.000Z',
      creatorId: builder.userId,
    });
    expect(typeof created.body.id).toBe('string');
    expect(Date.parse(created.body.createdAt)).not.toBeNaN();

    const id = created.body.id as string;
    expect((await t.request('GET', api(`/${id}`), { token: builder.token })).body.title).toBe('Write docs');
    const updated = await t.request('PUT', api(`/${id}`), { token: builder.token, body: { done: 'true' } });
    expect(updated.body).toMatchObject({ title: 'Write docs', done: true, estimate: 2 });
    expect((await t.request('DELETE', api(`/${id}`), { token: builder.token })).body).toEqual({ id });
    const gone = await t.request('GET', api(`/${id}`), { token: builder.token });
    expect(gone.status).toBe(404);
  });

  it('lists with q, sort, limit, skip and fields', async () => {
    const bulk = await t.request('POST', api('/bulk'), {
      token: builder.token,
      body: [
        { title: 'a', estimate: 3, tags: ['x'] },
        { title: 'b', estimate: 1, tags: ['y'] },
        { title: 'c', estimate: 2, tags: ['x', 'y'], done: true },
      ],
    });
    expect(bulk.status).toBe(200);
    expect(bulk.body).toHaveLength(3);
    const q = encodeURIComponent(JSON.stringify({ tags: 'x' }));
    const list = await t.request('GET', api(`?q=${q}&sort=estimate&fields=title`), { token: builder.token });
    expect(list.status).toBe(200);
    expect(list.body.map((r: { title: string }) => r.title)).toEqual(['c', 'a']);
    expect(Object.keys(list.body[0]).sort()).toEqual(['createdAt', 'creatorId', 'id', 'title', 'updatedAt']);
    const page = await t.request('GET', api('?sort=-estimate&limit=1&skip=1'), { token: builder.token });
    expect(page.body.map((r: { title: string }) => r.title)).toEqual(['c']);
  });

  it('deletes many by q, and needs a q to do it', async () => {
    await t.request('POST', api('/bulk'), {
      token: builder.token,
      body: [{ title: 'tmp-1' }, { title: 'tmp-2' }, { title: 'keep' }],
    });
    expect((await t.request('DELETE', api(), { token: builder.token })).status).toBe(400);
    const q = encodeURIComponent(JSON.stringify({ title: { $regex: '^tmp-' } }));
    const res = await t.request('DELETE', api(`?q=${q}`), { token: builder.token });
    expect(res.body).toEqual({ deleted: 2 });
    const left = await t.request('GET', api(`?q=${encodeURIComponent(JSON.stringify({ title: 'keep' }))}`), {
      token: builder.token,
    });
    expect(left.body).toHaveLength(1);
  });

  it('answers bad input with clear 4xx and keeps what is stored', async () => {
    const before = (await t.request('GET', api('?limit=1000'), { token: builder.token })).body.length;
    const cases: Array<[string, string, unknown, string]> = [
      ['POST', api(), { estimate: 1 }, 'Task.title is required'],
      ['POST', api(), { title: 'x', colour: 'red' }, 'Unknown field "colour" on Task'],
      ['POST', api(), { title: 'x', estimate: 'lots' }, 'Task.estimate must be a number'],
      ['POST', api(), [1, 2], 'A Task record must be a JSON object'],
      ['POST', api('/bulk'), [{ title: 'ok' }, { estimate: 1 }], 'Record 2: Task.title is required'],
      ['POST', api('/bulk'), { title: 'x' }, 'The body must be a list of records'],
      ['GET', api('?q=%7Bnot-json'), undefined, 'q is not valid JSON'],
      ['GET', api('?limit=0'), undefined, 'limit must be a whole number from 1 to 1000'],
    ];
    for (const [method, path, body, message] of cases) {
      const res = await t.request(method, path, { token: builder.token, body });
      expect(res.status, `${method} ${path}`).toBe(400);
      expect(res.body.error.message, `${method} ${path}`).toContain(message);
    }
    const raw = await t.request('POST', api(), { token: builder.token, rawBody: '{oops' });
    expect(raw.status).toBe(400);
    expect((await t.request('GET', api('?limit=1000'), { token: builder.token })).body.length).toBe(before);
  });

  it('answers unknown apps, entities and records with 404s', async () => {
    expect((await t.request('GET', `/live_api/apps/nope/entities/Task`, { token: builder.token })).status).toBe(404);
    const noEntity = await t.request('GET', `/live_api/apps/${appId}/entities/Ghost`, { token: builder.token });
    expect(noEntity.status).toBe(404);
    expect(noEntity.body.error.message).toBe('This app has no entity named "Ghost"');
    expect((await t.request('PUT', api('/missing-id'), { token: builder.token, body: { done: true } })).status).toBe(
      404,
    );
  });

  it('serves the entity schema to its owner, to nobody else on a creator-only entity', async () => {
    const res = await t.request('GET', api('/schema'), { token: builder.token });
    expect(res.status).toBe(200);
    expect(res.body.properties.title).toEqual({ type: 'string' });
    expect((await t.request('GET', api('/schema'))).status).toBe(401);
    expect((await t.request('GET', api('/schema'), { token: stranger.token })).status).toBe(401);
  });
});

describe('entity API access for others', () => {
  it('keeps creator-only data from anonymous callers and other builders', async () => {
    await t.request('POST', api(), { token: builder.token, body: { title: 'secret' } });
    for (const token of [undefined, stranger.token]) {
      const list = await t.request('GET', api(), { token });
      expect(list.status).toBe(401);
      expect(list.body.error.message).toBe(APP_MESSAGES.unauthorized);
      expect((await t.request('POST', api(), { token, body: { title: 'x' } })).status).toBe(401);
      expect((await t.request('DELETE', api('?q=%7B%7D'), { token })).status).toBe(401);
    }
  });

  it('lets anyone read an anonymous-read entity but not write an admin-write one', async () => {
    const openApp = await createApp(builder.token, {
      Post: taskSchema('anonymous', 'admin'),
      Inbox: taskSchema('admin', 'anonymous'),
    });
    await t.request('POST', `/live_api/apps/${openApp}/entities/Post`, {
      token: builder.token,
      body: { title: 'Hello world' },
    });
    const read = await t.request('GET', `/live_api/apps/${openApp}/entities/Post`);
    expect(read.status).toBe(200);
    expect(read.body.map((r: { title: string }) => r.title)).toEqual(['Hello world']);
    const write = await t.request('POST', `/live_api/apps/${openApp}/entities/Post`, { body: { title: 'spam' } });
    expect(write.status).toBe(401);

    const sent = await t.request('POST', `/live_api/apps/${openApp}/entities/Inbox`, { body: { title: 'Contact me' } });
    expect(sent.status).toBe(200);
    expect(sent.body.creatorId).toBeNull();
    expect((await t.request('GET', `/live_api/apps/${openApp}/entities/Inbox`)).status).toBe(401);
    expect(
      (await t.request('GET', `/live_api/apps/${openApp}/entities/Inbox`, { token: builder.token })).body,
    ).toHaveLength(1);
  });
});
