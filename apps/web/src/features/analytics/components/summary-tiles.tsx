import { formatValue, type Series } from '../lib/series';

/** The range's figures at a glance, one tile per app-wide series. */
export function SummaryTiles({ tiles }: { tiles: Series[] }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Summary">
      {tiles.map((s) => (
        <div
          key={s.id}
          className="rounded-xl border border-line bg-surface px-4 py-3 shadow-card"
          data-testid={`tile-${s.id}`}
        >
          <dt className="truncate text-xs font-medium text-ink-subtle">{s.label}</dt>
          <dd className="mt-1 text-xl font-semibold tracking-tight text-ink tabular-nums">
            {formatValue(s.summary, s.format)}
          </dd>
          {s.summaryNote && <dd className="text-[11px] text-ink-faint">{s.summaryNote}</dd>}
        </div>
      ))}
    </dl>
  );
}
