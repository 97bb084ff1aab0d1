import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@tessera/contracts';
import { ApiError, errorMessage, toApiError } from './errors';

describe('toApiError', () => {
  it('keeps the server code, message and details of a wire error', () => {
    const err = toApiError(409, {
      error: { code: 'auth/email-already-exists', message: MESSAGES.emailChange.emailInUse, details: { x: 1 } },
    });
    expect(err).toBeInstanceOf(ApiError);
    expect([err.status, err.code, err.message, err.details]).toEqual([
      409,
      'auth/email-already-exists',
      MESSAGES.emailChange.emailInUse,
      { x: 1 },
    ]);
    expect(err.isNetwork).toBe(false);
  });

  it('keeps the message of an error body with an unknown code', () => {
    const err = toApiError(400, { error: { code: 'SOMETHING_NEW', message: 'Shown as is' } });
    expect([err.code, err.message]).toEqual(['SOMETHING_NEW', 'Shown as is']);
  });

  it('falls back to a generic message for a body that is not our shape', () => {
    for (const body of [null, 'oops', { message: 'x' }, { error: 'x' }]) {
      const err = toApiError(502, body);
      expect(err.code).toBe('INTERNAL');
      expect(err.message).toMatch(/something went wrong/i);
    }
  });
});

describe('errorMessage', () => {
  it('uses the ApiError message and a fallback for anything else', () => {
    expect(errorMessage(new ApiError(401, 'INVALID_CREDENTIALS', MESSAGES.login.invalidCredentials))).toBe(
      MESSAGES.login.invalidCredentials,
    );
    expect(errorMessage(new Error('boom'), 'Fallback')).toBe('Fallback');
  });
});
