import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import type { LogLevel } from '../config';
import { createLogger } from '../logger';
import { createErrorHandler } from './errors';

function appThrowing(err: unknown, level: LogLevel = 'error') {
  const lines: string[] = [];
  const app = new Hono();
  app.onError(createErrorHandler(createLogger(level, (l) => lines.push(l))));
  app.get('/', () => {
    throw err;
  });
  return { app, lines };
}

describe('error middleware', () => {
  it('renders AppErrors in the wire shape with their status', async () => {
    const { app } = appThrowing(new AppError('VALIDATION_FAILED', 'title: required', { field: 'title' }));
    const res = await app.request('/');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: { code: 'VALIDATION_FAILED', message: 'title: required', details: { field: 'title' } },
    });
  });

  it('turns database errors caused by bad input into 400s, also when wrapped by the ORM', async () => {
    const direct = appThrowing(Object.assign(new Error('invalid regular expression'), { code: '2201B' }));
    expect((await direct.app.request('/')).status).toBe(400);
    const wrapped = appThrowing(Object.assign(new Error('Failed query'), { cause: { code: '22007' } }));
    const res = await wrapped.app.request('/');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
      'Invalid date or time in the request',
    );
  });

  it.each([
    ['22P05', 'a character the database cannot store'],
    ['22021', 'a NUL character'],
    ['54001', 'statement nested too deep'],
    ['54000', 'index row size exceeds the maximum'],
    ['22001', 'value too long'],
    ['22003', 'numeric value out of range'],
  ])('answers an invalid-input error of PostgreSQL, %s (%s), with a 400, never a 500', async (code, what) => {
    const { app, lines } = appThrowing(Object.assign(new Error('Failed query'), { cause: { code, message: what } }));
    const res = await app.request('/');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('VALIDATION_FAILED');
    expect(lines).toEqual([]);
  });

  it('answers a query stopped by the statement timeout (57014) with a 503 and a plain message', async () => {
    const { app, lines } = appThrowing(
      Object.assign(new Error('Failed query: SELECT secret'), {
        cause: { code: '57014', message: 'canceling statement due to statement timeout' },
      }),
      'warn',
    );
    const res = await app.request('/');
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({
      error: {
        code: 'QUERY_TIMEOUT',
        message: 'This request took too long and was stopped. Try a narrower search or a smaller page.',
      },
    });
    expect(lines.join('')).toContain('statement timeout');
    expect(lines.join('')).not.toContain('secret');
  });

  it('logs anything else and answers a plain 500 without internals', async () => {
    const { app, lines } = appThrowing(new Error('connection refused at 10.0.0.5'));
    const res = await app.request('/');
    expect(res.status).toBe(500);
    expect(JSON.stringify(await res.json())).not.toContain('10.0.0.5');
    expect(lines.join('')).toContain('connection refused');
  });
});
