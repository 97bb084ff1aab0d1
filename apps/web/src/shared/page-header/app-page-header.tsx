import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { Skeleton } from '@tessera/ui';

export interface AppPageBarProps {
  /** Where the back link goes, its accessible name, and the word shown beside the arrow from `sm` up. */
  back: { to: string; label: string; text: string };
  /** The app's name; a placeholder while it loads. */
  appName: string | undefined;
}

/** The top bar of a full page about one app (Analytics, Tools): a link back and the app's name. */
export function AppPageBar({ back, appName }: AppPageBarProps) {
  return (
    <header className="flex h-14 items-center gap-2 border-b border-line bg-surface px-3 sm:px-4">
      <Link
        to={back.to}
        aria-label={back.label}
        className="flex h-9 items-center gap-1.5 rounded-lg px-2 text-sm font-medium text-ink-muted hover:bg-zinc-100 hover:text-ink"
      >
        <ArrowLeft className="size-4" aria-hidden />
        <span className="hidden sm:inline">{back.text}</span>
      </Link>
      <span className="h-5 w-px bg-line" aria-hidden />
      {appName !== undefined ? (
        <span className="truncate text-sm font-semibold text-ink">{appName}</span>
      ) : (
        <Skeleton className="h-5 w-32" />
      )}
    </header>
  );
}

export interface PageTitleProps {
  title: string;
  description: ReactNode;
  /** The page's actions, at the right of the title (below it when the row wraps). */
  children?: ReactNode;
}

/** A page's heading with a line under it, and its actions beside it. */
export function PageTitle({ title, description, children }: PageTitleProps) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-ink">{title}</h1>
        <p className="mt-1 text-sm text-ink-subtle">{description}</p>
      </div>
      {children}
    </div>
  );
}
