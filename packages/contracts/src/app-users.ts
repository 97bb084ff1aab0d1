import { z } from 'zod';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH } from './constants';

export const APP_USER_ROLES = ['user', 'admin'] as const;
export type AppUserRole = (typeof APP_USER_ROLES)[number];
/** App-user session tokens carry this prefix, so no one mistakes them for builder tokens. */
export const APP_TOKEN_PREFIX = 'tsa_';

export const AppSignUpSchema = z.object({
  email: z.string().trim().max(EMAIL_MAX_LENGTH),
  password: z.string().max(PASSWORD_MAX_LENGTH),
  full_name: z.string().trim().max(200).optional(),
});
export const AppSignInSchema = z.object({
  email: z.string().trim().max(EMAIL_MAX_LENGTH),
  password: z.string().max(PASSWORD_MAX_LENGTH),
});
/** `POST /live_api/apps/{id}/users/invite-user` (docs/product/runtime.md#calls Users API). */
/** `POST /live_api/apps/{id}/auth/forgot-password`: always answers the same (no account probing). */
export const AppForgotPasswordSchema = z.object({ email: z.string().trim().max(EMAIL_MAX_LENGTH) });
/** `POST /live_api/apps/{id}/auth/set-password`: the token of a reset or invitation mail, and the new password. */
export const AppSetPasswordSchema = z.object({
  token: z.string().min(1).max(500),
  password: z.string().max(PASSWORD_MAX_LENGTH),
});
/**
 * `POST /live_api/apps/{id}/auth/verify-otp`: the code mailed to confirm an end user's address
 * (the SDK's `verifyOtp` shape, so a later code login can use the same route); answers a session.
 */
export const AppVerifyOtpSchema = z.object({
  email: z.string().trim().max(EMAIL_MAX_LENGTH),
  otp_code: z.string().trim().max(32),
});
/** `POST /live_api/apps/{id}/auth/resend-otp`: a new code; the same answer whether or not the account exists. */
export const AppResendOtpSchema = z.object({ email: z.string().trim().max(EMAIL_MAX_LENGTH) });
export const InviteUserSchema = z.object({
  user_email: z.string().trim().max(EMAIL_MAX_LENGTH),
  role: z.enum(APP_USER_ROLES).default('user'),
});

/** The built-in User entity's record for one app user (`GET .../entities/User/me`). */
export interface AppUser {
  id: string;
  email: string;
  full_name: string;
  role: AppUserRole;
  createdAt: string;
  [field: string]: unknown;
}
/** The fields `User.me()` always has (plus the custom fields of the app's User entity). */
export const APP_USER_FIELDS = ['id', 'email', 'full_name', 'role', 'createdAt'] as const satisfies ReadonlyArray<
  keyof AppUser
>;
export interface AppSession {
  token: string;
  user: AppUser;
}
