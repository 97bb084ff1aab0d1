import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import { APP_MESSAGES, MESSAGES } from '@tessera/contracts';
import {
  APP_CONFIRM_MESSAGES,
  APP_TOKEN_PREFIX,
  type AppConfirmationPending,
  type AppSession,
  type AppUser,
  type AppUserRole,
} from '@tessera/contracts/app-users';
import { isStrongPassword, isValidEmail, type SessionUser } from '@tessera/contracts/auth';
import { coerceRecord, USER_ENTITY, type EntitySchema } from '@tessera/contracts/entities';
import type { apps } from '@tessera/db';
import { AppError } from '../../platform/errors';
import type { Mailer } from '../../platform/mail/mailer';
import { mailTemplates } from '../../platform/mail/templates';
import type { AuthLimits } from '../auth';
import { createAppUserConfirmation, hasLiveCode, isCodeShaped } from './app-user-confirmation';
import type { AppUserRow, AppUsersRepo } from './app-users.repo';

export const APP_SESSION_EXPIRES_S = 30 * 24 * 3600;
/** Fields of the built-in User entity; an app's User schema may add more, stored in `data`. */
const BUILT_IN_FIELDS = new Set(['email', 'full_name', 'role']);

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
/** Checked when an e-mail has no password to check, so unknown e-mails take as long as known ones. */
let dummyPasswordHash: Promise<string> | undefined;
const dummyHash = () => (dummyPasswordHash ??= hashPassword(randomBytes(16).toString('hex')));

const RESET_LINK_TTL_S = 3600;
const INVITE_LINK_TTL_S = 7 * 24 * 3600;
const LINK_INVALID = 'This link is invalid or has expired. Ask for a new one.';

/**
 * A password link's token, signed over the user's current password hash: once a password is set
 * the hash changes and every earlier link stops working, so links are single-use without a table.
 */
function signPasswordToken(secret: string, row: AppUserRow, expiresAtS: number): string {
  const payload = `${row.id}.${expiresAtS}`;
  const mac = createHmac('sha256', secret)
    .update(`${row.appId}|${payload}|${row.passwordHash ?? ''}`)
    .digest('base64url');
  return `${Buffer.from(payload).toString('base64url')}.${mac}`;
}

function readPasswordToken(token: string): { userId: string; expiresAtS: number } | null {
  const [encoded] = token.split('.');
  const [userId, exp] = Buffer.from(encoded ?? '', 'base64url')
    .toString()
    .split('.');
  const expiresAtS = Number(exp);
  return userId && Number.isInteger(expiresAtS) ? { userId, expiresAtS } : null;
}

/** The signed-in end user of one app, as the entity API sees them. */
export interface AppPrincipal {
  appId: string;
  userId: string;
  role: AppUserRole;
}

function toAppUser(row: AppUserRow): AppUser {
  return {
    ...row.data,
    id: row.id,
    email: row.email,
    full_name: row.fullName,
    role: row.role as AppUserRole,
    createdAt: row.createdAt.toISOString(),
  };
}

/** An app user's address and whether they confirmed it (the rules that trust an address ask this); null for no user. */
export function addressOf(row: AppUserRow | null): { email: string; isConfirmed: boolean } | null {
  return row ? { email: row.email, isConfirmed: row.emailConfirmedAt !== null } : null;
}

/**
 * End users of generated apps (docs/product/runtime.md#screens-and-routes Users API): their own accounts per app, scrypt
 * password hashes, revocable sessions stored as token hashes, and login throttling like builders'.
 */
/** The apps' rows and schemas app users read (the apps module's repo). */
export interface AppsLookup {
  findById(appId: string): Promise<typeof apps.$inferSelect | null>;
  findEntity(appId: string, name: string): Promise<EntitySchema | null>;
}

export interface AppUsersDeps {
  appUsersRepo: AppUsersRepo;
  appsRepo: AppsLookup;
  limits: AuthLimits;
  mailer: Mailer;
  /** Signs password links. */
  secret: string;
  /** The origin of an app's own host, where its login page lives. */
  appOrigin: (slug: string) => string;
}

export function createAppUsersService({ appUsersRepo, appsRepo, limits, mailer, secret, appOrigin }: AppUsersDeps) {
  const confirmation = createAppUserConfirmation({ appUsersRepo, limits, mailer, secret });

  async function appOf(appId: string) {
    const app = await appsRepo.findById(appId);
    if (!app) throw new AppError('NOT_FOUND', APP_MESSAGES.appNotFound);
    return app;
  }

  /** Whether the app lets new users in before they confirm their address (off unless the builder chose it). */
  const isConfirmationRequired = (app: { settings: Record<string, unknown> }) =>
    app.settings.isUnconfirmedSignupAllowed !== true;

  /** The e-mail of a request, lowercased and checked before anything is counted or looked up by it. */
  function emailOf(input: { email: string }): string {
    const email = input.email.toLowerCase();
    if (!isValidEmail(email)) throw new AppError('INVALID_EMAIL', MESSAGES.signUp.invalidEmail);
    return email;
  }

  /** A new session, valid on `host` only (the origin whose storage will keep the token). */
  async function startSession(row: AppUserRow, host: string): Promise<AppSession> {
    const token = `${APP_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
    await appUsersRepo.createSession({
      tokenHash: hashToken(token),
      appUserId: row.id,
      appId: row.appId,
      host,
      expiresAt: new Date(Date.now() + APP_SESSION_EXPIRES_S * 1000),
    });
    return { token, user: toAppUser(row) };
  }

  async function me(principal: AppPrincipal | null): Promise<AppUser> {
    if (!principal) throw new AppError('UNAUTHORIZED', APP_MESSAGES.unauthorized);
    const row = await appUsersRepo.findById(principal.appId, principal.userId);
    if (!row) throw new AppError('UNAUTHORIZED', APP_MESSAGES.unauthorized);
    return toAppUser(row);
  }

  /** A link to the app's login page that lets this user choose a password. */
  function passwordLink(
    app: { id: string; slug: string },
    row: AppUserRow,
    mode: 'resetPassword' | 'invite',
    ttlS: number,
  ): string {
    const token = signPasswordToken(secret, row, Math.floor(Date.now() / 1000) + ttlS);
    return `${appOrigin(app.slug)}/apps/${app.id}/login?mode=${mode}&token=${encodeURIComponent(token)}`;
  }

  return {
    me,

    /**
     * Mails a reset link when the account exists; the answer never tells whether it does: requests
     * are capped per address whether or not it has an account, and a mail past the mailer's own
     * cap (which counts the mails an account had before) is dropped silently.
     */
    async forgotPassword(appId: string, input: { email: string }, ip: string): Promise<{ status: true }> {
      await limits.countAddress('app', 'mail', ip);
      const app = await appOf(appId);
      const email = emailOf(input);
      await limits.countRecipient('app', email);
      const row = await appUsersRepo.findByEmail(appId, email);
      if (row && !row.disabled) {
        const link = passwordLink(app, row, 'resetPassword', RESET_LINK_TTL_S);
        await mailer.send(mailTemplates.appResetPassword(email, link, app.name), 'app').catch((err: unknown) => {
          if (!(err instanceof AppError && err.code === 'RATE_LIMITED')) throw err;
        });
      }
      return { status: true };
    },

    /** Spends a reset or invitation link: sets the password, confirms the address it was mailed to, ends other sessions, signs in. */
    async setPassword(appId: string, input: { token: string; password: string }, host: string): Promise<AppSession> {
      const parsed = readPasswordToken(input.token);
      const row = parsed ? await appUsersRepo.findById(appId, parsed.userId) : null;
      const expected = row && parsed ? signPasswordToken(secret, row, parsed.expiresAtS) : '';
      const isValid =
        row &&
        parsed &&
        parsed.expiresAtS > Date.now() / 1000 &&
        expected.length === input.token.length &&
        timingSafeEqual(Buffer.from(expected), Buffer.from(input.token));
      if (!isValid || !row) throw new AppError('INVALID_LINK', LINK_INVALID);
      if (row.disabled) throw new AppError('USER_DISABLED', MESSAGES.login.userDisabled);
      if (!isStrongPassword(input.password)) throw new AppError('WEAK_PASSWORD', MESSAGES.signUp.weakPassword);
      const updated = await appUsersRepo.setPassword(appId, row.id, await hashPassword(input.password));
      return startSession(updated!, host);
    },

    /**
     * A new account: signed in at once when the app lets users in unconfirmed, else a code is
     * mailed and the answer is the code step (no session until the code is entered).
     */
    async signUp(
      appId: string,
      input: { email: string; password: string; full_name?: string },
      host: string,
      ip: string,
    ): Promise<AppSession | AppConfirmationPending> {
      await limits.countAddress('app', 'signUp', ip);
      const app = await appOf(appId);
      if (app.settings.isSignupEnabled !== true) throw new AppError('FORBIDDEN', 'Sign-up is not open for this app');
      const email = emailOf(input);
      if (!isStrongPassword(input.password)) throw new AppError('WEAK_PASSWORD', MESSAGES.signUp.weakPassword);
      const row = await appUsersRepo.insert({
        id: randomUUID(),
        appId,
        email,
        passwordHash: await hashPassword(input.password),
        fullName: input.full_name ?? '',
      });
      if (!row) throw new AppError('EMAIL_IN_USE', MESSAGES.signUp.emailInUse);
      if (!isConfirmationRequired(app)) return startSession(row, host);
      await confirmation.send(app, row, { quiet: true });
      return { confirmationRequired: true, email };
    },

    /**
     * Signs in with a password. An unconfirmed account of an app that asks for confirmation gets
     * the code step instead of a session: a code is mailed unless one is still live (403 EMAIL_NOT_VERIFIED).
     */
    async signIn(
      appId: string,
      input: { email: string; password: string },
      host: string,
      ip: string,
    ): Promise<AppSession> {
      await limits.countAddress('app', 'signIn', ip);
      const app = await appOf(appId);
      const email = input.email.toLowerCase();
      const scope = `app:${appId}`;
      await limits.beforeSignIn(scope, email, ip);
      const row = await appUsersRepo.findByEmail(appId, email);
      // A password is checked either way, so an unknown e-mail answers as slowly as a known one.
      const checked = await verifyPassword({
        hash: row?.passwordHash ?? (await dummyHash()),
        password: input.password,
      });
      if (!row?.passwordHash || !checked) {
        await limits.signInFailed(scope, email, ip);
        throw new AppError('INVALID_CREDENTIALS', MESSAGES.login.invalidCredentials);
      }
      if (row.disabled) throw new AppError('USER_DISABLED', MESSAGES.login.userDisabled);
      await limits.signInSucceeded(scope, email, ip);
      if (!row.emailConfirmedAt && isConfirmationRequired(app)) {
        if (!hasLiveCode(row)) await confirmation.send(app, row, { quiet: true });
        throw new AppError('EMAIL_NOT_VERIFIED', APP_CONFIRM_MESSAGES.confirmFirst, { email: row.email });
      }
      return startSession(row, host);
    },

    /**
     * Confirms the address with the mailed code and signs in (the SDK's verifyOtp; a later sign-in
     * by code can use the same route). Each guess spends one of the code's attempts.
     */
    async verifyCode(
      appId: string,
      input: { email: string; otp_code: string },
      host: string,
      ip: string,
    ): Promise<AppSession> {
      await limits.countAddress('app', 'signIn', ip);
      await appOf(appId);
      const email = emailOf(input);
      if (!isCodeShaped(input.otp_code)) throw new AppError('VALIDATION_FAILED', APP_CONFIRM_MESSAGES.codeFormat);
      const row = await appUsersRepo.findByEmail(appId, email);
      const confirmed = await confirmation.check(row?.disabled ? null : row, input.otp_code);
      return startSession(confirmed, host);
    },

    /** Mails a new code to an unconfirmed account; the answer is the same for any other address. */
    async resendCode(appId: string, input: { email: string }, ip: string): Promise<{ status: true }> {
      await limits.countAddress('app', 'mail', ip);
      const app = await appOf(appId);
      const email = emailOf(input);
      const row = await appUsersRepo.findByEmail(appId, email);
      if (row && !row.disabled && !row.emailConfirmedAt) await confirmation.send(app, row, { quiet: false });
      else await limits.countRecipient('app', email);
      return { status: true };
    },

    /**
     * The signed-in user changes their own password (the Base44 SDK's changePassword): the current
     * one is checked like a sign-in (same throttling), the new one must be strong; their other
     * sessions end, the one that asked stays.
     */
    async changePassword(
      principal: AppPrincipal | null,
      token: string,
      input: { currentPassword: string; newPassword: string },
      ip: string,
    ): Promise<{ status: true }> {
      const row = principal ? await appUsersRepo.findById(principal.appId, principal.userId) : null;
      if (!row) throw new AppError('UNAUTHORIZED', APP_MESSAGES.unauthorized);
      const scope = `app:${row.appId}`;
      await limits.beforeSignIn(scope, row.email, ip);
      const checked = await verifyPassword({
        hash: row.passwordHash ?? (await dummyHash()),
        password: input.currentPassword,
      });
      if (!row.passwordHash || !checked) {
        await limits.signInFailed(scope, row.email, ip);
        throw new AppError('VALIDATION_FAILED', 'The current password is not right');
      }
      if (!isStrongPassword(input.newPassword)) throw new AppError('WEAK_PASSWORD', MESSAGES.signUp.weakPassword);
      await appUsersRepo.changePassword(row.appId, row.id, await hashPassword(input.newPassword), hashToken(token));
      return { status: true };
    },

    async signOut(token: string): Promise<{ status: true }> {
      await appUsersRepo.deleteSession(hashToken(token));
      return { status: true };
    },

    /**
     * The app user of a bearer token, if it is a live session of this app issued on `host`: a token
     * read from one origin's storage is worth nothing on another (a freed or remapped host).
     */
    async principalOf(appId: string, authorization: string | undefined, host: string): Promise<AppPrincipal | null> {
      const token = authorization?.replace(/^bearer\s+/i, '').trim();
      if (!token?.startsWith(APP_TOKEN_PREFIX)) return null;
      const session = await appUsersRepo.findSession(hashToken(token));
      if (!session || session.appId !== appId || session.host !== host) return null;
      return { appId, userId: session.user.id, role: session.user.role as AppUserRole };
    },

    /** Updates the caller's own name and the custom fields of the app's User entity (never email or role). */
    async updateMe(principal: AppPrincipal | null, input: unknown): Promise<AppUser> {
      const current = await me(principal);
      if (typeof input !== 'object' || input === null || Array.isArray(input))
        throw new AppError('VALIDATION_FAILED', 'The body must be a JSON object');
      const { full_name: fullName, email, role, ...custom } = input as Record<string, unknown>;
      if (email !== undefined || role !== undefined)
        throw new AppError('FORBIDDEN', 'Your email and role cannot be changed here');
      if (fullName !== undefined && (typeof fullName !== 'string' || fullName.length > 200))
        throw new AppError('VALIDATION_FAILED', 'full_name must be text (200 characters max)');
      let data: Record<string, unknown> | undefined;
      if (Object.keys(custom).length) {
        const schema = await appsRepo.findEntity(principal!.appId, USER_ENTITY);
        const known = schema
          ? {
              ...schema,
              properties: Object.fromEntries(
                Object.entries(schema.properties).filter(([k]) => !BUILT_IN_FIELDS.has(k)),
              ),
            }
          : null;
        if (!known)
          throw new AppError('VALIDATION_FAILED', `Unknown field "${Object.keys(custom)[0]}" on ${USER_ENTITY}`);
        const coerced = coerceRecord(USER_ENTITY, known, custom, 'update');
        if (!coerced.ok) throw new AppError('VALIDATION_FAILED', coerced.error);
        data = {
          ...Object.fromEntries(Object.entries(current).filter(([k]) => k in known.properties)),
          ...coerced.value,
        };
      }
      const row = await appUsersRepo.update(principal!.appId, principal!.userId, {
        ...(typeof fullName === 'string' ? { fullName } : {}),
        ...(data ? { data } : {}),
      });
      return toAppUser(row!);
    },

    /** Invites someone to the app (by its owner or an app admin): an account without a password yet, and a mail to choose one. */
    async invite(
      inviter: { builder?: SessionUser; principal: AppPrincipal | null },
      appId: string,
      input: { user_email: string; role: AppUserRole },
    ): Promise<AppUser> {
      const app = await appOf(appId);
      const isOwner = inviter.builder?.id === app.ownerUserId;
      const isAdmin = inviter.principal?.appId === appId && inviter.principal.role === 'admin';
      if (!isOwner && !isAdmin)
        throw inviter.builder || inviter.principal
          ? new AppError('FORBIDDEN', APP_MESSAGES.forbidden)
          : new AppError('UNAUTHORIZED', APP_MESSAGES.unauthorized);
      // An app admin speaks for the app only once their own address is known to be theirs.
      if (!isOwner && !(await appUsersRepo.findById(appId, inviter.principal!.userId))?.emailConfirmedAt)
        throw new AppError('FORBIDDEN', APP_CONFIRM_MESSAGES.inviterUnconfirmed);
      const email = emailOf({ email: input.user_email });
      const row = await appUsersRepo.insert({ id: randomUUID(), appId, email, role: input.role });
      if (!row) {
        // Someone may have signed up with the address to catch the invitation: say how its owner gets it back.
        const existing = await appUsersRepo.findByEmail(appId, email);
        if (existing && !existing.emailConfirmedAt)
          throw new AppError('CONFLICT', APP_CONFIRM_MESSAGES.inviteUnconfirmedAccount);
        throw new AppError('EMAIL_IN_USE', 'This email already has an account in this app');
      }
      await mailer.send(
        mailTemplates.appInvite(email, passwordLink(app, row, 'invite', INVITE_LINK_TTL_S), app.name),
        'app',
      );
      return toAppUser(row);
    },
  };
}

export type AppUsersService = ReturnType<typeof createAppUsersService>;
