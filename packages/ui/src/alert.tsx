import type { ReactNode } from 'react';
import { CircleAlert, CircleCheck, Info } from 'lucide-react';
import { cn } from './cn';

export type AlertTone = 'info' | 'success' | 'error';

const TONES: Record<AlertTone, { box: string; icon: ReactNode }> = {
  info: { box: 'border-brand-200 bg-brand-50 text-brand-900', icon: <Info aria-hidden /> },
  success: { box: 'border-emerald-200 bg-emerald-50 text-emerald-900', icon: <CircleCheck aria-hidden /> },
  error: { box: 'border-red-200 bg-red-50 text-red-800', icon: <CircleAlert aria-hidden /> },
};

export interface AlertProps {
  tone?: AlertTone;
  title?: ReactNode;
  children?: ReactNode;
  className?: string;
}

/**
 * A boxed message inside a page or form. Errors use role="alert" (announced at once), the other
 * tones role="status".
 */
export function Alert({ tone = 'info', title, children, className }: AlertProps) {
  const { box, icon } = TONES[tone];
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn(
        'flex gap-3 rounded-lg border px-3.5 py-3 text-sm leading-relaxed [&>svg]:mt-0.5 [&>svg]:size-4 [&>svg]:shrink-0',
        box,
        className,
      )}
    >
      {icon}
      <div className="min-w-0 space-y-0.5">
        {title && <p className="font-medium">{title}</p>}
        {children && <div className={title ? 'opacity-90' : undefined}>{children}</div>}
      </div>
    </div>
  );
}
