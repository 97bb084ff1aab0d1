import { Link } from 'react-router';
import { ArrowUpRight } from 'lucide-react';
import type { AppSummary } from '@tessera/contracts';
import { Badge } from '@tessera/ui';
import { formatRelativeTime } from '../lib/relative-time';

const KIND_LABELS: Record<AppSummary['appType'], string> = { generated: 'App', tool: 'Tool', space: 'Space' };

/** Colours for the monogram, picked from the name so a card keeps its colour. */
const TINTS = [
  'bg-brand-100 text-brand-700',
  'bg-emerald-100 text-emerald-700',
  'bg-amber-100 text-amber-800',
  'bg-sky-100 text-sky-700',
  'bg-rose-100 text-rose-700',
  'bg-violet-100 text-violet-700',
];

function tintOf(name: string): string {
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return TINTS[hash % TINTS.length]!;
}

/** One app on /home: a link to its builder with its kind and when it last changed. */
export function AppCard({ app }: { app: AppSummary }) {
  return (
    <Link
      to={`/build/app/${app.appId}`}
      className="group flex w-full flex-col gap-4 rounded-2xl border border-line bg-surface p-5 shadow-card transition-[border-color,box-shadow] hover:border-line-strong hover:shadow-pop focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
    >
      <div className="flex items-start justify-between gap-3">
        <span
          className={`flex size-10 items-center justify-center rounded-xl text-base font-semibold ${tintOf(app.name)}`}
          aria-hidden
        >
          {app.name.trim().charAt(0).toUpperCase()}
        </span>
        <ArrowUpRight className="size-4 text-ink-faint transition-colors group-hover:text-ink" aria-hidden />
      </div>
      <div className="min-w-0 space-y-1">
        <h3 className="truncate text-[15px] font-semibold tracking-tight text-ink">{app.name}</h3>
        <p className="truncate text-[13px] text-ink-subtle">/{app.slug}</p>
      </div>
      <div className="mt-auto flex items-center justify-between gap-2 border-t border-line pt-3 text-[13px] text-ink-subtle">
        <Badge>{KIND_LABELS[app.appType]}</Badge>
        <time dateTime={app.updatedAt} title={new Date(app.updatedAt).toLocaleString()}>
          Updated {formatRelativeTime(app.updatedAt)}
        </time>
      </div>
    </Link>
  );
}
