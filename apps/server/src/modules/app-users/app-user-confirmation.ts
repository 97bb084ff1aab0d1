import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import {
  APP_CODE_LENGTH,
  APP_CODE_MAX_ATTEMPTS,
  APP_CODE_RESEND_INTERVAL_S,
  APP_CODE_TTL_S,
  APP_CONFIRM_MESSAGES,
} from '@tessera/contracts/app-users';
import { AppError } from '../../platform/errors';
import type { Mailer } from '../../platform/mail/mailer';
import { mailTemplates } from '../../platform/mail/templates';
import type { AuthLimits } from '../auth';
import type { AppUserRow, AppUsersRepo } from './app-users.repo';

const CODE_SHAPE = new RegExp(`^\\d{${APP_CODE_LENGTH}}$`);

/** A uniformly random code of APP_CODE_LENGTH digits (leading zeros kept). */
export function newCode(): string {
  return String(randomInt(0, 10 ** APP_CODE_LENGTH)).padStart(APP_CODE_LENGTH, '0');
}

/** Whether `code` looks like a code at all (checked before anything is counted or read). */
export const isCodeShaped = (code: string) => CODE_SHAPE.test(code);

/**
 * The code as kept at rest: keyed with the server secret and bound to its user, so a copy of the
 * table does not give the million codes away to a plain hash search.
 */
export function hashCode(secret: string, appUserId: string, code: string): string {
  return createHmac('sha256', secret).update(`app-code:${appUserId}:${code}`).digest('base64url');
}

/** Whether the user still has a code they may guess (not expired, not used up). */
export function hasLiveCode(row: AppUserRow, now = Date.now()): boolean {
  return Boolean(
    row.confirmCodeHash &&
    row.confirmCodeExpiresAt &&
    row.confirmCodeExpiresAt.getTime() > now &&
    row.confirmCodeAttempts < APP_CODE_MAX_ATTEMPTS,
  );
}

/** Whether a code went out less than APP_CODE_RESEND_INTERVAL_S ago (a code lives APP_CODE_TTL_S from its sending). */
function isTooSoon(row: AppUserRow, now = Date.now()): boolean {
  const sentAt = row.confirmCodeExpiresAt ? row.confirmCodeExpiresAt.getTime() - APP_CODE_TTL_S * 1000 : 0;
  return now - sentAt < APP_CODE_RESEND_INTERVAL_S * 1000;
}

interface Deps {
  appUsersRepo: AppUsersRepo;
  limits: AuthLimits;
  mailer: Mailer;
  secret: string;
}

/**
 * The one-time codes that confirm an end user's address (docs/product/runtime.md#end-user-confirmation):
 * mailed at sign-up and at a sign-in before confirmation, or on request; each guess spends one of
 * the code's attempts before it is compared, so parallel guesses get no more than APP_CODE_MAX_ATTEMPTS.
 */
export function createAppUserConfirmation({ appUsersRepo, limits, mailer, secret }: Deps) {
  return {
    /**
     * Mails a fresh code. `quiet` (sign-up and sign-in): a code sent a moment ago or a recipient past
     * the app-mail cap sends nothing, the user still gets the code step. Otherwise (a resend) those
     * are 429s. A mail over the mailer's own cap is dropped silently, as for reset links.
     */
    async send(app: { name: string }, row: AppUserRow, { quiet }: { quiet: boolean }): Promise<void> {
      if (isTooSoon(row)) {
        if (quiet) return;
        throw new AppError('RATE_LIMITED', APP_CONFIRM_MESSAGES.resendTooSoon);
      }
      try {
        await limits.countRecipient('app', row.email);
      } catch (err) {
        if (quiet && err instanceof AppError && err.code === 'RATE_LIMITED') return;
        throw err;
      }
      const code = newCode();
      await appUsersRepo.setCode(row.appId, row.id, hashCode(secret, row.id, code), APP_CODE_TTL_S);
      await mailer.send(mailTemplates.appConfirmCode(row.email, code, app.name), 'app').catch((err: unknown) => {
        if (!(err instanceof AppError && err.code === 'RATE_LIMITED')) throw err;
      });
    },

    /** Spends one attempt of the user's code on `code`; answers the confirmed user, or throws the reason it failed. */
    async check(row: AppUserRow | null, code: string): Promise<AppUserRow> {
      const spent = row ? await appUsersRepo.spendCodeAttempt(row.appId, row.id, APP_CODE_MAX_ATTEMPTS) : null;
      if (!row || !spent) {
        // Read again: parallel guesses may have used the code up since `row` was read.
        const now = row ? await appUsersRepo.findById(row.appId, row.id) : null;
        const isUsedUp =
          now?.confirmCodeHash &&
          now.confirmCodeExpiresAt &&
          now.confirmCodeExpiresAt.getTime() > Date.now() &&
          now.confirmCodeAttempts >= APP_CODE_MAX_ATTEMPTS;
        throw isUsedUp
          ? new AppError('TOO_MANY_ATTEMPTS', APP_CONFIRM_MESSAGES.tooManyAttempts)
          : new AppError('BAD_REQUEST', APP_CONFIRM_MESSAGES.codeExpired);
      }
      const given = Buffer.from(hashCode(secret, row.id, code));
      const stored = Buffer.from(spent.codeHash);
      if (given.length !== stored.length || !timingSafeEqual(given, stored))
        throw new AppError('BAD_REQUEST', APP_CONFIRM_MESSAGES.codeWrong);
      const confirmed = await appUsersRepo.confirm(row.appId, row.id, spent.codeHash);
      if (!confirmed) throw new AppError('BAD_REQUEST', APP_CONFIRM_MESSAGES.codeExpired);
      return confirmed;
    },
  };
}

export type AppUserConfirmation = ReturnType<typeof createAppUserConfirmation>;
