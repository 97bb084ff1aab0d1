import { APP_MESSAGES, MESSAGES, type ErrorCode } from '@tessera/contracts';
import { AppError } from '../../platform/errors';
import { NUL_IN_BODY } from '../../platform/http/validate';
import { UNSTORABLE_INPUT } from './auth-hooks';

/** Codes our own hooks throw inside the identity provider (see auth.ts); they pass through as they are. */
const HOOK_CODES = new Set<ErrorCode>(['WEAK_PASSWORD', 'TOO_MANY_ATTEMPTS', 'USER_DISABLED']);
const PASSWORD_LENGTH = new Set(['PASSWORD_TOO_SHORT', 'PASSWORD_TOO_LONG']);
/** The spec's text for a bad e-mail in a flow that names one; sign-up's for the others. */
const BAD_EMAIL_MESSAGE: Record<string, string> = { '/sign-in/magic-link': MESSAGES.magicLink.invalidEmail };

/**
 * Turns an identity-provider error (better-auth's `{ code, message }` with a status) into our
 * AppError with the spec's exact text for the flow it happened in (`path` is better-auth's
 * endpoint path, e.g. `/sign-in/email`).
 */
export function translateAuthError(
  path: string,
  status: number,
  code: string | undefined,
  message: string | undefined,
): AppError {
  if (code && HOOK_CODES.has(code as ErrorCode)) return new AppError(code as ErrorCode, message ?? code);
  // A sign-in with a bad e-mail answers as a wrong password does: nothing tells which was wrong.
  if (code === 'INVALID_EMAIL' && path === '/sign-in/email')
    return new AppError('INVALID_CREDENTIALS', MESSAGES.login.invalidCredentials);
  if (code === 'INVALID_EMAIL')
    return new AppError('INVALID_EMAIL', BAD_EMAIL_MESSAGE[path] ?? MESSAGES.signUp.invalidEmail);
  if (code === UNSTORABLE_INPUT) return new AppError('BAD_REQUEST', NUL_IN_BODY);
  switch (path) {
    case '/sign-in/email':
      if (status === 429) return new AppError('TOO_MANY_ATTEMPTS', MESSAGES.login.tooManyAttempts);
      if (status === 400 || status === 401)
        return new AppError('INVALID_CREDENTIALS', MESSAGES.login.invalidCredentials);
      break;
    case '/sign-up/email':
      if (code?.startsWith('USER_ALREADY_EXISTS')) return new AppError('EMAIL_IN_USE', MESSAGES.signUp.emailInUse);
      if (code && PASSWORD_LENGTH.has(code)) return new AppError('WEAK_PASSWORD', MESSAGES.signUp.weakPassword);
      break;
    case '/reset-password':
      if (code === 'INVALID_TOKEN') return new AppError('INVALID_LINK', MESSAGES.passwordReset.invalidLink);
      if (code && PASSWORD_LENGTH.has(code)) return new AppError('WEAK_PASSWORD', MESSAGES.passwordReset.weakPassword);
      if (code === 'USER_NOT_FOUND') return new AppError('NOT_FOUND', MESSAGES.passwordReset.userNotFound);
      return new AppError('BAD_REQUEST', MESSAGES.passwordReset.failed);
    case '/verify-email':
      if (status < 500) return new AppError('INVALID_LINK', APP_MESSAGES.verifyLinkInvalid);
      break;
    case '/magic-link/verify':
      if (status < 500) return new AppError('INVALID_LINK', MESSAGES.magicLink.invalidOrExpired);
      break;
    case '/change-password':
      if (code === 'INVALID_PASSWORD') return new AppError('BAD_REQUEST', APP_MESSAGES.currentPasswordWrong);
      if (code && PASSWORD_LENGTH.has(code)) return new AppError('WEAK_PASSWORD', MESSAGES.signUp.weakPassword);
      break;
  }
  if (status === 401) return new AppError('UNAUTHORIZED', APP_MESSAGES.unauthorized);
  if (status === 403) return new AppError('FORBIDDEN', message || APP_MESSAGES.forbidden);
  if (status === 404) return new AppError('NOT_FOUND', message || APP_MESSAGES.notFound);
  if (status === 429) return new AppError('RATE_LIMITED', APP_MESSAGES.tooManyRequests);
  if (status < 500) return new AppError('BAD_REQUEST', message || 'Bad request');
  return new AppError('INTERNAL', APP_MESSAGES.internal);
}
