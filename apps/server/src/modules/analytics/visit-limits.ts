/**
 * What one client address may add to one app's counts in a UTC day (docs/product/analytics.md):
 * beacons are anonymous, so without this one address with many user agents could add any number of
 * visits and unique visitors.
 */
export const VISITS_PER_ADDRESS_PER_DAY = 10;
export const VISITORS_PER_ADDRESS_PER_DAY = 3;
/** Addresses remembered per day in one process; past this the day's memory starts over (bounded memory). */
const ADDRESSES_MAX = 200_000;

/** Per-process counts of beacons by app, address and day; `admit` says whether a beacon counts. */
export function createVisitLimits() {
  let day = '';
  let byAddress = new Map<string, { visits: number; visitors: Set<string> }>();
  return {
    /** Whether this beacon counts; counts it when it does. */
    admit(appId: string, today: string, ip: string, visitor: string): boolean {
      if (day !== today || byAddress.size >= ADDRESSES_MAX) {
        day = today;
        byAddress = new Map();
      }
      const key = `${appId}\n${ip}`;
      let seen = byAddress.get(key);
      if (!seen) byAddress.set(key, (seen = { visits: 0, visitors: new Set() }));
      if (seen.visits >= VISITS_PER_ADDRESS_PER_DAY) return false;
      if (!seen.visitors.has(visitor) && seen.visitors.size >= VISITORS_PER_ADDRESS_PER_DAY) return false;
      seen.visits += 1;
      seen.visitors.add(visitor);
      return true;
    },
  };
}
