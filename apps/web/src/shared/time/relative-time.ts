const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];
const WEEK_SECONDS = 7 * 24 * 3600;

/** Relative times change at most once a minute: a clock ticking this often is enough to keep them true. */
export const RELATIVE_TIME_MIN_PERIOD_MS = 60_000;

/**
 * "just now" under a minute, then "5 minutes ago", "3 hours ago", "yesterday"; a week or more
 * away, the date ("Feb 1", with the year when it is not this year's).
 */
export function formatRelativeTime(iso: string, now = Date.now()): string {
  const at = Date.parse(iso);
  if (!Number.isFinite(at)) return '';
  const seconds = Math.round((at - now) / 1000);
  if (Math.abs(seconds) >= WEEK_SECONDS) {
    const date = new Date(at);
    const sameYear = date.getFullYear() === new Date(now).getFullYear();
    return date.toLocaleDateString('en', { month: 'short', day: 'numeric', ...(sameYear ? {} : { year: 'numeric' }) });
  }
  const format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  for (const [unit, size] of UNITS)
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  return 'just now';
}
