/** @tessera/contracts/auth: Builder sign-in, mailed links, passwords, the auth limits and the dev mail outbox. */
export {
  TOKEN_REFRESH_INTERVAL_MS,
  ACCOUNT_CREATE_INITIAL_DELAY_MS,
  ACCOUNT_CREATE_RETRIES,
  ACCOUNT_CREATE_RETRY_INTERVAL_MS,
  PASSWORD_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  LOGIN_MAX_FAILURES,
  LOGIN_FAILURE_WINDOW_S,
  LOGIN_MAX_PER_IP_PER_MINUTE,
  MAILS_PER_ADDRESS_PER_HOUR,
} from '../constants';
export { isStrongPassword, PASSWORD_HINT } from '../password';
export {
  isValidEmail,
  safeRelativePath,
  SendResetPasswordEmailSchema,
  SendMagicLinkSchema,
  CompleteEmailChangeSchema,
  SendVerificationEmailSchema,
  StatusResponseSchema,
  PublicConfigSchema,
  SessionUserSchema,
  SessionResponseSchema,
  AUTH_HANDLER_MODES,
  type SendResetPasswordEmail,
  type SendMagicLink,
  type CompleteEmailChange,
  type SendVerificationEmail,
  type StatusResponse,
  type PublicConfig,
  type SessionUser,
  type SessionResponse,
  type AuthHandlerMode,
} from '../auth';
export { OutboxMailSchema, OutboxResponseSchema, type OutboxMail } from '../dev';
