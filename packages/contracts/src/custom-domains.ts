import { z } from 'zod';

/** How many custom domains one app may have (docs/product/custom-domains.md#rules-and-messages). */
export const MAX_CUSTOM_DOMAINS_PER_APP = 5;
/** A full domain name's longest form (RFC 1035), punycode included. */
export const HOSTNAME_MAX_LENGTH = 253;
/** The label in front of a domain that holds its verification TXT record. */
export const DOMAIN_VERIFY_LABEL = '_tessera-verify';
/** The TXT record's value is this prefix followed by the domain's token. */
export const DOMAIN_VERIFY_PREFIX = 'tessera-verify=';

export const CUSTOM_DOMAIN_STATUSES = ['pending', 'verified', 'failed'] as const;
export type CustomDomainStatus = (typeof CUSTOM_DOMAIN_STATUSES)[number];

/** Every user-facing text of custom domains (docs/product/custom-domains.md#rules-and-messages). */
export const DOMAIN_MESSAGES = {
  hostnameRequired: 'Enter a domain, like shop.example.com',
  hostnameInvalid: 'Enter a domain name like shop.example.com, without http://, a path or a port',
  hostnameTooLong: `A domain can be at most ${HOSTNAME_MAX_LENGTH} characters long`,
  hostnameIsIp: 'Use a domain name, not an IP address',
  hostnameReserved: 'This domain belongs to this Tessera server and cannot be added to an app',
  takenByOtherApp: 'This domain is already used by another app',
  alreadyAdded: 'This app already has this domain',
  limitReached: `An app can have at most ${MAX_CUSTOM_DOMAINS_PER_APP} custom domains. Remove one to add another.`,
  notFound: 'Domain not found',
  dnsTimeout: 'The DNS servers did not answer in time. Try again in a minute.',
  dnsFailed: 'The DNS lookup failed. Try again in a minute.',
  added: 'Domain added. Create the DNS records below, then press Verify.',
  verified: 'Domain verified: your app is served there now',
  removed: 'Domain removed',
  loadFailed: 'Could not load your domains. Please try again.',
  actionFailed: 'Something went wrong. Please try again.',
} as const;

/** Why a verification failed: no TXT record at all at the verification name. */
export const txtMissingMessage = (name: string) =>
  `No TXT record found at ${name}. DNS changes can take a few minutes to show up: try again shortly.`;
/** Why a verification failed: TXT records exist but none holds this domain's value. */
export const txtMismatchMessage = (name: string) =>
  `The TXT record at ${name} does not hold the verification value shown here`;

export const AddCustomDomainRequestSchema = z.object({
  hostname: z
    .string({ error: DOMAIN_MESSAGES.hostnameRequired })
    .max(HOSTNAME_MAX_LENGTH + 64, { error: DOMAIN_MESSAGES.hostnameTooLong })
    .describe('The domain, e.g. shop.example.com (stored lower-case, international names as punycode)'),
});
export type AddCustomDomainRequest = z.infer<typeof AddCustomDomainRequestSchema>;

export const DnsRecordSchema = z.object({
  type: z.enum(['CNAME', 'TXT']),
  name: z.string().describe('The full record name'),
  value: z.string(),
  purpose: z.enum(['routing', 'verification']),
});
export type DnsRecord = z.infer<typeof DnsRecordSchema>;

export const CustomDomainSchema = z.object({
  id: z.string(),
  hostname: z.string(),
  status: z.enum(CUSTOM_DOMAIN_STATUSES).describe('pending until verified; failed with a reason after a failed check'),
  failureReason: z.string().nullable(),
  checkedAt: z.string().nullable(),
  verifiedAt: z.string().nullable(),
  createdAt: z.string(),
  records: z.array(DnsRecordSchema).describe('The routing record (CNAME) and the verification record (TXT) to create'),
});
export type CustomDomain = z.infer<typeof CustomDomainSchema>;

export const CustomDomainsResponseSchema = z.object({
  domains: z.array(CustomDomainSchema),
  limit: z.number().int(),
});
export type CustomDomainsResponse = z.infer<typeof CustomDomainsResponseSchema>;

export const DomainAskQuerySchema = z.object({
  domain: z.string({ error: DOMAIN_MESSAGES.hostnameRequired }).max(HOSTNAME_MAX_LENGTH + 64, {
    error: DOMAIN_MESSAGES.hostnameTooLong,
  }),
});
