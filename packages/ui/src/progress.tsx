import { cn } from './cn';

export interface ProgressProps {
  /** 0 to 100. */
  value: number;
  label: string;
  className?: string;
}

/** A thin determinate progress bar with an accessible name and value. */
export function Progress({ value, label, className }: ProgressProps) {
  const clamped = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={clamped}
      className={cn('h-1.5 w-full overflow-hidden rounded-full bg-zinc-200/80', className)}
    >
      <div
        className="h-full rounded-full bg-brand-600 transition-[width] duration-200"
        style={{ width: `${clamped}%` }}
      />
    </div>
  );
}
