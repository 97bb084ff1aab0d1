import { Hono, type MiddlewareHandler } from 'hono';
import { DOMAIN_ROUTES } from '@tessera/contracts/domains';
import { routesOn } from '../../platform/http/route';
import type { AuthVariables } from '../auth';
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
  const on = routesOn(app);
  on(DOMAIN_ROUTES.listDomains, signedIn, async ({ c, params }) => domains.list(c.var.user, params.appId));
  on(DOMAIN_ROUTES.addDomain, signedIn, async ({ c, params, body }) => {
    const { hostname } = await body();
    return domains.add(c.var.user, params.appId, hostname);
  });
  on(DOMAIN_ROUTES.verifyDomain, signedIn, async ({ c, params }) =>
    domains.verify(c.var.user, params.appId, params.domainId),
  );
  on(DOMAIN_ROUTES.deleteDomain, signedIn, async ({ c, params }) =>
    domains.remove(c.var.user, params.appId, params.domainId),
  );
  // No auth: the TLS proxy asks before it requests a certificate; only yes (200) or no (404).
  on(DOMAIN_ROUTES.askDomain, async ({ c, query }) =>
    (await domains.mayIssueCertificate(query().domain)) ? c.json({ status: true }) : c.json({ status: false }, 404),
  );
  return app;
}
