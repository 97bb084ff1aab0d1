import type { HTMLAttributes, ReactNode } from 'react';
import { cn } from './cn';

type DivProps = HTMLAttributes<HTMLDivElement>;

/** A white surface with a hairline border and a soft shadow. */
export function Card({ className, ...rest }: DivProps) {
  return <div className={cn('rounded-xl border border-line bg-surface shadow-card', className)} {...rest} />;
}

export interface CardHeaderProps extends Omit<DivProps, 'title'> {
  title: ReactNode;
  description?: ReactNode;
  /** Right-aligned content on the title row (a badge, a button). */
  action?: ReactNode;
}

export function CardHeader({ title, description, action, className, ...rest }: CardHeaderProps) {
  return (
    <div className={cn('flex items-start justify-between gap-4 px-5 pt-5 sm:px-6 sm:pt-6', className)} {...rest}>
      <div className="min-w-0 space-y-1">
        <h2 className="text-base font-semibold tracking-tight text-ink">{title}</h2>
        {description && <p className="text-sm leading-relaxed text-ink-subtle">{description}</p>}
      </div>
      {action && <div className="shrink-0">{action}</div>}
    </div>
  );
}

export function CardContent({ className, ...rest }: DivProps) {
  return <div className={cn('px-5 py-5 sm:px-6', className)} {...rest} />;
}

export interface CardFooterProps extends DivProps {
  /** 'end' (default): actions on the right. 'between': a note on the left, actions on the right. */
  align?: 'end' | 'between';
}

/** A footer strip for a card's actions, separated by a hairline. */
export function CardFooter({ align = 'end', className, ...rest }: CardFooterProps) {
  return (
    <div
      className={cn(
        'flex flex-wrap items-center gap-3 rounded-b-xl border-t border-line bg-surface-muted/60 px-5 py-3.5 sm:px-6',
        align === 'between' ? 'justify-between' : 'justify-end',
        className,
      )}
      {...rest}
    />
  );
}
