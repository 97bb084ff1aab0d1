import { defineRoutes, type ApiRoute } from './api-route';
import {
  AddCustomDomainRequestSchema,
  CustomDomainSchema,
  CustomDomainsResponseSchema,
  DomainAskQuerySchema,
} from './custom-domains';
import { StatusTrueSchema } from './api-responses';

/** Custom domains of an app and the TLS proxy's ask (docs/product/custom-domains.md#calls). */
export const DOMAIN_ROUTES = defineRoutes({
  listDomains: {
    method: 'get',
    path: '/api/apps/{appId}/domains',
    tag: 'Apps',
    summary: "The app's custom domains with their DNS records and status (owner only)",
    auth: 'builder',
    responses: { 200: CustomDomainsResponseSchema },
    errors: [403],
  },
  addDomain: {
    method: 'post',
    path: '/api/apps/{appId}/domains',
    tag: 'Apps',
    summary: 'Add a custom domain (pending until verified)',
    description:
      "The hostname is stored lower-case, international names as punycode. Refused: IP addresses, URLs, ports, this server's own hosts and anything under APPS_DOMAIN (400); a domain another app has, or a sixth domain (409).",
    auth: 'builder',
    body: AddCustomDomainRequestSchema,
    responses: { 200: CustomDomainSchema },
    errors: [403, 409],
  },
  verifyDomain: {
    method: 'post',
    path: '/api/apps/{appId}/domains/{domainId}/verify',
    tag: 'Apps',
    summary: "Look the domain's TXT record up: verified (served at once) or failed with the reason",
    auth: 'builder',
    responses: { 200: CustomDomainSchema },
    errors: [403],
  },
  deleteDomain: {
    method: 'delete',
    path: '/api/apps/{appId}/domains/{domainId}',
    tag: 'Apps',
    summary: 'Remove a custom domain (no longer served)',
    auth: 'builder',
    responses: { 200: StatusTrueSchema },
    errors: [403],
  },
  askDomain: {
    method: 'get',
    path: '/api/domains/ask',
    tag: 'System',
    summary:
      "The TLS proxy's on-demand certificate question: 200 for a verified custom domain or an app's own host, 404 otherwise",
    auth: 'none',
    query: DomainAskQuerySchema,
    responses: { 200: StatusTrueSchema },
    errors: [404],
  },
});
export const DOMAINS_API_ROUTES: readonly ApiRoute[] = Object.values(DOMAIN_ROUTES);
