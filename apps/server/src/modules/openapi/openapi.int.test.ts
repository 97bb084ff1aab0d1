import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { API_ROUTES, responsesOf, type ApiRoute } from '@tessera/contracts/api';
import { STRONG_PASSWORD, uniqueEmail } from '@tessera/test-utils';
import { createTestApp, TEST_PUBLIC_URL, type ApiResponse } from '../../testing/harness';
import { buildGenApp } from '../../testing/factories';
import { appHostRoutes } from '../../testing/host-routes';
import type { OpenApiDocument } from './openapi';

const t = await createTestApp();
const hostRouter = appHostRoutes({ publicUrl: TEST_PUBLIC_URL } as Parameters<typeof appHostRoutes>[0]);
const docRes = await t.request<OpenApiDocument>('GET', '/api/openapi.json');
const doc = docRes.body;

type Registered = { method: string; path: string; handler: { length: number } };
/**
 * Routes that are not API calls: the JSON 404 of unknown /api and /live_api paths, and on an app
 * host its HTML pages (shell, login, paywall, a tool's public page), static assets (runtime, compiled code, uploaded files) and
 * refusals (unknown integrations, /api, unknown run paths, anything else), and the memories call's
 * second address (documented under the first).
 */
const NOT_API = new Set([
  'builder ALL /api/*',
  'builder ALL /live_api/*',
  'builder ALL *',
  'host GET /',
  'host GET /app/{slug}/*',
  'host GET /app/{slug}',
  'host GET /apps/{appId}/login',
  'host GET /apps/{appId}/membership',
  'host GET /tool/{path}',
  'host GET /tool-preview',
  'host GET /_runtime/{file}',
  'host GET /_runtime/fonts/{file}',
  'host GET /_app/{file}',
  'host GET /files/{name}',
  'host POST /integrations/Core/{endpoint}',
  'host ALL /api/*',
  'host ALL /live_api/*',
  'host GET /api/live_api/user/memories/current',
  'host GET /*',
  'host ALL /*',
]);
const openApiPath = (path: string) => path.replace(/:(\w+)(\{[^}]*\})?/g, '{$1}');

/** The registered routes (middleware-only entries left out) missing from the document, as `on METHOD path`. */
function missingFromDocument(routers: Record<'builder' | 'host', Registered[]>, document: OpenApiDocument): string[] {
  const documented = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.keys(item)
      .filter((key) => key !== 'servers')
      .map((method) => {
        const servers = (item.servers as Array<{ url: string }> | undefined)?.map((s) => s.url.includes('{slug}'));
        return {
          method: method.toUpperCase(),
          path,
          onHost: servers?.includes(true),
          onBuilder: !servers || servers.includes(false),
        };
      }),
  );
  const missing = new Set<string>();
  for (const on of ['builder', 'host'] as const) {
    // Middleware are (c, next); handlers answer from (c) alone.
    const handled = routers[on].filter((r) => r.handler.length < 2);
    for (const route of handled) {
      const path = openApiPath(route.path);
      const key = `${on} ${route.method} ${path}`;
      if (NOT_API.has(key)) continue;
      const found = documented.some(
        (d) =>
          (route.method === 'ALL' || d.method === route.method) &&
          (path.endsWith('/*') ? d.path.startsWith(path.slice(0, -1)) : d.path === path) &&
          (on === 'builder' ? d.onBuilder : d.onHost),
      );
      if (!found) missing.add(key);
    }
  }
  return [...missing];
}

describe('route coverage', () => {
  it('documents every route the builder app and the app host register', () => {
    expect(missingFromDocument({ builder: t.app.routes, host: hostRouter.routes }, doc)).toEqual([]);
  });

  it('reports a route that is not documented', () => {
    const extra = new Hono();
    extra.post('/api/apps/:appId/throwaway', (c) => c.json({}));
    extra.get('/runtime/throwaway', (c) => c.json({}));
    const routers = { builder: [...t.app.routes, ...extra.routes], host: [...hostRouter.routes, extra.routes[1]!] };
    expect(missingFromDocument(routers, doc)).toEqual([
      'builder POST /api/apps/{appId}/throwaway',
      'builder GET /runtime/throwaway',
      'host GET /runtime/throwaway',
    ]);
  });

  it('documents no route the server does not have', () => {
    const registered = [...t.app.routes, ...hostRouter.routes].filter((r) => r.handler.length < 2);
    const phantom = API_ROUTES.filter(
      (route) =>
        !registered.some((r) => {
          const path = openApiPath(r.path);
          const method = route.method.toUpperCase();
          return (
            (r.method === method || r.method === 'ALL') &&
            (path === route.path || (path.endsWith('/*') && route.path.startsWith(path.slice(0, -1))))
          );
        }),
    );
    expect(phantom.map((r) => `${r.method} ${r.path}`)).toEqual([]);
  });
});

describe('the document', () => {
  it('is OpenAPI 3.1 in shape, and every $ref resolves', () => {
    expect(docRes.status).toBe(200);
    expect(docRes.headers.get('content-type')).toContain('application/json');
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info.title).toBeTruthy();
    expect(doc.info.version).toBeTruthy();
    expect(Object.keys(doc.paths).length).toBeGreaterThan(60);
    expect(Object.keys(doc.components.schemas)).toContain('ErrorBody');
    const refs: string[] = [];
    const walk = (value: unknown): void => {
      if (Array.isArray(value)) value.forEach(walk);
      else if (value && typeof value === 'object')
        for (const [k, v] of Object.entries(value)) {
          if (k === '$ref') refs.push(v as string);
          else walk(v);
        }
    };
    walk(doc);
    expect(refs.length).toBeGreaterThan(50);
    const resolve = (ref: string) =>
      ref
        .slice(2)
        .split('/')
        .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], doc);
    expect(refs.filter((ref) => !ref.startsWith('#/') || resolve(ref) === undefined)).toEqual([]);
    const operationIds = new Set<string>();
    for (const [path, item] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(item)) {
        if (method === 'servers') continue;
        const operation = op as { operationId: string; responses: object; parameters?: Array<{ name: string }> };
        expect(operationIds.has(operation.operationId), operation.operationId).toBe(false);
        operationIds.add(operation.operationId);
        expect(Object.keys(operation.responses).length, `${method} ${path}`).toBeGreaterThan(0);
        const params = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
        expect((operation.parameters ?? []).map((p) => p.name).slice(0, params.length)).toEqual(params);
      }
  });

  it('serves a reference page that runs nothing and loads nothing from elsewhere', async () => {
    const res = await t.request<string>('GET', '/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(res.body).not.toMatch(/<script|<link|@import|\son\w+=|javascript:/i);
    expect(res.body).not.toMatch(/(src|href)="(https?:)?\/\//);
    expect(res.body).toContain('<code>/api/apps/{appId}</code>');
    expect(res.body).toContain('Builder bearer token');
    expect(res.body).toContain('id="schema-ErrorBody"');
  });
});

describe('documented answers match what the routes return', () => {
  /** Validates an answer with the registry's zod schema for its route and status. */
  function expectDocumented(method: ApiRoute['method'], path: string, res: ApiResponse) {
    const route = API_ROUTES.find((r) => r.method === method && r.path === path);
    expect(route, `${method} ${path} is in the registry`).toBeDefined();
    const spec = responsesOf(route!)[res.status];
    expect(spec, `${method} ${path} documents ${res.status}: ${JSON.stringify(res.body)}`).toBeDefined();
    const parsed = spec!.schema!.safeParse(res.body);
    expect(parsed.error?.issues, `${method} ${path} ${res.status}`).toBeUndefined();
    // Nothing the document leaves out: zod drops keys an object schema does not list.
    expect(parsed.data, `${method} ${path} ${res.status} has no undocumented keys`).toEqual(res.body);
  }

  it('for the builder, app, entity, version and data-source calls, and their errors', async () => {
    const email = uniqueEmail();
    const signUp = await t.request('POST', '/api/auth/sign-up/email', {
      body: { email, password: STRONG_PASSWORD, name: 'Doc Reader' },
    });
    expectDocumented('post', '/api/auth/sign-up/email', signUp);
    const token = signUp.headers.get('set-auth-token')!;
    expectDocumented(
      'post',
      '/api/live_api/account/create',
      await t.request('POST', '/api/live_api/account/create', { token }),
    );
    expectDocumented(
      'get',
      '/api/live_api/account/current',
      await t.request('GET', '/api/live_api/account/current', { token }),
    );
    expectDocumented('get', '/api/auth/get-session', await t.request('GET', '/api/auth/get-session', { token }));

    const task = {
      type: 'object',
      properties: { title: { type: 'string' }, done: { type: 'boolean' } },
      required: ['title'],
      'x-accessControl': { permissions: { read: 'creator', write: 'creator' } },
    };
    const created = await t.request('POST', '/api/apps', {
      token,
      body: buildGenApp({ name: 'Docs', entities: { Task: task } }),
    });
    expectDocumented('post', '/api/apps', created);
    const appId = created.body.appId as string;
    expectDocumented('get', '/api/apps', await t.request('GET', '/api/apps', { token }));
    expectDocumented('get', '/api/apps/{appId}', await t.request('GET', `/api/apps/${appId}`, { token }));

    const records = `/live_api/apps/${appId}/entities/Task`;
    const record = await t.request('POST', records, { token, body: { title: 'Read the docs' } });
    expectDocumented('post', '/live_api/apps/{appId}/entities/{name}', record);
    expectDocumented('get', '/live_api/apps/{appId}/entities/{name}', await t.request('GET', records, { token }));
    const one = '/live_api/apps/{appId}/entities/{name}/{id}';
    expectDocumented('get', one, await t.request('GET', `${records}/${record.body.id}`, { token }));
    expectDocumented('get', one, await t.request('GET', `${records}/no-such-record`, { token }));
    expectDocumented(
      'get',
      '/live_api/apps/{appId}/entities/{name}/schema',
      await t.request('GET', `${records}/schema`, { token }),
    );

    expectDocumented(
      'get',
      '/api/apps/{appId}/versions',
      await t.request('GET', `/api/apps/${appId}/versions`, { token }),
    );
    const items = await t.request('GET', `/api/context/items?appId=${appId}`, { token });
    expectDocumented('get', '/api/context/items', items);

    // Errors: 400 (bad body, missing query), 401 (no token), 404 (not found or not yours).
    const badBody = await t.request('POST', '/api/apps', { token, body: { appType: 'nope' } });
    expect(badBody.status).toBe(400);
    expectDocumented('post', '/api/apps', badBody);
    const noQuery = await t.request('GET', '/api/context/items', { token });
    expect(noQuery.status).toBe(400);
    expectDocumented('get', '/api/context/items', noQuery);
    const noToken = await t.request('GET', '/api/apps');
    expect(noToken.status).toBe(401);
    expectDocumented('get', '/api/apps', noToken);
    const notFound = await t.request('GET', '/api/apps/no-such-app', { token });
    expect(notFound.status).toBe(404);
    expectDocumented('get', '/api/apps/{appId}', notFound);
    const weak = await t.request('POST', '/api/auth/sign-up/email', { body: { email: uniqueEmail(), password: 'x' } });
    expect(weak.status).toBe(400);
    expectDocumented('post', '/api/auth/sign-up/email', weak);

    expectDocumented('get', '/healthz', await t.request('GET', '/healthz'));
    expectDocumented('get', '/api/config', await t.request('GET', '/api/config'));
    expectDocumented(
      'get',
      '/api/dev/outbox',
      await t.request('GET', `/api/dev/outbox?to=${email}`, { remoteAddress: '127.0.0.1' }),
    );
  });
});
