/**
 * Short-lived memory of list totals that were too large to count exactly (X-Total-Count beyond
 * the lookahead is the planner's estimate anyway). Remembering one for a few seconds saves two
 * statements per page request (the capped count, then EXPLAIN) while a grid pages or several
 * clients poll the same list. Writes through this process forget the entity's totals at once;
 * writes by another process show after at most `ttlMs`, within an estimate's own error.
 */
export interface TotalEstimates {
  keyOf(scope: { appId: string; entity: string; creatorId?: string }, q: string | undefined): string;
  /** The remembered estimate if it is still fresh and was above `cap` too; null otherwise. */
  find(key: string, cap: number): { value: number; isEstimated: true } | null;
  remember(key: string, cap: number, value: number): void;
  /** After a write to the entity: its totals are no longer known. */
  forget(appId: string, entity: string): void;
}

export function createTotalEstimates({ ttlMs = 5000, maxEntries = 2000, now = () => Date.now() } = {}): TotalEstimates {
  const entries = new Map<string, { cap: number; value: number; at: number }>();
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
      return cap <= hit.cap ? { value: Math.max(hit.value, cap + 1), isEstimated: true } : null;
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
