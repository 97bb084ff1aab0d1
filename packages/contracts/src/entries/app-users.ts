/** @tessera/contracts/app-users: End users of a generated app: sign-up, confirming the address, sign-in, roles, tokens. */
export {
  APP_USER_ROLES,
  APP_USER_FIELDS,
  APP_TOKEN_PREFIX,
  AppSignUpSchema,
  AppSignInSchema,
  InviteUserSchema,
  AppForgotPasswordSchema,
  AppSetPasswordSchema,
  AppVerifyOtpSchema,
  AppResendOtpSchema,
  type AppUserRole,
  type AppUser,
  type AppSession,
} from '../app-users';
export {
  APP_CODE_LENGTH,
  APP_CODE_TTL_S,
  APP_CODE_MAX_ATTEMPTS,
  APP_CODE_RESEND_INTERVAL_S,
  APP_MAILS_PER_ADDRESS_PER_HOUR,
  APP_CONFIRM_MESSAGES,
  type AppConfirmationPending,
} from '../app-user-confirm';
