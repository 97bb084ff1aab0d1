import { Hono, type MiddlewareHandler } from 'hono';
import { CREDIT_ROUTES } from '@tessera/contracts/credits';
import { routesOn } from '../../platform/http/route';
import type { AuthVariables } from '../auth';
import type { CreditsService } from './credits.service';

type Vars = { Variables: AuthVariables };

/** The app's end users and their credits, for its owner (docs/product/tools.md#credits). */
export function creditsRoutes({ credits, signedIn }: { credits: CreditsService; signedIn: MiddlewareHandler<Vars> }) {
  const app = new Hono<Vars>();
  const USERS = '/api/apps/:appId/end-users';
  app.use(USERS, signedIn);
  app.use(`${USERS}/*`, signedIn);
  const on = routesOn(app);
  on(CREDIT_ROUTES.listEndUsers, async ({ c, params, query }) => credits.list(c.var.user, params.appId, query()));
  on(CREDIT_ROUTES.creditHistory, async ({ c, params }) => credits.history(c.var.user, params.appId, params.appUserId));
  on(CREDIT_ROUTES.adjustCredits, async ({ c, params, body }) =>
    credits.adjust(c.var.user, params.appId, params.appUserId, await body()),
  );
  return app;
}
