import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../logger';
import { createErrorHandler } from './errors';
import { JSON_MAX_DEPTH, readAnyJson, refuseUnstorableAddress } from './validate';

const app = new Hono();
app.onError(createErrorHandler(createLogger('silent')));
app.use(refuseUnstorableAddress());
app.post('/echo/:id', async (c) => c.json({ id: c.req.param('id'), body: await readAnyJson(c) }));

const post = (path: string, body: string) =>
  app.request(path, { method: 'POST', body, headers: { 'content-type': 'application/json' } });
const messageOf = async (res: Response) => ((await res.json()) as { error: { message: string } }).error.message;

describe('request input the database cannot store', () => {
  it('refuses a NUL character in any string or key of a JSON body with a 400', async () => {
    for (const body of ['{"a":"x\\u0000y"}', '["\\u0000"]', '{"k\\u0000":1}', '{"a":{"b":["ok","\\u0000"]}}']) {
      const res = await post('/echo/1', body);
      expect(res.status, body).toBe(400);
      expect(await messageOf(res)).toBe('The request body contains a NUL character (\\u0000), which cannot be stored');
    }
    // An escaped backslash followed by "u0000" is text, not a NUL.
    const text = await post('/echo/1', '{"a":"\\\\u0000"}');
    expect(await text.json()).toEqual({ id: '1', body: { a: '\\u0000' } });
  });

  it(`refuses JSON nested deeper than ${JSON_MAX_DEPTH} levels, however deep, with a 400`, async () => {
    for (const depth of [JSON_MAX_DEPTH + 1, 5_000, 200_000]) {
      const res = await post('/echo/1', `${'['.repeat(depth)}${']'.repeat(depth)}`);
      expect(res.status, String(depth)).toBe(400);
      expect(await messageOf(res)).toBe(`The request body is nested more than ${JSON_MAX_DEPTH} levels deep`);
    }
    const deepest = `${'{"a":'.repeat(JSON_MAX_DEPTH - 1)}["[[[{"]${'}'.repeat(JSON_MAX_DEPTH - 1)}`;
    expect((await post('/echo/1', deepest)).status).toBe(200);
  });

  it('refuses a NUL character in the path or the query string with a 400', async () => {
    for (const path of ['/echo/a%00b', '/echo/1?q=%00', '/echo/1?x%00=1']) {
      const res = await post(path, '{}');
      expect(res.status, path).toBe(400);
      expect(await messageOf(res)).toBe('The address contains a NUL character (%00), which is not allowed');
    }
    expect((await post('/echo/%E0%A4%A?q=%zz', '{}')).status).toBe(200);
  });
});
