export interface DomainHostsDeps {
  /** Every verified hostname and its app's slug. */
  load: () => Promise<Array<{ hostname: string; slug: string }>>;
  /** Subscribes to change notices from every process (domains, slugs); each one makes the map stale. */
  watch?: (onChange: () => void) => Promise<unknown>;
  /** A map older than this is read again even without a notice (a missed one heals by itself). */
  maxAgeMs?: number;
  clock?: () => number;
}

/**
 * The verified custom hostnames, in memory, so that the synchronous Host checks (app host dispatch,
 * security headers) know them (docs/product/custom-domains.md#serving). `refresh()` runs in front of
 * every request and reads the table again only after a change or when the map has aged.
 */
export function createDomainHosts({ load, watch, maxAgeMs = 30_000, clock = Date.now }: DomainHostsDeps) {
  let slugByHost = new Map<string, string>();
  let loadedAt = -Infinity;
  // Bumped by every change: a load that began before a change leaves the map stale.
  let generation = 0;
  let loadedGeneration = -1;
  let loading: Promise<void> | null = null;
  let watching: Promise<unknown> | null = null;

  function invalidate(): void {
    generation++;
  }

  async function reload(): Promise<void> {
    const started = generation;
    const rows = await load();
    slugByHost = new Map(rows.map((row) => [row.hostname, row.slug]));
    loadedAt = clock();
    loadedGeneration = started;
  }

  return {
    invalidate,

    /** Makes the map current; concurrent callers share one read. */
    async refresh(): Promise<void> {
      if (!watching && watch) {
        watching = watch(invalidate).catch(() => {
          // Retried on a later request; meanwhile maxAgeMs bounds the delay.
          watching = null;
        });
      }
      while (loadedGeneration !== generation || clock() - loadedAt >= maxAgeMs) {
        loading ??= reload().finally(() => {
          loading = null;
        });
        await loading;
      }
    },

    /** The slug served on a verified custom hostname. */
    slugOf(hostname: string): string | undefined {
      return slugByHost.get(hostname);
    },

    /** The verified custom hostnames of an app. */
    hostnamesOf(slug: string): string[] {
      return [...slugByHost].filter(([, mapped]) => mapped === slug).map(([host]) => host);
    },
  };
}

export type DomainHosts = ReturnType<typeof createDomainHosts>;
