/** Business constants of docs/product/accounts-and-plans.md#limits and the auth rules that go with them. */
export const TOKEN_REFRESH_INTERVAL_MS = 3_000_000;
export const ACCOUNT_CREATE_INITIAL_DELAY_MS = 3_000;
export const ACCOUNT_CREATE_RETRIES = 7;
export const ACCOUNT_CREATE_RETRY_INTERVAL_MS = 4_000;
/** Waiting for an account to change after a purchase: one look every 4 s, at most 15 looks. */
export const ACCOUNT_POLL_INTERVAL_MS = 4_000;
export const ACCOUNT_POLL_MAX_TRIES = 15;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const EMAIL_MAX_LENGTH = 254;

/** Failed sign-ins for one e-mail within the window before further attempts are refused. */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_FAILURE_WINDOW_S = 15 * 60;
/** Sign-in attempts from one client address per minute, whatever the e-mail. */
export const LOGIN_MAX_PER_IP_PER_MINUTE = 30;
/** Mails (verification, reset, magic link, e-mail change) one address may trigger per hour. */
export const MAILS_PER_ADDRESS_PER_HOUR = 10;

export const PLANS = ['lite', 'explorer', 'monetizer', 'moon'] as const;
export type PlanId = (typeof PLANS)[number];
export const DEFAULT_PLAN: PlanId = 'lite';

export const ACCOUNT_TYPES = ['builder', 'user'] as const;
