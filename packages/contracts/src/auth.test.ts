import { describe, expect, it } from 'vitest';
import { isValidEmail, safeRelativePath } from './auth';
import { isStrongPassword } from './password';

describe('isStrongPassword', () => {
  it.each(['correct horse battery', 'Tr0ub4dor&3', 'a-good-passphrase'])('accepts %s', (p) =>
    expect(isStrongPassword(p)).toBe(true),
  );
  it.each(['', 'short', 'password', 'PASSWORD1', '12345678', 'aaaaaaaaaaaa', 'abababab', 'x'.repeat(129)])(
    'refuses %j',
    (p) => expect(isStrongPassword(p)).toBe(false),
  );
});

describe('isValidEmail', () => {
  it.each(['a@example.com', 'first.last+tag@sub.example.co.uk'])('accepts %s', (e) =>
    expect(isValidEmail(e)).toBe(true),
  );
  it.each([
    '',
    'a',
    'a@b',
    'a@b.c',
    'a b@example.com',
    '@example.com',
    'a@@example.com',
    `${'x'.repeat(250)}@example.com`,
  ])('refuses %j', (e) => expect(isValidEmail(e)).toBe(false));
});

describe('safeRelativePath', () => {
  it('keeps same-site paths with their query', () => expect(safeRelativePath('/home?x=1')).toBe('/home?x=1'));
  it.each([null, undefined, '', 'https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)'])(
    'falls back for %j',
    (v) => expect(safeRelativePath(v)).toBe('/home'),
  );
});
