import { Hono, type Context, type MiddlewareHandler } from 'hono';
import {
  AppForgotPasswordSchema,
  AppResendOtpSchema,
  AppSetPasswordSchema,
  AppSignInSchema,
  AppSignUpSchema,
  AppVerifyOtpSchema,
  InviteUserSchema,
  type AppSession,
} from '@tessera/contracts/app-users';
import { clientIp } from '../../platform/http/client-ip';
import { requestHostName } from '../../platform/http/request-host';
import { readAnyJson, readJson } from '../../platform/http/validate';
import type { AuthVariables } from '../auth';
import type { AppPrincipal, AppUsersService } from './app-users.service';

export type CallerVariables = Partial<AuthVariables> & { appUser?: AppPrincipal | null };

/** Told of an end user who signed in or called the app with their session (analytics' active users). */
export type OnAppUserActive = (appId: string, appUserId: string) => void;

/** Sets `c.var.appUser` from an app-user bearer token of the app in the path (`:appId`). */
export function identifyAppUser(
  appUsers: AppUsersService,
  onActive: OnAppUserActive,
): MiddlewareHandler<{ Variables: CallerVariables }> {
  return async (c, next) => {
    const principal = await appUsers.principalOf(
      c.req.param('appId') ?? '',
      c.req.header('authorization'),
      requestHostName(c),
    );
    if (principal) onActive(principal.appId, principal.userId);
    c.set('appUser', principal);
    await next();
  };
}

/**
 * App end users under the entity API base: sign-up, confirming the address with a code, sign-in and sign-out, the built-in User
 * entity's `me`, and invitations (docs/product/runtime.md#calls Users API). Mounted before the entity routes so
 * `User/me` is not read as a record id; callers are identified once for both (app.ts).
 */
export function appUsersRoutes({
  appUsers,
  trustProxy,
  onActive,
}: {
  appUsers: AppUsersService;
  trustProxy: boolean;
  onActive: OnAppUserActive;
}) {
  const app = new Hono<{ Variables: CallerVariables }>();
  const ipOf = (c: Context) => clientIp(c, trustProxy);
  const base = '/live_api/apps/:appId';
  const signedIn = (appId: string, session: AppSession) => {
    onActive(appId, session.user.id);
    return session;
  };
  app.post(`${base}/auth/sign-up`, async (c) => {
    const appId = c.req.param('appId');
    const input = await readJson(c, AppSignUpSchema);
    const result = await appUsers.signUp(appId, input, requestHostName(c), ipOf(c));
    return c.json('token' in result ? signedIn(appId, result) : result);
  });
  app.post(`${base}/auth/verify-otp`, async (c) => {
    const appId = c.req.param('appId');
    const input = await readJson(c, AppVerifyOtpSchema);
    return c.json(signedIn(appId, await appUsers.verifyCode(appId, input, requestHostName(c), ipOf(c))));
  });
  app.post(`${base}/auth/resend-otp`, async (c) =>
    c.json(await appUsers.resendCode(c.req.param('appId'), await readJson(c, AppResendOtpSchema), ipOf(c))),
  );
  app.post(`${base}/auth/sign-in`, async (c) => {
    const appId = c.req.param('appId');
    const input = await readJson(c, AppSignInSchema);
    return c.json(signedIn(appId, await appUsers.signIn(appId, input, requestHostName(c), ipOf(c))));
  });
  app.post(`${base}/auth/forgot-password`, async (c) =>
    c.json(await appUsers.forgotPassword(c.req.param('appId'), await readJson(c, AppForgotPasswordSchema), ipOf(c))),
  );
  app.post(`${base}/auth/set-password`, async (c) =>
    c.json(
      await appUsers.setPassword(c.req.param('appId'), await readJson(c, AppSetPasswordSchema), requestHostName(c)),
    ),
  );
  app.post(`${base}/auth/sign-out`, async (c) =>
    c.json(await appUsers.signOut(c.req.header('authorization')?.replace(/^bearer\s+/i, '') ?? '')),
  );
  app.get(`${base}/entities/User/me`, async (c) => c.json(await appUsers.me(c.var.appUser ?? null)));
  app.put(`${base}/entities/User/me`, async (c) =>
    c.json(await appUsers.updateMe(c.var.appUser ?? null, await readAnyJson(c))),
  );
  app.post(`${base}/users/invite-user`, async (c) =>
    c.json(
      await appUsers.invite(
        { builder: c.var.user, principal: c.var.appUser ?? null },
        c.req.param('appId'),
        await readJson(c, InviteUserSchema),
      ),
    ),
  );
  return app;
}
