import type { Context, Hono } from 'hono';
import {
  AppForgotPasswordSchema,
  AppResendOtpSchema,
  AppSignInSchema,
  AppSignUpSchema,
  AppVerifyOtpSchema,
  InviteUserSchema,
  type AppSession,
  type AppUser,
} from '@tessera/contracts/app-users';
import { z } from 'zod';
import { AppError } from '../../platform/errors';
import { clientIp } from '../../platform/http/client-ip';
import { requestHostName } from '../../platform/http/request-host';
import { readAnyJson, readJson } from '../../platform/http/validate';
import type { HostEnv } from '../app-host';
import type { AppPrincipal, AppUsersService } from '../app-users';

/** The SDK's `resetPassword` body: the token of the mailed reset link and the new password. */
const ChangePasswordSchema = z.object({
  user_id: z.string().max(100),
  current_password: z.string().max(1000),
  new_password: z.string().max(1000),
});
const ResetPasswordSchema = z.object({ reset_token: z.string().min(1).max(500), new_password: z.string().max(1000) });

export interface AuthRoutesDeps {
  appUsers: AppUsersService;
  trustProxy: boolean;
  /** Whether the user's address is confirmed and whether they are disabled (Base44's `is_verified`, `disabled`). */
  statusOf: (appId: string, userId: string) => Promise<{ isVerified: boolean; disabled: boolean }>;
  /** Told of an end user who signed in or called the app (analytics' active users). */
  onActive: (appId: string, appUserId: string) => void;
}

/**
 * The Base44 SDK's `auth` and `users` calls (`/api/apps/{appId}/auth/…`, `…/entities/User/me`,
 * `…/users/invite-user`) on the app's host: the app users' service behind them, answers in the
 * SDK's field names (`access_token`, `created_date`, `is_verified`, `app_id`, `disabled`).
 */
export function base44AuthRoutes(host: Hono<HostEnv>, deps: AuthRoutesDeps): void {
  const { appUsers } = deps;
  const base = '/api/apps/:appId';
  const appIdOf = (c: Context<HostEnv>) => c.var.hostApp.id;
  const ipOf = (c: Context<HostEnv>) => clientIp(c, deps.trustProxy);
  const principalOf = (c: Context<HostEnv>) =>
    appUsers.principalOf(appIdOf(c), c.req.header('authorization'), requestHostName(c));

  async function userOf(appId: string, user: AppUser) {
    const status = await deps.statusOf(appId, user.id);
    return {
      ...user,
      created_date: user.createdAt,
      app_id: appId,
      is_verified: status.isVerified,
      disabled: status.disabled,
    };
  }
  const session = async (appId: string, signedIn: AppSession) => {
    deps.onActive(appId, signedIn.user.id);
    return { access_token: signedIn.token, user: await userOf(appId, signedIn.user) };
  };

  host.post(`${base}/auth/login`, async (c) => {
    const input = await readJson(c, AppSignInSchema);
    return c.json(await session(appIdOf(c), await appUsers.signIn(appIdOf(c), input, requestHostName(c), ipOf(c))));
  });
  host.post(`${base}/auth/register`, async (c) => {
    const input = await readJson(c, AppSignUpSchema);
    const result = await appUsers.signUp(appIdOf(c), input, requestHostName(c), ipOf(c));
    return c.json('token' in result ? await session(appIdOf(c), result) : result);
  });
  host.post(`${base}/auth/verify-otp`, async (c) => {
    const input = await readJson(c, AppVerifyOtpSchema);
    return c.json(await session(appIdOf(c), await appUsers.verifyCode(appIdOf(c), input, requestHostName(c), ipOf(c))));
  });
  host.post(`${base}/auth/resend-otp`, async (c) =>
    c.json(await appUsers.resendCode(appIdOf(c), await readJson(c, AppResendOtpSchema), ipOf(c))),
  );
  host.post(`${base}/auth/reset-password-request`, async (c) =>
    c.json(await appUsers.forgotPassword(appIdOf(c), await readJson(c, AppForgotPasswordSchema), ipOf(c))),
  );
  host.post(`${base}/auth/reset-password`, async (c) => {
    const input = await readJson(c, ResetPasswordSchema);
    const signedIn = await appUsers.setPassword(
      appIdOf(c),
      { token: input.reset_token, password: input.new_password },
      requestHostName(c),
    );
    return c.json(await session(appIdOf(c), signedIn));
  });
  host.post(`${base}/auth/change-password`, async (c) => {
    const input = await readJson(c, ChangePasswordSchema);
    const principal = await principalOf(c);
    if (principal && principal.userId !== input.user_id)
      throw new AppError('FORBIDDEN', 'You can only change your own password');
    const token =
      c.req
        .header('authorization')
        ?.replace(/^bearer\s+/i, '')
        .trim() ?? '';
    const changed = { currentPassword: input.current_password, newPassword: input.new_password };
    return c.json(await appUsers.changePassword(principal, token, changed, ipOf(c)));
  });
  host.post(`${base}/auth/logout`, async (c) =>
    c.json(await appUsers.signOut(c.req.header('authorization')?.replace(/^bearer\s+/i, '') ?? '')),
  );

  const me = async (c: Context<HostEnv>, principal: AppPrincipal | null, user: AppUser) =>
    c.json(await userOf(principal!.appId, user));
  host.get(`${base}/entities/User/me`, async (c) => {
    const principal = await principalOf(c);
    return me(c, principal, await appUsers.me(principal));
  });
  host.put(`${base}/entities/User/me`, async (c) => {
    const principal = await principalOf(c);
    return me(c, principal, await appUsers.updateMe(principal, await readAnyJson(c)));
  });

  const invite = async (c: Context<HostEnv>) =>
    c.json(await appUsers.invite({ principal: await principalOf(c) }, appIdOf(c), await readJson(c, InviteUserSchema)));
  // `auth.inviteUser` and `users.inviteUser` of the SDK.
  host.post(`${base}/users/invite-user`, invite);
  host.post(`${base}/runtime/users/invite-user`, invite);
}
