import { Hono, type MiddlewareHandler } from 'hono';
import { AddCustomDomainRequestSchema, DomainAskQuerySchema } from '@tessera/contracts/domains';
import { AppError } from '../../platform/errors';
import { readJson } from '../../platform/http/validate';
import type { AuthVariables } from '../auth/session';
import type { DomainsService } from './domains.service';

/** Custom domains of an app (owner only) and the TLS proxy's `ask` (docs/product/custom-domains.md#calls). */
export function domainsRoutes({
  domains,
  signedIn,
}: {
  domains: DomainsService;
  signedIn: MiddlewareHandler<{ Variables: AuthVariables }>;
}) {
  const app = new Hono<{ Variables: AuthVariables }>();
  app.get('/api/apps/:appId/domains', signedIn, async (c) =>
    c.json(await domains.list(c.var.user, c.req.param('appId'))),
  );
  app.post('/api/apps/:appId/domains', signedIn, async (c) => {
    const { hostname } = await readJson(c, AddCustomDomainRequestSchema);
    return c.json(await domains.add(c.var.user, c.req.param('appId'), hostname));
  });
  app.post('/api/apps/:appId/domains/:domainId/verify', signedIn, async (c) =>
    c.json(await domains.verify(c.var.user, c.req.param('appId'), c.req.param('domainId'))),
  );
  app.delete('/api/apps/:appId/domains/:domainId', signedIn, async (c) =>
    c.json(await domains.remove(c.var.user, c.req.param('appId'), c.req.param('domainId'))),
  );
  // No auth: the TLS proxy asks before it requests a certificate; only yes (200) or no (404).
  app.get('/api/domains/ask', async (c) => {
    const query = DomainAskQuerySchema.safeParse(c.req.query());
    if (!query.success) throw new AppError('VALIDATION_FAILED', query.error.issues[0]!.message);
    return (await domains.mayIssueCertificate(query.data.domain))
      ? c.json({ status: true })
      : c.json({ status: false }, 404);
  });
  return app;
}
