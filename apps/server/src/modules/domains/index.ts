// Builders' custom domains: the verified hosts the app host serves, and the routes that add, check
// and remove them (docs/product/custom-domains.md).
import type { MiddlewareHandler } from 'hono';
import type { SignedIn } from '../../platform/http/signed-in';
import type { Platform } from '../../platform/platform';
import { APP_SETTINGS_CHANNEL } from '../apps/apps.repo';
import { createTxtLookup } from './dns-check';
import { createDomainHosts } from './domain-hosts';
import { APP_DOMAINS_CHANNEL, createDomainsRepo } from './domains.repo';
import { domainsRoutes } from './domains.routes';
import { createDomainsService, type DomainsServiceDeps } from './domains.service';

export interface DomainsRoutesDeps extends Pick<DomainsServiceDeps, 'getOwned' | 'accountOf' | 'isAppSlugHost'> {
  signedIn: SignedIn;
}

/**
 * Builds the custom domains module in two steps: the verified hosts first (the app host serves
 * them), then `routes()` once the apps and the app host exist.
 */
export function createDomainsModule({ db, config, database }: Platform, { dnsTimeoutMs }: { dnsTimeoutMs: number }) {
  const repo = createDomainsRepo(db);
  const hosts = createDomainHosts({
    load: () => repo.listVerifiedHosts(),
    watch: (onChange) =>
      Promise.all([database.listen(APP_DOMAINS_CHANNEL, onChange), database.listen(APP_SETTINGS_CHANNEL, onChange)]),
  });
  /** Before the app hosts: reloads the verified hosts when they are older than their age limit. */
  const refreshHosts: MiddlewareHandler = async (_c, next) => {
    await hosts.refresh();
    await next();
  };
  return {
    hosts,
    refreshHosts,
    routes: ({ signedIn, ...deps }: DomainsRoutesDeps) =>
      domainsRoutes({
        domains: createDomainsService({
          ...deps,
          repo,
          lookupTxt: createTxtLookup({ servers: config.dnsServers, timeoutMs: dnsTimeoutMs }),
          reserved: { builderHost: new URL(config.publicUrl).hostname, appsDomain: config.appsDomain },
          operatorHostnames: config.appHostnames,
          appHostOf: (slug) => `${slug}.${config.appsDomain}`,
          onChanged: () => hosts.invalidate(),
        }),
        signedIn,
      }),
  };
}
