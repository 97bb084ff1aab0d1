/** @tessera/contracts/domains: An app's custom domains and their DNS checks. */
export {
  MAX_CUSTOM_DOMAINS_PER_APP,
  HOSTNAME_MAX_LENGTH,
  DOMAIN_VERIFY_LABEL,
  DOMAIN_VERIFY_PREFIX,
  CUSTOM_DOMAIN_STATUSES,
  DOMAIN_MESSAGES,
  txtMissingMessage,
  txtMismatchMessage,
  AddCustomDomainRequestSchema,
  DnsRecordSchema,
  CustomDomainSchema,
  CustomDomainsResponseSchema,
  DomainAskQuerySchema,
  type CustomDomainStatus,
  type AddCustomDomainRequest,
  type DnsRecord,
  type CustomDomain,
  type CustomDomainsResponse,
} from '../custom-domains';
export { DOMAIN_ROUTES } from '../api-routes-domains';
