const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** Spec 2 §9 "Timestamps minPeriod 60 s": message times change at most once a minute. */
export const TIMESTAMP_MIN_PERIOD_MS = 60_000;

/** "5 minutes ago"; under a minute reads "just now", past a week the date. */
export function messageTime(iso: string, now: number): string {
  const at = Date.parse(iso);
  if (!Number.isFinite(at)) return '';
  const seconds = Math.round((at - now) / 1000);
  if (Math.abs(seconds) >= 7 * 24 * 3600)
    return new Date(at).toLocaleDateString('en', { month: 'short', day: 'numeric' });
  const format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  for (const [unit, size] of UNITS)
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  return 'just now';
}
