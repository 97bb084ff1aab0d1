import { z } from 'zod';

/** The closed set of error codes on the wire, with the HTTP status each one maps to. */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  WEAK_PASSWORD: 400,
  INVALID_EMAIL: 400,
  INVALID_LINK: 400,
  UNAUTHORIZED: 401,
  INVALID_CREDENTIALS: 401,
  EMAIL_NOT_VERIFIED: 403,
  FORBIDDEN: 403,
  USER_DISABLED: 403,
  NOT_FOUND: 404,
  'auth/email-already-exists': 409,
  EMAIL_IN_USE: 409,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  /** An upload over the plan's file size (docs/product/accounts-and-plans.md#errors: "a 400 with code file-too-big"). */
  'file-too-big': 400,
  /** A plan limit; details.upgradeReason tells the UI which upgrade prompt to open. */
  PLAN_LIMIT_REACHED: 403,
  /** Builder chat limits (docs/product/runtime.md#errors): the plan's message allowance, and the free plans' daily limit. */
  'builder-chat-messages-limit-reached': 403,
  'daily-chat-messages-limit-reached': 429,
  TOO_MANY_ATTEMPTS: 429,
  RATE_LIMITED: 429,
  MAIL_FAILED: 502,
  /** An outbound fetch refused before connecting: not http(s), or a loopback/private/metadata address. */
  URL_NOT_ALLOWED: 400,
  /** An outbound fetch that failed: timeout, too large, refused content type, too many redirects, network. */
  FETCH_FAILED: 502,
  /** A database statement stopped by the server's statement timeout (DB_STATEMENT_TIMEOUT_MS). */
  QUERY_TIMEOUT: 503,
  /** The database cannot be reached, or the process is shutting down: try again shortly (Retry-After). */
  SERVICE_UNAVAILABLE: 503,
  INTERNAL: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const ERROR_CODES = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]];

export const ErrorBodySchema = z.object({
  error: z.object({
    code: z.enum(ERROR_CODES),
    message: z.string(),
    details: z.unknown().optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
