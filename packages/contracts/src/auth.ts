import { z } from 'zod';
import { EMAIL_MAX_LENGTH } from './constants';

/**
 * Lenient e-mail shape check shared by both sides; the real proof is the verification mail. Control
 * characters (a NUL above all, which the database cannot store) are never part of an address.
 */
export function isValidEmail(value: string): boolean {
  return (
    value.length <= EMAIL_MAX_LENGTH &&
    // eslint-disable-next-line no-control-regex -- control characters are what this refuses
    /^[^\s@"<>()[\]\\,;:\x00-\x1f\x7f]+@[^\s@"<>()[\]\\,;:\x00-\x1f\x7f]+\.[^\s@"<>()[\]\\,;:.\x00-\x1f\x7f]{2,}$/.test(
      value,
    )
  );
}

/** Continue/redirect targets are same-site paths only, never absolute URLs (open redirects). */
export function safeRelativePath(value: string | null | undefined, fallback = '/home'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return fallback;
  return value;
}

export const SendResetPasswordEmailSchema = z.object({
  email: z.string().trim().max(EMAIL_MAX_LENGTH),
  mainAppId: z.string().max(200).nullish(),
  continueUrl: z.string().max(2000).nullish(),
});
export type SendResetPasswordEmail = z.infer<typeof SendResetPasswordEmailSchema>;

export const SendMagicLinkSchema = z.object({
  email: z.string().trim().max(EMAIL_MAX_LENGTH).nullish(),
  continueUrl: z.string().max(2000).nullish(),
});
export type SendMagicLink = z.infer<typeof SendMagicLinkSchema>;

export const CompleteEmailChangeSchema = z.object({
  newEmail: z.string().trim().max(EMAIL_MAX_LENGTH),
});
export type CompleteEmailChange = z.infer<typeof CompleteEmailChangeSchema>;

export const SendVerificationEmailSchema = z.object({
  continueUrl: z.string().max(2000).nullish(),
  appName: z.string().max(200).nullish(),
});
export type SendVerificationEmail = z.infer<typeof SendVerificationEmailSchema>;

export const StatusResponseSchema = z.object({ status: z.literal(true), message: z.string() });
export type StatusResponse = z.infer<typeof StatusResponseSchema>;

/** What the builder SPA needs to know about the server before anyone signs in. */
export const PublicConfigSchema = z.object({
  googleEnabled: z.boolean(),
  devOutbox: z.boolean(),
});
export type PublicConfig = z.infer<typeof PublicConfigSchema>;

/** The signed-in identity, as `GET /api/auth/get-session` returns it (docs/product/accounts-and-plans.md#data User). */
export const SessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  name: z.string(),
});
export type SessionUser = z.infer<typeof SessionUserSchema>;

/** `GET /api/auth/get-session`: null when signed out. `session.token` is the bearer token. */
export const SessionResponseSchema = z
  .object({
    session: z.object({ token: z.string(), expiresAt: z.string() }),
    user: SessionUserSchema,
  })
  .nullable();
export type SessionResponse = z.infer<typeof SessionResponseSchema>;

/** What `/auth/handler?mode=...` completes: the links we mail, and the return from Google (`oauth`). */
export const AUTH_HANDLER_MODES = ['verifyEmail', 'verifyAndChangeEmail', 'resetPassword', 'signIn', 'oauth'] as const;
export type AuthHandlerMode = (typeof AUTH_HANDLER_MODES)[number];
