import { Hono, type MiddlewareHandler } from 'hono';
import { CreateAccountRequestSchema } from '@tessera/contracts/accounts';
import { type SessionUser } from '@tessera/contracts/auth';
import type { AuthVariables } from '../auth';
import { readJson } from '../../platform/http/validate';
import type { AccountsService } from './accounts.service';

export function accountsRoutes({
  accounts,
  signedIn,
  claimSale,
}: {
  accounts: AccountsService;
  signedIn: MiddlewareHandler<{ Variables: AuthVariables }>;
  /** Verifies a purchase's sale_id with the payment provider and gives its plan (billing); absent when none is set up. */
  claimSale?: (user: SessionUser, saleId: string) => Promise<unknown>;
}) {
  const app = new Hono<{ Variables: AuthVariables }>();
  app.post('/api/live_api/account/create', signedIn, async (c) => {
    const body = await readJson(c, CreateAccountRequestSchema);
    const saleId = body.saleId ?? c.req.query('sale_id') ?? null;
    const created = await accounts.create(c.var.user, saleId);
    if (saleId && claimSale) await claimSale(c.var.user, saleId);
    return c.json(created);
  });
  app.get('/api/live_api/account/current', signedIn, async (c) => c.json(await accounts.getCurrent(c.var.user)));
  return app;
}
