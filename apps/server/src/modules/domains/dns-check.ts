import { Resolver } from 'node:dns/promises';

/** What a TXT lookup found: the records' texts, none at all, or no answer in time / a failure. */
export type TxtAnswer =
  { kind: 'found'; values: string[] } | { kind: 'none' } | { kind: 'timeout' } | { kind: 'failed' };

export type TxtLookup = (name: string) => Promise<TxtAnswer>;

export interface TxtLookupOptions {
  /** `ip` or `ip:port` (DNS_SERVERS); empty: the system's resolvers. */
  servers: readonly string[];
  /** How long one try waits for an answer. */
  timeoutMs: number;
  tries?: number;
}

/** TXT lookups through node's resolver, on the configured servers (docs/product/custom-domains.md#how-verification-works). */
export function createTxtLookup({ servers, timeoutMs, tries = 2 }: TxtLookupOptions): TxtLookup {
  const resolver = new Resolver({ timeout: timeoutMs, tries });
  if (servers.length) resolver.setServers([...servers]);
  return async (name) => {
    try {
      const records = await resolver.resolveTxt(name);
      return { kind: 'found', values: records.map((chunks) => chunks.join('')) };
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code === 'ENODATA' || code === 'ENOTFOUND') return { kind: 'none' };
      if (code === 'ETIMEOUT') return { kind: 'timeout' };
      return { kind: 'failed' };
    }
  };
}
