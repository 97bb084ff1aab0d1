import { z } from 'zod';
import { AccountSchema, CreateAccountRequestSchema, CreateAccountResponseSchema } from './accounts';
import {
  GetSessionResponseSchema,
  HealthResponseSchema,
  SignedInResponseSchema,
  SuccessResponseSchema,
} from './api-responses';
import type { ApiRoute } from './api-route';
import {
  CompleteEmailChangeSchema,
  PublicConfigSchema,
  SendMagicLinkSchema,
  SendResetPasswordEmailSchema,
  SendVerificationEmailSchema,
  StatusResponseSchema,
} from './auth';

/** Bodies of the identity provider's endpoints (it validates them itself; these describe what it reads). */
const SignUpEmailBody = z.object({
  email: z.string(),
  password: z.string(),
  name: z.string().optional(),
  callbackURL: z.string().optional().describe('A path to continue at after the verification link'),
});
const SignInEmailBody = z.object({ email: z.string(), password: z.string(), callbackURL: z.string().optional() });
const ResetPasswordBody = z.object({ token: z.string(), newPassword: z.string() });
const ChangePasswordBody = z.object({
  currentPassword: z.string(),
  newPassword: z.string(),
  revokeOtherSessions: z.boolean().optional(),
});
const SocialSignInBody = z.object({ provider: z.literal('google'), callbackURL: z.string() });
const LinkQuery = z.object({ token: z.string(), callbackURL: z.string().optional() });
const redirect = (description: string) => ({ 302: { description, contentType: 'text/plain' } });

/** System, builder sign-in and the builder account. */
export const AUTH_API_ROUTES: ApiRoute[] = [
  {
    method: 'get',
    path: '/healthz',
    tag: 'System',
    summary: 'Liveness and database check',
    auth: 'none',
    responses: { 200: HealthResponseSchema },
  },
  {
    method: 'get',
    path: '/api/config',
    tag: 'System',
    summary: 'What the SPA needs before sign-in (Google on, dev outbox readable)',
    auth: 'none',
    responses: { 200: PublicConfigSchema },
  },
  {
    method: 'get',
    path: '/api/openapi.json',
    tag: 'System',
    summary: 'This API description (OpenAPI 3.1)',
    auth: 'none',
    responses: { 200: { description: 'The OpenAPI document.' } },
  },
  {
    method: 'get',
    path: '/api/docs',
    tag: 'System',
    summary: 'The API reference page (HTML)',
    auth: 'none',
    responses: { 200: { description: 'A static HTML page.', contentType: 'text/html' } },
  },
  {
    method: 'post',
    path: '/api/auth/sign-up/email',
    tag: 'Auth',
    summary: 'Sign up with e-mail and password',
    description:
      'Signs the user in at once (unverified); the bearer token is also in the `set-auth-token` header. A verification mail is sent.',
    auth: 'none',
    body: SignUpEmailBody,
    responses: { 200: SignedInResponseSchema },
    errors: [409, 429],
  },
  {
    method: 'post',
    path: '/api/auth/sign-in/email',
    tag: 'Auth',
    summary: 'Sign in with e-mail and password',
    description:
      'The bearer token comes back in `set-auth-token`. Five failures for an e-mail from one address in 15 minutes lock that pair out (429).',
    auth: 'none',
    body: SignInEmailBody,
    responses: { 200: SignedInResponseSchema },
    errors: [401, 403, 429],
  },
  {
    method: 'post',
    path: '/api/auth/sign-out',
    tag: 'Auth',
    summary: 'Sign out (the token stops working)',
    auth: 'builder',
    responses: { 200: SuccessResponseSchema },
  },
  {
    method: 'get',
    path: '/api/auth/get-session',
    tag: 'Auth',
    summary: 'The current session, or null',
    auth: 'builder',
    responses: { 200: GetSessionResponseSchema },
  },
  {
    method: 'get',
    path: '/api/auth/verify-email',
    tag: 'Auth',
    summary: 'The mailed verification link',
    description:
      'Verifies the address, signs the browser in and redirects to `callbackURL` (with `error=INVALID_TOKEN` on a bad link). Without `callbackURL` the answer is JSON.',
    auth: 'none',
    query: LinkQuery,
    responses: {
      ...redirect('To `callbackURL`, with a fresh token in `set-auth-token`.'),
      200: { description: 'Verified (no callbackURL).' },
    },
  },
  {
    method: 'post',
    path: '/api/auth/reset-password',
    tag: 'Auth',
    summary: 'Set a new password with the token of a reset mail',
    description: 'Other sessions are revoked.',
    auth: 'none',
    body: ResetPasswordBody,
    responses: { 200: z.object({ status: z.boolean() }) },
  },
  {
    method: 'get',
    path: '/api/auth/magic-link/verify',
    tag: 'Auth',
    summary: 'Sign in with the token of a magic-link mail',
    auth: 'none',
    query: LinkQuery,
    responses: {
      200: { description: '`{ token, user, session }`; the token is also in `set-auth-token`.' },
      ...redirect('To `callbackURL` when given.'),
    },
  },
  {
    method: 'post',
    path: '/api/auth/change-password',
    tag: 'Auth',
    summary: 'Change the password',
    auth: 'builder',
    body: ChangePasswordBody,
    responses: { 200: { description: '`{ token, user }`.' } },
  },
  {
    method: 'post',
    path: '/api/auth/sign-in/social',
    tag: 'Auth',
    summary: "Start Google sign-in: the consent screen's URL",
    description: 'Only when Google is configured (404 otherwise).',
    auth: 'none',
    body: SocialSignInBody,
    responses: { 200: z.looseObject({ url: z.string() }) },
    errors: [404],
  },
  {
    method: 'get',
    path: '/api/auth/callback/google',
    tag: 'Auth',
    summary: "Google's redirect back after consent",
    auth: 'none',
    responses: redirect('To the SPA, signed in (or with an error).'),
  },
  {
    method: 'post',
    path: '/api/live_api/account/sendResetPasswordEmail',
    tag: 'Auth',
    summary: 'Mail a password-reset link',
    description: 'Same answer for unknown addresses.',
    auth: 'none',
    body: SendResetPasswordEmailSchema,
    responses: { 200: StatusResponseSchema },
    errors: [429, 502],
  },
  {
    method: 'post',
    path: '/api/live_api/account/sendMagicLink',
    tag: 'Auth',
    summary: 'Mail a magic sign-in link',
    auth: 'none',
    body: SendMagicLinkSchema,
    responses: { 200: StatusResponseSchema },
    errors: [429, 502],
  },
  {
    method: 'post',
    path: '/api/live_api/account/sendVerificationEmail',
    tag: 'Auth',
    summary: 'Mail the verification link again',
    auth: 'builder',
    body: SendVerificationEmailSchema,
    responses: { 200: StatusResponseSchema },
    errors: [429, 502],
  },
  {
    method: 'post',
    path: '/api/live_api/account/completeEmailChange',
    tag: 'Auth',
    summary: 'Change the e-mail: a confirmation link goes to the new address',
    auth: 'builder',
    body: CompleteEmailChangeSchema,
    responses: { 200: StatusResponseSchema },
    errors: [409, 429, 502],
  },
  {
    method: 'post',
    path: '/api/live_api/account/create',
    tag: 'Account',
    summary: 'Create the builder account (idempotent)',
    description:
      'The first account of an install with a verified address becomes admin. `saleId` (or `?sale_id=`) links a purchase.',
    auth: 'builder',
    body: CreateAccountRequestSchema,
    responses: { 200: CreateAccountResponseSchema },
  },
  {
    method: 'get',
    path: '/api/live_api/account/current',
    tag: 'Account',
    summary: 'The builder account (404 before create)',
    auth: 'builder',
    responses: { 200: AccountSchema },
    errors: [404],
  },
];
