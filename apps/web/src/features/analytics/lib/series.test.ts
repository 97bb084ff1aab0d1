import { describe, expect, it } from 'vitest';
import type { AnalyticsResponse } from '@tessera/contracts/analytics';
import { analyticsCsv, analyticsFileName } from './csv';
import { formatValue, seriesOf } from './series';

const zero = {
  visits: 0,
  visitors: 0,
  signUps: 0,
  activeUsers: 0,
  records: 0,
  toolRuns: 0,
  tokens: 0,
  cost: 0,
  revenue: 0,
};
const data: AnalyticsResponse = {
  published: true,
  days: 7,
  from: '2026-11-01',
  to: '2026-11-02',
  totals: { ...zero, visits: 5, visitors: 3, activeUsers: 3, records: 3, cost: 0.5 },
  revenueCurrency: 'eur',
  daily: [
    { day: '2026-11-01', ...zero, visits: 2, visitors: 1, activeUsers: 1, records: 1 },
    { day: '2026-11-02', ...zero, visits: 3, visitors: 2, activeUsers: 2, records: 2, cost: 0.5 },
  ],
  entities: [
    { entity: 'Task, "urgent"', records: 2, daily: [0, 2] },
    { entity: '=Note', records: 1, daily: [1, 0] },
  ],
};

describe('analytics series', () => {
  it('sums counts, shows the busiest day of active users, and charts records per entity', () => {
    const { tiles, entities, charted } = seriesOf(data);
    expect(tiles.find((s) => s.id === 'visits')?.summary).toBe(5);
    expect(tiles.find((s) => s.id === 'activeUsers')).toMatchObject({ summary: 2, summaryNote: 'most in one day' });
    expect(entities.map((s) => s.values)).toEqual([
      [0, 2],
      [1, 0],
    ]);
    expect(charted.filter((s) => s.chart === 'records').map((s) => s.label)).toEqual(['Task, "urgent"', '=Note']);
  });

  it("writes revenue in the payments' own currency", () => {
    const revenue = seriesOf(data).tiles.find((s) => s.id === 'revenue')!;
    expect(formatValue(12, revenue.format)).toBe('€12.00');
    expect(formatValue(1500, 'currency:jpy')).toBe('¥1,500');
    expect(formatValue(0.25, 'usd')).toBe('$0.25');
  });

  it('exports one quoted CSV line per day', () => {
    const { tiles, entities } = seriesOf(data);
    const lines = analyticsCsv(data, tiles, entities).split('\r\n');
    expect(lines[0]).toBe(
      'day,Visits,Unique visitors,Sign-ups,Active users,Records created,Tool runs,Tokens,Cost,Revenue,"records: Task, ""urgent""",records: =Note',
    );
    expect(lines[2]).toBe('2026-11-02,3,2,0,2,2,0,0,0.5,0,2,0');
    expect(lines).toHaveLength(4);
    expect(analyticsFileName('My/App: "v2"\n', data)).toBe('My-App- -v2- analytics 2026-11-01 to 2026-11-02.csv');
    expect(analyticsFileName('  ', data)).toBe('app analytics 2026-11-01 to 2026-11-02.csv');
  });
});
