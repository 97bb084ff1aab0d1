import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../testing/harness';
import { buildGenApp } from '../../testing/factories';
import { createLogger } from '../logger';
import { requestLog } from './request-log';

/** Request lines as an operator reads them: LOG_LEVEL=info, JSON on stdout. */
const lines: string[] = [];
const t = await createTestApp({}, { logger: createLogger('info', (l) => lines.push(l)) });
const builder = await t.signUpVerified();
const created = await t.request('POST', '/api/apps', {
  token: builder.token,
  body: buildGenApp({
    name: 'Notes',
    entities: { Note: { type: 'object', properties: { title: { type: 'string' } } } },
  }),
});
const appId = created.body.appId as string;

/** The request lines logged while `fn` ran. */
async function requestLines(fn: () => Promise<unknown>) {
  const from = lines.length;
  await fn();
  return lines
    .slice(from)
    .map((l) => JSON.parse(l) as Record<string, unknown>)
    .filter((e) => e.msg === 'request');
}

describe('request logs', () => {
  it('log every call once with its route pattern, status, duration and request id, never the raw path', async () => {
    const [line, ...more] = await requestLines(() =>
      t.request('GET', `/live_api/apps/${appId}/entities/Note?sort=title`, {
        token: builder.token,
        headers: { 'x-request-id': 'support-1234' },
      }),
    );
    expect(more).toEqual([]);
    expect(line).toMatchObject({
      level: 'info',
      reqId: 'support-1234',
      method: 'GET',
      route: '/live_api/apps/:appId/entities/:name',
      status: 200,
    });
    expect(typeof line!.ms).toBe('number');
    expect(JSON.stringify(line)).not.toContain(appId);
  });

  it('never write a token from a path or a query string', async () => {
    const secrets = ['pathtoken0123456789abcdef', 'querytoken0123456789', 'apikey0123456789abc'];
    const logged = await requestLines(async () => {
      await t.request('GET', `/api/auth/reset-password/${secrets[0]}?callbackURL=%2Freset&token=${secrets[1]}`);
      await t.request('GET', `/live_api/apps/${appId}/entities/Note?api_key=${secrets[2]}&x=${secrets[1]}`);
      await t.request('GET', `/api/apps/${secrets[0]}`, { token: builder.token });
    });
    expect(logged).toHaveLength(3);
    expect(logged.map((l) => l.route)).not.toContain('unmatched');
    const text = lines.join('\n');
    for (const secret of secrets) expect(text).not.toContain(secret);
  });

  it('make their own request id when the client sends none or an odd one', async () => {
    const logged = await requestLines(async () => {
      const res = await t.request('GET', '/livez', { headers: { 'x-request-id': 'has spaces\tand "quotes"' } });
      expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    });
    expect(logged[0]!.reqId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('are left out below their level; a failure is a warning', async () => {
    const quiet: string[] = [];
    const app = new Hono();
    app.use(requestLog(createLogger('warn', (l) => quiet.push(l))));
    app.get('/ok/:id', (c) => c.text('ok'));
    app.get('/broken/:id', (c) => c.text('down', 503));
    expect((await app.request('/ok/1')).status).toBe(200);
    expect((await app.request('/missing')).status).toBe(404);
    expect((await app.request('/broken/2')).status).toBe(503);
    expect(quiet.map((l) => JSON.parse(l) as Record<string, unknown>)).toMatchObject([
      { level: 'warn', msg: 'request', route: '/broken/:id', status: 503 },
    ]);
  });
});
