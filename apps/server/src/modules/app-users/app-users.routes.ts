import { Hono, type Context, type MiddlewareHandler } from 'hono';
import {
  AppForgotPasswordSchema,
  AppSetPasswordSchema,
  AppSignInSchema,
  AppSignUpSchema,
  InviteUserSchema,
} from '@tessera/contracts';
import { clientIp } from '../../platform/http/client-ip';
import { requestHostName } from '../../platform/http/request-host';
import { readAnyJson, readJson } from '../../platform/http/validate';
import type { AuthVariables } from '../auth/session';
import type { AppPrincipal, AppUsersService } from './app-users.service';

export type CallerVariables = Partial<AuthVariables> & { appUser?: AppPrincipal | null };

/** Sets `c.var.appUser` from an app-user bearer token of the app in the path (`:appId`). */
export function identifyAppUser(appUsers: AppUsersService): MiddlewareHandler<{ Variables: CallerVariables }> {
  return async (c, next) => {
    c.set(
      'appUser',
      await appUsers.principalOf(c.req.param('appId') ?? '', c.req.header('authorization'), requestHostName(c)),
    );
    await next();
  };
}

/**
 * App end users under the entity API base: sign-up, sign-in and sign-out, the built-in User
 * entity's `me`, and invitations (docs/product/runtime.md#calls Users API). Mounted before the entity routes so
 * `User/me` is not read as a record id; callers are identified once for both (app.ts).
 */
export function appUsersRoutes({ appUsers, trustProxy }: { appUsers: AppUsersService; trustProxy: boolean }) {
  const app = new Hono<{ Variables: CallerVariables }>();
  const ipOf = (c: Context) => clientIp(c, trustProxy);
  const base = '/live_api/apps/:appId';
  app.post(`${base}/auth/sign-up`, async (c) =>
    c.json(
      await appUsers.signUp(c.req.param('appId'), await readJson(c, AppSignUpSchema), requestHostName(c), ipOf(c)),
    ),
  );
  app.post(`${base}/auth/sign-in`, async (c) =>
    c.json(
      await appUsers.signIn(c.req.param('appId'), await readJson(c, AppSignInSchema), requestHostName(c), ipOf(c)),
    ),
  );
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
