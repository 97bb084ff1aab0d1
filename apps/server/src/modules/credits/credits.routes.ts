import { Hono, type MiddlewareHandler } from 'hono';
import { CreditAdjustmentRequestSchema, EndUsersQuerySchema } from '@tessera/contracts/credits';
import { AppError } from '../../platform/errors';
import { readJson } from '../../platform/http/validate';
import type { AuthVariables } from '../auth/session';
import type { CreditsService } from './credits.service';

type Vars = { Variables: AuthVariables };

/** The app's end users and their credits, for its owner (docs/product/tools.md#credits). */
export function creditsRoutes({ credits, signedIn }: { credits: CreditsService; signedIn: MiddlewareHandler<Vars> }) {
  const app = new Hono<Vars>();
  const USERS = '/api/apps/:appId/end-users';
  app.use(USERS, signedIn);
  app.use(`${USERS}/*`, signedIn);
  app.get(USERS, async (c) => {
    const query = EndUsersQuerySchema.safeParse(c.req.query());
    if (!query.success) throw new AppError('VALIDATION_FAILED', query.error.issues[0]!.message);
    return c.json(await credits.list(c.var.user, c.req.param('appId'), query.data));
  });
  app.get(`${USERS}/:appUserId/credits`, async (c) =>
    c.json(await credits.history(c.var.user, c.req.param('appId'), c.req.param('appUserId'))),
  );
  app.post(`${USERS}/:appUserId/credits`, async (c) =>
    c.json(
      await credits.adjust(
        c.var.user,
        c.req.param('appId'),
        c.req.param('appUserId'),
        await readJson(c, CreditAdjustmentRequestSchema),
      ),
    ),
  );
  return app;
}
