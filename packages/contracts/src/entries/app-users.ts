/** @tessera/contracts/app-users: End users of a generated app: sign-up, sign-in, roles, tokens. */
export {
  APP_USER_ROLES,
  APP_USER_FIELDS,
  APP_TOKEN_PREFIX,
  AppSignUpSchema,
  AppSignInSchema,
  InviteUserSchema,
  AppForgotPasswordSchema,
  AppSetPasswordSchema,
  type AppUserRole,
  type AppUser,
  type AppSession,
} from '../app-users';
