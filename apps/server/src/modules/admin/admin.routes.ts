import { Hono, type MiddlewareHandler } from 'hono';
import { ADMIN_ROUTES, AdminBuildersQuerySchema } from '@tessera/contracts/accounts';
import type { AuthVariables } from '../auth';
import { routesOn } from '../../platform/http/route';
import { AppError } from '../../platform/errors';
import type { AdminService } from './admin.service';

/** The admin screen's calls (admins only: the service checks). */
export function adminRoutes({
  admin,
  signedIn,
}: {
  admin: AdminService;
  signedIn: MiddlewareHandler<{ Variables: AuthVariables }>;
}) {
  const app = new Hono<{ Variables: AuthVariables }>();
  const on = routesOn(app);
  // Its own query check: the admin screen's message names the parameter.
  on(ADMIN_ROUTES.listBuilders, signedIn, async ({ c }) => {
    const query = AdminBuildersQuerySchema.safeParse(c.req.query());
    if (!query.success) {
      const issue = query.error.issues[0]!;
      throw new AppError('VALIDATION_FAILED', `${issue.path.join('.') || 'query'}: ${issue.message}`);
    }
    return admin.list(c.var.user, query.data.q, query.data.offset);
  });
  on(ADMIN_ROUTES.updateBuilder, signedIn, async ({ c, params, body }) =>
    admin.update(c.var.user, params.accountId, await body()),
  );
  on(ADMIN_ROUTES.getSettings, signedIn, async ({ c }) => admin.settings(c.var.user));
  on(ADMIN_ROUTES.updateSettings, signedIn, async ({ c, body }) => admin.updateSettings(c.var.user, await body()));
  return app;
}
