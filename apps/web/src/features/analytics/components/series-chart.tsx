import { Area, Bar, CartesianGrid, ComposedChart, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Card, CardContent, CardHeader } from '@tessera/ui';
import { formatValue, type ChartSpec, type Series } from '../lib/series';

/** Series colours, in order (indigo first, like the brand). */
const PALETTE = ['#6366f1', '#0ea5e9', '#10b981', '#f59e0b', '#f43f5e', '#8b5cf6', '#14b8a6', '#f97316'];

const shortDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** One card of the page: a chart of the series drawn in it, or a short note when they are all zero. */
export function SeriesChart({ spec, series, days }: { spec: ChartSpec; series: Series[]; days: string[] }) {
  const isEmpty = series.every((s) => s.values.every((v) => v === 0));
  const rows = days.map((day, i) => Object.fromEntries([['day', day], ...series.map((s) => [s.id, s.values[i]])]));
  const format = series[0]?.format ?? 'count';
  // Money ticks (the cost in dollars, revenue in the payments' currency) need room for decimals.
  const isMoney = format !== 'count';
  return (
    <Card role="figure" aria-label={spec.title} data-testid={`chart-${spec.id}`}>
      <CardHeader title={spec.title} description={spec.description} />
      <CardContent className="pt-3">
        {isEmpty ? (
          <p className="flex h-48 items-center justify-center rounded-lg bg-surface-muted px-6 text-center text-sm text-ink-subtle">
            {spec.empty}
          </p>
        ) : (
          <div className="h-48">
            <ResponsiveContainer width="100%" height="100%">
              <ComposedChart data={rows} margin={{ top: 4, right: 4, bottom: 0, left: -12 }}>
                <CartesianGrid vertical={false} stroke="#e4e4e7" />
                <XAxis
                  dataKey="day"
                  tickFormatter={shortDay}
                  tick={{ fontSize: 11, fill: '#71717a' }}
                  tickLine={false}
                  axisLine={false}
                  minTickGap={16}
                />
                <YAxis
                  allowDecimals={isMoney}
                  tickFormatter={(v: number) => formatValue(v, format)}
                  tick={{ fontSize: 11, fill: '#71717a' }}
                  tickLine={false}
                  axisLine={false}
                  width={isMoney ? 64 : 44}
                />
                <Tooltip
                  labelFormatter={(day) => shortDay(String(day))}
                  formatter={(value, name) => {
                    const s = series.find((x) => x.id === name);
                    return [formatValue(Number(value), s?.format ?? 'count'), s?.label ?? String(name)];
                  }}
                  contentStyle={{ borderRadius: 8, borderColor: '#e4e4e7', fontSize: 12 }}
                />
                {series.length > 1 && (
                  <Legend
                    formatter={(id) => series.find((s) => s.id === id)?.label ?? id}
                    iconType="circle"
                    iconSize={8}
                    wrapperStyle={{ fontSize: 12 }}
                  />
                )}
                {series.map((s, i) =>
                  spec.kind === 'area' ? (
                    <Area
                      key={s.id}
                      dataKey={s.id}
                      type="monotone"
                      stroke={PALETTE[i % PALETTE.length]}
                      fill={PALETTE[i % PALETTE.length]}
                      fillOpacity={0.12}
                      strokeWidth={2}
                      isAnimationActive={false}
                    />
                  ) : (
                    <Bar
                      key={s.id}
                      dataKey={s.id}
                      fill={PALETTE[i % PALETTE.length]}
                      stackId={spec.stacked ? 'stack' : undefined}
                      radius={spec.stacked ? 0 : [3, 3, 0, 0]}
                      maxBarSize={28}
                      isAnimationActive={false}
                    />
                  ),
                )}
              </ComposedChart>
            </ResponsiveContainer>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
