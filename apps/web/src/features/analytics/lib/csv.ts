import type { AnalyticsResponse } from '@tessera/contracts/analytics';
import { toCsv } from '../../database';
import type { Series } from './series';

/** The per-day figures as CSV: a `day` column, then one column per series (entities as `records: {entity}`). */
export function analyticsCsv(data: AnalyticsResponse, tiles: Series[], entities: Series[]): string {
  const columns = [
    { key: 'day', label: 'day' },
    ...tiles.map((s) => ({ key: s.id, label: s.label })),
    ...entities.map((s) => ({ key: s.id, label: `records: ${s.label}` })),
  ];
  const rows = data.daily.map((d, i) => {
    const row: Record<string, unknown> = { day: d.day };
    for (const s of [...tiles, ...entities]) row[s.id] = s.values[i];
    return row;
  });
  return toCsv(columns, rows);
}

/** `{app name} analytics {from} to {to}.csv`, with characters file systems refuse replaced. */
export function analyticsFileName(appName: string, data: Pick<AnalyticsResponse, 'from' | 'to'>): string {
  const printable = [...appName].map((ch) => (ch < ' ' ? ' ' : ch)).join('');
  const name =
    printable
      .replace(/[\\/:*?"<>|]+/g, '-')
      .replace(/\s+/g, ' ')
      .trim() || 'app';
  return `${name} analytics ${data.from} to ${data.to}.csv`;
}
