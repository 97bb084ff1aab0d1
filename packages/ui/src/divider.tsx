import type { ReactNode } from 'react';
import { cn } from './cn';

/** A horizontal rule, optionally with a centred label ("or"). */
export function Divider({ label, className }: { label?: ReactNode; className?: string }) {
  if (!label) return <hr className={cn('border-line', className)} />;
  return (
    <div
      className={cn('flex items-center gap-3 text-xs font-medium tracking-wide text-ink-faint uppercase', className)}
      role="separator"
    >
      <span className="h-px flex-1 bg-line" />
      {label}
      <span className="h-px flex-1 bg-line" />
    </div>
  );
}

/** A gray placeholder block for content that is loading; size (and rounding) come from `className`. */
export function Skeleton({ className }: { className?: string }) {
  // cn() does not merge conflicting utilities, so the default rounding only applies when none is given.
  return (
    <div
      aria-hidden
      className={cn('animate-pulse bg-zinc-200/70', !className?.includes('rounded') && 'rounded-md', className)}
    />
  );
}
