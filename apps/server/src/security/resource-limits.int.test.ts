import type { AddressInfo } from 'node:net';
import { connect, type Socket } from 'node:net';
import type { Server } from 'node:http';
import { gzipSync } from 'node:zlib';
import { serve } from '@hono/node-server';
import { afterAll, describe, expect, it } from 'vitest';
import { UPLOAD_MAX_BYTES } from '@tessera/contracts/runtime';
import { createTestApp } from '../testing/harness';
import { buildGenApp } from '../testing/factories';
import { appHostRoutes } from '../testing/host-routes';
import { JSON_BODY_MAX_BYTES } from '../platform/http/body-limit';
import { httpServerOptions } from '../platform/http/server-options';

const MB = 1024 * 1024;
const t = await createTestApp();
const builder = await t.signUpVerified();
const slug = `limits-${Math.random().toString(36).slice(2, 8)}`;
const { body: created } = await t.request('POST', '/api/apps', {
  token: builder.token,
  body: buildGenApp({ name: 'Limits', slug, entities: { Note: { properties: { title: { type: 'string' } } } } }),
});
const appId = created.appId as string;
await t.request('POST', `/api/apps/${appId}/publish`, { token: builder.token });
const { body: note } = await t.request('POST', `/live_api/apps/${appId}/entities/Note`, {
  token: builder.token,
  body: { title: 'kept' },
});
const appHost = `${slug}.apps.localhost:3000`;

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;
/** A digest of every stored table, less those a refused request may still touch (rate windows, sessions). */
async function storedState(): Promise<Record<string, string>> {
  const tables = rows<{ name: string }>(
    await t.db.execute(
      `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'
       AND table_name NOT IN ('rate_limits', 'auth_sessions', 'app_sessions') ORDER BY 1`,
    ),
  );
  const state: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = rows<{ digest: string }>(
      await t.db.execute(
        `SELECT md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS digest FROM "${name}" x`,
      ),
    );
    state[name] = row!.digest;
  }
  return state;
}

/** Every route that may read a body, from the routers themselves, with its parameters filled in. */
function bodyRoutes(): Array<{ method: string; path: string; host?: string }> {
  const concrete = (path: string) =>
    path
      .replace(/:appId(\{[^}]*\})?/g, appId)
      .replace(/:name(\{[^}]*\})?/g, 'Note')
      .replace(/:id(\{[^}]*\})?/g, note.id as string)
      .replace(/:\w+(\{[^}]*\})?/g, 'x')
      .replace(/\*/g, 'x');
  const hostRouter = appHostRoutes({ publicUrl: t.config.publicUrl } as Parameters<typeof appHostRoutes>[0]);
  const found = new Map<string, { method: string; path: string; host?: string }>();
  const add = (routes: Array<{ method: string; path: string }>, host?: string) => {
    for (const route of routes) {
      if (route.method === 'GET' || route.method === 'HEAD' || route.method === 'OPTIONS') continue;
      const method = route.method === 'ALL' ? 'POST' : route.method;
      const path = concrete(route.path);
      found.set(`${host ?? ''} ${method} ${path}`, { method, path, host });
    }
  };
  add(t.app.routes);
  add(hostRouter.routes, appHost);
  return [...found.values()];
}

const encoder = new TextEncoder();
const FILLER = new Uint8Array(256 * 1024).fill(0x61);
/**
 * A body that goes on and on (up to `cap` bytes, so a server that reads it all still ends), pulled
 * only when the server reads: `read()` tells how many bytes the server took.
 */
function endlessBody(prefix: string, cap = 24 * MB) {
  let read = 0;
  let sentPrefix = false;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (!sentPrefix && prefix) {
          sentPrefix = true;
          const head = encoder.encode(prefix);
          read += head.length;
          controller.enqueue(head);
          return;
        }
        if (read >= cap) return controller.close();
        read += FILLER.length;
        controller.enqueue(FILLER.slice());
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, read: () => read };
}

const multipartField = (name: string) => `--limits\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`;
const multipartFile = (filename: string, type: string) =>
  `--limits\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
const MULTIPART = 'multipart/form-data; boundary=limits';

async function send(
  route: { method: string; path: string; host?: string },
  body: ReadableStream<Uint8Array>,
  headers: Record<string, string>,
  token: string | null = builder.token,
) {
  const res = await t.app.request(
    route.path,
    {
      method: route.method,
      body,
      duplex: 'half',
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(route.host ? { host: route.host } : {}),
        ...headers,
      },
    } as RequestInit,
    { incoming: { socket: { remoteAddress: '10.9.8.7' } } },
  );
  await res.text();
  return res.status;
}

/** The most a refused body may cost: the JSON limit, or the form fields allowed before a file, plus a chunk. */
const REFUSED_WITHIN = JSON_BODY_MAX_BYTES + 3 * MB;

describe('request bodies that never end', () => {
  it('are cut off at the limit on every route that takes a body, with a 4xx and nothing stored', async () => {
    const routes = bodyRoutes();
    expect(routes.length).toBeGreaterThan(40);
    expect(routes).toContainEqual({ method: 'POST', path: `/live_api/apps/${appId}/entities/Note/import` });
    expect(routes).toContainEqual({ method: 'POST', path: '/integrations/Core/UploadFile', host: appHost });
    const before = await storedState();
    const failures: string[] = [];
    for (const route of routes) {
      for (const [type, prefix] of [
        ['application/json', '{"title":"'],
        [MULTIPART, multipartField('mapping')],
      ] as const) {
        const body = endlessBody(prefix);
        const status = await send(route, body.stream, { 'content-type': type });
        if (status < 400 || status >= 500 || body.read() > REFUSED_WITHIN)
          failures.push(`${route.method} ${route.path} (${type}): ${status} after ${body.read()} bytes`);
      }
    }
    expect(failures).toEqual([]);
    expect(await storedState()).toEqual(before);
  });

  it('refuses the reproduced cases: an entity named "import" and a record id "import" take the JSON limit', async () => {
    for (const route of [
      { method: 'POST', path: '/live_api/apps/no-such-app/entities/import' },
      { method: 'POST', path: `/live_api/apps/${appId}/entities/import` },
      { method: 'PUT', path: `/live_api/apps/${appId}/entities/Note/import` },
      { method: 'PUT', path: '/live_api/apps/no-such-app/entities/Note/import' },
    ]) {
      const body = endlessBody('{"title":"');
      expect([route, await send(route, body.stream, { 'content-type': 'application/json' }, null)]).toEqual([
        route,
        413,
      ]);
      expect(body.read(), route.path).toBeLessThanOrEqual(JSON_BODY_MAX_BYTES + FILLER.length);
    }
  });

  it('checks the app and the caller of a CSV import before reading any of the upload', async () => {
    const stranger = await t.signUpVerified();
    const before = await storedState();
    for (const [path, token, status] of [
      ['/live_api/apps/no-such-app/entities/Note/import', builder.token, 404],
      [`/live_api/apps/${appId}/entities/Nothing/import`, builder.token, 404],
      [`/live_api/apps/${appId}/entities/Note/import`, null, 401],
      // Another builder is nobody to this app: signing in as someone else may help.
      [`/live_api/apps/${appId}/entities/Note/import`, stranger.token, 401],
    ] as const) {
      const body = endlessBody(multipartFile('notes.csv', 'text/csv') + 'title\n');
      expect([path, await send({ method: 'POST', path }, body.stream, { 'content-type': MULTIPART }, token)]).toEqual([
        path,
        status,
      ]);
      expect(body.read(), path).toBe(0);
    }
    expect(await storedState()).toEqual(before);
  });

  it('stops each upload at its own limit while the file streams in', async () => {
    const before = await storedState();
    for (const [route, file, limit] of [
      [{ method: 'POST', path: `/api/apps/${appId}/files` }, multipartFile('a.png', 'image/png'), UPLOAD_MAX_BYTES],
      [
        { method: 'POST', path: '/integrations/Core/UploadFile', host: appHost },
        multipartFile('a.png', 'image/png'),
        UPLOAD_MAX_BYTES,
      ],
      [
        { method: 'POST', path: `/api/context/ingest/file?appId=${appId}` },
        multipartFile('a.txt', 'text/plain'),
        10 * MB,
      ],
      // (The CSV import's 100 MB is the same reader's limit: multipart.test.ts counts it with a small one.)
    ] as const) {
      const body = endlessBody(file, 64 * MB);
      const status = await send(route, body.stream, { 'content-type': MULTIPART });
      expect([route.path, status]).toEqual([route.path, expect.toSatisfy((s: number) => s >= 400 && s < 500)]);
      expect(body.read(), route.path).toBeLessThanOrEqual(limit + REFUSED_WITHIN);
    }
    expect(await storedState()).toEqual(before);
  });
});

describe('declared and compressed bodies', () => {
  it('refuses a declared length over the limit before reading, on every route', async () => {
    const failures: string[] = [];
    for (const route of bodyRoutes()) {
      const body = endlessBody(multipartField('mapping'));
      const status = await send(route, body.stream, { 'content-type': MULTIPART, 'content-length': String(1024 * MB) });
      if (status < 400 || status >= 500 || body.read() > 0)
        failures.push(`${route.method} ${route.path}: ${status} after ${body.read()} bytes`);
    }
    expect(failures).toEqual([]);
  });

  it('never inflates a compressed body: Content-Encoding is refused before a byte is read', async () => {
    const bomb = gzipSync(Buffer.alloc(256 * MB));
    const failures: string[] = [];
    for (const route of bodyRoutes()) {
      let read = 0;
      const stream = new ReadableStream<Uint8Array>(
        {
          pull(controller) {
            if (read) return controller.close();
            read = bomb.length;
            controller.enqueue(new Uint8Array(bomb));
          },
        },
        { highWaterMark: 0 },
      );
      const status = await send(route, stream, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      if (status < 400 || status >= 500 || read > 0)
        failures.push(`${route.method} ${route.path}: ${status} after ${read} bytes`);
    }
    expect(failures).toEqual([]);
  });
});

describe('on a listening server', () => {
  const server = serve({
    fetch: t.app.fetch,
    port: 0,
    hostname: '127.0.0.1',
    serverOptions: httpServerOptions({ keepAliveMs: 5_000, headersMs: 1_000, requestMs: 2_000, checkEveryMs: 100 }),
  }) as Server;
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const port = async () => {
    if (!server.listening) await new Promise((resolve) => server.once('listening', resolve));
    return (server.address() as AddressInfo).port;
  };
  async function open(): Promise<{ socket: Socket; answer: () => string; closed: Promise<number> }> {
    const socket = connect(await port(), '127.0.0.1');
    socket.on('error', () => {});
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    let answer = '';
    socket.on('data', (d) => (answer += d));
    const started = Date.now();
    const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now() - started)));
    return { socket, answer: () => answer, closed };
  }

  it('answers an endless chunked body and closes the connection without reading it all', async () => {
    for (const [method, path, status] of [
      ['POST', '/live_api/apps/no-such-app/entities/import', 413],
      ['POST', '/api/auth/sign-in/email', 413],
      // Routes that never read a body: the answer ends the connection instead of reading the rest.
      ['POST', `/live_api/apps/${appId}/entities/Note/import`, 401],
      ['GET', '/healthz', 200],
    ] as const) {
      const { socket, answer, closed } = await open();
      socket.write(
        `${method} ${path} HTTP/1.1\r\nHost: localhost:3000\r\nContent-Type: multipart/form-data; boundary=x\r\nTransfer-Encoding: chunked\r\n\r\n`,
      );
      let written = 0;
      let isClosed = false;
      void closed.then(() => (isClosed = true));
      const chunk = Buffer.concat([Buffer.from(`${FILLER.length.toString(16)}\r\n`), FILLER, Buffer.from('\r\n')]);
      // Like a browser, the client stops sending once an answer comes; the server must still close.
      while (!isClosed && !answer() && written < 128 * MB) {
        written += chunk.length;
        if (!socket.write(chunk)) await Promise.race([new Promise((r) => socket.once('drain', r)), closed]);
      }
      // Closed at once, not kept for another request (keep-alive is 5 s here).
      expect(await closed, path).toBeLessThan(3_000);
      expect(answer(), path).toMatch(new RegExp(`^HTTP/1\\.1 ${status}`));
      // The whole answer arrived before the close (no reset cut it short).
      expect(answer(), path).toMatch(/\r\n\r\n\{.*\}$/s);
      expect(written, path).toBeLessThan(JSON_BODY_MAX_BYTES + 16 * MB);
    }
  });

  it('closes a connection whose headers trickle in (slowloris)', async () => {
    const { socket, answer, closed } = await open();
    socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n');
    const trickle = setInterval(() => socket.write('X-Slow: 1\r\n'), 100);
    const after = await closed;
    clearInterval(trickle);
    expect(after).toBeLessThan(3_000);
    expect(answer()).toMatch(/^HTTP\/1\.1 408/);
  });

  it('closes a connection whose body trickles in', async () => {
    const { socket, answer, closed } = await open();
    socket.write(
      'POST /api/live_api/account/sendMagicLink HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"email":"',
    );
    const trickle = setInterval(() => socket.write('a'), 100);
    const after = await closed;
    clearInterval(trickle);
    expect(after).toBeLessThan(4_000);
    expect(answer()).toMatch(/^HTTP\/1\.1 408/);
  });
});
