import { useState } from 'react';
import { Link } from 'react-router';
import { Copy, MoreHorizontal, Pencil, Trash2, TriangleAlert } from 'lucide-react';
import type { AppListItem, AppSummary } from '@tessera/contracts/apps';
import { Badge, Menu, MenuContent, MenuItem, MenuSeparator, MenuTrigger } from '@tessera/ui';
import { formatRelativeTime } from '../../../shared/time';
import { DeleteAppDialog, DuplicateAppDialog, RenameAppDialog } from './app-action-dialogs';

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

const LAST_TURN_FAILED = 'Last change failed';

type Action = 'rename' | 'duplicate' | 'delete';

/**
 * One app on /home: opens its editor; says whether it is live (published) or a draft, when it last
 * changed, and when its last chat turn failed; its menu renames, duplicates or deletes it.
 */
export function AppCard({ app }: { app: AppListItem }) {
  const [action, setAction] = useState<Action | null>(null);
  const close = (open: boolean) => {
    if (!open) setAction(null);
  };
  const isLive = app.publishedAt !== null;

  return (
    <div className="group relative flex w-full flex-col gap-4 rounded-2xl border border-line bg-surface p-5 shadow-card transition-[border-color,box-shadow] focus-within:border-line-strong hover:border-line-strong hover:shadow-pop">
      <div className="flex items-start justify-between gap-3">
        <span
          className={`flex size-10 items-center justify-center rounded-xl text-base font-semibold ${tintOf(app.name)}`}
          aria-hidden
        >
          {app.name.trim().charAt(0).toUpperCase()}
        </span>
        <Menu>
          <MenuTrigger
            aria-label={`Actions for ${app.name}`}
            className="relative z-10 -mt-1 -mr-2 flex size-9 items-center justify-center rounded-lg text-ink-subtle hover:bg-zinc-100 hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-500 data-[state=open]:bg-zinc-100"
          >
            <MoreHorizontal className="size-5" aria-hidden />
          </MenuTrigger>
          <MenuContent>
            <MenuItem onSelect={() => setAction('rename')}>
              <Pencil aria-hidden />
              Rename
            </MenuItem>
            <MenuItem onSelect={() => setAction('duplicate')}>
              <Copy aria-hidden />
              Duplicate
            </MenuItem>
            <MenuSeparator />
            <MenuItem onSelect={() => setAction('delete')} className="text-red-700 [&_svg]:text-red-600">
              <Trash2 aria-hidden />
              Delete
            </MenuItem>
          </MenuContent>
        </Menu>
      </div>
      <div className="min-w-0 space-y-1">
        <h3 className="truncate text-[15px] font-semibold tracking-tight text-ink">
          {/* The whole card opens the editor; the menu button sits above this link. */}
          <Link
            to={`/build/app/${app.appId}`}
            className="outline-none after:absolute after:inset-0 after:rounded-2xl focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-brand-500"
          >
            {app.name}
          </Link>
        </h3>
        <p className="truncate text-[13px] text-ink-subtle">/{app.slug}</p>
        {app.lastTurnError !== null && (
          // The editor's chat says what went wrong; the card only flags it.
          <Badge tone="danger" className="mt-1">
            <TriangleAlert aria-hidden />
            {LAST_TURN_FAILED}
          </Badge>
        )}
      </div>
      <div className="mt-auto flex items-center justify-between gap-2 border-t border-line pt-3 text-[13px] text-ink-subtle">
        <span className="flex items-center gap-1.5">
          <Badge tone={isLive ? 'success' : 'neutral'}>{isLive ? 'Live' : 'Draft'}</Badge>
          <Badge>{KIND_LABELS[app.appType]}</Badge>
        </span>
        <time dateTime={app.updatedAt} title={new Date(app.updatedAt).toLocaleString()}>
          Edited {formatRelativeTime(app.updatedAt)}
        </time>
      </div>
      <RenameAppDialog app={app} open={action === 'rename'} onOpenChange={close} />
      <DuplicateAppDialog app={app} open={action === 'duplicate'} onOpenChange={close} />
      <DeleteAppDialog app={app} open={action === 'delete'} onOpenChange={close} />
    </div>
  );
}
