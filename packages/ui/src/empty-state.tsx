import type { ReactNode } from 'react';
import { cn } from './cn';

export interface EmptyStateProps {
  icon?: ReactNode;
  title: ReactNode;
  text?: ReactNode;
  /** Usually one primary Button. */
  action?: ReactNode;
  className?: string;
}

/** A friendly placeholder for an empty list, with one clear next step. */
export function EmptyState({ icon, title, text, action, className }: EmptyStateProps) {
  return (
    <div
      className={cn(
        'flex flex-col items-center rounded-2xl border border-dashed border-line-strong bg-surface px-6 py-14 text-center sm:py-16',
        className,
      )}
    >
      {icon && (
        <div className="mb-5 flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-600 ring-1 ring-brand-100 [&_svg]:size-6">
          {icon}
        </div>
      )}
      <h3 className="text-base font-semibold tracking-tight text-ink">{title}</h3>
      {text && <p className="mt-1.5 max-w-sm text-sm leading-relaxed text-ink-subtle">{text}</p>}
      {action && <div className="mt-6">{action}</div>}
    </div>
  );
}
