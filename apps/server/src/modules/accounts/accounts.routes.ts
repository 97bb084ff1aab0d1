import { Hono, type MiddlewareHandler } from 'hono';
import { CreateAccountRequestSchema } from '@tessera/contracts';
import type { AuthVariables } from '../auth/session';
import { readJson } from '../../platform/http/validate';
import type { AccountsService } from './accounts.service';

export function accountsRoutes({
  accounts,
  signedIn,
}: {
  accounts: AccountsService;
  signedIn: MiddlewareHandler<{ Variables: AuthVariables }>;
}) {
  const app = new Hono<{ Variables: AuthVariables }>();
  app.post('/api/live_api/account/create', signedIn, async (c) => {
    const body = await readJson(c, CreateAccountRequestSchema);
    return c.json(await accounts.create(c.var.user, body.saleId ?? c.req.query('sale_id') ?? null));
  });
  app.get('/api/live_api/account/current', signedIn, async (c) => c.json(await accounts.getCurrent(c.var.user)));
  return app;
}
