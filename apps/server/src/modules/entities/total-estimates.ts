/**
 * Short-lived memory of list totals that were too large to count exactly (X-Total-Count beyond
 * the lookahead is the planner's estimate anyway). What is remembered for a few seconds is that
 * more than `cap` rows match, which saves the capped count (the scan of cap + 1 rows), and, when
 * the estimate was far above the cap, the estimate too, which saves the EXPLAIN as well. Writes
 * through this process forget the entity's totals at once; writes by another process show after
 * at most `ttlMs`.
 */
export interface TotalEstimates {
  keyOf(scope: { appId: string; entity: string; creatorId?: string }, q: string | undefined): string;
  /**
   * Null unless more than `cap` rows are known to match (fresh, and counted past a cap at least
   * as large); then the remembered estimate, or null as `value` when it must be asked again.
   */
  find(key: string, cap: number): { value: number | null } | null;
  /** `value` null: only "more than cap" is remembered. */
  remember(key: string, cap: number, value: number | null): void;
  /** After a write to the entity: its totals are no longer known. */
  forget(appId: string, entity: string): void;
}

export function createTotalEstimates({ ttlMs = 5000, maxEntries = 2000, now = () => Date.now() } = {}): TotalEstimates {
  const entries = new Map<string, { cap: number; value: number | null; at: number }>();
  const prefix = (appId: string, entity: string) => `${appId}\n${entity}\n`;
  return {
    keyOf: (scope, q) => `${prefix(scope.appId, scope.entity)}${scope.creatorId ?? ''}\n${q?.trim() ?? ''}`,
    find(key, cap) {
      const hit = entries.get(key);
      if (!hit) return null;
      if (now() - hit.at > ttlMs) {
        entries.delete(key);
        return null;
      }
      // Known to be above hit.cap, so above any smaller cap as well.
      if (cap > hit.cap) return null;
      return { value: hit.value === null ? null : Math.max(hit.value, cap + 1) };
    },
    remember(key, cap, value) {
      entries.delete(key);
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(key, { cap, value, at: now() });
    },
    forget(appId, entity) {
      const start = prefix(appId, entity);
      for (const key of entries.keys()) if (key.startsWith(start)) entries.delete(key);
    },
  };
}
