import { Hono } from 'hono';
import { CreateAccountRequestSchema } from '@tessera/contracts';
import type { Auth } from '../auth/auth';
import { requireUser, type AuthVariables } from '../auth/session';
import { readJson } from '../../platform/http/validate';
import type { AccountsService } from './accounts.service';

export function accountsRoutes({ auth, accounts }: { auth: Auth; accounts: AccountsService }) {
  const app = new Hono<{ Variables: AuthVariables }>();
  const signedIn = requireUser(auth);
  app.post('/api/live_api/account/create', signedIn, async (c) => {
    const body = await readJson(c, CreateAccountRequestSchema);
    return c.json(await accounts.create(c.var.user, body.saleId ?? c.req.query('sale_id') ?? null));
  });
  app.get('/api/live_api/account/current', signedIn, async (c) => c.json(await accounts.getCurrent(c.var.user)));
  return app;
}
