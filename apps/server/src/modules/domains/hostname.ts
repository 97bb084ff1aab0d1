import { isIP } from 'node:net';
import { domainToASCII } from 'node:url';
import { DOMAIN_MESSAGES, HOSTNAME_MAX_LENGTH } from '@tessera/contracts/domains';
import { AppError } from '../../platform/errors';

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** The hosts of this server itself: no app may claim them. */
export interface ReservedHosts {
  /** The builder's host name (PUBLIC_URL's). */
  builderHost: string;
  /** APPS_DOMAIN: it and every name under it are the apps' own hosts. */
  appsDomain: string;
}

/**
 * A domain as the builder typed it -> its stored form: trimmed, lower-case, international names as
 * punycode, no trailing dot (docs/product/custom-domains.md#rules-and-messages). Refuses addresses,
 * URLs, ports, single labels and this server's own hosts with a message the builder can act on.
 */
export function normalizeHostname(raw: string, reserved: ReservedHosts): string {
  const typed = raw.trim().replace(/\.$/, '');
  if (!typed) throw new AppError('VALIDATION_FAILED', DOMAIN_MESSAGES.hostnameRequired, { field: 'hostname' });
  if (isIP(typed.replace(/^\[|\]$/g, ''))) throw invalid(DOMAIN_MESSAGES.hostnameIsIp);
  if (/[\s/:@?#\\]/.test(typed)) throw invalid(DOMAIN_MESSAGES.hostnameInvalid);
  // WHATWG host parsing: lower-cases, maps Unicode to punycode, and reads "127.1" as an address.
  const ascii = domainToASCII(typed);
  if (!ascii) throw invalid(DOMAIN_MESSAGES.hostnameInvalid);
  if (isIP(ascii)) throw invalid(DOMAIN_MESSAGES.hostnameIsIp);
  if (ascii.length > HOSTNAME_MAX_LENGTH) throw invalid(DOMAIN_MESSAGES.hostnameTooLong);
  const labels = ascii.split('.');
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label)) || /^\d+$/.test(labels.at(-1)!)) {
    throw invalid(DOMAIN_MESSAGES.hostnameInvalid);
  }
  if (isReserved(ascii, reserved)) throw invalid(DOMAIN_MESSAGES.hostnameReserved);
  return ascii;
}

function isReserved(host: string, { builderHost, appsDomain }: ReservedHosts): boolean {
  const under = (domain: string) => host === domain || host.endsWith(`.${domain}`);
  return host === builderHost || under(appsDomain) || under('localhost');
}

const invalid = (message: string) => new AppError('VALIDATION_FAILED', message, { field: 'hostname' });
