import { isAPIError } from 'better-auth/api';
import { APP_MESSAGES, MESSAGES } from '@tessera/contracts';
import {
  isValidEmail,
  safeRelativePath,
  type CompleteEmailChange,
  type SendMagicLink,
  type SendResetPasswordEmail,
  type SendVerificationEmail,
  type SessionUser,
  type StatusResponse,
} from '@tessera/contracts/auth';
import { AppError } from '../../platform/errors';
import type { Auth } from './auth';
import { translateAuthError } from './auth-errors';
import { withMailContext, type MailContext } from './mail-context';
import type { UsersRepo } from './users.repo';

interface Deps {
  auth: Auth;
  usersRepo: UsersRepo;
}

/**
 * The account flows of docs/product/accounts-and-plans.md#calls that send mail (reset, magic link, verification, e-mail change).
 * Each runs the identity provider inside a mail context so a failed delivery becomes the spec's
 * "could not send" message instead of a silent success.
 */
export function createAuthFlowsService({ auth, usersRepo }: Deps) {
  async function run<T>(
    path: string,
    sendFailedMessage: string,
    fn: () => Promise<T>,
    ctx: MailContext = {},
  ): Promise<T> {
    let outcome: { result: T; failure: unknown };
    try {
      outcome = await withMailContext(ctx, fn);
    } catch (err) {
      if (ctx.failure) throw mailError(ctx.failure, sendFailedMessage);
      if (isAPIError(err)) {
        const body = (err.body ?? {}) as { code?: string; message?: string };
        throw translateAuthError(path, err.statusCode, body.code, body.message);
      }
      throw err;
    }
    if (outcome.failure) throw mailError(outcome.failure, sendFailedMessage);
    return outcome.result;
  }

  return {
    async sendResetPasswordEmail(input: SendResetPasswordEmail, headers: Headers): Promise<StatusResponse> {
      const email = input.email.toLowerCase();
      if (!isValidEmail(email)) throw new AppError('INVALID_EMAIL', MESSAGES.signUp.invalidEmail);
      const redirectTo = safeRelativePath(input.continueUrl, '/home');
      await run('/request-password-reset', MESSAGES.passwordReset.sendFailed, () =>
        auth.api.requestPasswordReset({ body: { email, redirectTo }, headers }),
      );
      return { status: true, message: APP_MESSAGES.resetEmailSent };
    },

    async sendMagicLink(input: SendMagicLink, headers: Headers): Promise<StatusResponse> {
      const email = input.email?.toLowerCase() ?? '';
      if (!email) throw new AppError('BAD_REQUEST', MESSAGES.magicLink.emailRequired);
      if (!isValidEmail(email)) throw new AppError('INVALID_EMAIL', MESSAGES.magicLink.invalidEmail);
      const callbackURL = safeRelativePath(input.continueUrl, '/home');
      await run('/sign-in/magic-link', MESSAGES.magicLink.sendFailed, () =>
        auth.api.signInMagicLink({ body: { email, callbackURL }, headers }),
      );
      return { status: true, message: MESSAGES.magicLink.sent };
    },

    async sendVerificationEmail(
      user: SessionUser,
      input: SendVerificationEmail,
      headers: Headers,
    ): Promise<StatusResponse> {
      if (user.emailVerified) throw new AppError('BAD_REQUEST', APP_MESSAGES.alreadyVerified);
      const callbackURL = safeRelativePath(input.continueUrl, '/home');
      await run(
        '/send-verification-email',
        'We could not send the verification email. Please try again later or contact support',
        () => auth.api.sendVerificationEmail({ body: { email: user.email, callbackURL }, headers }),
        { appName: input.appName },
      );
      return { status: true, message: APP_MESSAGES.verificationSent };
    },

    async requestEmailChange(user: SessionUser, input: CompleteEmailChange, headers: Headers): Promise<StatusResponse> {
      const newEmail = input.newEmail.toLowerCase();
      if (!isValidEmail(newEmail)) throw new AppError('INVALID_EMAIL', MESSAGES.signUp.invalidEmail);
      if (newEmail === user.email.toLowerCase()) throw new AppError('BAD_REQUEST', APP_MESSAGES.sameEmail);
      if (await usersRepo.existsByEmail(newEmail))
        throw new AppError('auth/email-already-exists', MESSAGES.emailChange.emailInUse);
      try {
        await run('/change-email', MESSAGES.emailChange.failed, () =>
          auth.api.changeEmail({ body: { newEmail, callbackURL: '/settings' }, headers }),
        );
      } catch (err) {
        if (err instanceof AppError && err.code !== 'RATE_LIMITED')
          throw new AppError(err.code, MESSAGES.emailChange.failed);
        throw err;
      }
      return { status: true, message: APP_MESSAGES.emailChangeSent };
    },
  };
}

/** A rate-limited mail keeps its own message; any other delivery failure gets the flow's text. */
function mailError(failure: unknown, message: string): AppError {
  if (failure instanceof AppError && failure.code === 'RATE_LIMITED') return failure;
  return new AppError('MAIL_FAILED', message);
}

export type AuthFlowsService = ReturnType<typeof createAuthFlowsService>;
