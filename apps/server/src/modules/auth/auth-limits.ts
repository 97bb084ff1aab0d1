import { setTimeout as sleep } from 'node:timers/promises';
import { APP_MESSAGES, MESSAGES } from '@tessera/contracts';
import { APP_MAILS_PER_ADDRESS_PER_HOUR } from '@tessera/contracts/app-users';
import {
  LOGIN_FAILURE_WINDOW_S,
  LOGIN_MAX_FAILURES,
  LOGIN_MAX_PER_IP_PER_MINUTE,
  MAILS_PER_ADDRESS_PER_HOUR,
} from '@tessera/contracts/auth';
import { AppError } from '../../platform/errors';
import type { RateLimiter } from '../../platform/rate-limit';

/**
 * Requests one client address may make per window, whatever the e-mail: sign-ins (a password
 * check each), sign-ups, and mail-sending calls (magic links, resets, verification and e-mail
 * change mails). Builders and app users are counted apart.
 */
export const AUTH_IP_LIMITS = {
  signIn: { max: LOGIN_MAX_PER_IP_PER_MINUTE, windowS: 60 },
  signUp: { max: 100, windowS: 3600 },
  mail: { max: 30, windowS: 3600 },
} as const;
export type AuthIpLimit = keyof typeof AUTH_IP_LIMITS;

/** Once an e-mail has this many failures from anywhere, each further sign-in waits before its check... */
const SLOWDOWN_BASE_MS = 250;
/** ...twice as long per failure, up to this. */
const SLOWDOWN_MAX_MS = 4000;

/** The pause before checking a password for an e-mail with `failures` recent failures from any address. */
export function slowdownMs(failures: number): number {
  if (failures < LOGIN_MAX_FAILURES) return 0;
  return Math.min(SLOWDOWN_BASE_MS * 2 ** (failures - LOGIN_MAX_FAILURES), SLOWDOWN_MAX_MS);
}

const normal = (email: string) => email.trim().toLowerCase();

/**
 * Throttles of the sign-in, sign-up and mail endpoints, for builders (`scope` "builder") and the
 * users of each app (`scope` "app:{id}"). Everything is counted by what the caller sent, never by
 * whether an account exists, so answers and timings do not tell accounts apart. Failed sign-ins
 * do not lock an account: after LOGIN_MAX_FAILURES failures one client address is refused for
 * that e-mail ("Too many login attempts"), while the e-mail's other sign-ins are only slowed down
 * so its owner can still sign in from elsewhere.
 */
export function createAuthLimits(rateLimiter: RateLimiter) {
  const failuresOf = (scope: string, email: string) => `login-fail:${scope}:${normal(email)}`;
  const failuresFrom = (scope: string, email: string, ip: string) => `${failuresOf(scope, email)}:${ip}`;

  return {
    /** Counts one request of `limit`'s kind from `ip`; throws a 429 past the limit. */
    async countAddress(group: 'builder' | 'app', limit: AuthIpLimit, ip: string): Promise<void> {
      const { max, windowS } = AUTH_IP_LIMITS[limit];
      const { count } = await rateLimiter.hit(`auth-ip:${group}:${limit}:${ip}`, windowS);
      if (count <= max) return;
      throw limit === 'signIn'
        ? new AppError('TOO_MANY_ATTEMPTS', MESSAGES.login.tooManyAttempts)
        : new AppError('RATE_LIMITED', APP_MESSAGES.tooManyRequests);
    },

    /**
     * Counts a mail asked for `address`, whether or not an account has it; a 429 past the hourly cap.
     * Builder account mails and app mails are counted apart, so requests on apps never use up the
     * requests of a builder's own reset or magic link.
     */
    async countRecipient(group: 'builder' | 'app', address: string): Promise<void> {
      const max = group === 'builder' ? MAILS_PER_ADDRESS_PER_HOUR : APP_MAILS_PER_ADDRESS_PER_HOUR;
      const { count } = await rateLimiter.hit(`mail-request:${group}:${normal(address)}`, 3600);
      if (count > max) throw new AppError('RATE_LIMITED', APP_MESSAGES.tooManyRequests);
    },

    /** Before a password check: refuses an address that failed too often for this e-mail, slows the e-mail down. */
    async beforeSignIn(scope: string, email: string, ip: string): Promise<void> {
      const [fromHere, everywhere] = await Promise.all([
        rateLimiter.peek(failuresFrom(scope, email, ip)),
        rateLimiter.peek(failuresOf(scope, email)),
      ]);
      if (fromHere >= LOGIN_MAX_FAILURES) throw new AppError('TOO_MANY_ATTEMPTS', MESSAGES.login.tooManyAttempts);
      const pause = slowdownMs(everywhere);
      if (pause) await sleep(pause);
    },

    async signInFailed(scope: string, email: string, ip: string): Promise<void> {
      await Promise.all([
        rateLimiter.hit(failuresFrom(scope, email, ip), LOGIN_FAILURE_WINDOW_S),
        rateLimiter.hit(failuresOf(scope, email), LOGIN_FAILURE_WINDOW_S),
      ]);
    },

    async signInSucceeded(scope: string, email: string, ip: string): Promise<void> {
      await Promise.all([
        rateLimiter.reset(failuresFrom(scope, email, ip)),
        rateLimiter.reset(failuresOf(scope, email)),
      ]);
    },
  };
}

export type AuthLimits = ReturnType<typeof createAuthLimits>;
