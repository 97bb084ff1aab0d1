export { MESSAGES, APP_MESSAGES } from './messages';
export { ERROR_STATUS, ERROR_CODES, ErrorBodySchema, type ErrorCode, type ErrorBody } from './errors';
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
  PLANS,
  DEFAULT_PLAN,
  ACCOUNT_TYPES,
  type PlanId,
} from './constants';
export { isStrongPassword, PASSWORD_HINT } from './password';
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
} from './auth';
export {
  AccountSchema,
  CreateAccountRequestSchema,
  CreateAccountResponseSchema,
  type Account,
  type CreateAccountRequest,
  type CreateAccountResponse,
} from './accounts';
export { OutboxMailSchema, OutboxResponseSchema, type OutboxMail } from './dev';
