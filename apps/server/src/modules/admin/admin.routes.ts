import { Hono, type MiddlewareHandler } from 'hono';
import { AdminBuildersQuerySchema, AdminUpdateBuilderSchema } from '@tessera/contracts/accounts';
import type { AuthVariables } from '../auth/session';
import { readJson } from '../../platform/http/validate';
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
  app.get('/api/admin/builders', signedIn, async (c) => {
    const query = AdminBuildersQuerySchema.safeParse(c.req.query());
    if (!query.success) {
      const issue = query.error.issues[0]!;
      throw new AppError('VALIDATION_FAILED', `${issue.path.join('.') || 'query'}: ${issue.message}`);
    }
    return c.json(await admin.list(c.var.user, query.data.q, query.data.offset));
  });
  app.patch('/api/admin/builders/:accountId', signedIn, async (c) =>
    c.json(await admin.update(c.var.user, c.req.param('accountId'), await readJson(c, AdminUpdateBuilderSchema))),
  );
  return app;
}
