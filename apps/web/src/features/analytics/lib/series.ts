import type { AnalyticsResponse } from '@tessera/contracts/analytics';

/** How a figure is written: a count, an amount in US dollars, or in another currency (`currency:eur`). */
export type SeriesFormat = 'count' | 'usd' | `currency:${string}`;

/** One per-day figure of the page: a tile, a line of a chart and a column of the CSV. */
export interface Series {
  id: string;
  label: string;
  /** The chart it is drawn in (charts are listed in `CHARTS`). */
  chart: ChartId;
  format: SeriesFormat;
  /** One value per day of the range, oldest first. */
  values: number[];
  /** The tile's figure: the range's total, or the most in one day (for figures that repeat daily). */
  summary: number;
  summaryNote?: string;
}

export type ChartId = 'traffic' | 'users' | 'records' | 'toolRuns' | 'tokens' | 'cost' | 'revenue';

export interface ChartSpec {
  id: ChartId;
  title: string;
  description: string;
  /** Bars stack (records per entity); areas overlap (visits and visitors). */
  kind: 'area' | 'bar';
  stacked?: boolean;
  /** Shown instead of an empty chart when every value of the range is zero. */
  empty: string;
}

export const CHARTS: readonly ChartSpec[] = [
  {
    id: 'traffic',
    title: 'Visits',
    description: 'Page loads of the published app and unique visitors',
    kind: 'area',
    empty: 'No visits yet. Share your app’s link to get some.',
  },
  {
    id: 'users',
    title: 'End users',
    description: 'Sign-ups and users active each day',
    kind: 'bar',
    empty: 'No sign-ups or active users in this range.',
  },
  {
    id: 'records',
    title: 'Records created',
    description: 'New records per entity',
    kind: 'bar',
    stacked: true,
    empty: 'No records created in this range.',
  },
  {
    id: 'toolRuns',
    title: 'Tool runs',
    description: 'Runs of the app’s AI tools',
    kind: 'bar',
    empty: 'No tool runs in this range.',
  },
  {
    id: 'tokens',
    title: 'Tokens',
    description: 'Model tokens the tool runs used',
    kind: 'area',
    empty: 'No tokens used.',
  },
  {
    id: 'cost',
    title: 'Cost',
    description: 'Model cost of the tool runs',
    kind: 'area',
    empty: 'No cost in this range.',
  },
  {
    id: 'revenue',
    title: 'Revenue',
    description: 'Payments for paid memberships',
    kind: 'bar',
    empty: 'No membership payments in this range.',
  },
];

type DailyKey = Exclude<keyof AnalyticsResponse['daily'][number], 'day'>;

/** The app-wide figures, in tile order; an entry here is all a new figure needs. */
const DAILY_SERIES: ReadonlyArray<{
  key: DailyKey;
  label: string;
  chart: ChartId;
  format?: SeriesFormat;
  peak?: true;
}> = [
  { key: 'visits', label: 'Visits', chart: 'traffic' },
  { key: 'visitors', label: 'Unique visitors', chart: 'traffic' },
  { key: 'signUps', label: 'Sign-ups', chart: 'users' },
  { key: 'activeUsers', label: 'Active users', chart: 'users', peak: true },
  { key: 'records', label: 'Records created', chart: 'records' },
  { key: 'toolRuns', label: 'Tool runs', chart: 'toolRuns' },
  { key: 'tokens', label: 'Tokens', chart: 'tokens' },
  { key: 'cost', label: 'Cost', chart: 'cost', format: 'usd' },
  // Written in the payments' own currency (seriesOf).
  { key: 'revenue', label: 'Revenue', chart: 'revenue' },
];

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** The page's series: app-wide figures (the tiles), then records created per entity (the records chart). */
export function seriesOf(data: AnalyticsResponse): { tiles: Series[]; entities: Series[]; charted: Series[] } {
  const tiles = DAILY_SERIES.map(({ key, label, chart, format = 'count', peak }): Series => {
    const values = data.daily.map((d) => d[key]);
    return {
      id: key,
      label,
      chart,
      format: key === 'revenue' ? `currency:${data.revenueCurrency}` : format,
      values,
      summary: peak ? Math.max(0, ...values) : sum(values),
      summaryNote: peak ? 'most in one day' : undefined,
    };
  });
  const entities = data.entities.map((e): Series => ({
    id: `entity:${e.entity}`,
    label: e.entity,
    chart: 'records',
    format: 'count',
    values: e.daily,
    summary: e.records,
  }));
  // The records chart stacks entities; the all-entities total stays a tile and a CSV column.
  const charted = [...tiles.filter((s) => s.chart !== 'records' || !entities.length), ...entities];
  return { tiles, entities, charted };
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 4 });
const count = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

export function formatValue(value: number, format: SeriesFormat): string {
  if (format === 'usd') return usd.format(value);
  if (format.startsWith('currency:')) {
    const code = format.slice('currency:'.length).toUpperCase();
    try {
      return new Intl.NumberFormat('en-US', { style: 'currency', currency: code }).format(value);
    } catch {
      return `${count.format(value)} ${code}`;
    }
  }
  return count.format(value);
}
