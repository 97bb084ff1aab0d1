import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createLogger, describeError, redactText } from './logger';

function capture() {
  const lines: string[] = [];
  return { lines, logger: createLogger('debug', (l) => lines.push(l)) };
}

describe('logger redaction', () => {
  it('hides the values of secret-named fields, however deep', () => {
    const { lines, logger } = capture();
    logger.info('event', {
      password: 'hunter2-pass',
      gumroadAccessToken: 'gum-1234',
      headers: { Authorization: 'Bearer abc', cookie: 'sid=zzz', 'x-api-key': 'key-9' },
      links: ['http://x/?token=a'],
      nested: [{ newPassword: 'pw-77' }],
      count: 3,
    });
    const line = lines[0]!;
    for (const secret of ['hunter2-pass', 'gum-1234', 'abc', 'sid=zzz', 'key-9', '?token=a', 'pw-77'])
      expect(line).not.toContain(secret);
    expect(JSON.parse(line)).toMatchObject({ msg: 'event', count: 3, password: '[redacted]' });
  });

  it('hides tokens inside free text: links, bearer values, URL credentials, API keys', () => {
    const text = redactText(
      'open http://localhost:3000/auth/handler?mode=resetPassword&token=eyJ.abc-def or ' +
        'http://a.apps.localhost/app/a/#tessera-preview=p.q.r, sent Bearer tok_123 via smtp://me:s3cret@mail:587 ' +
        'with sk-abcdefghijklmnopqrstuvwxyz',
    );
    for (const secret of ['eyJ.abc-def', 'p.q.r', 'tok_123', 's3cret', 'abcdefghijklmnop'])
      expect(text).not.toContain(secret);
    expect(text).toContain('mode=resetPassword&token=[redacted]');
    expect(text).toContain('smtp://[redacted]@mail:587');
  });

  it('describes a failed query by its SQL text and SQLSTATE, never its bound values', () => {
    const err = new DrizzleQueryError(
      'insert into "users" ("email") values ($1)',
      ['someone@example.com', 'secret-record-data'],
      Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' }),
    );
    for (const text of [describeError(err), describeError(err, true)]) {
      expect(text).toContain('Failed query (SQLSTATE 23505): insert into "users" ("email") values ($1)');
      expect(text).not.toContain('someone@example.com');
      expect(text).not.toContain('secret-record-data');
    }
    expect(describeError(err, true)).toMatch(/\n\s+at /);
    // The backstop, for a caller that logs the raw message or stack.
    const { lines, logger } = capture();
    logger.error('oops', { err: err.message, stack: err.stack, error: err });
    expect(lines[0]).not.toContain('someone@example.com');
    expect(lines[0]).not.toContain('secret-record-data');
    expect(lines[0]).toContain('insert into');
  });
});
