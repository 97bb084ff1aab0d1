import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import {
  APP_MESSAGES,
  APP_TOKEN_PREFIX,
  coerceRecord,
  isStrongPassword,
  isValidEmail,
  LOGIN_FAILURE_WINDOW_S,
  LOGIN_MAX_FAILURES,
  MESSAGES,
  USER_ENTITY,
  type AppSession,
  type AppUser,
  type AppUserRole,
  type SessionUser,
} from '@tessera/contracts';
import { AppError } from '../../platform/errors';
import type { RateLimiter } from '../../platform/rate-limit';
import type { AppsRepo } from '../apps/apps.repo';
import { APP_NOT_FOUND } from '../apps/apps.service';
import type { AppUserRow, AppUsersRepo } from './app-users.repo';

export const APP_SESSION_EXPIRES_S = 30 * 24 * 3600;
/** Fields of the built-in User entity; an app's User schema may add more, stored in `data`. */
const BUILT_IN_FIELDS = new Set(['email', 'full_name', 'role']);

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The signed-in end user of one app, as the entity API sees them. */
export interface AppPrincipal {
  appId: string;
  userId: string;
  role: AppUserRole;
}

function toAppUser(row: AppUserRow): AppUser {
  return { ...row.data, id: row.id, email: row.email, full_name: row.fullName, role: row.role as AppUserRole, createdAt: row.createdAt.toISOString() };
}

/**
 * End users of generated apps (spec 3 §2, §7 Users API): their own accounts per app, scrypt
 * password hashes, revocable sessions stored as token hashes, and login throttling like builders'.
 */
export function createAppUsersService({ appUsersRepo, appsRepo, rateLimiter }: { appUsersRepo: AppUsersRepo; appsRepo: AppsRepo; rateLimiter: RateLimiter }) {
  async function appOf(appId: string) {
    const app = await appsRepo.findById(appId);
    if (!app) throw new AppError('NOT_FOUND', APP_NOT_FOUND);
    return app;
  }

  async function startSession(row: AppUserRow): Promise<AppSession> {
    const token = `${APP_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
    await appUsersRepo.createSession({ tokenHash: hashToken(token), appUserId: row.id, appId: row.appId, expiresAt: new Date(Date.now() + APP_SESSION_EXPIRES_S * 1000) });
    return { token, user: toAppUser(row) };
  }

  async function me(principal: AppPrincipal | null): Promise<AppUser> {
    if (!principal) throw new AppError('UNAUTHORIZED', APP_MESSAGES.unauthorized);
    const row = await appUsersRepo.findById(principal.appId, principal.userId);
    if (!row) throw new AppError('UNAUTHORIZED', APP_MESSAGES.unauthorized);
    return toAppUser(row);
  }

  return {
    me,

    async signUp(appId: string, input: { email: string; password: string; full_name?: string }): Promise<AppSession> {
      const app = await appOf(appId);
      if (app.settings.isSignupEnabled !== true) throw new AppError('FORBIDDEN', 'Sign-up is not open for this app');
      const email = input.email.toLowerCase();
      if (!isValidEmail(email)) throw new AppError('INVALID_EMAIL', MESSAGES.signUp.invalidEmail);
      if (!isStrongPassword(input.password)) throw new AppError('WEAK_PASSWORD', MESSAGES.signUp.weakPassword);
      const row = await appUsersRepo.insert({ id: randomUUID(), appId, email, passwordHash: await hashPassword(input.password), fullName: input.full_name ?? '' });
      if (!row) throw new AppError('EMAIL_IN_USE', MESSAGES.signUp.emailInUse);
      return startSession(row);
    },

    async signIn(appId: string, input: { email: string; password: string }): Promise<AppSession> {
      await appOf(appId);
      const email = input.email.toLowerCase();
      const failures = `app-login-fail:${appId}:${email}`;
      if ((await rateLimiter.peek(failures)) >= LOGIN_MAX_FAILURES) throw new AppError('TOO_MANY_ATTEMPTS', MESSAGES.login.tooManyAttempts);
      const row = await appUsersRepo.findByEmail(appId, email);
      const isValid = row?.passwordHash ? await verifyPassword({ hash: row.passwordHash, password: input.password }) : false;
      if (!row || !isValid) {
        await rateLimiter.hit(failures, LOGIN_FAILURE_WINDOW_S);
        throw new AppError('INVALID_CREDENTIALS', MESSAGES.login.invalidCredentials);
      }
      if (row.disabled) throw new AppError('USER_DISABLED', MESSAGES.login.userDisabled);
      await rateLimiter.reset(failures);
      return startSession(row);
    },

    async signOut(token: string): Promise<{ status: true }> {
      await appUsersRepo.deleteSession(hashToken(token));
      return { status: true };
    },

    /** The app user of a bearer token, if it is a live app session of this app. */
    async principalOf(appId: string, authorization: string | undefined): Promise<AppPrincipal | null> {
      const token = authorization?.replace(/^bearer\s+/i, '').trim();
      if (!token?.startsWith(APP_TOKEN_PREFIX)) return null;
      const session = await appUsersRepo.findSession(hashToken(token));
      if (!session || session.appId !== appId) return null;
      return { appId, userId: session.user.id, role: session.user.role as AppUserRole };
    },

    /** Updates the caller's own name and the custom fields of the app's User entity (never email or role). */
    async updateMe(principal: AppPrincipal | null, input: unknown): Promise<AppUser> {
      const current = await me(principal);
      if (typeof input !== 'object' || input === null || Array.isArray(input)) throw new AppError('VALIDATION_FAILED', 'The body must be a JSON object');
      const { full_name: fullName, email, role, ...custom } = input as Record<string, unknown>;
      if (email !== undefined || role !== undefined) throw new AppError('FORBIDDEN', 'Your email and role cannot be changed here');
      if (fullName !== undefined && (typeof fullName !== 'string' || fullName.length > 200)) throw new AppError('VALIDATION_FAILED', 'full_name must be text (200 characters max)');
      let data: Record<string, unknown> | undefined;
      if (Object.keys(custom).length) {
        const schema = await appsRepo.findEntity(principal!.appId, USER_ENTITY);
        const known = schema ? { ...schema, properties: Object.fromEntries(Object.entries(schema.properties).filter(([k]) => !BUILT_IN_FIELDS.has(k))) } : null;
        if (!known) throw new AppError('VALIDATION_FAILED', `Unknown field "${Object.keys(custom)[0]}" on ${USER_ENTITY}`);
        const coerced = coerceRecord(USER_ENTITY, known, custom, 'update');
        if (!coerced.ok) throw new AppError('VALIDATION_FAILED', coerced.error);
        data = { ...Object.fromEntries(Object.entries(current).filter(([k]) => k in known.properties)), ...coerced.value };
      }
      const row = await appUsersRepo.update(principal!.appId, principal!.userId, { ...(typeof fullName === 'string' ? { fullName } : {}), ...(data ? { data } : {}) });
      return toAppUser(row!);
    },

    /** Invites someone to the app (by its owner or an app admin): an account without a password yet. */
    async invite(inviter: { builder?: SessionUser; principal: AppPrincipal | null }, appId: string, input: { user_email: string; role: AppUserRole }): Promise<AppUser> {
      const app = await appOf(appId);
      const isOwner = inviter.builder?.id === app.ownerUserId;
      const isAdmin = inviter.principal?.appId === appId && inviter.principal.role === 'admin';
      if (!isOwner && !isAdmin) throw inviter.builder || inviter.principal ? new AppError('FORBIDDEN', APP_MESSAGES.forbidden) : new AppError('UNAUTHORIZED', APP_MESSAGES.unauthorized);
      const email = input.user_email.toLowerCase();
      if (!isValidEmail(email)) throw new AppError('INVALID_EMAIL', MESSAGES.signUp.invalidEmail);
      const row = await appUsersRepo.insert({ id: randomUUID(), appId, email, role: input.role });
      if (!row) throw new AppError('EMAIL_IN_USE', 'This email already has an account in this app');
      return toAppUser(row);
    },
  };
}

export type AppUsersService = ReturnType<typeof createAppUsersService>;
