import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError } from 'better-auth/api';
import { bearer, genericOAuth } from 'better-auth/plugins';
import { magicLink } from 'better-auth/plugins/magic-link';
import { MESSAGES } from '@tessera/contracts';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  safeRelativePath,
  type AuthHandlerMode,
} from '@tessera/contracts/auth';
import type { SessionUser } from '@tessera/contracts/auth';
import { authAccounts, authSessions, authUsers, authVerifications, type Db } from '@tessera/db';
import type { Config } from '../../platform/config';
import type { Logger } from '../../platform/logger';
import type { Mail } from '../../platform/mail/mail';
import type { Mailer } from '../../platform/mail/mailer';
import { mailTemplates } from '../../platform/mail/templates';
import { AppError } from '../../platform/errors';
import { createAuthHooks, CLIENT_IP_HEADER } from './auth-hooks';
import type { AuthLimits } from './auth-limits';
import { withHashedSessionTokens } from './hashed-session-tokens';
import { currentMailContext } from './mail-context';
import type { UsersRepo } from './users.repo';

export const SESSION_EXPIRES_S = 7 * 24 * 3600;
/** A session used after this age is extended to a full SESSION_EXPIRES_S again. */
export const SESSION_UPDATE_AGE_S = 24 * 3600;
export const VERIFICATION_EXPIRES_S = 24 * 3600;
export const RESET_EXPIRES_S = 3600;
export const MAGIC_LINK_EXPIRES_S = 15 * 60;

/** Told of a builder who has just proved their address (billing gives them the sales bought with it). */
export type EmailVerifiedListener = (user: SessionUser) => Promise<void>;

interface AuthDeps {
  db: Db;
  config: Config;
  logger: Logger;
  mailer: Mailer;
  limits: AuthLimits;
  usersRepo: UsersRepo;
  /** Listeners the composition root may add to after the identity provider is built. */
  onEmailVerified?: readonly EmailVerifiedListener[];
}

/** The continue target a better-auth link carries, kept as a same-site path. */
function continueUrlOf(betterAuthUrl: string): string {
  try {
    return safeRelativePath(new URL(betterAuthUrl).searchParams.get('callbackURL'), '/home');
  } catch {
    return '/home';
  }
}

/** Whether a better-auth e-mail verification JWT is an e-mail change (it names the new address). */
function isEmailChangeToken(token: string): boolean {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      updateTo?: string;
    };
    return Boolean(payload.updateTo);
  } catch {
    return false;
  }
}

/**
 * The identity provider: better-auth on our Drizzle schema with bearer tokens, e-mail verification,
 * password reset, magic links and Google when configured. Every mail link ends on the SPA's
 * `/auth/handler` (verification links by way of the API's verify-email redirect), which completes
 * the flow and shows the spec's messages.
 */
export function createAuth({ db, config, logger, mailer, limits, usersRepo, onEmailVerified = [] }: AuthDeps) {
  const handlerPath = (mode: AuthHandlerMode, continueUrl: string) =>
    `/auth/handler?mode=${mode}&continueUrl=${encodeURIComponent(continueUrl)}`;
  /** Links whose token the SPA spends with a JSON call (single-use: mail scanners must not spend them). */
  const handlerLink = (mode: AuthHandlerMode, token: string, continueUrl: string) =>
    `${config.publicUrl}${handlerPath(mode, continueUrl)}&token=${encodeURIComponent(token)}`;
  /**
   * Verification links go through the API, which verifies (and signs in) on a plain GET, then
   * redirects to the SPA's handler, with `error=` when the token is bad.
   */
  const verificationLink = (mode: AuthHandlerMode, token: string, continueUrl: string) =>
    `${config.publicUrl}/api/auth/verify-email?token=${encodeURIComponent(token)}&callbackURL=${encodeURIComponent(handlerPath(mode, continueUrl))}`;

  /**
   * Sends through the mailer and reports failures to the calling route (see mail-context). A mail
   * past the mailer's per-address cap is dropped without a word: the cap counts every account mail to the
   * address, so refusing would tell that an account (which had mail before) lives there. Requests
   * for mail are capped per address before this, whether an account exists or not (auth-hooks.ts).
   */
  async function sendAuthMail(mail: Mail) {
    try {
      await mailer.send(mail, 'account');
    } catch (err) {
      if (err instanceof AppError && err.code === 'RATE_LIMITED') {
        logger.warn('auth mail dropped: too many mails to this address', { subject: mail.subject });
        return;
      }
      const ctx = currentMailContext();
      if (ctx) ctx.failure = err;
      throw err;
    }
  }

  const auth = betterAuth({
    appName: 'Tessera',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    telemetry: { enabled: false },
    // Session tokens and verification identifiers (reset and magic-link tokens) are stored hashed.
    database: withHashedSessionTokens(
      drizzleAdapter(db, {
        provider: 'pg',
        schema: { user: authUsers, session: authSessions, account: authAccounts, verification: authVerifications },
      }),
    ),
    verification: { storeIdentifier: 'hashed' },
    // Google's access, refresh and id tokens are kept encrypted with the auth secret.
    account: { encryptOAuthTokens: true },
    // They list and revoke sessions by the stored token, which is now a hash; the SPA uses none of them.
    disabledPaths: ['/list-sessions', '/revoke-session', '/revoke-other-sessions'],
    session: { expiresIn: SESSION_EXPIRES_S, updateAge: SESSION_UPDATE_AGE_S },
    user: {
      additionalFields: { disabled: { type: 'boolean', defaultValue: false, input: false } },
      changeEmail: { enabled: true },
    },
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      requireEmailVerification: false,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      resetPasswordTokenExpiresIn: RESET_EXPIRES_S,
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user, url, token }) {
        if ((user as { disabled?: boolean }).disabled) return;
        await sendAuthMail(
          mailTemplates.resetPassword(user.email, handlerLink('resetPassword', token, continueUrlOf(url))),
        );
      },
    },
    emailVerification: {
      async afterEmailVerification(user) {
        const verified = { id: user.id, email: user.email, emailVerified: true, name: user.name };
        for (const listener of onEmailVerified) await listener(verified);
      },
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: VERIFICATION_EXPIRES_S,
      async sendVerificationEmail({ user, url, token }) {
        const continueUrl = continueUrlOf(url);
        const mail = isEmailChangeToken(token)
          ? mailTemplates.changeEmail(user.email, verificationLink('verifyAndChangeEmail', token, '/settings'))
          : mailTemplates.verifyEmail(
              user.email,
              verificationLink('verifyEmail', token, continueUrl),
              currentMailContext()?.appName,
            );
        await sendAuthMail(mail);
      },
    },
    // Our own Postgres-backed limits (auth-hooks.ts, auth-limits.ts) cover sign-in, sign-up and mails.
    rateLimit: { enabled: false },
    trustedOrigins: (request?: Request) => {
      const origins = [config.publicUrl];
      if (request) origins.push(new URL(request.url).origin);
      return origins;
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // better-auth turns its origin check off under test runners; ours run it as production does.
      disableOriginCheck: false,
    },
    // Its own messages go through our redacting logger with what they carry (an error's query
    // values are dropped by describeError); an endpoint's unexpected error is thrown on to our error
    // handler, which logs it the same way, instead of better-call printing it to stderr.
    logger: {
      log: (level, message, ...args) => {
        const fn = level === 'error' ? logger.error : level === 'warn' ? logger.warn : logger.debug;
        const detail = args.filter((arg) => arg !== undefined);
        fn(`auth: ${message}`, detail.length ? { detail } : undefined);
      },
    },
    onAPIError: { throw: true },
    plugins: [
      bearer(),
      // Google through the generic OAuth client so its endpoints are configurable (fake server in tests).
      ...(config.google
        ? [
            genericOAuth({
              config: [
                {
                  providerId: 'google',
                  clientId: config.google.clientId,
                  clientSecret: config.google.clientSecret,
                  authorizationUrl: config.google.authorizationUrl,
                  tokenUrl: config.google.tokenUrl,
                  userInfoUrl: config.google.userInfoUrl,
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                  // Google's stable account id is the OpenID subject of its userinfo answer.
                  accountSubject: ({ profile }) => String((profile as { sub?: unknown }).sub ?? ''),
                },
              ],
            }),
          ]
        : []),
      magicLink({
        expiresIn: MAGIC_LINK_EXPIRES_S,
        async sendMagicLink({ email, url, token }) {
          await sendAuthMail(mailTemplates.magicLink(email, handlerLink('signIn', token, continueUrlOf(url))));
        },
      }),
    ],
    databaseHooks: {
      session: {
        create: {
          async before(session) {
            if (await usersRepo.isDisabled(session.userId))
              throw new APIError('FORBIDDEN', { code: 'USER_DISABLED', message: MESSAGES.login.userDisabled });
          },
        },
      },
    },
    hooks: createAuthHooks(limits),
  });
  return auth;
}

export type Auth = ReturnType<typeof createAuth>;
